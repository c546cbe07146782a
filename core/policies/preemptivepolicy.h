#pragma once

#include "policies/policy.h"
#include "policies/waitingqueue.h"

#include <algorithm>
#include <vector>

namespace gantry::sim {

/// Base of the preemptive policies (DESIGN.md 3.1): at each decision point walk every arrived,
/// unfinished job in key order and admit each that fits in the GPUs not yet admitted; running
/// jobs keep their GPUs while admitted, running jobs not admitted are preempted, newly admitted
/// jobs are placed on the GPUs free after the preemptions. When an admitted job cannot be placed
/// (memory, GPU types, fragmentation) the walk goes on over the jobs not admitted, in key order:
/// a running one keeps its GPUs if no admitted job took them, a waiting one starts if it can be
/// placed on what is left, so no GPU is held for a job that could not use it.
///
/// Running jobs are kept in a persistent array re-sorted by insertion sort (their order changes
/// little between decisions), with what their keys depend on copied beside them (RunningJob) so
/// that re-keying reads one compact array instead of every job's state; the walk skips over runs
/// of running jobs that certainly stay admitted with suffix sums of their GPUs. Cost per
/// decision: O(R) key updates plus O((visited waiting jobs + preemptions) x log R).
class PreemptivePolicy : public Policy
{
public:
    /// What a running job's key depends on, fixed while it runs one segment.
    struct RunningJob
    {
        SimTime base = 0;       ///< segment start minus time run before: run time is now - base
        SimTime predicted = 0;  ///< predicted processing time p-hat
        SimTime arrival = 0;    ///< arrival time
        int gpus = 0;           ///< GPUs held
        int job = 0;            ///< job index (its file position)
        SimTime keyedUntil = 0; ///< its key is re-computed at a decision at or after this time
    };

    bool preemptive() const override { return true; }
    void jobArrived(const SimState& state, int j) override;
    void jobFinished(const SimState& state, int j) override;
    void decide(const SimState& state, Decisions& out) override;

protected:
    /// Job j's key at state.now(); for a waiting job it must not change while it waits.
    virtual PriorityKey key(const SimState& state, int j) const = 0;
    /// Keys at now of the running jobs in jobs into out (same order; out has one entry per job):
    /// those whose keyedUntil has come are re-keyed and get a new keyedUntil, before which their
    /// key stays what key() says. The others keep the key they have in out. Returns the index of
    /// the first job re-keyed (jobs.size() if none).
    virtual std::size_t keys(SimTime now, std::vector<RunningJob>& jobs,
                             std::vector<PriorityKey>& out) const = 0;

private:
    void refreshRunning(const SimState& state);
    void walk(const SimState& state, Decisions& out);
    void continueWalk(const SimState& state, GpuPool& pool, Decisions& out);

    WaitingQueue m_waiting;
    std::vector<RunningJob> m_run;   // running jobs, sorted by key after refreshRunning()
    std::vector<PriorityKey> m_keys; // their keys at now
    std::vector<char> m_live;        // per job: running as far as the policy knows
    bool m_removed = false;          // some job of m_run stopped since the last refresh
    std::vector<int> m_suffix;       // m_suffix[i] = GPUs of m_order[i..]
    std::vector<int> m_started;      // started at the last decision, not yet in m_order
    std::vector<int> m_admitted;
    std::vector<char> m_keep;
};

/// PreemptivePolicy whose batch key loop calls Derived::runningKey(job, now) and
/// Derived::keyedUntil(job, now) (when that key may next change) directly (inlined).
template <typename Derived> class KeyedPreemptivePolicy : public PreemptivePolicy
{
protected:
    std::size_t keys(SimTime now, std::vector<RunningJob>& jobs,
                     std::vector<PriorityKey>& out) const override
    {
        const Derived* self = static_cast<const Derived*>(this);
        std::size_t first = jobs.size();
        for (std::size_t i = 0; i < jobs.size(); ++i)
            if (jobs[i].keyedUntil <= now) {
                out[i] = self->Derived::runningKey(jobs[i], now);
                jobs[i].keyedUntil = self->Derived::keyedUntil(jobs[i], now);
                first = std::min(first, i);
            }
        return first;
    }
};

} // namespace gantry::sim
