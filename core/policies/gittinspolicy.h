#pragma once

#include "policies/outcomedistribution.h"
#include "policies/preemptivepolicy.h"

#include <vector>

namespace gantry::sim {

/// `gittins` (Gantry's, not in the paper): preemptive, by the Gittins rank of each job's
/// remaining run time (docs/policies.md, "Gittins"). A job's run time is taken as p-hat x R,
/// R drawn from the ratios of run time to p-hat of the jobs finished before it arrived
/// (OutcomeDistribution): a sharp predictor gives a point and the policy orders as
/// smallest-remaining-time (srtf); a vague one gives a spread and the policy favours the jobs
/// likely to end soon, down to least-attained-service for jobs that outlive every outcome
/// seen. Ranked in time rather than GPU-time: on the robustness suite's tuning clusters the
/// time form lost less (docs/policies.md). A running job yields only to a job whose rank is
/// lower by more than the restart overhead. Every running job is re-ranked at every
/// decision: O(R x kQuantiles) per decision besides the walk.
class GittinsPolicy : public KeyedPreemptivePolicy<GittinsPolicy>
{
public:
    QString name() const override { return QStringLiteral("gittins"); }
    void jobArrived(const SimState& state, int j) override;
    void jobFinished(const SimState& state, int j) override;
    /// Starts by Gittins rank (the note's key, us); preemptions by a lower rank.
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override;
    /// The outcomes seen so far.
    const OutcomeDistribution& outcomes() const { return m_outcomes; }

protected:
    friend class KeyedPreemptivePolicy<GittinsPolicy>;
    PriorityKey key(const SimState& s, int j) const override;
    std::size_t keys(SimTime now, RunningJob* jobs, PriorityKey* out, std::size_t count,
                     SimTime& nextRekey) const override;
    SimTime keyedUntil(const RunningJob&, SimTime now) const { return now; }
    PriorityKey runningKey(const RunningJob& r, SimTime now) const;

private:
    // Rank in us of a job with p-hat predicted (us) that has run ran (us), snapshot snap.
    double rankOf(SimTime predicted, SimTime ran, int snap) const;

    OutcomeDistribution m_outcomes;
    std::vector<int> m_snapshot; // per job: the snapshot it took at arrival
    SimTime m_overhead = 0;      // the run's restart overhead
};

} // namespace gantry::sim
