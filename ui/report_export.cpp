#include "ui/report_export.h"
#include "translations/engine_message.h"

#include "backend/report/csv_writer.h"
#include "backend/report/html_writer.h"
#include "backend/report/pdf_writer.h"
#include "backend/report/report_builder.h"
#include "backend/report/report_gatherer.h"
#include "backend/report/snapshot_file.h"
#include "backend/report/snapshot_view.h"

#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

namespace sn {

namespace {

Result<report::rpb::ReportSnapshot> gather(EngineApi &engine, const ReportExport::Request &request,
                                           const std::atomic_bool *cancel, const std::function<void(int)> &post)
{
    report::GatherOptions options;
    options.startMs = request.startMs;
    options.endMs = request.endMs;
    options.scope = request.scope;
    options.cancel = cancel;
    // Gathering is most of the work: 0-70 %.
    options.progress = [&](int p) { post(p * 70 / 100); };
    return report::gatherSnapshot(engine, options);
}

// As `supernodectl report --snapshot` builds it: the file's data, re-scoped and narrowed.
Result<report::rpb::ReportSnapshot> readSnapshot(const ReportExport::Request &request)
{
    auto snapshot = report::readSnapshotFile(request.snapshotPath);
    if (!snapshot)
        return snapshot;
    if (auto scoped = report::applyScope(*snapshot, request.scope); !scoped)
        return scoped.error();
    if (request.endMs > request.startMs)
        if (auto narrowed = report::narrowRange(*snapshot, request.startMs, request.endMs); !narrowed)
            return narrowed.error();
    return snapshot;
}

} // namespace

ReportExport::ReportExport(EngineApi &engine, QObject *parent) : ReportExport(parent)
{
    m_engine = &engine;
}

ReportExport::ReportExport(QObject *parent) : QObject(parent)
{
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
        const Outcome o = m_watcher.result();
        emit finished(o.ok, o.message, o.previewHtml);
    });
}

ReportExport::~ReportExport()
{
    cancel();
    m_watcher.waitForFinished();
}

void ReportExport::cancel()
{
    if (m_cancel)
        m_cancel->store(true);
}

bool ReportExport::start(const Request &request)
{
    if (running())
        return false;
    m_cancel = std::make_shared<std::atomic_bool>(false);
    // Progress is posted to this object on the GUI thread; the pointer guards a page closed
    // meanwhile (the destructor waits for the worker, so `this` outlives it anyway).
    QPointer<ReportExport> self(this);
    const auto post = [self](int percent) {
        QMetaObject::invokeMethod(
            self.data(),
            [self, percent] {
                if (self)
                    emit self->progress(percent);
            },
            Qt::QueuedConnection);
    };
    m_watcher.setFuture(QtConcurrent::run([engine = m_engine, request, cancel = m_cancel, post]() -> Outcome {
        if (!engine && request.snapshotPath.isEmpty())
            return {false, ReportExport::tr("no engine to gather from: choose a snapshot file"), {}};
        auto snapshot =
            request.snapshotPath.isEmpty() ? gather(*engine, request, cancel.get(), post) : readSnapshot(request);
        if (!snapshot)
            return {false, cancel->load() ? ReportExport::tr("cancelled") : sn::errorText(snapshot.error()), {}};
        if (cancel->load())
            return {false, ReportExport::tr("cancelled"), {}};
        auto data = report::buildReport(*snapshot);
        if (!data)
            return {false, sn::errorText(data.error()), {}};
        post(75);
        const QString preview = QString::fromStdString(report::toHtml(*data, request.sections));
        if (cancel->load())
            return {false, ReportExport::tr("cancelled"), {}};
        Status written = success();
        if (request.format == QLatin1String("pdf")) {
            report::PdfOptions pdf;
            pdf.sections = request.sections;
            pdf.progress = [&](int p) {
                post(75 + p / 4);
                return !cancel->load();
            };
            written = report::writePdf(*data, request.path, pdf);
        } else if (request.format == QLatin1String("html")) {
            written = report::writeHtml(*data, request.path, request.sections);
        } else if (request.format == QLatin1String("csv")) {
            auto files = report::writeCsvFolder(*data, request.path, request.sections);
            written = files ? success() : Status(files.error());
        }
        if (!written)
            return {false, sn::errorText(written.error()), preview};
        post(100);
        return {true, request.format.isEmpty() ? QString() : request.path, preview};
    }));
    return true;
}

} // namespace sn
