#include "ui/job_preview_panel.h"

#include <QComboBox>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace sn {

namespace {

// A command word as a POSIX shell would need it, for showing the command (never for running it).
QString shellWord(const std::string &word)
{
    const QString w = QString::fromStdString(word);
    static const QRegularExpression plain(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (plain.match(w).hasMatch())
        return w;
    QString quoted = w;
    return "'" + quoted.replace("'", "'\\''") + "'";
}

} // namespace

JobPreviewPanel::JobPreviewPanel(QWidget *parent) : QFrame(parent)
{
    setObjectName(QStringLiteral("jobPreviewPanel"));
    setFrameShape(QFrame::StyledPanel);
    auto *layout = new QVBoxLayout(this);
    auto *row = new QHBoxLayout;
    m_backend = new QComboBox(this);
    m_backend->setObjectName(QStringLiteral("backend"));
    m_backend->addItem(tr("embedded (this engine's scheduler)"), QStringLiteral("embedded"));
    m_backend->addItem(tr("Slurm"), QStringLiteral("slurm"));
    m_backend->addItem(tr("Kubernetes"), QStringLiteral("kubernetes"));
    row->addWidget(new QLabel(tr("Runs on:"), this));
    row->addWidget(m_backend, 1);
    layout->addLayout(row);
    m_status = new QLabel(this);
    m_status->setObjectName(QStringLiteral("previewStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("previewText"));
    m_text->setReadOnly(true);
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setMinimumHeight(160);
    layout->addWidget(m_text, 1);
    connect(m_backend, &QComboBox::currentIndexChanged, this, &JobPreviewPanel::backendChanged);
}

QString JobPreviewPanel::backend() const
{
    return m_backend->currentData().toString();
}

void JobPreviewPanel::setBackend(const QString &kind)
{
    const int i = m_backend->findData(kind);
    if (i >= 0)
        m_backend->setCurrentIndex(i);
}

void JobPreviewPanel::setBackendAvailable(const QString &kind, bool available, const QString &why)
{
    auto *model = qobject_cast<QStandardItemModel *>(m_backend->model());
    const int i = m_backend->findData(kind);
    if (!model || i < 0)
        return;
    QStandardItem *item = model->item(i);
    item->setEnabled(available);
    item->setToolTip(available ? QString() : why);
}

bool JobPreviewPanel::isBackendAvailable(const QString &kind) const
{
    auto *model = qobject_cast<QStandardItemModel *>(m_backend->model());
    const int i = m_backend->findData(kind);
    return model && i >= 0 && model->item(i)->isEnabled();
}

QString JobPreviewPanel::backendToolTip(const QString &kind) const
{
    auto *model = qobject_cast<QStandardItemModel *>(m_backend->model());
    const int i = m_backend->findData(kind);
    return model && i >= 0 ? model->item(i)->toolTip() : QString();
}

void JobPreviewPanel::setRendered(const pb::RenderJobResponse &rendered)
{
    QStringList command;
    for (const std::string &word : rendered.command())
        command << shellWord(word);
    m_status->setStyleSheet(QString());
    m_status->setText(tr("%1 (%2), sent to: %3")
                          .arg(QString::fromStdString(rendered.backend()),
                               QString::fromStdString(rendered.media_type()), command.join(QLatin1Char(' '))));
    const QString text = QString::fromStdString(rendered.text());
    if (m_text->toPlainText() != text) // keep the scroll position when nothing changed
        m_text->setPlainText(text);
}

void JobPreviewPanel::setError(const QString &message)
{
    m_status->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_status->setText(message);
    m_text->clear();
}

void JobPreviewPanel::setIdle(const QString &message)
{
    m_status->setStyleSheet(QString());
    m_status->setText(message);
    m_text->clear();
}

QString JobPreviewPanel::previewText() const
{
    return m_text->toPlainText();
}

QString JobPreviewPanel::statusText() const
{
    return m_status->text();
}

} // namespace sn
