#pragma once
// The console's pages in navigation order: a stable id (for --page, settings and tests), the
// title shown in the navigation, and for pages not built yet the capability they will offer.

#include <QString>
#include <QVector>

namespace sn {

struct ConsolePage {
    QString id;         // "overview", "topology", ...
    QString title;      // translated
    QString capability; // translated; empty for pages that exist
};

// overview, topology, gpus, logs, jobs, reports, setup; the titles in the language installed
// now (built on each call, so a language switched at run time shows in the next rebuild).
QVector<ConsolePage> consolePages();
QStringList consolePageIds();

} // namespace sn
