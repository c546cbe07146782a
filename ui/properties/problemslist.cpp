#include "problemslist.h"

#include "document/projectdocument.h"

namespace gantry::ui {

ProblemsList::ProblemsList(ProjectDocument* document, QWidget* parent)
    : QListWidget(parent), m_document(document)
{
    setObjectName(QStringLiteral("problemsList"));
    setWordWrap(true);
    connect(document, &ProjectDocument::problemsChanged, this, &ProblemsList::refresh);
    // A single click goes to the problem as a double-click does.
    connect(this, &QListWidget::itemClicked, this, &QListWidget::itemActivated);
    connect(this, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
        if (!m_document)
            return;
        const int i = row(item);
        const auto& problems = m_document->problems();
        if (i < 0 || i >= int(problems.size()))
            return;
        const Problem p = problems[std::size_t(i)];
        if (p.target != Selection::Kind::None && p.index >= 0)
            m_document->setSelection({p.target, {p.index}});
        emit problemActivated(p);
    });
    refresh();
}

void ProblemsList::refresh()
{
    clear();
    if (!m_document)
        return;
    for (const Problem& p : m_document->problems()) {
        auto* item = new QListWidgetItem(p.text(), this);
        item->setForeground(QColor(0xc6, 0x28, 0x28));
        item->setToolTip(tr("Click to go to the field"));
    }
}

} // namespace gantry::ui
