#pragma once

#include "policies/outcomedistribution.h"
#include "policies/preemptivepolicy.h"
#include "policies/virtualguard.h"

#include <limits>
#include <memory>
#include <unordered_map>
#include <vector>

namespace gantry::sim {

/// `gittins` and `gittins-progress` (Gantry's, not in the paper): preemptive, by the Gittins
/// rank of each job's remaining run time (docs/policies.md, "Gittins"). A job's size is taken as
/// its prediction times R, R drawn from the outcomes (actual over predicted) of the jobs finished
/// before it arrived (OutcomeDistribution): a sharp predictor gives a point and the policy orders
/// as smallest-remaining-time (srtf); a vague one gives a spread and the policy favours the jobs
/// likely to end soon, down to least-attained-service for jobs that outlive every outcome seen.
/// Ranked in time rather than GPU-time: on the robustness suite's tuning clusters the time form
/// lost less (docs/policies.md). A running job yields only to a job whose rank is lower by more
/// than the restart overhead. A running job's rank only falls while it runs between two values
/// of its distribution (or once it is due), so the rank computed last is an upper bound of its
/// rank until the job reaches its next value (keysFall(); with the network's contention a job's
/// speed, and so its rank, may change at any time, and every running job is re-ranked at every
/// decision). Per decision besides the walk: O(log R + contested x log kQuantiles), contested the
/// running jobs ranked at or after the first waiting job or past their bound.
///
/// The names differ in how a job's service and size are measured:
/// - `gittins` (Service::WallTime): R = run time / p-hat, attained service = time run so far, the
///   rank in units of p-hat (the reference iteration time tau0 on an empty cluster).
/// - `gittins-progress` (Service::Progress): R = iterations run / K-hat, attained service = the
///   iterations run so far (the job's progress, which a real cluster sees), the rank priced at the
///   speed of the GPUs the job holds (tau0 while it waits). A job on slow GPUs is not taken for
///   nearly done because time passed, and a prediction's error is not mixed with the placement's.
/// - Service::Prior (`asrpt-gittins-prior`'s): as Progress, but a job's size is the predictor's
///   own distribution of its iterations at its arrival (SimState::distribution(): the `mean`
///   history of its group, a forest's prediction times the ratios it was off by, the oracle's
///   point), reduced to kQuantiles values, instead of the run's outcomes.
class GittinsPolicy : public PreemptivePolicy
{
public:
    /// How service and outcomes are measured.
    enum class Service
    {
        WallTime, ///< `gittins`
        Progress, ///< `gittins-progress`
        Prior,    ///< the predictor's distribution (`asrpt-gittins-prior`)
    };

    /// margin: a running job yields its GPUs only to a rank lower than its own divided by
    /// 1 + margin (and by more than the restart overhead), so that two jobs of close ranks do
    /// not take turns at every decision.
    explicit GittinsPolicy(Service service = Service::WallTime, double margin = 0.0)
        : m_service(service), m_margin(margin), m_yield(1.0 / (1.0 + margin))
    {}
    QString name() const override;
    bool wantsDistributions() const override { return m_service == Service::Prior; }
    void jobArrived(const SimState& state, int j) override;
    void jobFinished(const SimState& state, int j) override;
    /// Starts by Gittins rank (the note's key, us); preemptions by a lower rank.
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override;
    /// The iterations by which job j, having run done of them, ends with probability q by its
    /// distribution (the predictor's, Prior; its prediction otherwise), or -1 when it has run
    /// past every value of it.
    double likelyEnd(const SimState& state, int j, double done, double q) const;
    /// The outcomes seen so far.
    const OutcomeDistribution& outcomes() const { return m_outcomes; }

protected:
    PriorityKey key(const SimState& s, int j) const override;
    std::size_t keys(const SimState& state, RunningJob* jobs, PriorityKey* out, std::size_t count,
                     std::size_t from, SimTime& nextRekey) const override;
    /// Unless the network's contention may change a running job's speed.
    bool keysFall(const SimState& state) const override;
    /// What a running job's rank is on the piece of its envelope it is on: c x (a - b u) while
    /// u < untilU (-infinity: none), u its service now as rankOf() measures it from the fields
    /// copied here, so that the value is rankOf()'s bit for bit, without its searches.
    struct Line
    {
        double c = 0.0, a = 0.0, b = 0.0;
        double untilU = -std::numeric_limits<double>::infinity();
        /// The next sample above u when ranked, where the rank next jumps up (+infinity: past
        /// every sample, or not ranked by a distribution).
        double nextU = std::numeric_limits<double>::infinity();
        double unit = 1.0; ///< u = service / unit
        double u0 = 0.0;   ///< u at since (iterations done then over unit; Progress, Prior)
        /// Per us: u gained per us of run time while it runs (0: u does not move), so that u at
        /// a time is one multiply-add rather than two divisions.
        double perUs = 0.0;
        SimTime since = 0; ///< progress counted from here (WallTime: RunningJob::base)
        bool wall = false; ///< service is run time (now - RunningJob::base)
        /// u at now, as rankOf() measures it, in the same arithmetic (inline: it runs for every
        /// contested running job at every decision).
        double serviceAt(SimTime now, SimTime base) const
        {
            if (wall)
                return double(now - base) * perUs;
            if (now <= since || perUs <= 0.0)
                return u0;
            return u0 + double(now - since) * perUs;
        }
    };
    /// The key of a running job; line, when given, gets the piece of its rank it is on.
    PriorityKey runningKey(const SimState& s, const RunningJob& r, Line* line = nullptr) const;
    /// A running job's key from its rank (the margin and the restart overhead applied): with a
    /// margin m it also needs a rank lower by the fraction m of its own. Inline, so that the key
    /// is written in place rather than through a copy.
    PriorityKey rankedKey(double rank, const RunningJob& r) const
    {
        return {rank * m_yield - double(m_overhead), 0.0, r.arrival, r.job};
    }
    /// A start note carries, as value2, how many outcomes the policy had seen at that moment.
    void annotate(const SimState& state, DecisionNote& note) const override;

    /// A guard whose due jobs go before every other, in virtual-completion order (asrpt-gittins);
    /// null for none.
    const VirtualGuard* m_guard = nullptr;

private:
    // The key of a due job: before every rank, in virtual-completion order.
    PriorityKey dueKey(int j, SimTime arrival) const;
    // Rank in us of job j (state st) at now; running: priced at its GPUs' speed (progress).
    // line, when given, gets the piece of the rank at now (untilU -infinity when none).
    double rankOf(const JobState& st, int j, SimTime now, bool running, Line* line = nullptr) const;

    // Until when the running key of job j (state st) computed at now, line filled by rankOf() at
    // now, stays at least its key: the time it reaches its next value, line.nextU (a little
    // before, against rounding); now when it has outlived every value (its rank then grows with
    // its service).
    SimTime boundUntil(const JobState& st, int j, SimTime now, const Line& line) const;

    // Prior: the snapshot of job j's distribution, made once per shared sample set.
    int priorSnapshot(const predict::IterationDistribution& d);

    Service m_service;
    double m_margin;
    double m_yield;                 // 1 / (1 + m_margin): a running job's rank is multiplied by it
    OutcomeDistribution m_outcomes; // WallTime, Progress: the run's outcomes
    OutcomeDistribution m_priors;   // Prior: the predictor's distributions, in their units
    std::unordered_map<const void*, int> m_priorOf; // sample set -> snapshot in m_priors
    std::vector<std::shared_ptr<const std::vector<double>>> m_priorKept; // keeps addresses unique
    std::vector<int> m_snapshot; // per job: the snapshot it took at arrival
    std::vector<double> m_scale; // Prior, per job: what its snapshot's values are multiplied by
    SimTime m_overhead = 0;      // the run's restart overhead
    // While keysFall(): the lines of the jobs that ran and have not finished, in slots reused
    // after a finish (a million-job run holds a few hundred, not one per job).
    mutable std::vector<Line> m_lines;
    mutable std::vector<int> m_lineOf;    // per job: its slot in m_lines, -1 for none
    mutable std::vector<int> m_freeLines; // slots free for reuse
    Line& lineOf(int j) const;
};

} // namespace gantry::sim
