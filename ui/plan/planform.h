#pragma once

#include "model/scenario.h"
#include "plan/costparams.h"
#include "plan/sweepspec.h"
#include "planrequest.h"
#include "run/runconfig.h"
#include "util/result.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QTableWidget;

namespace gantry::ui {

/// The Plan view's form (docs/planning.md, "In the window"): which server entries of the
/// scenario planned for to vary and over which counts, the load growth, the policies, the seeds,
/// the target and the cost parameters. It says them as a PlanRequest and is filled from one; the
/// run settings and the costs it does not show (the idle power) are kept as given.
class PlanForm : public QWidget
{
    Q_OBJECT

public:
    /// An empty form: no server entries until setBaseScenario().
    explicit PlanForm(QWidget* parent = nullptr);

    /// The scenario the form's sweep varies and the run settings of its points. The server rows
    /// follow the scenario's entries (rebuilt only when the entries change); the first time,
    /// run's policy is ticked.
    void setBaseScenario(const Scenario& scenario, const RunConfig& run);
    /// Forgets the scenario (no server rows) and fills the form with a default request.
    void reset();
    /// True once a scenario with servers was given.
    bool hasBaseScenario() const { return !m_base.cluster.servers.empty(); }
    /// What the form says now.
    PlanRequest request() const;
    /// Fills the form from request (server entries not in the scenario are ignored; the server
    /// rows keep the scenario's order).
    void setRequest(const PlanRequest& request);
    /// The sweep the form describes, on the base scenario; an error in words when the form is
    /// not valid.
    Result<plan::SweepSpec> buildSpec() const;

private:
    void fillServerRows();

    Scenario m_base;
    RunConfig m_run;
    plan::CostParams m_cost; // the form's costs, with the parts it does not show

    QTableWidget* m_servers = nullptr;
    QLineEdit* m_loads = nullptr;
    QListWidget* m_policies = nullptr;
    QLineEdit* m_seeds = nullptr;
    QComboBox* m_metric = nullptr;
    QComboBox* m_direction = nullptr;
    QDoubleSpinBox* m_bound = nullptr;
    QDoubleSpinBox* m_horizon = nullptr;
    QDoubleSpinBox* m_price = nullptr;
    QDoubleSpinBox* m_pue = nullptr;
};

} // namespace gantry::ui
