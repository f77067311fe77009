#include "widgets/freshness_label.h"

#include "widgets/health.h"

#include <QEvent>
#include <QTimer>

namespace sn {

FreshnessLabel::FreshnessLabel(QWidget *parent) : QLabel(parent), m_timer(new QTimer(this))
{
    m_timer->setInterval(500);
    connect(m_timer, &QTimer::timeout, this, &FreshnessLabel::refresh);
    m_timer->start();
    setToolTip(tr("Time since the engine last sent new numbers."));
    refresh();
}

void FreshnessLabel::markUpdated()
{
    m_last.start();
    refresh();
}

void FreshnessLabel::reset()
{
    m_last.invalidate();
    refresh();
}

void FreshnessLabel::setStaleAfterMs(int ms)
{
    m_staleAfterMs = std::max(1, ms);
    // Refresh often enough that going stale is shown promptly.
    m_timer->setInterval(std::clamp(m_staleAfterMs / 4, 50, 500));
    refresh();
}

bool FreshnessLabel::isStale() const
{
    // No data yet counts as stale: nothing on screen can be trusted.
    return !m_last.isValid() || m_last.elapsed() > m_staleAfterMs;
}

void FreshnessLabel::refresh()
{
    const bool stale = isStale();
    QString text;
    if (!m_last.isValid()) {
        text = tr("waiting for data…");
    } else {
        const qint64 seconds = m_last.elapsed() / 1000;
        if (stale)
            text = tr("no update for %1 s").arg(seconds);
        else if (seconds < 1)
            text = tr("updated just now");
        else
            text = tr("updated %1 s ago").arg(seconds);
    }
    if (text != this->text())
        setText(text);

    const bool warn = stale && m_last.isValid();
    if (warn != m_shownWarning) {
        m_shownWarning = warn;
        if (warn) {
            QPalette p = parentWidget() ? parentWidget()->palette() : palette();
            p.setColor(QPalette::WindowText, healthText(Health::Warning, p));
            setPalette(p);
        } else {
            setPalette(QPalette()); // inherit again
        }
        QFont f = font();
        f.setBold(warn);
        setFont(f);
        setToolTip(toolTipText(warn));
    }
    if (stale != m_shownStale) {
        m_shownStale = stale;
        emit staleChanged(stale);
    }
}

QString FreshnessLabel::toolTipText(bool warn) const
{
    return warn ? tr("Nothing new has arrived from the engine for more than %1 s.").arg(m_staleAfterMs / 1000.0)
                : tr("Time since the engine last sent new numbers.");
}

void FreshnessLabel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        setText(QString()); // refresh() sets only a changed text
        refresh();
        setToolTip(toolTipText(m_shownWarning));
    }
    QLabel::changeEvent(event);
}

} // namespace sn
