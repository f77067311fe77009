#pragma once
// A page that is not built yet says so plainly: what it will do and when, not a mock-up
// that looks like it works.

#include <QWidget>

class QLabel;

namespace sn {

class ComingSoonPage : public QWidget {
    Q_OBJECT
public:
    ComingSoonPage(const QString &title, const QString &capability, QWidget *parent = nullptr);

    QString title() const;
    QString capability() const;

private:
    QLabel *m_title = nullptr;
    QLabel *m_capability = nullptr;
};

} // namespace sn
