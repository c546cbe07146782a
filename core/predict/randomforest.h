#pragma once

#include "util/result.h"

#include <cstdint>
#include <vector>

namespace gantry::predict {

struct DistinctRows;

/// A random forest regressor (docs/asrpt.md, "Iteration prediction") on a dense float matrix,
/// backed by xgboost in random-forest mode: one boosting round of `trees` parallel trees, no
/// shrinkage, no L1/L2 regularisation of leaf values, base score = mean target, squared error. Each
/// tree's leaf value is then the mean target of the rows of its subsample in that leaf, and the
/// forest prediction is the mean over the trees. xgboost stays inside randomforest.cpp.
/// Deterministic: the same data, parameters and seed give bit-identical predictions.
class RandomForest
{
public:
    /// How split candidates are chosen.
    enum class TreeMethod
    {
        Hist,   ///< xgboost `hist`: quantile bins (every distinct value while there are at most
                ///< maxBin), fast; the default
        Exact,  ///< xgboost `exact`: every midpoint of consecutive distinct sorted values (CART);
                ///< slow on large sets
        Native, ///< Gantry's own histogram training (ForestTrainer), not xgboost: the same
                ///< kind of forest, other numbers; fast on sets of few distinct rows
    };

    /// Hyper-parameters; the defaults are the `rf` predictor's. They follow scikit-learn's
    /// RandomForestRegressor defaults (docs/asrpt.md, "Iteration prediction") except: 20 trees, not
    /// 100, and max depth 10, not None (hist needs a depth; the online `rf` retrains often, and 20
    /// trees lose 0.002 of test R^2 on the forest benchmark against 100); at least 3 rows per leaf,
    /// not 1 (on the Philly trace R^2 -0.18 and MAE 21154 against -0.21 and 22411 with 100 trees of
    /// 1 row a leaf); 64 hist bins; subsampling 63.2 % without replacement instead of a bootstrap;
    /// one training thread (OpenMP threads spin while they wait, which on a busy machine costs many
    /// times their gain: 100 trees on 20k x 10 rows took 16.5 s on two threads against 2.7 s on one
    /// while other builds ran).
    struct Params
    {
        int trees = 20;               ///< n_estimators (num_parallel_tree)
        int maxDepth = 10;            ///< max depth; 0 means none (exact only)
        double subsample = 0.632;     ///< rows each tree sees, drawn without
                                      ///< replacement (1.0 = bootstrap off)
        double colsampleByNode = 1.0; ///< features tried per split (1.0 = all)
        double minChildWeight = 3.0;  ///< rows per leaf at least (min_samples_leaf)
        int maxBin = 64;              ///< hist: most split candidates per feature
        int threads = 1; ///< training threads, 0: one per core (results do not depend on them)
        TreeMethod method = TreeMethod::Hist; ///< split candidates
        std::uint64_t seed = 0;               ///< row subsampling seed
    };

    /// An untrained forest.
    RandomForest();
    /// Frees the xgboost booster.
    ~RandomForest();
    /// Takes other's model; other becomes untrained.
    RandomForest(RandomForest&& other) noexcept;
    /// Takes other's model; other becomes untrained.
    RandomForest& operator=(RandomForest&& other) noexcept;
    RandomForest(const RandomForest&) = delete;
    RandomForest& operator=(const RandomForest&) = delete;

    /// Trains from scratch on rows x cols row-major features x (NaN = missing) and targets y;
    /// replaces any previous model. O(trees x rows x cols x depth) for hist. distinct, when
    /// given, is the distinct rows kept from an earlier training on the first rows of the same x
    /// (ForestTrainer::train; Native only, ignored by xgboost's methods).
    Status train(const std::vector<float>& x, int rows, int cols, const std::vector<float>& y,
                 const Params& params, DistinctRows* distinct = nullptr);
    /// True after a successful train().
    bool trained() const { return m_booster != nullptr || !m_native.empty(); }
    /// Number of feature columns the forest was trained on.
    int columns() const { return m_cols; }
    /// Prediction for one row of columns() values; 0 when untrained. O(trees x depth).
    double predict(const float* row) const;
    /// Predictions for rows row-major rows of columns() values; O(rows x trees x depth).
    std::vector<double> predict(const std::vector<float>& x, int rows) const;
    /// The same predictions computed by xgboost itself (predict() walks the trees it read
    /// back from the model, bit for bit the same); for tests; zeros for a Native forest.
    /// O(rows x trees x depth).
    std::vector<double> predictByXgboost(const std::vector<float>& x, int rows) const;
    /// True when predict() walks the trees itself (they were read back from the model).
    bool walksTrees() const { return !m_native.empty(); }

    /// One tree node as xgboost stores it: an inner node sends a row left when its feature is
    /// below cond (a missing feature goes to the default side); a leaf (left < 0) holds cond as
    /// its value.
    struct Node
    {
        std::int32_t left = -1;   ///< left child, -1 for a leaf
        std::int32_t right = -1;  ///< right child
        std::int32_t feature = 0; ///< feature tested
        float cond = 0.0f;        ///< threshold (inner node) or value (leaf)
        bool defaultLeft = false; ///< a missing feature goes left
    };

private:
    void release();
    bool loadTrees();
    double predictNative(const float* row) const;
    std::vector<double> predictRows(const float* x, int rows) const;
    std::vector<double> predictXgboost(const float* x, int rows) const;

    void* m_booster = nullptr; // BoosterHandle
    int m_cols = 0;
    int m_trees = 1;
    float m_base = 0.0f; // base_score as xgboost stores it
    // The trained trees, read back from the model: predict() walks them itself, the same sum
    // in the same float order as xgboost, without a DMatrix per call. Empty when they could
    // not be read (xgboost then predicts).
    std::vector<std::vector<Node>> m_native;
};

} // namespace gantry::predict
