#pragma once

#include "plan/sweepsession.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <cstddef>
#include <memory>
#include <vector>

namespace gantry::ui {

/// The points of a finished sweep as a table, one row per point in point order: a column per
/// axis, the key run metrics (with the target's), cost_usd, cloud_cost_usd, feasible and
/// meets_target. Display text is readable; SortRole gives numbers for sorting.
class PlanPointsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// The role that gives a cell's raw value (numbers as double, names as text).
    static constexpr int SortRole = Qt::UserRole + 1;

    /// An empty table.
    explicit PlanPointsModel(QObject* parent = nullptr);

    /// Shows session's points (null: none).
    void setSession(std::shared_ptr<const plan::SweepSession> session);
    /// The sweep shown (null when none).
    const std::shared_ptr<const plan::SweepSession>& session() const { return m_session; }
    /// The column names, as points.csv names them.
    const QStringList& columnNames() const { return m_columns; }
    /// Rows drawn on a highlight (the recommended cluster's points).
    void setHighlighted(std::vector<std::size_t> rows);
    /// The column called name, or -1.
    int column(const QString& name) const { return int(m_columns.indexOf(name)); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    std::shared_ptr<const plan::SweepSession> m_session;
    QStringList m_columns;
    int m_axisCount = 0;
    std::vector<bool> m_highlighted; // per row
};

} // namespace gantry::ui
