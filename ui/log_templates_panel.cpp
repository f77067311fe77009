#include "ui/log_templates_panel.h"
#include "translations/engine_message.h"

#include "ui/log_template_table_model.h"
#include "ui/reply_guard.h"
#include "widgets/sparkline_delegate.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace sn {

namespace {
constexpr int kRefreshMs = 5000; // templates move slowly; the tail is the live view
constexpr int kBuckets = 30;
} // namespace

LogTemplatesPanel::LogTemplatesPanel(EngineApi &engine, QWidget *parent) : QWidget(parent), m_engine(engine)
{
    const int gap = fontMetrics().height();
    m_model = new LogTemplateTableModel(this);
    m_filter = new LogTemplateFilterModel(this);
    m_filter->setSourceModel(m_model);
    m_view = new QTableView;
    m_view->setObjectName(QStringLiteral("log-templates"));
    m_view->setModel(m_filter);
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(LogTemplateTableModel::Count, Qt::DescendingOrder);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setDefaultSectionSize(gap + 6);
    m_view->horizontalHeader()->setHighlightSections(false);
    m_view->horizontalHeader()->setStretchLastSection(true);
    m_view->setItemDelegateForColumn(LogTemplateTableModel::Rate,
                                     new SparklineDelegate(LogTemplateTableModel::RateRole, m_view));
    m_view->setColumnWidth(LogTemplateTableModel::Severity, gap * 5);
    m_view->setColumnWidth(LogTemplateTableModel::Template, gap * 36);
    m_view->setColumnWidth(LogTemplateTableModel::Count, gap * 4);
    m_view->setColumnWidth(LogTemplateTableModel::Rate, gap * 7);
    m_view->setColumnWidth(LogTemplateTableModel::FirstSeen, gap * 9);
    m_view->setColumnWidth(LogTemplateTableModel::LastSeen, gap * 9);
    m_view->setToolTip(tr("Click a template to show only its lines in the live log"));

    m_text = new QLineEdit;
    m_text->setObjectName(QStringLiteral("template-text"));
    m_text->setPlaceholderText(tr("Search templates"));
    m_text->setClearButtonEnabled(true);
    m_node = new QComboBox;
    m_node->setObjectName(QStringLiteral("template-node"));
    m_node->addItem(tr("All nodes"), QString());
    m_status = new QLabel;
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_node);
    bar->addWidget(m_text, 1);
    bar->addWidget(m_status);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(m_view);

    connect(m_text, &QLineEdit::textChanged, m_filter, &LogTemplateFilterModel::setText);
    connect(m_node, &QComboBox::currentIndexChanged, this, [this] {
        m_filter->setNode(m_node->currentData().toString());
        m_again = m_inFlight;
        refresh();
    });
    const auto choose = [this](const QModelIndex &index) {
        const QModelIndex source = m_filter->mapToSource(index);
        if (!source.isValid())
            return;
        const pb::LogTemplateInfo &t = m_model->info(source.row());
        emit templateChosen(QString::fromStdString(t.id()), QString::fromStdString(t.text()));
    };
    connect(m_view, &QTableView::clicked, this, choose);
    connect(m_view, &QTableView::activated, this, choose);

    m_timer.setInterval(kRefreshMs);
    connect(&m_timer, &QTimer::timeout, this, &LogTemplatesPanel::refresh);
}

void LogTemplatesPanel::setNodes(const QStringList &nodes)
{
    const QSignalBlocker block(m_node);
    for (const QString &n : nodes)
        if (m_node->findData(n) < 0)
            m_node->addItem(n, n);
}

void LogTemplatesPanel::refresh()
{
    if (m_inFlight)
        return;
    m_inFlight = true;
    pb::ListLogTemplatesRequest request;
    request.set_node(m_node->currentData().toString().toStdString());
    request.set_buckets(kBuckets);
    onReply(m_engine.listLogTemplates(request), this, [this](const Result<pb::ListLogTemplatesResponse> &r) {
        m_inFlight = false;
        if (m_again) {
            m_again = false; // answered for the node before: ask again for the one chosen now
            refresh();
            return;
        }
        if (!r) {
            m_status->setText(tr("The engine did not answer: %1").arg(sn::errorText(r.error())));
            return;
        }
        m_model->update(*r);
        m_status->setText(r->truncated() ? tr("%1 templates (the busiest; more exist)").arg(r->templates_size())
                                         : tr("%1 templates").arg(r->templates_size()));
        emit refreshed();
    });
}

void LogTemplatesPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refresh();
    m_timer.start();
}

void LogTemplatesPanel::hideEvent(QHideEvent *event)
{
    QWidget::hideEvent(event);
    m_timer.stop();
}

} // namespace sn
