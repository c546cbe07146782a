#include "predict/calibration.h"

#include <algorithm>
#include <cmath>

namespace gantry::predict {

namespace {

double median(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t mid = v.size() / 2;
    return v.size() % 2 ? v[mid] : 0.5 * (v[mid - 1] + v[mid]);
}

} // namespace

Calibration Calibration::measure(const std::vector<Job>& jobs, Predictor& predictor,
                                 double historyShare)
{
    std::vector<int> order;
    for (int i = 0; i < int(jobs.size()); ++i)
        if (jobs[std::size_t(i)].trueIterations() > 0.0)
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return jobs[std::size_t(a)].arrivalS < jobs[std::size_t(b)].arrivalS;
    });
    Calibration c;
    if (order.size() < 2)
        return c;
    c.history =
        std::clamp(int(std::lround(historyShare * double(order.size()))), 1, int(order.size()) - 1);
    c.heldOut = int(order.size()) - c.history;
    for (int k = 0; k < c.history; ++k) {
        const int i = order[std::size_t(k)];
        const Job& job = jobs[std::size_t(i)];
        predictor.predict(job, i);
        predictor.observe(job, job.trueIterations());
    }
    int in50 = 0, in90 = 0;
    std::vector<double> widths, errors;
    for (std::size_t k = std::size_t(c.history); k < order.size(); ++k) {
        const int i = order[k];
        const Job& job = jobs[std::size_t(i)];
        const double truth = job.trueIterations();
        const IterationDistribution d = predictor.distribution(job, i);
        in50 += d.quantile(0.25) <= truth && truth <= d.quantile(0.75);
        in90 += d.quantile(0.05) <= truth && truth <= d.quantile(0.95);
        widths.push_back(d.quantile(0.95) / std::max(d.quantile(0.05), 1e-12));
        errors.push_back(std::abs(std::log(std::max(d.quantile(0.5), 1e-12) / truth)));
    }
    c.coverage50 = double(in50) / double(c.heldOut);
    c.coverage90 = double(in90) / double(c.heldOut);
    c.width90 = median(std::move(widths));
    c.medianAbsLogError = median(std::move(errors));
    return c;
}

} // namespace gantry::predict
