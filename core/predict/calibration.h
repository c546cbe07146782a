#pragma once

#include "model/job.h"
#include "predict/predictor.h"

#include <vector>

namespace gantry::predict {

/// How well a predictor's distributions know what they do not know, on held-out history
/// (docs/asrpt.md, "Iteration prediction"): the jobs, in arrival order, are split in two; the
/// predictor sees the first part (each job predicted at its arrival, then observed as
/// finished), then gives its distribution for each job of the second part without learning
/// more. A calibrated predictor's central 50 % interval holds the true iterations of about half
/// of the held-out jobs, its 90 % interval of about nine in ten.
struct Calibration
{
    int history = 0;                ///< jobs seen
    int heldOut = 0;                ///< jobs judged
    double coverage50 = 0.0;        ///< share of held-out jobs inside the 25 %-75 % interval
    double coverage90 = 0.0;        ///< share inside the 5 %-95 % interval
    double width90 = 0.0;           ///< median over held-out jobs of the 95 % over the 5 % quantile
    double medianAbsLogError = 0.0; ///< median |ln(median / true)|: how sharp, not how honest

    /// Measures predictor on jobs (any order: they are sorted by arrival, ties by position);
    /// historyShare of them (at least one) are history. Jobs without positive true iterations
    /// are skipped. O(jobs x the predictor's cost).
    static Calibration measure(const std::vector<Job>& jobs, Predictor& predictor,
                               double historyShare = 0.5);
};

} // namespace gantry::predict
