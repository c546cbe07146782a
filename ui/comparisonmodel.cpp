#include "comparisonmodel.h"

#include "charts/policycolours.h"

#include <QLocale>

namespace gantry::ui {

ComparisonModel::ComparisonModel(QObject* parent) : QAbstractTableModel(parent) {}

int ComparisonModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_results.size());
}

int ComparisonModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(ColumnCount);
}

QString ComparisonModel::policy(int row) const
{
    if (row < 0 || row >= rowCount())
        return {};
    const RunResult& r = result(row);
    return r.summary.policy.isEmpty() ? r.config.policy : r.summary.policy;
}

double ComparisonModel::value(int row, Column column) const
{
    if (row < 0 || row >= rowCount())
        return 0.0;
    const RunSummary& s = result(row).summary;
    switch (column) {
    case AvgJct:
        return s.avgJctS;
    case P99Jct:
        return s.p99JctS;
    case Makespan:
        return s.makespanS;
    case SumCompletion:
        return s.sumCompletionS;
    case AvgQueueDelay:
        return s.avgQueueDelayS;
    case GpuUtilization:
        return s.gpuUtilization;
    case Preemptions:
        return double(s.preemptions);
    case IdleWhileWaiting:
        return s.idleWhileWaitingGpuS;
    case Wall:
        return s.wallS;
    case Policy:
    case ColumnCount:
        break;
    }
    return 0.0;
}

QVariant ComparisonModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const int row = index.row();
    const auto column = Column(index.column());
    const QLocale locale;

    switch (role) {
    case Qt::DisplayRole:
        switch (column) {
        case Policy:
            return policy(row);
        case GpuUtilization:
            return QStringLiteral("%1 %").arg(locale.toString(100.0 * value(row, column), 'f', 1));
        case Preemptions:
            return locale.toString(result(row).summary.preemptions);
        case Wall:
            return locale.toString(value(row, column), 'f', 3);
        default:
            return locale.toString(value(row, column), 'f', 1);
        }
    case ValueRole:
        if (column == Policy)
            return policy(row);
        if (column == Preemptions)
            return qlonglong(result(row).summary.preemptions);
        return value(row, column);
    case Qt::ToolTipRole: {
        const RunConfig& c = result(row).config;
        return tr("%1 / %2 / %3, seed %4")
            .arg(c.policy, c.placement, c.predictor)
            .arg(qulonglong(c.seed));
    }
    case Qt::DecorationRole:
        // The policy's colour, as in the chart beside the table and every other chart.
        if (column == Policy)
            return PolicyColours::of(policy(row));
        return {};
    case Qt::TextAlignmentRole:
        return column == Policy ? int(Qt::AlignLeft | Qt::AlignVCenter)
                                : int(Qt::AlignRight | Qt::AlignVCenter);
    default:
        return {};
    }
}

QVariant ComparisonModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole)
        return {};
    if (orientation == Qt::Vertical)
        return section + 1;
    switch (Column(section)) {
    case Policy:
        return tr("Policy");
    case AvgJct:
        return tr("Avg JCT (s)");
    case P99Jct:
        return tr("p99 JCT (s)");
    case Makespan:
        return tr("Makespan (s)");
    case SumCompletion:
        return tr("Sum of completions (s)");
    case AvgQueueDelay:
        return tr("Avg queue delay (s)");
    case GpuUtilization:
        return tr("GPU utilisation");
    case Preemptions:
        return tr("Preemptions");
    case IdleWhileWaiting:
        return tr("Idle while waiting (GPU s)");
    case Wall:
        return tr("Wall (s)");
    case ColumnCount:
        break;
    }
    return {};
}

void ComparisonModel::clear()
{
    if (m_results.empty())
        return;
    beginResetModel();
    m_results.clear();
    endResetModel();
}

void ComparisonModel::addResult(const RunResult& result)
{
    addResult(std::make_shared<const RunResult>(result));
}

void ComparisonModel::addResult(std::shared_ptr<const RunResult> result)
{
    const int row = rowCount();
    beginInsertRows(QModelIndex(), row, row);
    m_results.push_back(std::move(result));
    endInsertRows();
}

} // namespace gantry::ui
