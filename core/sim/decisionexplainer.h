#pragma once

#include "sim/jobrecord.h"
#include "sim/runconfig.h"
#include "sim/schedule.h"

#include <QString>
#include <QStringList>

#include <limits>
#include <vector>

namespace gantry {

struct Scenario;

/// One decision instant of a run, explained in plain words for teaching mode.
struct DecisionStep
{
    double timeS = 0.0;    ///< the instant, seconds
    std::vector<int> jobs; ///< jobs the step's events concern, in event order
    QStringList sentences; ///< what happened and why, then who still waits
    int freeGpusAfter = 0; ///< free GPUs once the step is applied
};

/// Turns a Schedule's events into DecisionSteps, one per distinct event time, with the reason
/// each policy had (arrival order, predicted size, remaining work, attained-service queues,
/// the virtual machine's completion order). Replays the events; a step costs O(events up to
/// it) plus O(waiting jobs) for its sentences, so large runs are explained on demand.
class DecisionExplainer
{
public:
    /// Explains schedule, a run of scenario under config (the policy name picks the reasons).
    /// records (optional, scenario order) give the predictions made at arrival; without them a
    /// job's predicted_iterations or its true size is used. Keeps references to scenario and
    /// schedule: they must outlive the explainer.
    DecisionExplainer(const Scenario& scenario, const Schedule& schedule, const RunConfig& config,
                      const std::vector<JobRecord>& records = {});

    /// Number of decision instants. O(1).
    int stepCount() const { return int(m_stepStart.size()); }
    /// Time of step i, seconds. O(1).
    double stepTime(int i) const;
    /// Step i explained. O(events up to it + waiting jobs) when going back, less going forward.
    DecisionStep step(int i) const;
    /// Index of the last step at or before timeS (-1 before the first). O(log steps).
    int stepAt(double timeS) const;

    /// Every step explained at once (small runs, tests). O(steps x waiting jobs).
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
        std::vector<char> arrived;
        std::vector<double> runSinceS;
        std::vector<double> attainedGpuS; // closed segments only
        std::vector<double> doneIterations;
        std::vector<int> segmentsClosed;
        int freeGpus = 0;
    };
    void reset(State& s) const;
    void apply(State& s, DecisionStep* out) const;
    QString startReason(const State& s, int j, double t, bool resumed) const;
    QString preemptReason(const State& s, int j, int to, double t) const;
    QString waitSentence(const State& s, int j, double t, int head) const;
    double predicted(int j) const;
    double remaining(const State& s, int j) const;
    double attained(const State& s, int j, double t) const;
    int queueOf(double attainedGpuS) const;
    double key(const State& s, int j, double t) const;
    double virtualCompletion(int j) const { return m_virtualEnd[std::size_t(j)]; }
    QString size(int j, double amount) const;
    QString name(int j) const;
    QString serversOf(const std::vector<int>& gpus) const;
    QString freeOn(const State& s, const std::vector<int>& gpus) const;

    const Scenario& m_scenario;
    const Schedule& m_schedule;
    std::vector<JobRecord> m_records;
    QString m_policy;
    std::vector<int> m_stepStart;     // first event of each step
    std::vector<double> m_virtualEnd; // per job, end of its last virtual slice (inf: none)
    std::vector<std::vector<int>> m_segmentsOf; // per job, its segments in time order
    mutable State m_state;
};

} // namespace gantry
