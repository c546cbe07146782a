#include "jobseditor.h"

#include "document/jobbuilder.h"
#include "document/projectdocument.h"
#include "jobgraphview.h"
#include "jobtablemodel.h"
#include "newgraphjobdialog.h"
#include "newmodeljobdialog.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace gantry::ui {

JobsEditor::JobsEditor(ProjectDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document)
{
    m_model = new JobTableModel(document, this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(JobTableModel::SortRole);
    m_proxy->setFilterKeyColumn(-1);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

    m_filter = new QLineEdit;
    m_filter->setObjectName(QStringLiteral("jobFilter"));
    m_filter->setPlaceholderText(tr("Filter jobs (id, kind, model...)"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, m_proxy,
            &QSortFilterProxyModel::setFilterFixedString);

    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("jobTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder); // scenario order until a header is clicked
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setDefaultSectionSize(20);
    m_table->horizontalHeader()->setStretchLastSection(true);
    connect(m_table->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &JobsEditor::pushSelection);
    connect(m_model, &QAbstractItemModel::modelReset, this, &JobsEditor::pullSelection);
    // Columns as wide as their contents (the header samples the first thousand rows), so that
    // long job ids are not cut; the last column takes what is left.
    connect(m_model, &QAbstractItemModel::modelReset, m_table,
            [this] { m_table->resizeColumnsToContents(); });
    connect(document, &ProjectDocument::selectionChanged, this, &JobsEditor::pullSelection);

    m_graph = new JobGraphView;
    m_graph->setObjectName(QStringLiteral("jobGraph"));

    auto* newModel = new QPushButton(tr("New model job..."));
    newModel->setObjectName(QStringLiteral("newModelJobButton"));
    auto* newGraph = new QPushButton(tr("New graph job..."));
    newGraph->setObjectName(QStringLiteral("newGraphJobButton"));
    auto* newDuration = new QPushButton(tr("New duration job"));
    newDuration->setObjectName(QStringLiteral("newDurationJobButton"));
    newDuration->setToolTip(tr("A job of a trace: GPUs and a run time, no model or graph. Edit "
                               "its fields in Properties."));
    auto* remove = new QPushButton(tr("Delete"));
    remove->setObjectName(QStringLiteral("deleteJobsButton"));
    connect(newModel, &QPushButton::clicked, this, &JobsEditor::newModelJob);
    connect(newGraph, &QPushButton::clicked, this, &JobsEditor::newGraphJob);
    connect(newDuration, &QPushButton::clicked, this, &JobsEditor::newDurationJob);
    connect(remove, &QPushButton::clicked, this, [this] {
        if (m_document && m_document->selection().kind == Selection::Kind::Job)
            m_document->deleteSelection();
    });

    auto* top = new QHBoxLayout;
    top->addWidget(m_filter, 1);
    top->addWidget(newModel);
    top->addWidget(newGraph);
    top->addWidget(newDuration);
    top->addWidget(remove);

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(m_table);
    split->addWidget(m_graph);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({420, 360});

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(top);
    layout->addWidget(split, 1);
}

JobsEditor::~JobsEditor()
{
    m_syncing = true;
    disconnect(m_table->selectionModel(), nullptr, this, nullptr);
}

void JobsEditor::pushSelection()
{
    if (m_syncing || !m_document)
        return;
    Selection s{Selection::Kind::Job, {}};
    const QModelIndexList rows = m_table->selectionModel()->selectedRows();
    for (const QModelIndex& r : rows)
        s.indices.push_back(m_proxy->mapToSource(r).row());
    m_syncing = true;
    if (!s.indices.empty() || m_document->selection().kind == Selection::Kind::Job)
        m_document->setSelection(s);
    m_syncing = false;
    const auto& sel = m_document->selection();
    m_graph->setJob(sel.kind == Selection::Kind::Job && sel.indices.size() == 1
                        ? &m_document->current().jobs[std::size_t(sel.indices.front())]
                        : nullptr);
}

void JobsEditor::pullSelection()
{
    if (m_syncing || !m_document)
        return;
    m_syncing = true;
    const Selection& s = m_document->selection();
    QItemSelection rows;
    if (s.kind == Selection::Kind::Job)
        for (int i : s.indices) {
            const QModelIndex src = m_model->index(i, 0);
            const QModelIndex p = m_proxy->mapFromSource(src);
            if (p.isValid())
                rows.select(p, p.siblingAtColumn(JobTableModel::ColumnCount - 1));
        }
    m_table->selectionModel()->select(rows, QItemSelectionModel::ClearAndSelect);
    if (s.kind == Selection::Kind::Job && !s.indices.empty()) {
        const QModelIndex p = m_proxy->mapFromSource(m_model->index(s.indices.front(), 0));
        if (p.isValid())
            m_table->scrollTo(p);
    }
    m_graph->setJob(s.kind == Selection::Kind::Job && s.indices.size() == 1
                        ? &m_document->current().jobs[std::size_t(s.indices.front())]
                        : nullptr);
    m_syncing = false;
}

void JobsEditor::newModelJob()
{
    if (!m_document)
        return;
    NewModelJobDialog dialog(m_document->current(), this);
    if (dialog.exec() == QDialog::Accepted)
        m_document->addJob(dialog.job());
}

void JobsEditor::newGraphJob()
{
    if (!m_document)
        return;
    NewGraphJobDialog dialog(m_document->current(), this);
    if (dialog.exec() == QDialog::Accepted)
        m_document->addJob(dialog.job());
}

void JobsEditor::newDurationJob()
{
    if (!m_document)
        return;
    const Scenario& s = m_document->current();
    const double arrival = s.jobs.empty() ? 0.0 : s.jobs.back().arrivalS;
    m_document->addJob(Job::duration(JobBuilder::freshJobId(s), arrival, 1, 3600.0));
}

} // namespace gantry::ui
