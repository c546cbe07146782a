#include "documentationdialog.h"

#include <QDesktopServices>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QPushButton>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace gantry::ui {

DocumentationDialog::DocumentationDialog(const QString& file, QWidget* parent) : QDialog(parent)
{
    setObjectName(QStringLiteral("documentationDialog"));
    setWindowTitle(tr("Gantry documentation"));
    m_browser = new QTextBrowser(this);
    m_browser->setObjectName(QStringLiteral("documentationBrowser"));
    m_browser->setOpenLinks(false);
    // Local pages (README, docs/*.md) open here; anything else goes to the desktop.
    connect(m_browser, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        const QUrl target = m_browser->source().resolved(url);
        if (target.isLocalFile() && QFileInfo::exists(target.toLocalFile()))
            m_browser->setSource(target, QTextDocument::MarkdownResource);
        else if (!target.isLocalFile())
            QDesktopServices::openUrl(target);
    });
    m_browser->setSource(QUrl::fromLocalFile(file), QTextDocument::MarkdownResource);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    auto* back = buttons->addButton(tr("Back"), QDialogButtonBox::ActionRole);
    back->setEnabled(false);
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QPushButton::setEnabled);
    connect(back, &QPushButton::clicked, m_browser, &QTextBrowser::backward);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser);
    layout->addWidget(buttons);
    resize(900, 700);
}

} // namespace gantry::ui
