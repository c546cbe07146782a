#pragma once

#include "explain/decisionexplainer.h"
#include "model/scenario.h"
#include "run/runresult.h"
#include "sim/schedule.h"

#include <QWidget>

#include <memory>

class QLabel;
class QListWidget;
class QPushButton;

namespace gantry::ui {

/// Teaching mode: steps from decision to decision of a run and says in plain words what
/// happened and why (DecisionExplainer), moving the playback cursor to the step's time and
/// highlighting the jobs involved.
class TeachingPanel : public QWidget
{
    Q_OBJECT

public:
    explicit TeachingPanel(QWidget* parent = nullptr);

    /// Explains schedule, a run of scenario with result (all copied).
    void setRun(const Scenario& scenario, const Schedule& schedule, const RunResult& result);
    /// Explains schedule, a run of scenario with result (copied); the schedule is shared.
    void setRun(const Scenario& scenario, std::shared_ptr<const Schedule> schedule,
                const RunResult& result);
    /// Explains schedule, a run of scenario with result (copied); the scenario and the schedule
    /// are shared (a scenario whose cluster is not finalized is copied).
    void setRun(std::shared_ptr<const Scenario> scenario, std::shared_ptr<const Schedule> schedule,
                const RunResult& result);
    /// The same with the result shared too (not null).
    void setRun(std::shared_ptr<const Scenario> scenario, std::shared_ptr<const Schedule> schedule,
                std::shared_ptr<const RunResult> result);
    /// Index of the step shown (-1: none).
    int currentStep() const { return m_step; }
    /// Number of steps.
    int stepCount() const { return m_explainer ? m_explainer->stepCount() : 0; }

public Q_SLOTS:
    void next();
    void previous();
    /// Shows step i (clamped) and announces its time and jobs.
    void showStep(int i);
    /// Shows the last step at or before timeS without moving the cursor.
    void followTime(double timeS);

Q_SIGNALS:
    /// The playback cursor should move to timeS.
    void timeRequested(double timeS);
    /// The step's main job (the first its events concern; -1: none).
    void jobHighlighted(int job);

private:
    void display(int i);

    std::shared_ptr<const Scenario> m_scenario; // what m_explainer reads, cluster finalized
    std::shared_ptr<const Schedule> m_schedule; // what m_explainer reads
    std::shared_ptr<const RunResult> m_result;  // what m_explainer reads
    std::unique_ptr<DecisionExplainer> m_explainer;
    DecisionStep m_shown;
    int m_step = -1;
    QLabel* m_title;
    QListWidget* m_sentences;
    QPushButton* m_prev;
    QPushButton* m_next;
};

} // namespace gantry::ui
