#pragma once

#include "mapping/gpupool.h"
#include "mapping/mapping.h"
#include "model/job.h"

#include <QString>

#include <optional>

namespace gantry {

/// How a chosen job's workers land on free GPUs (docs/architecture.md, "Policies, placements
/// and predictors"). Placements are deterministic given their construction seed and the
/// sequence of calls.
class Placement
{
public:
    virtual ~Placement() = default;
    /// Registry name.
    virtual QString name() const = 0;
    /// A mapping of every worker of job onto distinct free GPUs of pool, or nullopt when the
    /// job does not fit now. Never changes pool.
    virtual std::optional<Mapping> place(const Job& job, const GpuPool& pool) = 0;
    /// Quick test whether place() can succeed: enough free GPUs with the job's memory.
    virtual bool mayFit(const Job& job, const GpuPool& pool) const
    {
        return pool.freeWithMemory(job.memoryPerGpuGb()) >= job.gpuCount();
    }
    /// True when place() is a function of the job's kind, parallelism and graph and of the pool
    /// alone and keeps no state between calls, so that a caller may reuse a result for a job
    /// of the same shape instead of calling again. False unless a placement says so.
    virtual bool pure() const { return false; }
};

} // namespace gantry
