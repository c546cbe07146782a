#include "sim/metrics.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gantry {

double Metrics::percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0.0;
    // Only the lo-th and (lo + 1)-th smallest values matter: select them in O(n) instead of
    // sorting (the same two values a full sort would put there).
    const double pos = std::clamp(p, 0.0, 1.0) * double(values.size() - 1);
    const std::size_t lo = std::size_t(std::floor(pos));
    const auto loIt = values.begin() + std::ptrdiff_t(lo);
    std::nth_element(values.begin(), loIt, values.end());
    const double low = *loIt;
    const double high = lo + 1 < values.size() ? *std::min_element(loIt + 1, values.end()) : low;
    return low + (pos - double(lo)) * (high - low);
}

RunSummary Metrics::summarize(const std::vector<JobRecord>& jobs, int totalGpus)
{
    RunSummary s;
    s.jobs = int(jobs.size());
    if (jobs.empty())
        return s;
    std::vector<double> jct, delays;
    jct.reserve(jobs.size());
    delays.reserve(jobs.size());
    double firstArrival = std::numeric_limits<double>::infinity();
    double lastFinish = -std::numeric_limits<double>::infinity();
    double gpuSeconds = 0.0, queue = 0.0;
    for (const JobRecord& r : jobs) {
        jct.push_back(r.jctS);
        s.totalJctS += r.jctS;
        s.sumCompletionS += r.finishS;
        queue += r.queueDelayS;
        delays.push_back(r.queueDelayS);
        gpuSeconds += r.gpuSeconds;
        s.crossServerBytes += r.crossServerBytes;
        s.preemptions += r.preemptions;
        firstArrival = std::min(firstArrival, r.arrivalS);
        lastFinish = std::max(lastFinish, r.finishS);
    }
    const double n = double(jobs.size());
    s.avgJctS = s.totalJctS / n;
    s.avgQueueDelayS = queue / n;
    s.p99QueueDelayS = percentile(std::move(delays), 0.99);
    s.p50JctS = percentile(jct, 0.5);
    s.p99JctS = percentile(std::move(jct), 0.99);
    s.makespanS = lastFinish - firstArrival;
    s.gpuUtilization = s.makespanS > 0.0 ? gpuSeconds / (double(totalGpus) * s.makespanS) : 0.0;

    double meanTrue = 0.0;
    for (const JobRecord& r : jobs)
        meanTrue += r.iterations;
    meanTrue /= n;
    double absErr = 0.0, relErr = 0.0, sse = 0.0, sst = 0.0;
    int relCount = 0;
    for (const JobRecord& r : jobs) {
        const double e = r.predictedIterations - r.iterations;
        absErr += std::abs(e);
        sse += e * e;
        sst += (r.iterations - meanTrue) * (r.iterations - meanTrue);
        if (r.iterations > 0.0) {
            relErr += std::abs(e) / r.iterations;
            ++relCount;
        }
    }
    s.predictionMae = absErr / n;
    s.predictionMape = relCount ? relErr / double(relCount) : 0.0;
    s.predictionR2 = sst > 0.0 ? 1.0 - sse / sst : 0.0;
    return s;
}

} // namespace gantry
