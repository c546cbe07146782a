#pragma once

#include "policies/preemptivepolicy.h"

#include <algorithm>

namespace gantry::sim {

/// `srtf`: smallest predicted remaining time (predicted processing time minus time already
/// run, floored at 0) first, preemptive.
class SrtfPolicy : public KeyedPreemptivePolicy<SrtfPolicy>
{
public:
    QString name() const override { return QStringLiteral("srtf"); }

protected:
    friend class KeyedPreemptivePolicy<SrtfPolicy>;
    PriorityKey key(const SimState& s, int j) const override
    {
        const JobState& st = s.state(j);
        const double left =
            double(std::max<SimTime>(0, st.predictedProcessing - st.ranTime(s.now())));
        return {left, 0.0, st.arrival, j};
    }
};

} // namespace gantry::sim
