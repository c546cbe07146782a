#pragma once

#include "sim/jobstate.h"
#include "sim/simtime.h"

#include <algorithm>

namespace gantry::sim {

/// How far off the predictions have been so far, as A-SRPT's guided variants scale the sizes
/// they put on the virtual machine (docs/policies.md, "asrpt-guided" and "asrpt-gittins"):
/// c = (run time of the jobs finished so far) / (their predicted processing time), clamped to
/// [1/64, 64], 1 before the first finish. O(1).
class SizeCalibration
{
public:
    /// A job finished: its run time and predicted processing time join the sums.
    void finished(const JobState& st)
    {
        m_ranS += (long double)toSeconds(st.ranBefore);
        m_predictedS += (long double)toSeconds(st.predictedProcessing);
    }
    /// The factor c for jobs arriving now.
    double factor() const
    {
        if (m_predictedS <= 0.0L)
            return 1.0;
        return std::clamp(double(m_ranS / m_predictedS), 1.0 / 64.0, 64.0);
    }

private:
    long double m_ranS = 0.0;       // run time of finished jobs
    long double m_predictedS = 0.0; // their predicted processing time
};

} // namespace gantry::sim
