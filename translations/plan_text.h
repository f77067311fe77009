#pragma once
// The job planner's words (backend/planner/) in the language installTranslations() chose: a
// plan's explanation (`supernodectl plan --explain`, one line per number and how it was
// computed), its configurations ("TP 2 · PP 1 · DP 8 · ZeRO 2 · checkpointing none ·
// micro-batch 4", in the console's plan panel and `supernodectl plan`), the changes that make
// a configuration fit ("ZeRO 0 -> 2, checkpointing selective -> full") and where its topology
// came from.
//
// The planner writes English (PlanJobResponse, --json, the API stay so); its lines are a closed
// set of sentences with numbers, names and formulas filled in. This catalogue (context
// sn::PlanText, the machinery of message_patterns.h) matches each line whole and translates its
// frame; the numbers, the formulas' symbols (psi, s·b·h, TP, PP, DP, ZeRO), GPU and model names
// and option values (bf16, adamw, selective) stay as written, as on the command line. A line no
// pattern knows is shown as written (tst_plan_text produces every line from the real planner and
// fails on English left in the Chinese, or on a pattern no plan produces).

#include "translations/message_patterns.h"

#include <QString>
#include <QStringList>

#include <string>

namespace sn {

// One line of a plan's explanation, translated.
QString planExplainText(const std::string &line);
// A configuration, or the ", "-separated changes from the requested one, translated.
QString planConfigText(const std::string &text);
// Where the plan's topology came from: "cluster" or "assumed from the GPU model".
QString planTopologyText(const std::string &topology);

// The catalogues (whole lines; parts and texts shown alone), and all their English patterns,
// for tests.
const MessagePatterns &planExplainCatalogue();
const MessagePatterns &planPartCatalogue();
QStringList planTextPatterns();

} // namespace sn
