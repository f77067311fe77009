#pragma once
// Events' words in the language installTranslations() chose: what the engine observed (an
// event's message) and what was done about it (its action taken), for the console's event table
// and details and `supernodectl events`.
//
// The engine writes events in English (they are stored, streamed to every client, audited and
// sent to scripts as they are); each kind is a fixed sentence with GPU, node and NIC names and
// numbers filled in. This catalogue (context sn::EventText, message_patterns.h's machinery)
// matches a message or action whole and translates its frame; the filled-in parts are looked up
// again (a power cap's reason inside "... (by ACTOR through EXECUTOR)") or kept. A log
// signature's event is translated by its signature (signature_text.h). A sentence no pattern
// knows is shown as written (docs/i18n.md lists what stays English).
// tst_event_text produces every pattern's events from the real engine.

#include "translations/message_patterns.h"

#include <QString>
#include <QStringList>

#include <string>

namespace sn {

QString eventMessageText(const std::string &message);
QString eventActionText(const std::string &action);

// The catalogue, and its English patterns, for tests.
const MessagePatterns &eventTextCatalogue();
QStringList eventTextPatterns();
// The patterns a message or action is translated with, outermost first; empty: none.
QStringList eventTextPatternsUsed(const std::string &text);

} // namespace sn
