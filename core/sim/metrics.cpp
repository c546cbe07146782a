#include "sim/metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gantry {

double Metrics::percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const double pos = std::clamp(p, 0.0, 1.0) * double(values.size() - 1);
    const std::size_t lo = std::size_t(std::floor(pos));
    const std::size_t hi = std::min(values.size() - 1, lo + 1);
    return values[lo] + (pos - double(lo)) * (values[hi] - values[lo]);
}

RunSummary Metrics::summarize(const std::vector<JobRecord>& jobs, int totalGpus)
{
    RunSummary s;
    s.jobs = int(jobs.size());
    if (jobs.empty())
        return s;
    std::vector<double> jct;
    jct.reserve(jobs.size());
    double firstArrival = std::numeric_limits<double>::infinity();
    double lastFinish = -std::numeric_limits<double>::infinity();
    double gpuSeconds = 0.0, queue = 0.0;
    for (const JobRecord& r : jobs) {
        jct.push_back(r.jctS);
        s.totalJctS += r.jctS;
        s.sumCompletionS += r.finishS;
        queue += r.queueDelayS;
        gpuSeconds += r.gpuSeconds;
        s.crossServerBytes += r.crossServerBytes;
        s.preemptions += r.preemptions;
        firstArrival = std::min(firstArrival, r.arrivalS);
        lastFinish = std::max(lastFinish, r.finishS);
    }
    const double n = double(jobs.size());
    s.avgJctS = s.totalJctS / n;
    s.avgQueueDelayS = queue / n;
    s.p50JctS = percentile(jct, 0.5);
    s.p99JctS = percentile(std::move(jct), 0.99);
    s.makespanS = lastFinish - firstArrival;
    s.gpuUtilization = s.makespanS > 0.0 ? gpuSeconds / (double(totalGpus) * s.makespanS) : 0.0;
    return s;
}

} // namespace gantry
