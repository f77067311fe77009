#pragma once
// "updated 2 s ago": how old the data on screen is. It turns into a warning ("no update for
// 14 s") once nothing new has arrived for staleAfterMs, so a stalled engine or a broken link
// is seen rather than mistaken for a quiet cluster.

#include <QElapsedTimer>
#include <QLabel>

class QTimer;

namespace sn {

class FreshnessLabel : public QLabel {
    Q_OBJECT
public:
    explicit FreshnessLabel(QWidget *parent = nullptr);

    // New data arrived now.
    void markUpdated();
    // Forget the last update (e.g. after reconnecting): shows "waiting for data".
    void reset();

    void setStaleAfterMs(int ms);
    int staleAfterMs() const { return m_staleAfterMs; }

    bool hasUpdate() const { return m_last.isValid(); }
    bool isStale() const;

signals:
    void staleChanged(bool stale);

protected:
    void changeEvent(QEvent *event) override; // LanguageChange: text and tooltip again

private:
    void refresh();
    QString toolTipText(bool warn) const;

    QElapsedTimer m_last;
    QTimer *m_timer = nullptr;
    int m_staleAfterMs = 10000;
    bool m_shownStale = false;
    bool m_shownWarning = false;
};

} // namespace sn
