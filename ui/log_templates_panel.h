#pragma once
// The templates view of the Logs & anomalies page: the engine's log templates (ListLogTemplates
// over the lines it keeps) with severity, text, line count, a rate sparkline, first and last
// seen and nodes; sortable, narrowed by text (here) and node (asked of the engine, so the
// counts are that node's). Refreshed every few seconds while shown, one request at a time.
// Activating a row (click, Enter) says which template, so the page filters its tail to it.

#include "backend/api/engine_api.h"

#include <QTimer>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace sn {

class LogTemplateFilterModel;
class LogTemplateTableModel;

class LogTemplatesPanel : public QWidget {
    Q_OBJECT
public:
    explicit LogTemplatesPanel(EngineApi &engine, QWidget *parent = nullptr);

    LogTemplateTableModel *model() const { return m_model; }
    LogTemplateFilterModel *filter() const { return m_filter; }
    QTableView *view() const { return m_view; }
    QLineEdit *textFilter() const { return m_text; }
    QComboBox *nodeFilter() const { return m_node; }
    void setNodes(const QStringList &nodes);
    void setRefreshIntervalMs(int ms) { m_timer.setInterval(ms); }

    // Asks the engine now (unless a request is out); the answer replaces the rows in place.
    void refresh();

signals:
    void templateChosen(const QString &id, const QString &text);
    void refreshed(); // an answer was shown

protected:
    void showEvent(QShowEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    EngineApi &m_engine;
    LogTemplateTableModel *m_model = nullptr;
    LogTemplateFilterModel *m_filter = nullptr;
    QTableView *m_view = nullptr;
    QLineEdit *m_text = nullptr;
    QComboBox *m_node = nullptr;
    QLabel *m_status = nullptr;
    QTimer m_timer;
    bool m_inFlight = false;
    bool m_again = false; // the node changed while a request was out
};

} // namespace sn
