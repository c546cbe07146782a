#pragma once

#include "io/scenarioproblem.h"
#include "model/scenario.h"

#include <optional>
#include <vector>

namespace gantry {

/// The rules between the items of a scenario (names, references, sizes, memory and model
/// limits), on a scenario in memory. ScenarioReader applies the same rules, one by one, where it
/// reads each item, so a problem found here has the path and message a scenario file with the
/// same content gets from the reader. Values one field alone makes wrong (a negative duration,
/// an empty name) are the reader's and the window's field checks: check() assumes them in range
/// and only never crashes when they are not.
class ScenarioCheck
{
public:
    /// One rule's verdict on one item: the key inside the item (empty: the item) and the message.
    struct Finding
    {
        QString key;     ///< e.g. "gpus", "parallelism.tp", "" for the whole item
        QString message; ///< e.g. "needs 16 GPUs but the cluster has 8"
    };

    /// Longest compute of one worker per iteration, seconds (keeps simulated times in range).
    static constexpr double kMaxComputeS = 1e4;
    /// Most GPUs a cluster may hold.
    static constexpr long long kMaxClusterGpus = 10'000'000;

    /// Every problem of s between its items, in the order ScenarioReader meets them in a file
    /// (a duplicate is reported on each item after the first of its name); empty when the
    /// engine accepts s. Servers are indexed as in memory (replicas apart). O(jobs + servers +
    /// GPU types + models), plus the memory of each model job's graph.
    static std::vector<ScenarioProblem> check(const Scenario& s);

    /// "duplicate rack \"r0\"" and the like, for an item of kind item named name.
    static QString duplicate(ScenarioProblem::Item item, const QString& name);
    /// The message for a cluster list (racks or servers) that is empty.
    static QString emptyList(ScenarioProblem::Item item);
    /// The message for a model job whose model is neither the scenario's nor the zoo's.
    static QString unknownModel(const QString& name);
    /// The model of that name: the first of models that has it, else the zoo's; nothing when
    /// neither has it.
    static std::optional<ModelSpec> findModel(const std::vector<ModelSpec>& models,
                                              const QString& name);
    /// A cluster whose GPUs, counted up to some server, exceed kMaxClusterGpus (key "count").
    static std::optional<Finding> gpuTotal(long long total);
    /// A parallel layout par that model cannot take (key "parallelism.dp" and the like).
    static std::optional<Finding> modelLayout(const ModelSpec& model, const Parallelism& par);
    /// A layout needing more GPUs than totalGpus (key "parallelism").
    static std::optional<Finding> modelSize(const Parallelism& par, long long totalGpus);
    /// A model job whose one iteration computes longer than kMaxComputeS even on the fastest
    /// GPU of c (key ""); job.graph must be built.
    static std::optional<Finding> modelCompute(const Cluster& c, const Job& job);
    /// A job needing more GPUs than c holds, or more memory per GPU than enough of them have
    /// (key "gpus", "graph.workers" or "" for a model job).
    static std::optional<Finding> jobFits(const Cluster& c, const Job& job);
};

} // namespace gantry
