#pragma once

#include "predict/randomforest.h"

#include <cstdint>

namespace gantry::predict {

/// The random-forest training benchmark of `gantry-cli bench`: synthetic Friedman #1 rows
/// (y = 10 sin(pi x0 x1) + 20 (x2 - 0.5)^2 + 10 x3 + 5 x4 + N(0, 1), x uniform in [0, 1), the
/// other features noise), seeded, trained with the `rf` predictor's hyper-parameters.
class ForestBenchmark
{
public:
    /// What one benchmark run measured.
    struct Result
    {
        int rows = 0;          ///< training rows
        int features = 0;      ///< feature columns
        double trainS = 0.0;   ///< wall-clock seconds of RandomForest::train
        double predictS = 0.0; ///< wall-clock seconds predicting the held-out rows
        double testR2 = 0.0;   ///< R^2 on rows / 4 held-out rows
        bool ok = false;       ///< false if training failed
    };
    /// Trains on rows x features (features >= 5) synthetic rows drawn from seed, with the given
    /// training (xgboost's hist for `rf`, Native for `rf-fast`) on `threads` threads (0: every
    /// core, as `rf-fast` trains). O(train).
    static Result run(int rows = 20000, int features = 10, std::uint64_t seed = 0,
                      RandomForest::TreeMethod method = RandomForest::TreeMethod::Hist,
                      int threads = 1);
};

} // namespace gantry::predict
