#pragma once

#include "plan/sweepsession.h"

#include <QWidget>

#include <cstddef>
#include <memory>

class QComboBox;
class QLabel;
class QSortFilterProxyModel;
class QTabWidget;
class QTableView;

namespace gantry::ui {

class PlanDigest;
class PlanHeatmap;
class PlanPointsModel;
class PlanScatter;

/// The Plan view's answer to a finished sweep, one group at a time (Answer for): the one-line
/// recommendation with the marginal gain per server type, and three tabs: the scatter of cost
/// against the target metric (Pareto front, recommendation, target), a heatmap of two axes and
/// the sortable table of points. Double-clicking a point in any of them asks for it
/// (pointActivated). The finished plan::SweepSession shown is its model (session()).
class PlanResults : public QWidget
{
    Q_OBJECT

public:
    /// Shows no sweep: the summary says how to start one.
    explicit PlanResults(QWidget* parent = nullptr);
    ~PlanResults() override;

    /// Shows session (finished), its first group; null shows nothing of any sweep.
    void showSession(std::shared_ptr<const plan::SweepSession> session);
    /// The sweep shown (null while none).
    std::shared_ptr<const plan::SweepSession> session() const;
    /// The group (recommendation) shown, -1 when none.
    int currentGroup() const;
    /// Shows group g.
    void setCurrentGroup(int g);
    /// The one-line answer shown.
    QString summaryText() const;

    /// The table's model (rows in point order).
    PlanPointsModel* pointsModel() const { return m_model; }
    /// The table (sorted through a proxy).
    QTableView* table() const { return m_table; }
    /// The scatter.
    PlanScatter* scatter() const { return m_scatter; }
    /// The heatmap.
    PlanHeatmap* heatmap() const { return m_heatmap; }
    /// The tabs: the scatter, the heatmap, the table.
    QTabWidget* viewTabs() const { return m_views; }

signals:
    /// The user double-clicked point row (in the table, the scatter or the heatmap).
    void pointActivated(std::size_t row);

private:
    QWidget* buildHeatmapTab();
    void buildTable();
    void showGroup();
    void showHeatmap();

    std::unique_ptr<PlanDigest> m_digest;
    QLabel* m_summary = nullptr;
    QLabel* m_marginal = nullptr;
    QComboBox* m_group = nullptr;
    QComboBox* m_heatX = nullptr;
    QComboBox* m_heatY = nullptr;
    QLabel* m_caption = nullptr;
    PlanScatter* m_scatter = nullptr;
    QLabel* m_scatterKey = nullptr;
    PlanHeatmap* m_heatmap = nullptr;
    PlanPointsModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_table = nullptr;
    QTabWidget* m_views = nullptr;
};

} // namespace gantry::ui
