#include "problemslist.h"

#include "document/fieldlabels.h"
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

QString ProblemsList::describe(const Problem& p) const
{
    // The item by its name and the field by its label, as the panels show them; the file's
    // JSON path stays in the tooltip for those who edit the file.
    const Scenario& s = m_document->current();
    QString where;
    const auto at = [&](const auto& items) { return p.index >= 0 && p.index < int(items.size()); };
    switch (p.target) {
    case Selection::Kind::Rack:
        if (at(s.cluster.racks))
            where = tr("Rack %1").arg(s.cluster.racks[std::size_t(p.index)].name);
        break;
    case Selection::Kind::Server:
        if (at(s.cluster.servers))
            where = tr("Server %1").arg(s.cluster.servers[std::size_t(p.index)].name);
        break;
    case Selection::Kind::Job:
        if (at(s.jobs))
            where = tr("Job %1").arg(s.jobs[std::size_t(p.index)].id);
        break;
    case Selection::Kind::None:
        break;
    }
    if (where.isEmpty())
        return p.text();
    if (!p.field.isEmpty())
        where += QStringLiteral(", ") + FieldLabels::of(p.field);
    return where + QStringLiteral(": ") + p.message;
}

void ProblemsList::refresh()
{
    clear();
    if (!m_document)
        return;
    for (const Problem& p : m_document->problems()) {
        auto* item = new QListWidgetItem(describe(p), this);
        item->setForeground(QColor(0xc6, 0x28, 0x28));
        item->setToolTip(p.path.isEmpty()
                             ? tr("Click to go to the field")
                             : tr("%1 in the scenario file; click to go to the field").arg(p.path));
    }
}

} // namespace gantry::ui
