#pragma once
// The Logs & anomalies page. Above, the anomalies list (events from listEvents and the event
// stream) with severity and open-only filters and Acknowledge (ackEvent). Below, the live log
// tail: the last hour from queryLogs, then streamLogs, filtered by node, source, GPU, job and
// text, with Pause (lines arriving meanwhile wait and are added on resume). Streamed lines are
// only stored as they arrive and added to the table on a timer at most ten times a second.
// Selecting an anomaly narrows the log to its node and GPU.
//
// Built on today's EngineApi; a templates view and richer anomaly fields (end, evidence,
// action) slot in when the engine offers them (event_table_model.h says how).

#include "backend/api/engine_api.h"

#include <QTimer>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;

namespace sn {

class EventFilterModel;
class EventTableModel;
class LogFilterModel;
class LogTableModel;

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
    int waitingLines() const { return static_cast<int>(m_waiting.size()); }

    // Acknowledges the selected anomaly, as the user whose name the console runs under.
    void acknowledgeSelected();

private:
    void storeLines(const pb::LogBatch &batch);
    void flushLines();
    void applyLogFilters();
    void eventSelected();
    void updateCounts();

    EngineApi &m_engine;
    std::unique_ptr<LogStream> m_logStream;
    std::unique_ptr<EventStream> m_eventStream;
    QVector<pb::LogLine> m_waiting; // arrived, not yet in the table (timer or pause)
    QVector<pb::Event> m_pendingEvents;
    QTimer m_flush;
    bool m_historyLoaded = false;

    LogTableModel *m_logs = nullptr;
    LogFilterModel *m_logFilter = nullptr;
    EventTableModel *m_events = nullptr;
    EventFilterModel *m_eventFilter = nullptr;
    QTableView *m_logView = nullptr;
    QTableView *m_eventView = nullptr;
    QComboBox *m_severity = nullptr;
    QCheckBox *m_openOnly = nullptr;
    QPushButton *m_ack = nullptr;
    QLabel *m_eventCount = nullptr;
    QComboBox *m_node = nullptr;
    QComboBox *m_source = nullptr;
    QComboBox *m_gpu = nullptr;
    QLineEdit *m_job = nullptr;
    QLineEdit *m_text = nullptr;
    QPushButton *m_pause = nullptr;
    QLabel *m_logCount = nullptr;
};

} // namespace sn
