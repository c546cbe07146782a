#pragma once

#include "policies/preemptivepolicy.h"

#include <vector>

namespace gantry::sim {

/// `tiresias`: discretised two-dimensional least-attained-service. A job's queue is the number
/// of thresholds its attained service (GPUs x seconds run) has reached; lower queues first,
/// arrival order inside a queue; preemptive; needs no size knowledge. A job crossing a
/// threshold is a decision point.
class TiresiasPolicy : public PreemptivePolicy
{
public:
    /// Thresholds in GPU-seconds, ascending (default one threshold, 3200: two queues).
    explicit TiresiasPolicy(std::vector<double> thresholdsGpuS = {3200.0})
        : m_thresholds(std::move(thresholdsGpuS))
    {
    }
    QString name() const override { return QStringLiteral("tiresias"); }
    SimTime nextWakeup(const SimState& state) const override;

protected:
    PriorityKey key(const SimState& s, int j) const override;

private:
    int queueOf(double attainedGpuS) const;
    std::vector<double> m_thresholds;
};

} // namespace gantry::sim
