#include "ui/coming_soon_page.h"

#include "widgets/health.h"

#include <QLabel>
#include <QVBoxLayout>

namespace sn {

ComingSoonPage::ComingSoonPage(const QString &title, const QString &capability, QWidget *parent)
    : QWidget(parent), m_title(new QLabel(title, this)), m_capability(new QLabel(capability, this))
{
    QFont heading = font();
    heading.setPointSizeF(font().pointSizeF() * 1.5);
    heading.setWeight(QFont::Bold);
    m_title->setFont(heading);

    QFont body = font();
    body.setPointSizeF(font().pointSizeF() * 1.15);
    m_capability->setFont(body);
    m_capability->setWordWrap(true);
    m_capability->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Lines of a readable length, whatever the window width.
    m_capability->setMaximumWidth(QFontMetrics(body).averageCharWidth() * 90);

    auto *status = new QLabel(tr("This page is not built yet. The Overview page shows the live cluster now, "
                                 "and \"supernodectl status\" prints the same headline numbers in a terminal."),
                              this);
    status->setWordWrap(true);
    status->setMaximumWidth(m_capability->maximumWidth());
    // Muted but readable (a disabled label's grey is too faint to read).
    QPalette muted = status->palette();
    muted.setColor(QPalette::WindowText,
                   blendColours(palette().color(QPalette::WindowText), palette().color(QPalette::Window), 0.3));
    status->setPalette(muted);

    auto *layout = new QVBoxLayout(this);
    const int gap = fontMetrics().height();
    layout->setContentsMargins(gap * 2, gap * 2, gap * 2, gap * 2);
    layout->setSpacing(gap);
    layout->addWidget(m_title);
    layout->addWidget(m_capability);
    layout->addWidget(status);
    layout->addStretch(1);
}

QString ComingSoonPage::title() const
{
    return m_title->text();
}
QString ComingSoonPage::capability() const
{
    return m_capability->text();
}

} // namespace sn
