#pragma once

#include "policies/policy.h"
#include "policies/waitingqueue.h"
#include "util/gapvector.h"

#include <algorithm>
#include <limits>
#include <utility>
#include <vector>

namespace gantry::sim {

/// Base of the preemptive policies (docs/architecture.md, "Engine semantics"): at each decision
/// point walk every arrived, unfinished job in key order and admit each that fits in the GPUs not
/// yet admitted; running jobs keep their GPUs while admitted, running jobs not admitted are
/// preempted, newly admitted jobs are placed on the GPUs free after the preemptions. When an
/// admitted job cannot be placed (memory, GPU types, fragmentation) the walk goes on over the jobs
/// not admitted, in key order: a running one keeps its GPUs if no admitted job took them, a waiting
/// one starts if it can be placed on what is left, so no GPU is held for a job that could not use
/// it.
///
/// Running jobs are kept in a persistent array re-sorted by insertion sort (their order changes
/// little between decisions), with what their keys depend on copied beside them (RunningJob) so
/// that re-keying reads one compact array instead of every job's state. A policy may store a
/// running job's key in a shifted form that stays fixed while the job runs (runningKeyOf()
/// maps a waiting key into that form), so that running jobs are re-keyed only when their key
/// may change (keyedUntil), and not at all at a decision before the earliest such time. The
/// running jobs ranked before the first waiting job all stay; the walk starts after them and
/// skips over runs of running jobs that certainly stay admitted with suffix sums of their GPUs.
/// Few re-keyed, started or stopped jobs are taken out or put in by binary search and one
/// block move each (a finished job and a started one share a move between their places; the
/// walk erases the jobs it preempts by index); many go through one compacting pass and the
/// insertion sort. Cost per
/// decision: O(R) scans of keyedUntil only once some key may have changed, block moves of
/// O(R) bytes per job re-keyed, started or stopped, plus O(T + (visited waiting jobs +
/// preemptions) x log R) for the walk, T the running jobs ranked after the first waiting job.
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
    /// keyedUntil of a job that has just started a segment: keyed at the next call.
    static constexpr SimTime kNotKeyed = std::numeric_limits<SimTime>::min();

    bool preemptive() const override { return true; }
    void jobArrived(const SimState& state, int j) override;
    void jobFinished(const SimState& state, int j) override;
    void decide(const SimState& state, Decisions& out) override;

protected:
    /// Job j's key at state.now(); for a waiting job it must not change while it waits.
    virtual PriorityKey key(const SimState& state, int j) const = 0;
    /// Keys at state.now() of the count running jobs at jobs into out (same order, one entry per
    /// job; each entry already holds its job's arrival and order): those whose keyedUntil has come,
    /// and every job from index `from` on, are re-keyed and get a new keyedUntil, before which
    /// their stored key stays valid (keysFall(): stays at least their key). The others keep the
    /// key they have in out. nextRekey holds, on entry, the smallest keyedUntil of the last call
    /// and, on return, at most the smallest keyedUntil after this one. Returns the index of the
    /// first job re-keyed (count if none).
    virtual std::size_t keys(const SimState& state, RunningJob* jobs, PriorityKey* out,
                             std::size_t count, std::size_t from, SimTime& nextRekey) const = 0;
    /// True when a running job's key can only fall before its keyedUntil, so that its stored key
    /// is an upper bound of its key until then: a running job whose stored key is below the
    /// first waiting job's stays at a decision whatever its exact key and is not re-keyed; those
    /// ranked at or after it are, at every decision.
    virtual bool keysFall(const SimState& state) const
    {
        (void)state;
        return false;
    }
    /// A waiting job's key mapped into the form keys() stores running jobs' keys in at now: the
    /// two forms compare as key() does. The identity unless a policy stores shifted keys.
    virtual PriorityKey runningKeyOf(const PriorityKey& waitingKey, SimTime now) const
    {
        (void)now;
        return waitingKey;
    }

    /// The key, in the running form at now, of the first waiting job: a running job whose key is
    /// below it stays at this decision whatever its exact key (the walk starts after such jobs).
    /// False when no job waits.
    bool firstWaitingKey(SimTime now, PriorityKey& out) const
    {
        if (m_waiting.empty())
            return false;
        out = runningKeyOf(m_waiting.front().key, now);
        return true;
    }

    /// Sets the gate every start of a waiting job passes (WaitingQueue::setStartGate).
    void setStartGate(WaitingQueue::StartGate gate) { m_waiting.setStartGate(std::move(gate)); }

    /// Re-queues waiting job j with key(state, j) now, for a policy whose waiting keys change at
    /// moments it knows (a job becoming due); nothing when j is not waiting. O(log n).
    void requeue(const SimState& state, int j);

    /// Running job j is preempted and started again at this decision (moved to other GPUs; the
    /// caller put it in both lists of the decision): it leaves the running order and comes back
    /// as a started job. O(R).
    void restarted(int j);
    /// The jobs waiting after the last decision's starts and preemptions, in key order.
    const WaitingQueue& waiting() const { return m_waiting; }

private:
    void refreshRunning(const SimState& state);
    // Erases the jobs of m_stopped from m_run (not clearing m_stopped).
    void dropStopped();
    // Index in m_run of running job j (which must be there); O(R).
    std::size_t indexOf(int j) const;
    // Erases running job j from m_run and m_keys.
    void eraseJob(int j);
    // Puts the jobs started at the last decision at their places, pairing each with a job of
    // m_stopped to erase; empties both lists.
    void placeStarted(const SimState& state);
    // Erases m_run[a] and puts r with key k at its place b (counted with a still there).
    void moveWithin(std::size_t a, std::size_t b, const PriorityKey& k, const RunningJob& r);
    void walk(const SimState& state, Decisions& out);
    void continueWalk(const SimState& state, GpuPool& pool, Decisions& out);
    // Erases the running jobs at the given ascending indices of m_run.
    void eraseRunning(const std::vector<std::size_t>& at);

    WaitingQueue m_waiting;
    // Running jobs, sorted by key after refreshRunning(), and their keys at now. The job about
    // to finish ranks first, so erases and inserts fall near the front as often as the back.
    GapVector<RunningJob> m_run;
    GapVector<PriorityKey> m_keys;
    // Per job in m_live: not running, started at the last decision (in m_started), in m_run.
    static constexpr char kNotRunning = 0, kStarted = 1, kInRun = 2;
    // Up to this many stopped jobs are erased one by one, more in one compacting pass.
    static constexpr std::size_t kEraseOneByOne = 8;
    std::vector<char> m_live;         // per job: kNotRunning, kStarted or kInRun
    std::vector<int> m_stopped;       // finished since the last refresh, still in m_run
    std::vector<std::size_t> m_moved; // indices in m_run of the jobs being re-keyed
    std::vector<std::pair<PriorityKey, RunningJob>> m_movedJobs; // taken out to be put back
    SimTime m_nextRekey = 0;     // no job of m_run needs re-keying before this time
    int m_runGpus = 0;           // GPUs of the jobs in m_run
    std::size_t m_walkStart = 0; // the walk's first running job: those before it stay
    std::vector<int> m_suffix;   // m_suffix[i] = GPUs of m_run[m_walkStart + i..]
    std::vector<int> m_started;  // started at the last decision, not yet in m_run
    std::vector<int> m_admitted;
    std::vector<std::size_t> m_dropped; // the walk's running jobs not admitted, in order
    std::vector<char> m_keep;           // per running job from m_walkStart: it stays (continueWalk)
};

/// PreemptivePolicy whose batch key loop calls Derived::runningKey(job, now) and
/// Derived::keyedUntil(job, now) (when that key may next change) directly (inlined).
template <typename Derived> class KeyedPreemptivePolicy : public PreemptivePolicy
{
protected:
    std::size_t keys(const SimState& state, RunningJob* jobs, PriorityKey* out, std::size_t count,
                     std::size_t from, SimTime& nextRekey) const override
    {
        const SimTime now = state.now();
        const Derived* self = static_cast<const Derived*>(this);
        std::size_t first = count;
        SimTime next = std::numeric_limits<SimTime>::max();
        for (std::size_t i = 0; i < count; ++i) {
            if (jobs[i].keyedUntil <= now || i >= from) {
                out[i] = self->Derived::runningKey(jobs[i], now);
                jobs[i].keyedUntil = self->Derived::keyedUntil(jobs[i], now);
                first = std::min(first, i);
            }
            next = std::min(next, jobs[i].keyedUntil);
        }
        nextRekey = next;
        return first;
    }
};

} // namespace gantry::sim
