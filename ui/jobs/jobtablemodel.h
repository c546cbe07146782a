#pragma once

#include "document/documentchange.h"

#include <QAbstractTableModel>
#include <QPointer>

namespace gantry::ui {

class ProjectDocument;

/// The current scenario's jobs as a table, one row per job in scenario order. SortRole gives
/// numbers for the numeric columns so that a QSortFilterProxyModel sorts them as numbers.
class JobTableModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    /// The columns, left to right.
    enum Column
    {
        Id,          ///< job id
        Arrival,     ///< arrival, seconds
        Kind,        ///< duration, model or graph
        Gpus,        ///< GPUs needed at once
        Model,       ///< model name (model jobs)
        Parallelism, ///< dp x pp x tp (x ep)
        Iterations,  ///< true iterations (model and graph jobs)
        Duration,    ///< run time in seconds on GPUs of speed 1 (duration jobs)
        Predicted,   ///< predicted iterations (or seconds, for duration jobs), if given
        ColumnCount  ///< number of columns
    };
    Q_ENUM(Column)

    /// Role with a sortable value (double for numbers, string otherwise).
    static constexpr int SortRole = Qt::UserRole + 1;

    /// A model of document's current jobs.
    explicit JobTableModel(ProjectDocument* document, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    int columnCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    void onChanged(const gantry::ui::DocumentChange& change);

    QPointer<ProjectDocument> m_document;
    int m_rows = 0;
};

} // namespace gantry::ui
