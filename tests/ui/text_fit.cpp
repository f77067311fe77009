#include "tests/ui/text_fit.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QCheckBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QRadioButton>
#include <QStyle>
#include <QStyleOptionHeader>
#include <QTextDocument>

namespace sn::test {

namespace {

QString where(const QWidget *w)
{
    QStringList path;
    for (const QWidget *p = w; p; p = p->parentWidget())
        if (!p->objectName().isEmpty() && !p->objectName().startsWith(QLatin1String("qt_")))
            path.prepend(p->objectName());
    return path.join('/') + QStringLiteral(" (%1)").arg(QString::fromLatin1(w->metaObject()->className()));
}

QString finding(const QWidget *w, const QString &text, int need, int have)
{
    return QStringLiteral("%1: '%2' needs %3 px, has %4 px")
        .arg(where(w), text.simplified().left(80))
        .arg(need)
        .arg(have);
}

// What a label shows on one line, without markup or accelerator marks.
QString plainText(const QLabel *label)
{
    QString text = label->text();
    if (Qt::mightBeRichText(text)) {
        QTextDocument doc;
        doc.setHtml(text);
        text = doc.toPlainText();
    }
    return text.remove(QLatin1Char('&'));
}

void checkHeader(const QHeaderView *header, QStringList *out)
{
    const QAbstractItemModel *model = header->model();
    if (!model || !header->isVisible())
        return;
    for (int i = 0; i < header->count(); ++i) {
        if (header->isSectionHidden(i) || header->sectionSize(i) == 0)
            continue;
        const QString text = model->headerData(i, header->orientation(), Qt::DisplayRole).toString();
        if (text.isEmpty())
            continue;
        // The style's own measure of the section's title (margins, sort indicator included).
        QStyleOptionHeader option;
        option.initFrom(header);
        option.text = text;
        option.section = i;
        const int need = header->style()->sizeFromContents(QStyle::CT_HeaderSection, &option, QSize(), header).width();
        if (header->orientation() == Qt::Horizontal && need > header->sectionSize(i) + 1)
            out->append(finding(header, QStringLiteral("[%1] ").arg(i) + text, need, header->sectionSize(i)));
    }
}

} // namespace

QStringList textThatDoesNotFit(QWidget *root)
{
    QStringList out;
    QList<QWidget *> widgets = root->findChildren<QWidget *>();
    widgets.prepend(root);
    for (QWidget *w : widgets) {
        if (!w->isVisible() || w->width() <= 0)
            continue;
        if (auto *label = qobject_cast<QLabel *>(w)) {
            const QString text = plainText(label);
            // Wrapping labels grow in height; elided ones are set short by their owner.
            if (text.isEmpty() || label->wordWrap() || text.contains(QLatin1Char('\n')) || !label->pixmap().isNull())
                continue;
            const int need = label->fontMetrics().horizontalAdvance(text);
            const int have = label->contentsRect().width() - 2 * label->margin() - 2 * label->indent();
            if (need > have + 1)
                out << finding(label, text, need, have);
        } else if (auto *button = qobject_cast<QAbstractButton *>(w)) {
            if (button->text().isEmpty())
                continue;
            const int need = button->minimumSizeHint().width();
            if (need > button->width() + 1)
                out << finding(button, button->text(), need, button->width());
        } else if (auto *box = qobject_cast<QGroupBox *>(w)) {
            if (box->title().isEmpty())
                continue;
            QString title = box->title();
            const int need = box->fontMetrics().horizontalAdvance(title.remove(QLatin1Char('&'))) +
                             box->fontMetrics().averageCharWidth() * 2;
            if (need > box->width() + 1)
                out << finding(box, box->title(), need, box->width());
        } else if (auto *header = qobject_cast<QHeaderView *>(w)) {
            checkHeader(header, &out);
        }
    }
    return out;
}

} // namespace sn::test
