#pragma once

#include "mapping/placement.h"

#include <vector>

namespace gantry {

/// `graph`: the A-SRPT mapping MAP(H, f) of docs/asrpt.md, "GPU mapping". A job that fits one
/// server goes to the best-fitting one; otherwise it spans the fewest servers (fullest first,
/// best fit for the remainder), workers are split by greedy growth (or, for (dp, pp, tp) model
/// jobs, by cutting the better of two TP-innermost linear orders) and refined by Kernighan-Lin
/// swaps. Extended to heterogeneous GPUs and memory: servers whose GPUs are too small for a worker
/// are not used, and among candidate server sets of equal traffic the faster GPUs win
/// (lexicographic objective: cross-server bytes, iteration time, number of servers, best fit).
/// Cost: O(S log S) for one server; O(S log S + |V| |E| + swaps x |V|^2) when spanning.
class GraphPlacement : public Placement
{
public:
    QString name() const override { return QStringLiteral("graph"); }
    std::optional<Mapping> place(const Job& job, const GpuPool& pool) override;
    /// True: no state, and only the job's kind, parallelism and graph are read.
    bool pure() const override { return true; }

    /// Server of each worker for a partition of job over the given quotas (server, GPUs), as
    /// GREEDY_GROW then KL_REFINE compute it; exposed for tests and for the search's start.
    static std::vector<int> partition(const Job& job,
                                      const std::vector<std::pair<int, int>>& quotas);
    /// KL_REFINE (docs/asrpt.md, "GPU mapping") on an assignment of workers to servers (in
    /// place). Returns swaps made.
    static int refine(const Job& job, std::vector<int>& serverOf);
    /// Linear worker orders with TP innermost that the (dp, pp, tp) fast path cuts into server
    /// chunks besides the id order (a, p, t): for model jobs the order (p, a, t); else none.
    static std::vector<std::vector<int>> structuredOrders(const Job& job);
};

} // namespace gantry
