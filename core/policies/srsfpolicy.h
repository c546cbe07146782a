#pragma once

#include "policies/preemptivepolicy.h"

#include <algorithm>

namespace gantry::sim {

/// `srsf`: smallest predicted remaining GPU-time (GPUs x predicted remaining time) first,
/// preemptive.
class SrsfPolicy : public KeyedPreemptivePolicy<SrsfPolicy>
{
public:
    QString name() const override { return QStringLiteral("srsf"); }

protected:
    friend class KeyedPreemptivePolicy<SrsfPolicy>;
    PriorityKey key(const SimState& s, int j) const override
    {
        const JobState& st = s.state(j);
        const double left =
            double(std::max<SimTime>(0, st.predictedProcessing - st.ranTime(s.now())));
        return {double(st.gpus) * left, 0.0, st.arrival, j};
    }
};

} // namespace gantry::sim
