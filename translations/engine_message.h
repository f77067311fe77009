#pragma once
// Engine and parser messages in the language installTranslations() chose, at the point of display.
//
// The engine (backend/) writes its Error messages in English and knows nothing of translators:
// the same text goes into logs, --json output, gRPC statuses and the daemon's audit, and a
// console connected to a remote supernoded receives it as text from another process (possibly
// in another locale). So translation happens where a person reads it: this catalogue holds the
// English patterns of the messages users meet most (cluster.yaml errors, connection and TLS
// errors, permission refusals, SSH host keys), each a QT_TRANSLATE_NOOP in the context
// sn::EngineMessage with %1.. for the parts the engine fills in. A message is matched against
// the patterns; the parts are themselves translated when they are messages of the catalogue
// (nested causes: "the engine daemon is unavailable: ..."), and a message no pattern matches is
// shown as the engine wrote it. docs/i18n.md: the design and what stays English.

#include "backend/model/result.h"

#include <QString>

#include <string>

namespace sn {

// `message` translated by the catalogue; unchanged when no pattern matches or when the
// language has no translation for the pattern (English).
QString engineMessageText(const QString &message);
QString engineMessageText(const std::string &message);
// An Error's message for display: engineMessageText(error.message).
QString errorText(const Error &error);

// Why a job waits or stopped (Job.pending_reason) and why a plan does not fit (PlanJobResponse.
// reason, warnings): clauses the engine joins with "; ", each translated by its own pattern and
// joined the language's way; a clause no pattern knows is kept as the engine wrote it.
QString engineReasonText(const QString &reason);
QString engineReasonText(const std::string &reason);

// The catalogue's English patterns, for tests (each must have a translation in zh_CN).
QStringList engineMessagePatterns();

} // namespace sn
