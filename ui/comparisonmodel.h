#pragma once

#include "run/runresult.h"

#include <QAbstractTableModel>

#include <vector>

namespace gantry::ui {

/// The policy comparison as a table: one row per run result, one column per metric.
/// Rows keep the order in which results were added.
class ComparisonModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// The columns, left to right.
    enum Column
    {
        Policy,           ///< policy name
        AvgJct,           ///< mean job completion time, seconds
        P99Jct,           ///< 99th percentile job completion time, seconds
        Makespan,         ///< last finish - first arrival, seconds
        SumCompletion,    ///< sum of finish times from time 0, seconds
        AvgQueueDelay,    ///< mean first start - arrival, seconds
        GpuUtilization,   ///< fraction of GPU-seconds used, shown as a percentage
        Preemptions,      ///< total preemptions
        IdleWhileWaiting, ///< GPU-seconds free while a waiting job fit by count
        Wall,             ///< wall-clock seconds the run took
        ColumnCount       ///< number of columns
    };
    Q_ENUM(Column)

    /// Role that gives a cell's unformatted value (double, qlonglong or QString).
    static constexpr int ValueRole = Qt::UserRole + 1;

    /// An empty comparison.
    explicit ComparisonModel(QObject* parent = nullptr);

    /// Number of results (no children: parent must be invalid).
    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    /// ColumnCount (no children: parent must be invalid).
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    /// Display text, tooltip, alignment and ValueRole of one cell.
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    /// Column titles with units; row numbers.
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    /// Removes every row.
    void clear();
    /// Appends one row (a copy of result).
    void addResult(const RunResult& result);
    /// Appends one row, sharing result (never null).
    void addResult(std::shared_ptr<const RunResult> result);
    /// The result shown in row; row must be in range.
    const RunResult& result(int row) const { return *m_results.at(std::size_t(row)); }
    /// Policy name shown in row (the summary's, or the configuration's when that is empty).
    QString policy(int row) const;
    /// Unformatted numeric value of a metric column; 0 for Policy or an invalid row.
    double value(int row, Column column) const;

private:
    std::vector<std::shared_ptr<const RunResult>> m_results; // never null
};

} // namespace gantry::ui
