#pragma once
// The NCCL environment advice (backend/comms/nccl_env.h) in the language installTranslations()
// chose, for the setup wizard's Network page and `supernodectl inspect topo --nccl-env`.
//
// The advice is built in the engine half, in English (its --json form stays English for
// scripts); each setting's reason and each note is a fixed sentence with NIC, interface and GPU
// names and numbers filled in. This catalogue (context sn::NcclAdvice) holds those sentences as
// patterns (message_patterns.h): matched whole, translated, the filled-in parts kept. A sentence
// no pattern knows is shown as written (tst_nccl_advice_text produces every reason and note from
// real topologies and fails on English left in the Chinese).

#include "backend/comms/nccl_env.h"
#include "translations/message_patterns.h"

#include <QString>
#include <QStringList>

#include <string>

namespace sn {

// One reason or note, translated.
QString ncclAdviceText(const std::string &english);
// The advice as shell lines, as NcclEnvAdvice::shell() writes them, with its words translated:
// "# reason" above each "export NAME=VALUE", then "# note: ..." for each note.
QString ncclAdviceShell(const comms::NcclEnvAdvice &advice);
// The catalogue, and its English patterns, for tests.
const MessagePatterns &ncclAdviceCatalogue();
QStringList ncclAdvicePatterns();

} // namespace sn
