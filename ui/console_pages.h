#pragma once
// The console's pages in navigation order: a stable id (for --page, settings and tests) and the
// title shown in the navigation.

#include <QString>
#include <QVector>

namespace sn {

struct ConsolePage {
    QString id;         // "overview", "topology", ...
    QString title;      // translated
};

// overview, topology, gpus, logs, jobs, reports, setup; the titles in the language installed
// now (built on each call, so a language switched at run time shows in the next rebuild).
QVector<ConsolePage> consolePages();
QStringList consolePageIds();

} // namespace sn
