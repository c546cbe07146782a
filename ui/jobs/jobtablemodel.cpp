#include "jobtablemodel.h"

#include "document/projectdocument.h"

#include <QColor>

#include <utility>

namespace gantry::ui {

JobTableModel::JobTableModel(ProjectDocument* document, QObject* parent)
    : QAbstractTableModel(parent), m_document(document)
{
    m_rows = int(document->current().jobs.size());
    connect(document, &ProjectDocument::changed, this, &JobTableModel::onChanged);
}

void JobTableModel::onChanged(const DocumentChange& change)
{
    using K = DocumentChange::Kind;
    const bool current = change.scenario == m_document->currentIndex();
    if (change.kind == K::Project || change.kind == K::Current || change.kind == K::Scenarios ||
        (current && (change.kind == K::Jobs || change.kind == K::Cluster))) {
        beginResetModel();
        m_rows = int(m_document->current().jobs.size());
        endResetModel();
    }
}

int JobTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int JobTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant JobTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_document || index.row() >= m_rows)
        return {};
    const Job& j = m_document->current().jobs[std::size_t(index.row())];
    const bool sort = role == SortRole;
    if (role != Qt::DisplayRole && !sort) {
        if (role == Qt::TextAlignmentRole && index.column() != Id && index.column() != Kind &&
            index.column() != Model && index.column() != Parallelism)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        if (role == Qt::ForegroundRole &&
            !m_document->problemsOf(Selection::Kind::Job, index.row()).empty())
            return QColor(0xc6, 0x28, 0x28);
        return {};
    }
    switch (Column(index.column())) {
    case Id:
        return j.id;
    case Arrival:
        return sort ? QVariant(j.arrivalS) : QVariant(QString::number(j.arrivalS, 'g', 10));
    case Kind:
        return j.kind == JobKind::Duration ? tr("duration")
               : j.kind == JobKind::Model  ? tr("model")
                                           : tr("graph");
    case Gpus: {
        const qlonglong g = j.kind == JobKind::Model ? j.parallelism.workers() : j.gpuCount();
        return sort ? QVariant(double(g)) : QVariant(g);
    }
    case Model:
        return j.model;
    case Parallelism: {
        if (j.kind != JobKind::Model)
            return QString();
        const gantry::Parallelism& par = j.parallelism;
        QString text = QStringLiteral("%1x%2x%3").arg(par.dp).arg(par.pp).arg(par.tp);
        for (const auto& [name, degree] :
             {std::pair{"ep", par.ep}, std::pair{"cp", par.cp}, std::pair{"vp", par.vp}})
            if (degree > 1)
                text += QStringLiteral(" %1%2").arg(QLatin1String(name)).arg(degree);
        return text;
    }
    case Iterations:
    case Duration: {
        // A duration job's figure is seconds, in its own column; the other column stays empty.
        if ((j.kind == JobKind::Duration) != (index.column() == Duration))
            return sort ? QVariant(-1.0) : QVariant(QString());
        return sort ? QVariant(j.trueIterations())
                    : QVariant(QString::number(j.trueIterations(), 'g', 10));
    }
    case Predicted:
        if (!j.predictedIterations)
            return sort ? QVariant(-1.0) : QVariant(QString());
        return sort ? QVariant(*j.predictedIterations)
                    : QVariant(QString::number(*j.predictedIterations, 'g', 10));
    case ColumnCount:
        break;
    }
    return {};
}

QVariant JobTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (Column(section)) {
    case Id:
        return tr("Job");
    case Arrival:
        return tr("Arrival (s)");
    case Kind:
        return tr("Kind");
    case Gpus:
        return tr("GPUs");
    case Model:
        return tr("Model");
    case Parallelism:
        return tr("Parallelism");
    case Iterations:
        return tr("Iterations");
    case Duration:
        return tr("Duration (s)");
    case Predicted:
        return tr("Predicted");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace gantry::ui
