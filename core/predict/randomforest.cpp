#include "predict/randomforest.h"

#include "predict/foresttrainer.h"
#include "predict/ubjson.h"
#include "util/parallelfor.h"

#include <xgboost/c_api.h>

#include <QByteArray>
#include <QString>

#include <cmath>
#include <numeric>
#include <utility>

namespace gantry::predict {

namespace {

QString lastError(const char* what)
{
    return QStringLiteral("random forest: %1 failed: %2")
        .arg(QLatin1String(what), QString::fromUtf8(XGBGetLastError()));
}

/// Owns a DMatrixHandle for the scope of one call.
class Matrix
{
public:
    Matrix(const float* x, int rows, int cols, int threads)
    {
        if (XGDMatrixCreateFromMat_omp(x, bst_ulong(rows), bst_ulong(cols), std::nanf(""),
                                       &m_handle, threads) != 0)
            m_handle = nullptr;
    }
    ~Matrix()
    {
        if (m_handle)
            XGDMatrixFree(m_handle);
    }
    Matrix(const Matrix&) = delete;
    Matrix& operator=(const Matrix&) = delete;
    DMatrixHandle handle() const { return m_handle; }

private:
    DMatrixHandle m_handle = nullptr;
};

} // namespace

RandomForest::RandomForest() = default;

RandomForest::~RandomForest()
{
    release();
}

RandomForest::RandomForest(RandomForest&& other) noexcept
    : m_booster(std::exchange(other.m_booster, nullptr)), m_cols(std::exchange(other.m_cols, 0)),
      m_trees(other.m_trees), m_base(other.m_base), m_native(std::move(other.m_native))
{}

RandomForest& RandomForest::operator=(RandomForest&& other) noexcept
{
    if (this != &other) {
        release();
        m_booster = std::exchange(other.m_booster, nullptr);
        m_cols = std::exchange(other.m_cols, 0);
        m_trees = other.m_trees;
        m_base = other.m_base;
        m_native = std::move(other.m_native);
    }
    return *this;
}

void RandomForest::release()
{
    if (m_booster)
        XGBoosterFree(m_booster);
    m_booster = nullptr;
    m_cols = 0;
    m_native.clear();
}

bool RandomForest::loadTrees()
{
    m_native.clear();
    // The binary (UBJSON) form: the tree arrays come as typed arrays of 32-bit ints and floats,
    // read without formatting or parsing decimal text.
    bst_ulong length = 0;
    const char* buffer = nullptr;
    if (XGBoosterSaveModelToBuffer(m_booster, R"({"format": "ubj"})", &length, &buffer) != 0)
        return false;
    const Ubjson doc = Ubjson::parse(buffer, std::size_t(length));
    const Ubjson& trees =
        doc.member("learner").member("gradient_booster").member("model").member("trees");
    if (trees.kind() != Ubjson::Kind::Array || trees.size() != m_trees)
        return false;
    std::vector<std::vector<Node>> native;
    for (std::int64_t t = 0; t < trees.size(); ++t) {
        const Ubjson& tree = trees.item(t);
        const Ubjson& left = tree.member("left_children");
        const Ubjson& right = tree.member("right_children");
        const Ubjson& feature = tree.member("split_indices");
        const Ubjson& cond = tree.member("split_conditions");
        const Ubjson& defaultLeft = tree.member("default_left");
        const Ubjson& type = tree.member("split_type");
        const std::int64_t n = left.size();
        if (n == 0 || right.size() != n || feature.size() != n || cond.size() != n ||
            defaultLeft.size() != n)
            return false;
        std::vector<Node> nodes(static_cast<std::size_t>(n));
        for (std::int64_t i = 0; i < n; ++i) {
            Node& node = nodes[std::size_t(i)];
            const double l = left.number(i), r = right.number(i), f = feature.number(i);
            if (!std::isfinite(l) || !std::isfinite(r) || !std::isfinite(f))
                return false;
            node.left = std::int32_t(l);
            node.right = std::int32_t(r);
            node.feature = std::int32_t(f);
            node.cond = float(cond.number(i)); // stored as a 32-bit float: exact
            node.defaultLeft = defaultLeft.number(i) != 0.0;
            if (type.size() == n && type.number(i) != 0.0)
                return false; // categorical splits are never trained here
            const bool leaf = node.left < 0;
            if (!leaf && (node.left >= n || node.right < 0 || node.right >= n || node.feature < 0 ||
                          node.feature >= m_cols))
                return false;
        }
        native.push_back(std::move(nodes));
    }
    m_native = std::move(native);
    return true;
}

double RandomForest::predictNative(const float* row) const
{
    // xgboost's sum: the base score, then each tree's leaf in tree order, in float.
    float margin = m_base;
    for (const std::vector<Node>& tree : m_native) {
        std::int32_t i = 0;
        while (tree[std::size_t(i)].left >= 0) {
            const Node& node = tree[std::size_t(i)];
            const float v = row[node.feature];
            i = std::isnan(v) ? (node.defaultLeft ? node.left : node.right)
                              : (v < node.cond ? node.left : node.right);
        }
        margin += tree[std::size_t(i)].cond;
    }
    return double(m_base) + (double(margin) - double(m_base)) / m_trees;
}

Status RandomForest::train(const std::vector<float>& x, int rows, int cols,
                           const std::vector<float>& y, const Params& p, DistinctRows* distinct)
{
    release();
    if (rows <= 0 || cols <= 0 || x.size() != std::size_t(rows) * std::size_t(cols) ||
        y.size() != std::size_t(rows))
        return Error::internal(QStringLiteral("random forest: bad training matrix shape"));
    if (p.trees < 1 || !(p.subsample > 0.0 && p.subsample <= 1.0) ||
        !(p.colsampleByNode > 0.0 && p.colsampleByNode <= 1.0) || p.maxDepth < 0 ||
        (p.maxDepth == 0 && p.method != TreeMethod::Exact))
        return Error::invalid(QStringLiteral("random forest: bad hyper-parameters"));
    const double mean = std::accumulate(y.begin(), y.end(), 0.0) / double(rows);
    const float base = float(mean);
    if (p.method == TreeMethod::Native) {
        m_native = ForestTrainer::train(x, rows, cols, y, p, base, distinct);
        if (m_native.empty())
            return Error::internal(QStringLiteral("random forest: training failed"));
        m_cols = cols;
        m_trees = p.trees;
        m_base = base;
        return {};
    }
    const int threads = resolvedThreads(p.threads);
    Matrix m(x.data(), rows, cols, threads);
    if (!m.handle())
        return Error::internal(lastError("XGDMatrixCreateFromMat"));
    if (XGDMatrixSetFloatInfo(m.handle(), "label", y.data(), bst_ulong(rows)) != 0)
        return Error::internal(lastError("XGDMatrixSetFloatInfo"));

    BoosterHandle booster = nullptr;
    DMatrixHandle cache[] = {m.handle()};
    if (XGBoosterCreate(cache, 1, &booster) != 0)
        return Error::internal(lastError("XGBoosterCreate"));
    // A forest, not boosting: one round of `trees` parallel trees fitted to the residuals of
    // the mean target, each leaf value -G/H = the mean residual of its rows (lambda 0, alpha 0,
    // gamma 0), so that a tree predicts the mean target of its leaf. xgboost divides the
    // learning rate by num_parallel_tree; it is set to `trees` so that every stored leaf is the
    // unscaled mean residual (exact for E9) and predict() takes the mean over the trees itself:
    // base + (margin - base) / trees, margin = base + sum of the leaves.
    const std::pair<const char*, QByteArray> params[] = {
        {"booster", "gbtree"},
        {"objective", "reg:squarederror"},
        {"tree_method", p.method == TreeMethod::Hist ? "hist" : "exact"},
        {"num_parallel_tree", QByteArray::number(p.trees)},
        {"learning_rate", QByteArray::number(p.trees)},
        {"reg_lambda", "0"},
        {"reg_alpha", "0"},
        {"gamma", "0"},
        {"max_delta_step", "0"},
        {"min_child_weight", QByteArray::number(p.minChildWeight, 'g', 17)},
        {"max_depth", QByteArray::number(p.maxDepth)},
        {"max_bin", QByteArray::number(std::max(2, p.maxBin))},
        {"subsample", QByteArray::number(p.subsample, 'g', 17)},
        {"sampling_method", "uniform"},
        {"colsample_bytree", "1"},
        {"colsample_bylevel", "1"},
        {"colsample_bynode", QByteArray::number(p.colsampleByNode, 'g', 17)},
        {"base_score", QByteArray::number(double(base), 'g', 9)},
        {"nthread", QByteArray::number(threads)},
        {"seed", QByteArray::number(qulonglong(p.seed % 2147483647ULL))},
        {"verbosity", "0"},
    };
    for (const auto& [key, value] : params) {
        if (XGBoosterSetParam(booster, key, value.constData()) != 0) {
            const QString e = lastError("XGBoosterSetParam");
            XGBoosterFree(booster);
            return Error::internal(e);
        }
    }
    if (XGBoosterUpdateOneIter(booster, 0, m.handle()) != 0) {
        const QString e = lastError("XGBoosterUpdateOneIter");
        XGBoosterFree(booster);
        return Error::internal(e);
    }
    // Predictions come one job at a time: a single thread avoids OpenMP start-up and spinning
    // per call (and the prediction does not depend on the thread count).
    if (XGBoosterSetParam(booster, "nthread", "1") != 0) {
        const QString e = lastError("XGBoosterSetParam");
        XGBoosterFree(booster);
        return Error::internal(e);
    }
    m_booster = booster;
    m_cols = cols;
    m_trees = p.trees;
    m_base = base;
    loadTrees();
    return {};
}

std::vector<double> RandomForest::predict(const std::vector<float>& x, int rows) const
{
    if (!trained() || rows <= 0 || x.size() != std::size_t(rows) * std::size_t(m_cols))
        return std::vector<double>(std::size_t(std::max(rows, 0)), 0.0);
    return predictRows(x.data(), rows);
}

std::vector<double> RandomForest::predictRows(const float* x, int rows) const
{
    std::vector<double> out(std::size_t(rows), 0.0);
    if (!m_native.empty()) {
        for (int i = 0; i < rows; ++i)
            out[std::size_t(i)] = predictNative(x + std::size_t(i) * std::size_t(m_cols));
        return out;
    }
    return predictXgboost(x, rows);
}

std::vector<double> RandomForest::predictByXgboost(const std::vector<float>& x, int rows) const
{
    if (!m_booster || rows <= 0 || x.size() != std::size_t(rows) * std::size_t(m_cols))
        return std::vector<double>(std::size_t(std::max(rows, 0)), 0.0);
    return predictXgboost(x.data(), rows);
}

std::vector<double> RandomForest::predictXgboost(const float* x, int rows) const
{
    std::vector<double> out(std::size_t(rows), 0.0);
    Matrix m(x, rows, m_cols, 1);
    const bst_ulong* shape = nullptr;
    bst_ulong dim = 0;
    const float* result = nullptr;
    if (!m.handle() ||
        XGBoosterPredictFromDMatrix(m_booster, m.handle(),
                                    R"({"type": 0, "training": false, "iteration_begin": 0, )"
                                    R"("iteration_end": 0, "strict_shape": false})",
                                    &shape, &dim, &result) != 0)
        return out;
    for (int i = 0; i < rows; ++i)
        out[std::size_t(i)] = double(m_base) + (double(result[i]) - double(m_base)) / m_trees;
    return out;
}

double RandomForest::predict(const float* row) const
{
    if (!trained())
        return 0.0;
    return predictRows(row, 1).front();
}

} // namespace gantry::predict
