#include "ui/plan_panel.h"

#include "translations/engine_message.h"
#include "translations/plan_text.h"

#include <QLabel>
#include <QProgressBar>
#include <QVBoxLayout>

namespace sn {

namespace {

QString gib(double bytes)
{
    return QStringLiteral("%1 GiB").arg(bytes / (1024.0 * 1024.0 * 1024.0), 0, 'f', 1);
}

QString duration(double s)
{
    if (s < 120)
        return QObject::tr("%1 s").arg(s, 0, 'f', 1);
    if (s < 7200)
        return QObject::tr("%1 min").arg(s / 60, 0, 'f', 1);
    if (s < 3 * 86400)
        return QObject::tr("%1 h").arg(s / 3600, 0, 'f', 1);
    return QObject::tr("%1 days").arg(s / 86400, 0, 'f', 1);
}

} // namespace

PlanPanel::PlanPanel(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("planPanel"));
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(this);
    m_headline = new QLabel(this);
    QFont bold = m_headline->font();
    bold.setBold(true);
    m_headline->setFont(bold);
    m_memory = new QProgressBar(this);
    m_memory->setRange(0, 1000);
    m_memory->setTextVisible(true);
    m_breakdown = new QLabel(this);
    m_breakdown->setWordWrap(true);
    m_reason = new QLabel(this);
    m_reason->setWordWrap(true);
    m_time = new QLabel(this);
    m_time->setWordWrap(true);
    layout->addWidget(m_headline);
    layout->addWidget(m_memory);
    layout->addWidget(m_breakdown);
    layout->addWidget(m_reason);
    layout->addWidget(m_time);
    layout->addStretch(1);
    setIdle(tr("Declare the model to see whether it fits."));
}

void PlanPanel::setColour(bool ok)
{
    const QString colour = ok ? QStringLiteral("#2e7d32") : QStringLiteral("#c62828");
    m_memory->setStyleSheet(QStringLiteral("QProgressBar::chunk { background: %1; }").arg(colour));
    m_headline->setStyleSheet(QStringLiteral("color: %1;").arg(colour));
    m_reason->setStyleSheet(QStringLiteral("color: %1;").arg(colour));
}

void PlanPanel::setPlan(const pb::PlanJobResponse &p)
{
    m_hasPlan = true;
    m_fits = p.fits();
    const pb::PlanMemory &m = p.memory();
    setColour(m_fits);
    m_headline->setText(m_fits ? tr("Fits: %1 per GPU of %2 on %3 x %4")
                                     .arg(gib(m.total_bytes()), gib(m.capacity_bytes()))
                                     .arg(p.gpus())
                                     .arg(QString::fromStdString(p.gpu_model()))
                               : tr("Will not fit: %1 per GPU of %2 on %3 x %4")
                                     .arg(gib(m.total_bytes()), gib(m.capacity_bytes()))
                                     .arg(p.gpus())
                                     .arg(QString::fromStdString(p.gpu_model())));
    const double ratio = m.capacity_bytes() > 0 ? m.total_bytes() / m.capacity_bytes() : 0;
    m_memory->setValue(int(std::min(1.0, ratio) * 1000));
    m_memory->setFormat(
        QStringLiteral("%1 / %2 (%3%)").arg(gib(m.total_bytes()), gib(m.capacity_bytes())).arg(int(100 * ratio)));
    const bool training = p.model().workload() != pb::PLAN_WORKLOAD_INFERENCE;
    QStringList parts;
    parts << (training ? tr("parameters %1") : tr("weights %1")).arg(gib(m.params_bytes()));
    if (m.grads_bytes() > 0)
        parts << tr("gradients %1").arg(gib(m.grads_bytes()));
    if (m.optimizer_bytes() > 0)
        parts << tr("optimizer %1").arg(gib(m.optimizer_bytes()));
    if (m.activation_bytes() > 0)
        parts << tr("activations %1").arg(gib(m.activation_bytes()));
    if (m.kv_cache_bytes() > 0)
        parts << tr("KV cache %1").arg(gib(m.kv_cache_bytes()));
    parts << tr("reserve %1").arg(gib(m.reserve_bytes()));
    m_breakdown->setText(parts.join(QStringLiteral(" · ")) + QStringLiteral("\n") +
                         planConfigText(p.config().description()));
    if (m_fits)
        m_reason->setText(tr("Largest micro-batch that fits: %1").arg(p.max_micro_batch()));
    else
        m_reason->setText(engineReasonText(p.reason()));
    const pb::PlanTime &t = p.time();
    QString time = training ? tr("Step %1 ms · communication %2% (%3% without overlap) · %4 tokens/s")
                                  .arg(t.step_ms_compressed(), 0, 'f', 0)
                                  .arg(100 * t.comm_share_compressed(), 0, 'f', 0)
                                  .arg(100 * t.comm_share_no_overlap(), 0, 'f', 0)
                                  .arg(t.tokens_per_second(), 0, 'f', 0)
                            : tr("%1 ms per token · %2 tokens/s")
                                  .arg(t.decode_ms_per_token(), 0, 'f', 2)
                                  .arg(t.tokens_per_second(), 0, 'f', 0);
    if (t.job_seconds() > 0)
        time += tr(" · job %1").arg(duration(t.job_seconds()));
    m_time->setText(time);
}

void PlanPanel::setError(const QString &message)
{
    m_hasPlan = false;
    m_fits = false;
    setColour(false);
    m_headline->setText(tr("Cannot plan this job"));
    m_memory->setValue(0);
    m_memory->setFormat(QString());
    m_breakdown->clear();
    m_reason->setText(message);
    m_time->clear();
}

void PlanPanel::setIdle(const QString &message)
{
    m_hasPlan = false;
    m_fits = false;
    m_headline->setStyleSheet({});
    m_reason->setStyleSheet({});
    m_memory->setStyleSheet({});
    m_headline->setText(tr("Planner"));
    m_memory->setValue(0);
    m_memory->setFormat(QString());
    m_breakdown->setText(message);
    m_reason->clear();
    m_time->clear();
}

QString PlanPanel::memoryText() const
{
    return m_headline->text() + QLatin1Char('\n') + m_breakdown->text();
}

QString PlanPanel::reasonText() const
{
    return m_reason->text();
}

QString PlanPanel::timeText() const
{
    return m_time->text();
}

} // namespace sn
