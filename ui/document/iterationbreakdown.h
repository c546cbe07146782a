#pragma once

#include "mapping/modeliteration.h"
#include "model/cluster.h"
#include "model/job.h"

#include <QString>

#include <optional>
#include <vector>

namespace gantry::ui {

/// What one iteration of a model job costs on each GPU type of a cluster, part by part
/// (ModelIteration::onType: the job alone on GPUs of that type, laid out on servers like the
/// type's largest server of the cluster), and the job's memory per GPU by part against each
/// type's memory. The property panel draws it; the report lists it.
class IterationBreakdown
{
public:
    /// Number of parts of an iteration (part()).
    static constexpr int kParts = 8;
    /// Number of parts of the memory per GPU (memoryPart()).
    static constexpr int kMemoryParts = 4;

    /// The job on GPUs of one type.
    struct OnType
    {
        int gpuType = -1;         ///< index into the cluster's gpuTypes
        QString name;             ///< the type's name
        double memoryGb = 0.0;    ///< memory of one GPU of the type
        long long gpus = 0;       ///< GPUs of the type in the cluster
        int gpusPerServer = 0;    ///< GPUs of the representative server
        double intraGBps = 0.0;   ///< its intra-server bandwidth
        double nicGbps = 0.0;     ///< its NIC bandwidth
        ModelIterationParts time; ///< the iteration on these GPUs
        bool fits = true;         ///< the job's memory per GPU fits one of these GPUs
    };

    /// The breakdown of job on cluster; nothing when job is not a model job with a graph (its
    /// model and parallelism do not suit each other or the cluster) or the cluster has no
    /// usable server. O(types x (servers + W log W)), W the job's workers.
    static std::optional<IterationBreakdown> of(const Cluster& cluster, const Job& job);

    /// The cost the figures came from.
    const ModelCost& cost() const { return m_cost; }
    /// One entry per GPU type of the cluster that has servers, in the cluster's order.
    const std::vector<OnType>& types() const { return m_types; }
    /// Memory per GPU in GB (the sum of the parts).
    double memoryGb() const { return m_cost.memoryGb(); }
    /// The slowest iteration over the types (0 without types).
    double slowestS() const;

    /// Part i of an iteration's seconds: compute, recompute, bubble, data, tensor, pipeline,
    /// context, expert (i in [0, kParts)).
    static double part(const ModelIterationParts& t, int i);
    /// Name of part i ("compute", "bubble"...), as the panel's legend and the report show it.
    static QString partName(int i);
    /// What part i is, one sentence (tool tips, notes).
    static QString partDescription(int i);
    /// Part i of the memory per GPU in GB: weights, gradients, optimizer, activations.
    static double memoryPart(const ModelCost& c, int i);
    /// Name of memory part i.
    static QString memoryPartName(int i);
    /// A figure as the panel and the report print it: three significant digits in plain
    /// notation, four decimals at most ("0.0004", "0.0123", "1.23", "123", "1,234"; "<0.0001"
    /// for a tiny positive one).
    static QString number(double v);
    /// Seconds as the panel prints them: number() and the unit ("0.0123 s", "1,234 s").
    static QString seconds(double s);

private:
    ModelCost m_cost;
    std::vector<OnType> m_types;
};

} // namespace gantry::ui
