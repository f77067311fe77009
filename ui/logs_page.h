#pragma once
// The Logs & anomalies page. Above, the anomalies list (events from listEvents and the event
// stream) with severity and open-only filters and Acknowledge (ackEvent). Below, the live log
// tail: the last hour from queryLogs, then streamLogs, filtered by node, source, GPU, job and
// text, with Pause (lines arriving meanwhile wait and are added on resume). Streamed lines are
// only stored as they arrive and added to the table on a timer at most ten times a second.
// Selecting an anomaly narrows the log to its node, GPU and the time around it, says what the
// engine saw, and offers its GPU's charts over that window (showGpuCharts, for the GPUs page).
// Resolve closes it (resolveEvent). Over a remote engine that refuses the user's role, both
// buttons turn off and say why. Beside the anomalies, the templates view (log_templates_panel.h):
// clicking a template narrows the tail to its lines.

#include "backend/api/engine_api.h"

#include <QTimer>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;
class QTableView;

namespace sn {

class EventFilterModel;
class EventTableModel;
class LogFilterModel;
class LogTableModel;
class LogTemplatesPanel;
class SparkChart;

class LogsPage : public QWidget {
    Q_OBJECT
public:
    explicit LogsPage(EngineApi &engine, QWidget *parent = nullptr);
    ~LogsPage() override;

    LogTableModel *logModel() const { return m_logs; }
    LogFilterModel *logFilter() const { return m_logFilter; }
    EventTableModel *eventModel() const { return m_events; }
    EventFilterModel *eventFilter() const { return m_eventFilter; }
    QTableView *logView() const { return m_logView; }
    QTableView *eventView() const { return m_eventView; }
    QLineEdit *textFilter() const { return m_text; }
    QComboBox *nodeFilter() const { return m_node; }
    QPushButton *pauseButton() const { return m_pause; }
    QPushButton *acknowledgeButton() const { return m_ack; }
    QPushButton *resolveButton() const { return m_resolve; }
    QPushButton *chartButton() const { return m_chart; }
    QPushButton *templateChip() const { return m_templateChip; }
    QPushButton *windowChip() const { return m_windowChip; }
    QComboBox *levelFilter() const { return m_level; }
    QComboBox *periodFilter() const { return m_period; }
    QLabel *eventDetails() const { return m_details; }
    // The selected anomaly's GPU metric around its time (anomaly_chart.h); hidden for one about no GPU.
    SparkChart *eventChart() const { return m_eventChart; }
    LogTemplatesPanel *templatesPanel() const { return m_templates; }
    QTabWidget *upperTabs() const { return m_tabs; }
    int waitingLines() const { return static_cast<int>(m_waiting.size()); }

    // The user's role on the engine (WhoAmI): a viewer's Acknowledge and Resolve are off, saying
    // why, before the engine would refuse them.
    void setRole(pb::Role role);
    // Acknowledges the selected anomaly, as the user whose name the console runs under.
    void acknowledgeSelected();
    // Resolves it (and acknowledges it if not yet).
    void resolveSelected();
    // Narrows the tail to one template's lines; empty: all templates.
    void filterToTemplate(const QString &id, const QString &text = {});

    // How far before an anomaly's start and after its end its related lines and chart reach.
    static constexpr qint64 kContextMs = 2 * 60 * 1000;

signals:
    // The selected anomaly's GPU charted over [startMs, endMs] (the main window opens the GPUs page).
    void showGpuCharts(const QString &node, int gpu, qint64 startMs, qint64 endMs);

private:
    void storeLines(const pb::LogBatch &batch);
    void flushLines();
    void applyLogFilters();
    void applyPeriod(); // the chosen "last N minutes", up to the newest line
    void eventSelected();
    void chartEvent(const pb::Event &event);
    void updateCounts();
    const pb::Event *selectedEvent() const;
    void answerEventChange(const Result<pb::Event> &r, const QString &what);

    EngineApi &m_engine;
    std::unique_ptr<LogStream> m_logStream;
    std::unique_ptr<EventStream> m_eventStream;
    QVector<pb::LogLine> m_waiting; // arrived, not yet in the table (timer or pause)
    QVector<pb::Event> m_pendingEvents;
    QTimer m_flush;
    bool m_historyLoaded = false;
    qint64 m_latestMs = 0; // the newest engine time seen (lines, events): where "ongoing" ends

    LogTableModel *m_logs = nullptr;
    LogFilterModel *m_logFilter = nullptr;
    EventTableModel *m_events = nullptr;
    EventFilterModel *m_eventFilter = nullptr;
    QTableView *m_logView = nullptr;
    QTableView *m_eventView = nullptr;
    QComboBox *m_severity = nullptr;
    QCheckBox *m_openOnly = nullptr;
    QPushButton *m_ack = nullptr;
    QPushButton *m_resolve = nullptr;
    QPushButton *m_chart = nullptr;
    QLabel *m_details = nullptr;
    SparkChart *m_eventChart = nullptr;
    int m_chartGeneration = 0; // only the answer for the newest selection is drawn
    QString m_chartedKey;      // the anomaly (id, end, now if ongoing) the chart shows
    QTabWidget *m_tabs = nullptr;
    LogTemplatesPanel *m_templates = nullptr;
    QPushButton *m_templateChip = nullptr;
    QPushButton *m_windowChip = nullptr;
    QString m_roleRefusal; // the engine refused this user's role: why, and the buttons stay off
    QLabel *m_eventCount = nullptr;
    QComboBox *m_node = nullptr;
    QComboBox *m_source = nullptr;
    QComboBox *m_gpu = nullptr;
    QComboBox *m_level = nullptr;  // minimum severity of a line
    QComboBox *m_period = nullptr; // any time, or the last N minutes (data: milliseconds; 0: any)
    QLineEdit *m_job = nullptr;
    QLineEdit *m_text = nullptr;
    QPushButton *m_pause = nullptr;
    QLabel *m_logCount = nullptr;
};

} // namespace sn
