#pragma once

#include "predict/distinctrows.h"
#include "predict/randomforest.h"

#include <vector>

namespace gantry::predict {

/// Gantry's own training of RandomForest::TreeMethod::Native forests: histogram splits on at
/// most maxBin quantile bins per feature (every distinct value while there are at most maxBin),
/// rows drawn per tree with probability `subsample` (a Bernoulli draw per row, Rng seeded with
/// the forest's seed), depth-wise growth to maxDepth, squared error, leaves of at least
/// minChildWeight rows holding the mean target of their rows, a missing value sent to the side
/// that fits best. Rows with the same bins are trained as one weighted row, and the cuts and
/// bins are found once per distinct feature row, so that a set of few distinct feature vectors
/// (a trace's recurring jobs) trains in time proportional to the distinct vectors, not the rows
/// (the rows' draws and sums excepted). Without column sampling the trees grow on params.threads
/// threads (0: one per core; one below 200 rows), each tree's rows drawn first in the order of
/// one thread: the same forest, bit for bit, on any thread count. Not xgboost's numbers.
class ForestTrainer
{
public:
    /// Trees of params.trees nodes each in RandomForest's layout for rows x cols row-major x
    /// (NaN = missing) and targets y; leaves hold (leaf mean - base) with base the float mean of
    /// y, as RandomForest sums them. Empty on bad input. O(rows x cols + trees x (rows +
    /// distinct rows x used cols x depth)).
    /// kept, when given, holds the distinct rows of an earlier training on the first rows of the
    /// same x (rows only appended since): only the new rows are hashed, and it is kept for the
    /// next. The forest is the same with or without it.
    static std::vector<std::vector<RandomForest::Node>>
    train(const std::vector<float>& x, int rows, int cols, const std::vector<float>& y,
          const RandomForest::Params& params, float base, DistinctRows* kept = nullptr);
};

} // namespace gantry::predict
