#pragma once

#include "run/runconfig.h"
#include "sim/jobrecord.h"
#include "sim/notecontext.h"
#include "sim/schedule.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <span>
#include <vector>

namespace gantry {

namespace sim {
class Policy;
}

struct Scenario;

/// One decision instant of a run, explained in plain words for teaching mode.
struct DecisionStep
{
    double timeS = 0.0;    ///< the instant, seconds
    std::vector<int> jobs; ///< jobs the step's events concern, in event order
    QStringList sentences; ///< what happened and why, then who still waits
    int freeGpusAfter = 0; ///< free GPUs once the step is applied
};

/// Turns a Schedule's events into DecisionSteps, one per distinct event time. What happened
/// comes from the events (replayed for the cluster's free GPUs); why comes from the policy
/// itself: the DecisionNotes it recorded during the run, put into words by its own
/// sim::Policy::explain. A step costs O(events up to it) when going back, less going forward,
/// plus O(notes at its instant), so large runs are explained on demand.
class DecisionExplainer
{
public:
    /// Explains schedule, a run of scenario under config (config.policy names the policy whose
    /// notes they are). records (optional, scenario order) give the predictions made at
    /// arrival; without them a job's predicted_iterations or its true size is used. Keeps
    /// references to scenario and schedule: they must outlive the explainer.
    DecisionExplainer(const Scenario& scenario, const Schedule& schedule, const RunConfig& config,
                      const std::vector<JobRecord>& records = {});
    ~DecisionExplainer();

    /// Number of decision instants. O(1).
    int stepCount() const { return int(m_stepStart.size()); }
    /// Time of step i, seconds. O(1).
    double stepTime(int i) const;
    /// Step i explained. O(events up to it + notes at it) going back, less going forward.
    DecisionStep step(int i) const;
    /// Index of the last step at or before timeS (-1 before the first). O(log steps).
    int stepAt(double timeS) const;

    /// Every step explained at once (small runs, tests). O(events + notes).
    static std::vector<DecisionStep> explain(const Scenario& scenario, const Schedule& schedule,
                                             const RunConfig& config,
                                             const std::vector<JobRecord>& records = {});

private:
    struct State
    {
        int nextStep = 0;
        std::vector<int> freePerServer;
        std::vector<std::vector<int>> gpusOf; // while running
        std::vector<char> waiting;            // arrived and not running
        int waitingCount = 0;
        int freeGpus = 0;
    };
    void reset(State& s) const;
    void apply(State& s, DecisionStep* out) const;
    QString why(const DecisionNote* note, const QString& fallback) const;
    double predicted(int j) const;
    QString size(int j, double amount) const;
    std::vector<int> serversIn(std::span<const int> gpus) const;
    QString serversOf(std::span<const int> gpus) const;
    QString freeOn(const State& s, std::span<const int> gpus) const;

    const Scenario& m_scenario;
    const Schedule& m_schedule;
    std::vector<JobRecord> m_records;
    std::unique_ptr<sim::Policy> m_policy; // null for an unknown policy name
    std::vector<int> m_stepStart;          // first event of each step
    mutable NoteContext m_context;
    mutable std::vector<DecisionNote> m_stepNotes; // the notes of the step being explained
    mutable State m_state;
};

} // namespace gantry
