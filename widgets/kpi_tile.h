#pragma once
// One headline number: a title, a big value with its unit, a secondary line ("of 16") and a
// health state shown as an accent bar (and, when not normal, the value's colour).

#include "widgets/health.h"

#include <QFrame>

class QLabel;

namespace sn {

class KpiTile : public QFrame {
    Q_OBJECT
public:
    explicit KpiTile(const QString &title, const QString &unit = {}, QWidget *parent = nullptr);

    void setValue(const QString &value);
    void setUnit(const QString &unit);
    void setDetail(const QString &detail);
    void setState(Health state);

    QString title() const;
    QString value() const;
    QString unit() const;
    QString detail() const;
    Health state() const { return m_state; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void applyColours();

    QLabel *m_title = nullptr;
    QLabel *m_value = nullptr;
    QLabel *m_unit = nullptr;
    QLabel *m_detail = nullptr;
    Health m_state = Health::Normal;
};

} // namespace sn
