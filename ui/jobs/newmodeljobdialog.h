#pragma once

#include "model/job.h"
#include "model/scenario.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace gantry::ui {

/// "New model job": pick a model of the zoo (or of the scenario) and its parallel degrees,
/// iterations and arrival. Says live how many GPUs the job needs, and what is wrong when the
/// degrees do not suit the model or the cluster; OK stays off until they do.
class NewModelJobDialog : public QDialog
{
    Q_OBJECT

public:
    /// A dialog for a job of scenario (kept by reference while the dialog lives).
    explicit NewModelJobDialog(const Scenario& scenario, QWidget* parent = nullptr);

    /// The job as set up now (its graph built when valid).
    Job job() const;
    /// Why the job cannot be created, empty when it can.
    QString problem() const { return m_problem; }

    /// Selects model by name; false if unknown.
    bool setModel(const QString& name);
    /// Sets the parallel degrees.
    void setParallelism(int dp, int pp, int tp, int ep = 1);
    /// Sets iterations and arrival.
    void setIterations(double iterations, double arrivalS = 0.0);

private:
    void update();

    const Scenario& m_scenario;
    QLineEdit* m_id;
    QComboBox* m_model;
    QSpinBox* m_dp;
    QSpinBox* m_pp;
    QSpinBox* m_tp;
    QSpinBox* m_ep;
    QDoubleSpinBox* m_iterations;
    QDoubleSpinBox* m_arrival;
    QLabel* m_status;
    QDialogButtonBox* m_buttons;
    QString m_problem;
};

} // namespace gantry::ui
