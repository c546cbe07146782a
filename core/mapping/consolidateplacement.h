#pragma once

#include "mapping/placement.h"

namespace gantry {

/// `consolidate`: fewest servers, best fit, workers in id order (the server choice of
/// docs/asrpt.md, "GPU mapping", without graph partitioning). O(S log S) per call.
class ConsolidatePlacement : public Placement
{
public:
    QString name() const override { return QStringLiteral("consolidate"); }
    std::optional<Mapping> place(const Job& job, const GpuPool& pool) override;
    /// True: no state, and only the job's GPU count and memory (its graph) are read.
    bool pure() const override { return true; }
};

} // namespace gantry
