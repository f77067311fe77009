#pragma once
// The GPU failure signature library's words (backend/logs/signature_catalogue.cpp, Linguist
// context sn::logs::Signature) in the language installTranslations() chose: each signature's
// title, meaning and action, and the event a signature raises.
//
// The engine writes a signature's event in English (signatureEventMessage: "TITLE[ on NODE][
// GPU N]: MEANING ACTION"), stored and streamed as it is. A message is recognised as one by its
// signature's own title and meaning-and-action, not by a pattern: a meaning is a sentence of its
// own, so a pattern could not tell where it ends and the action begins. tst_signature_text
// raises every kind of signature event from real log lines through the real log pipeline.

#include "backend/logs/signature_library.h"

#include <QString>

#include <optional>

namespace sn {

QString signatureTitleText(const logs::Signature &signature);
QString signatureMeaningText(const logs::Signature &signature);
QString signatureActionText(const logs::Signature &signature);

// A signature event's message translated; nullopt when `message` is not one.
std::optional<QString> signatureEventText(const QString &message);

} // namespace sn
