#pragma once
// One section of a whole nvidia_gpu_exporter capture (../shared/data/nvidia-smi/full-captures):
// the output of one command on that machine, as it printed it. Sections are headed by a banner
// "# <phase> :: <title>" between lines of '#'; `title` is "capabilities :: topo -m",
// "idle :: query-gpu (csv, what the exporter parses)", ...

#include <QByteArray>
#include <QString>

#include <string>

namespace sn::test {

// The section's output without its banner and the blank lines around it. qFatal()s when the
// file or the section is missing: the fixture is wrong, not the code under test.
QByteArray fullCaptureSection(const QString &captureFile, const QString &title);

// The capture of a model in full-captures/ ("nvidia-h100-80gb-hbm3__590.48.01").
QString fullCapturePath(const QString &modelAndDriver);

// fullCaptureSection(fullCapturePath(modelAndDriver), title) as a std::string.
std::string fullCaptureSectionString(const std::string &modelAndDriver, const char *title);

} // namespace sn::test
