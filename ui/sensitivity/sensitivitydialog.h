#pragma once

#include "analysis/predictionsensitivity.h"
#include "model/scenario.h"

#include <QDialog>

class QChart;
class QChartView;
class QDialogButtonBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace gantry::ui {

class PolicyKey;
class SensitivityWorker;

/// Run > Prediction Sensitivity: every registered policy on the scenario with the `noisy:S`
/// predictor for S = 0 to 2, averaged over the chosen number of seeds, in a worker thread with
/// progress and Cancel; then two line charts (total and p99 JCT against S, one line per policy
/// in its colour) and a table of the figures. Shows which policy to trust with which predictor.
class SensitivityDialog : public QDialog
{
    Q_OBJECT

public:
    /// A dialog for scenario (copied); nothing runs until start().
    explicit SensitivityDialog(const Scenario& scenario, QWidget* parent = nullptr);
    ~SensitivityDialog() override;

    /// Opens a non-modal dialog for scenario that deletes itself when closed.
    static SensitivityDialog* showFor(const Scenario& scenario, QWidget* parent);

    /// The request a start() now would run (policies, S, seeds 1..seeds(), placement).
    PredictionSensitivity::Request request() const;
    /// Seeds averaged per point.
    int seeds() const;
    /// Sets the seeds averaged per point (1 to 10).
    void setSeeds(int seeds);
    /// The chart of total JCT against S (no series until a run has finished).
    QChart* totalChart() const;
    /// The chart of p99 JCT against S.
    QChart* p99Chart() const;
    /// The one key of both charts (their legends are hidden): every policy of the outcome.
    PolicyKey* chartKey() const { return m_key; }
    /// The table: one row per policy, one column per S ("total / p99").
    QTableWidget* table() const { return m_table; }
    /// The status line.
    QString status() const;
    /// The worker that runs the request.
    SensitivityWorker* worker() const { return m_worker; }

public slots:
    /// Runs the request (nothing happens while one runs).
    void start();

protected:
    void reject() override;

private:
    void setBusy(bool busy);
    void showOutcome(const PredictionSensitivity::Outcome& outcome);

    Scenario m_scenario;
    SensitivityWorker* m_worker = nullptr;
    QSpinBox* m_seeds = nullptr;
    QLabel* m_status = nullptr;
    QProgressBar* m_progress = nullptr;
    QChartView* m_total = nullptr;
    QChartView* m_p99 = nullptr;
    PolicyKey* m_key = nullptr;
    QTableWidget* m_table = nullptr;
    QPushButton* m_run = nullptr;
    QDialogButtonBox* m_buttons = nullptr;
};

} // namespace gantry::ui
