#pragma once

#include "mapping/placement.h"
#include "util/rng.h"

namespace gantry {

/// `random`: seeded uniformly random free GPUs (with enough memory). O(G) per call.
class RandomPlacement : public Placement
{
public:
    /// A placement whose draws are determined by seed.
    explicit RandomPlacement(std::uint64_t seed) : m_rng(seed) {}
    QString name() const override { return QStringLiteral("random"); }
    std::optional<Mapping> place(const Job& job, const GpuPool& pool) override;

private:
    Rng m_rng;
};

} // namespace gantry
