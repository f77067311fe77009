#pragma once
// The setup checks' and the hardware profile's English (backend/setup/) in the language
// installTranslations() chose, for the wizard's Checks and Profile pages.
//
// The checks run in the engine half, which writes English only (docs/i18n.md: one language for
// logs, --json and scripts); their texts are built from fixed sentences with node names,
// versions and numbers filled in. This catalogue holds those sentences as patterns in the
// context sn::SetupCheck (translations/message_patterns.h): a finding, a fix or a title is
// matched whole and translated, the filled-in parts kept as the engine wrote them (a part of
// several words is looked up again: "not reported", "unknown"). A text no pattern knows is shown
// as it is, so a new check shows English until its sentences are added here (the test
// tst_setup_check_text produces every check's texts from real captures and fails on English
// left in the Chinese).

#include "backend/setup/hardware_profile.h"
#include "backend/setup/setup_checks.h"

#include <QString>
#include <QStringList>

#include <string>

namespace sn::ui {

QString setupCheckTitle(const setup::CheckResult &check);
// Its findings (or its pass reason), each translated, joined the language's way.
QString setupCheckReason(const setup::CheckResult &check);
// Its fixes, each translated; empty when it passes.
QString setupCheckFix(const setup::CheckResult &check);

// A node's summary: "8x NVIDIA H100 80GB HBM3, 2x Xeon ..., 2015 GiB RAM".
QString hardwareSummaryText(const std::string &english);
// A difference from the node's reference, or a note of what discovery cannot measure.
QString hardwareProfileText(const std::string &english);
// A difference between nodes: "GPU count: 1 on node01; 2 on node02".
QString hardwareMismatchText(const std::string &english);

// The catalogue's English patterns, for tests.
QStringList setupCheckPatterns();

} // namespace sn::ui
