#pragma once
// The Reports page: pick a range, a scope (cluster, a node, a queue) and the sections, preview
// the report, and export it as PDF, HTML or CSV in the background with progress and Cancel
// (ReportExport). The same report supernodectl report writes (docs/reports.md). The Source is
// the live cluster or the console's local copy (OfflineCopy); while the engine is disconnected
// the page switches to the copy and the range pickers are held inside the copy's range.

#include "backend/api/engine_api.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDateTimeEdit;
class QLabel;
class QProgressBar;
class QPushButton;
class QLineEdit;
class QTextBrowser;

namespace sn {

class OfflineCopy;
class ReportExport;

class ReportsPage : public QWidget {
    Q_OBJECT
public:
    explicit ReportsPage(EngineApi &engine, QWidget *parent = nullptr);

    // What the pickers say.
    std::int64_t fromMs() const;
    std::int64_t toMs() const;
    void setRange(std::int64_t fromMs, std::int64_t toMs);
    QString scope() const;
    std::vector<std::string> sections() const;
    void setSectionEnabled(const QString &key, bool on);

    // Follows the copy: its saves update the "Local copy" source, its engine's disconnection
    // switches to it.
    void setOfflineCopy(OfflineCopy *copy);
    // A snapshot file holding [fromMs, toMs), gathered at savedAtMs, as the "Local copy" source.
    void setLocalCopy(const QString &path, std::int64_t savedAtMs, std::int64_t fromMs, std::int64_t toMs);
    // Live cluster (false) or the local copy (true); false when there is no copy.
    bool useLocalCopy(bool on);
    bool usingLocalCopy() const;
    // The engine lost (false) or regained its daemon: to the local copy and back, saying so.
    void setEngineConnected(bool connected);

    // Export to PATH (a folder for csv) without the file dialog; false while one runs.
    bool exportTo(const QString &format, const QString &path);
    bool preview();
    void cancel();

    QTextBrowser *previewView() const { return m_preview; }
    QProgressBar *progressBar() const { return m_progress; }
    QPushButton *cancelButton() const { return m_cancel; }
    QLabel *statusLabel() const { return m_status; }
    QComboBox *scopeBox() const { return m_scope; }
    QLineEdit *jobIdEdit() const { return m_jobId; }
    // The "One job" scope with that job.
    void setJobScope(const QString &id);
    QComboBox *sourceBox() const { return m_source; }
    QDateTimeEdit *fromEdit() const { return m_from; }
    QDateTimeEdit *toEdit() const { return m_to; }

signals:
    void exportFinished(bool ok, const QString &message);

protected:
    // The range follows the engine's clock (last 24 h) and the scopes its cluster, read when
    // the page is first shown.
    void showEvent(QShowEvent *event) override;

private:
    bool run(const QString &format, const QString &path);
    void chooseFileAndExport();
    void loadEngineState();
    void sourceChosen();

    EngineApi &m_engine;
    ReportExport *m_export = nullptr;
    QDateTimeEdit *m_from = nullptr;
    QDateTimeEdit *m_to = nullptr;
    QComboBox *m_scope = nullptr;
    QLineEdit *m_jobId = nullptr;  // shown for the "One job" scope
    QComboBox *m_source = nullptr; // item data: "" live, else the copy's path
    std::int64_t m_copyFromMs = 0, m_copyToMs = 0;
    std::int64_t m_liveFromMs = 0, m_liveToMs = 0; // the range picked before switching to the copy
    bool m_engineConnected = true;
    bool m_showingCopy = false; // the pickers hold the copy's range
    QComboBox *m_format = nullptr;
    std::vector<std::pair<QString, QCheckBox *>> m_sections;
    QPushButton *m_previewButton = nullptr;
    QPushButton *m_exportButton = nullptr;
    QPushButton *m_cancel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_status = nullptr;
    QTextBrowser *m_preview = nullptr;
    bool m_loaded = false;
};

} // namespace sn
