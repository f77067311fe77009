#include "ui/topology_page.h"
#include "translations/engine_message.h"

#include "ui/reply_guard.h"
#include "ui/scaled_font.h"
#include "ui/topology_details.h"
#include "ui/topology_shape.h"
#include "widgets/simulated_badge.h"
#include "widgets/topology_items.h"
#include "widgets/topology_view.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSplitter>
#include <QToolButton>
#include <QVBoxLayout>

namespace sn {

namespace {
constexpr int kRepaintIntervalMs = 100;   // at most ~10 repaints a second
constexpr int kClusterIntervalMs = 3000;  // node, NIC and link state between events
constexpr std::size_t kEventsKept = 2000; // for markers and the details panel
constexpr int kRecentEventsShown = 6;

TopoSeverity toTopo(pb::Severity s)
{
    switch (s) {
    case pb::SEVERITY_WARNING:
        return TopoSeverity::Warning;
    case pb::SEVERITY_ERROR:
        return TopoSeverity::Error;
    case pb::SEVERITY_CRITICAL:
        return TopoSeverity::Critical;
    default:
        return TopoSeverity::None;
    }
}

// What identifies a topology's items: when it is the same, the scene is kept and only
// states change.
QString shapeSignature(const pb::Cluster &c)
{
    QString s;
    for (const pb::Node &n : c.nodes()) {
        s += QString::fromStdString(n.name()) + QLatin1Char(':') + QString::number(n.gpus_size()) + QLatin1Char(',') +
             QString::number(n.nics_size()) + QLatin1Char(',') + QString::number(n.nvswitches_size()) +
             QLatin1Char(';');
    }
    s += QString::number(c.switches_size()) + QLatin1Char('/') + QString::number(c.links_size());
    return s;
}
} // namespace

TopologyPage::TopologyPage(EngineApi &engine, QWidget *parent) : QWidget(parent), m_engine(engine)
{
    const int gap = fontMetrics().height();
    m_heading = new QLabel(tr("Topology"));
    m_heading->setFont(scaledFont(font(), 1.5));
    m_subheading = new QLabel(tr("Waiting for the engine…"));
    m_subheading->setWordWrap(true); // a narrow window wraps it rather than growing
    m_badge = new SimulatedBadge;
    m_badge->setVisible(false);

    m_metric = new QComboBox;
    m_metric->setObjectName(QStringLiteral("topology-metric"));
    m_metric->addItem(tr("Utilization"), static_cast<int>(TopoMetric::Utilization));
    m_metric->addItem(tr("Temperature"), static_cast<int>(TopoMetric::Temperature));
    m_metric->addItem(tr("Power"), static_cast<int>(TopoMetric::Power));
    m_metric->addItem(tr("Memory used"), static_cast<int>(TopoMetric::Memory));
    auto *metricLabel = new QLabel(tr("Colour GPUs by:"));
    metricLabel->setBuddy(m_metric);

    m_view = new TopologyView;
    m_view->setObjectName(QStringLiteral("topology-view"));
    const auto button = [this](const QString &text, const QString &tip, auto slot) {
        auto *b = new QToolButton;
        b->setText(text);
        b->setToolTip(tip);
        b->setAutoRaise(true);
        connect(b, &QToolButton::clicked, m_view, slot);
        return b;
    };

    auto *titleRow = new QHBoxLayout;
    titleRow->addWidget(m_heading);
    titleRow->addStretch(1);
    titleRow->addWidget(m_badge);
    auto *controlRow = new QHBoxLayout;
    controlRow->addWidget(m_subheading, 1);
    controlRow->addSpacing(gap);
    controlRow->addWidget(metricLabel);
    controlRow->addWidget(m_metric);
    controlRow->addSpacing(gap / 2);
    controlRow->addWidget(button(QStringLiteral("−"), tr("Zoom out (-)"), &TopologyView::zoomOut));
    controlRow->addWidget(button(QStringLiteral("+"), tr("Zoom in (+)"), &TopologyView::zoomIn));
    controlRow->addWidget(button(tr("Fit"), tr("Show the whole cluster (F)"), &TopologyView::fit));
    auto *top = new QVBoxLayout;
    top->setSpacing(gap / 4);
    top->addLayout(titleRow);
    top->addLayout(controlRow);

    m_details = new QLabel;
    m_details->setObjectName(QStringLiteral("topology-details"));
    m_details->setWordWrap(true);
    m_details->setTextFormat(Qt::RichText);
    m_details->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_details->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_charts = new QPushButton(tr("Show charts"));
    m_charts->setObjectName(QStringLiteral("topology-show-charts"));
    m_charts->setToolTip(tr("This GPU's metrics on the GPUs page (or double-click its tile)"));
    m_charts->setVisible(false);
    auto *detailsBox = new QWidget;
    auto *detailsLayout = new QVBoxLayout(detailsBox);
    detailsLayout->addWidget(m_details);
    detailsLayout->addWidget(m_charts, 0, Qt::AlignLeft);
    detailsLayout->addStretch(1);
    auto *detailsScroll = new QScrollArea;
    detailsScroll->setWidget(detailsBox);
    detailsScroll->setWidgetResizable(true);
    detailsScroll->setFrameShape(QFrame::NoFrame);
    detailsScroll->setMinimumWidth(gap * 10);
    detailsScroll->setMaximumWidth(gap * 30);

    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_view);
    split->addWidget(detailsScroll);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    split->setSizes({gap * 80, gap * 20});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(gap * 3 / 4, gap * 3 / 4, gap * 3 / 4, 0);
    layout->addLayout(top);
    layout->addWidget(split, 1);
    clearDetails();

    connect(m_metric, &QComboBox::currentIndexChanged, this,
            [this] { m_view->setMetric(static_cast<TopoMetric>(m_metric->currentData().toInt())); });
    connect(m_view, &TopologyView::gpuSelected, this, &TopologyPage::showGpu);
    connect(m_view, &TopologyView::linkSelected, this, &TopologyPage::showLink);
    connect(m_view, &TopologyView::deviceSelected, this, &TopologyPage::showDevice);
    connect(m_view, &TopologyView::selectionCleared, this, &TopologyPage::clearDetails);
    const auto jump = [this](const QString &id) {
        const pb::Node *node = nullptr;
        if (const pb::Gpu *g = findGpu(m_cluster, id, &node))
            emit showGpuCharts(QString::fromStdString(node->name()), g->index());
    };
    connect(m_view, &TopologyView::gpuActivated, this, jump);
    connect(m_charts, &QPushButton::clicked, this, [this, jump] { jump(m_selectedGpu); });

    m_repaint.setSingleShot(true);
    m_repaint.setInterval(kRepaintIntervalMs);
    connect(&m_repaint, &QTimer::timeout, this, &TopologyPage::flush);
    m_clusterTimer.setInterval(kClusterIntervalMs);
    connect(&m_clusterTimer, &QTimer::timeout, this, &TopologyPage::refreshCluster);
    m_clusterTimer.start();

    m_telemetry = engine.subscribeTelemetry(TopologyLiveTable::subscription());
    connect(m_telemetry.get(), &TelemetryStream::batch, this, &TopologyPage::storeBatch);
    m_eventStream = engine.streamEvents();
    connect(m_eventStream.get(), &EventStream::event, this, &TopologyPage::storeEvent);
    pb::ListEventsRequest recent;
    recent.set_limit(static_cast<int>(kEventsKept));
    onReply(engine.listEvents(recent), this, [this](const Result<pb::ListEventsResponse> &r) {
        if (!r)
            return;
        // Newest first from the engine; kept oldest first, before any streamed since.
        std::deque<pb::Event> older;
        for (const pb::Event &e : r->events())
            if (m_events.empty() || e.id() < m_events.front().id())
                older.push_front(e);
        m_events.insert(m_events.begin(), older.begin(), older.end());
        m_markersDirty = true;
        scheduleFlush();
    });
    refreshCluster();
}

TopologyPage::~TopologyPage() = default;

void TopologyPage::refreshCluster()
{
    if (m_clusterInFlight)
        return;
    m_clusterInFlight = true;
    onReply(m_engine.getCluster(), this, [this](const Result<pb::Cluster> &cluster) {
        m_clusterInFlight = false;
        if (cluster)
            applyCluster(*cluster);
        else
            m_subheading->setText(tr("The engine did not answer: %1").arg(sn::errorText(cluster.error())));
    });
}

void TopologyPage::applyCluster(const pb::Cluster &cluster)
{
    m_shapeDirty |= shapeSignature(cluster) != shapeSignature(m_cluster);
    m_cluster = cluster;
    m_live.setTopology(cluster);
    int gpus = 0, up = 0;
    for (const pb::Node &n : cluster.nodes()) {
        gpus += n.gpus_size();
        up += n.state() != pb::NODE_STATE_DOWN;
    }
    const QString name = QString::fromStdString(cluster.name());
    m_heading->setText(name.isEmpty() ? tr("Topology") : tr("Topology — %1").arg(name));
    m_subheading->setText(tr("%1 of %2 nodes up · %3 GPUs · %4 links · scroll to zoom, drag to pan, click for details")
                              .arg(up)
                              .arg(cluster.nodes_size())
                              .arg(gpus)
                              .arg(cluster.links_size()));
    m_badge->setVisible(cluster.simulated());
    m_markersDirty = true;
    scheduleFlush();
}

void TopologyPage::storeBatch(const pb::SampleBatch &batch)
{
    if (m_live.apply(batch))
        scheduleFlush();
}

void TopologyPage::storeEvent(const pb::Event &event)
{
    m_events.push_back(event);
    while (m_events.size() > kEventsKept)
        m_events.pop_front();
    m_markersDirty = true;
    scheduleFlush();
    // An event often means a node, NIC or link changed state: ask soon rather than in 3 s.
    QTimer::singleShot(kRepaintIntervalMs * 2, this, &TopologyPage::refreshCluster);
}

void TopologyPage::scheduleFlush()
{
    if (!m_repaint.isActive())
        m_repaint.start();
}

void TopologyPage::flush()
{
    if (m_shapeDirty) {
        m_shapeDirty = false;
        m_view->setShape(topologyShape(m_cluster));
        // A new scene starts from the table's full state, not just what changed.
        m_live.takeChangedGpus();
        m_live.takeChangedLinks();
        m_view->setGpuLive(m_live.gpus());
        m_view->setLinkLive(m_live.links());
    } else {
        m_view->setGpuLive(m_live.takeChangedGpus());
        m_view->setLinkLive(m_live.takeChangedLinks());
    }
    m_view->setDownDevices(downDevices(m_cluster));
    if (m_markersDirty) {
        m_markersDirty = false;
        updateMarkers();
    }
    // Keep the details panel live for what is selected.
    if (!m_selectedGpu.isEmpty())
        showGpu(m_selectedGpu);
    else if (!m_selectedLinkA.isEmpty())
        showLink(m_selectedLinkA, m_selectedLinkB);
}

namespace {
// The id of the NIC of that node the message names ("Link down on node01 mlx5_2: ..."), as a
// whole word; empty when it names none.
QString nicNamedIn(const pb::Cluster &cluster, const QString &node, const QString &message)
{
    for (const pb::Node &n : cluster.nodes()) {
        if (QString::fromStdString(n.name()) != node)
            continue;
        for (const pb::Nic &nic : n.nics()) {
            const QRegularExpression word(QStringLiteral("\\b%1\\b")
                                              .arg(QRegularExpression::escape(QString::fromStdString(nic.name()))));
            if (!nic.name().empty() && word.match(message).hasMatch())
                return QString::fromStdString(nic.id());
        }
    }
    return {};
}
} // namespace

void TopologyPage::updateMarkers()
{
    QHash<QString, TopoSeverity> markers;
    const auto raise = [&markers](const QString &id, TopoSeverity s) {
        TopoSeverity &m = markers[id];
        m = std::max(m, s);
    };
    for (const pb::Event &e : m_events) {
        if (e.acknowledged() || e.severity() < pb::SEVERITY_WARNING)
            continue;
        const QString node = QString::fromStdString(e.node());
        if (node.isEmpty())
            continue;
        const QString nic = QString::fromStdString(e.kind()).startsWith(QLatin1String("nic"))
                                ? nicNamedIn(m_cluster, node, QString::fromStdString(e.message()))
                                : QString();
        if (e.gpu() >= 0 && QString::fromStdString(e.kind()).startsWith(QLatin1String("gpu")))
            raise(gpuId(node, e.gpu()), toTopo(e.severity()));
        else if (!nic.isEmpty())
            raise(nic, toTopo(e.severity())); // the port, not the whole node
        else if (e.gpu() >= 0 && QString::fromStdString(e.kind()).startsWith(QLatin1String("nvlink")))
            raise(gpuId(node, e.gpu()), toTopo(e.severity()));
        else
            raise(node, toTopo(e.severity()));
    }
    m_view->setMarkers(markers);
    // An open NVLink error on a GPU: its NVLinks are drawn failing, not only the GPU marked.
    QSet<QString> nvlinkErrors;
    for (const pb::Event &e : m_events)
        if (!e.acknowledged() && e.severity() >= pb::SEVERITY_WARNING && e.gpu() >= 0 &&
            QString::fromStdString(e.kind()).startsWith(QLatin1String("nvlink")))
            nvlinkErrors.insert(gpuId(QString::fromStdString(e.node()), e.gpu()));
    QSet<QString> erroring;
    if (!nvlinkErrors.isEmpty())
        for (const TopoLink &l : m_view->shape().links)
            if (l.kind == TopoLinkKind::NvLink && (nvlinkErrors.contains(l.a) || nvlinkErrors.contains(l.b)))
                erroring.insert(topoLinkKey(l.a, l.b));
    m_view->setErroringLinks(erroring);
}

int TopologyPage::showJob(const pb::Job &job)
{
    QStringList ids;
    for (const pb::GpuRef &ref : job.gpus()) {
        const QString node = QString::fromStdString(ref.node());
        QString id = gpuId(node, ref.gpu());
        for (const pb::Node &n : m_cluster.nodes()) // the engine's own id, when it names one
            if (n.name() == ref.node())
                for (const pb::Gpu &g : n.gpus())
                    if (g.index() == ref.gpu() && !g.id().empty())
                        id = QString::fromStdString(g.id());
        ids << id;
    }
    if (m_shapeDirty)
        flush(); // the canvas has the cluster's GPUs before they are selected
    m_jobGpus = QSet<QString>(ids.begin(), ids.end());
    m_jobHeader.clear();
    const int shown = m_view->selectGpus(ids);
    m_jobHeader = tr("<p><b>Job %1</b> (%2): %n GPU(s) highlighted</p>", nullptr, shown)
                      .arg(QString::fromStdString(job.id()).toHtmlEscaped(),
                           QString::fromStdString(job.spec().name()).toHtmlEscaped());
    if (!m_selectedGpu.isEmpty())
        showGpu(m_selectedGpu); // the details of the GPU the selection names, under the job
    return shown;
}

void TopologyPage::showGpu(const QString &id)
{
    m_selectedGpu = id;
    m_selectedLinkA.clear();
    m_selectedDevice.clear();
    const pb::Node *node = nullptr;
    const pb::Gpu *gpu = findGpu(m_cluster, id, &node);
    if (!gpu) {
        clearDetails();
        return;
    }
    const QString nodeName = QString::fromStdString(node->name());
    m_details->setText((m_jobGpus.contains(id) ? m_jobHeader : QString()) +
                       gpuDetailsHtml(*node, *gpu, m_live.gpus().value(id),
                                      eventsFor(m_events, nodeName, gpu->index(), kRecentEventsShown)));
    m_charts->setVisible(true);
}

void TopologyPage::showLink(const QString &a, const QString &b)
{
    m_selectedGpu.clear();
    m_selectedDevice.clear();
    m_selectedLinkA = a;
    m_selectedLinkB = b;
    const pb::Link *link = findLink(m_cluster, a, b);
    if (!link) {
        clearDetails();
        return;
    }
    m_details->setText(linkDetailsHtml(*link, m_live.links().value(topoLinkKey(a, b))));
    m_charts->setVisible(false);
}

void TopologyPage::showDevice(const QString &id)
{
    m_selectedGpu.clear();
    m_selectedLinkA.clear();
    m_selectedDevice = id;
    const QString node = id.left(id.indexOf(QLatin1Char('/')));
    m_details->setText(deviceDetailsHtml(m_cluster, id, downDevices(m_cluster).contains(id),
                                         eventsFor(m_events, node, -1, kRecentEventsShown)));
    m_charts->setVisible(false);
}

void TopologyPage::clearDetails()
{
    m_selectedGpu.clear();
    m_selectedLinkA.clear();
    m_selectedDevice.clear();
    m_details->setText(tr("<h3>Details</h3><p>Click a GPU, a link, a NIC or a switch to see what it is, how it is "
                          "doing now, its job and its recent events.</p><p>Double-click a GPU to open its charts.</p>"
                          "<p>Keys: <b>+</b>/<b>−</b> zoom, <b>F</b> fit.</p>"));
    m_charts->setVisible(false);
}

} // namespace sn
