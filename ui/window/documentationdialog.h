#pragma once

#include <QDialog>

class QTextBrowser;

namespace gantry::ui {

/// Help > Documentation inside Gantry: the README (installed or of the source tree) rendered
/// from its Markdown, with its links to docs/*.md followed in the same window and web links
/// handed to the desktop's browser. Needs no other program.
class DocumentationDialog : public QDialog
{
    Q_OBJECT

public:
    /// Shows file (a Markdown file) over parent.
    explicit DocumentationDialog(const QString& file, QWidget* parent = nullptr);

    /// The browser showing the pages.
    QTextBrowser* browser() const { return m_browser; }

private:
    QTextBrowser* m_browser = nullptr;
};

} // namespace gantry::ui
