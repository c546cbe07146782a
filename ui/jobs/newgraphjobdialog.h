#pragma once

#include "model/job.h"
#include "model/scenario.h"

#include <QDialog>

#include <vector>

class QDialogButtonBox;
class QDoubleSpinBox;
class QGraphicsEllipseItem;
class QGraphicsLineItem;
class QGraphicsScene;
class QLabel;
class QLineEdit;

namespace gantry::ui {

/// "New graph job", drawn by hand: add workers (nodes you can drag about), select two and
/// connect them with the traffic they exchange per iteration; set each new worker's compute
/// time and memory, the iterations and the arrival.
class NewGraphJobDialog : public QDialog
{
    Q_OBJECT

public:
    /// A dialog for a job of scenario.
    explicit NewGraphJobDialog(const Scenario& scenario, QWidget* parent = nullptr);

    /// Adds a worker with the compute time and memory set in the dialog; returns its index.
    int addWorker();
    /// Connects workers a and b with bytes per iteration (replacing an earlier edge of the
    /// pair); false for a bad pair.
    bool connectWorkers(int a, int b, double bytes);
    /// Connects the two selected workers with the dialog's traffic; false unless exactly two
    /// are selected.
    bool connectSelected();
    /// The job as drawn.
    Job job() const;
    /// Why the job cannot be created yet, empty when it can.
    QString problem() const { return m_problem; }

private:
    void update();
    void redrawEdges();

    const Scenario& m_scenario;
    QGraphicsScene* m_scene;
    std::vector<QGraphicsEllipseItem*> m_nodes;
    std::vector<JobGraph::Worker> m_workers;
    std::vector<JobGraph::Edge> m_edges;
    std::vector<QGraphicsLineItem*> m_lines;
    QLineEdit* m_id;
    QDoubleSpinBox* m_compute;
    QDoubleSpinBox* m_memory;
    QDoubleSpinBox* m_trafficGb;
    QDoubleSpinBox* m_iterations;
    QDoubleSpinBox* m_arrival;
    QLabel* m_status;
    QDialogButtonBox* m_buttons;
    QString m_problem;
};

} // namespace gantry::ui
