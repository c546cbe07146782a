#pragma once

#include "mapping/placement.h"

#include <cstdint>

namespace gantry {

/// `search`: a parallel stochastic search over worker -> server assignments that minimises the
/// iteration time of docs/asrpt.md, "Problem model" (objective: iteration time only). Starts
/// from the `graph` mapping (or a faster single server that fits the whole job, when one exists),
/// runs many seeded annealing chains (search/, gantry_search) on the CPU threads or on CUDA, and
/// keeps the start unless a strictly faster assignment is found, so it is never worse than `graph`.
/// The result depends only on the seed, the job and the pool, not on back end or thread count.
/// Cost: graph's cost + O(chains x steps x (W + deg)) spread over the back end.
class SearchPlacement : public Placement
{
public:
    /// A search seeded with seed; backend is "cpu", "cuda" or "auto" (anything else is auto;
    /// cuda without a usable device runs on the CPU and says so in lastStatus()); threads 0
    /// uses every core.
    explicit SearchPlacement(std::uint64_t seed = 0,
                             const QString& backend = QStringLiteral("auto"), int threads = 0);

    QString name() const override { return QStringLiteral("search"); }
    std::optional<Mapping> place(const Job& job, const GpuPool& pool) override;
    /// True: the mapping depends on the seed, the job's kind, parallelism and graph and the
    /// pool alone (lastBackend() and lastStatus() describe the last call made).
    bool pure() const override { return true; }

    /// Sets proposals per chain; 0 (default) picks defaultSteps(workers).
    void setSteps(int steps) { m_steps = steps; }
    /// Proposals per chain for a job of the given size: clamp(200 x workers, 2000, 20000). O(1).
    static int defaultSteps(int workers);
    /// Back end the last place() searched on ("cpu", "cuda"), or "none" when no search ran
    /// (the start was provably optimal or the job does not fit).
    QString lastBackend() const { return m_lastBackend; }
    /// Note of the last search (for example why CUDA was not used); empty when none.
    QString lastStatus() const { return m_lastStatus; }

private:
    std::uint64_t m_seed;
    QString m_backend;
    int m_threads;
    int m_chains = 256;
    int m_steps = 0;
    QString m_lastBackend = QStringLiteral("none");
    QString m_lastStatus;
};

} // namespace gantry
