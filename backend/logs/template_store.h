#pragma once
// Saves a miner's templates to a file and loads them back, so that ids stay the same across
// restarts of the engine (an alert on template 0a1b2c3d keeps meaning the same thing).
//
// The file is text, one template per line after a version line:
//   sn-log-templates 1
//   <id, 8 hex digits> TAB <count> TAB <tokens joined by one space>
// Writes go to a temporary file renamed over the old one, so a crash leaves the old or the
// new file, never half of one.

#include "backend/logs/template_miner.h"
#include "backend/model/result.h"

#include <string>

namespace sn::logs {

std::string templatesToText(const TemplateMiner &miner);
// Adds the templates of `text` to `miner`. Errors name the line and what is wrong; a template
// whose id the miner already has is an error too (the file was loaded twice).
Status templatesFromText(const std::string &text, TemplateMiner &miner);

Status saveTemplates(const TemplateMiner &miner, const std::string &path);
Status loadTemplates(const std::string &path, TemplateMiner &miner);

} // namespace sn::logs
