#include "predict/randomforestpredictor.h"

#include <algorithm>
#include <cmath>

namespace gantry::predict {

RandomForestPredictor::RandomForestPredictor(const Options& options, double defaultIterations)
    : m_options(options), m_defaultIterations(defaultIterations)
{}

QString RandomForestPredictor::name() const
{
    const QString base = m_options.forest.method == RandomForest::TreeMethod::Native
                             ? QStringLiteral("rf-fast")
                             : QStringLiteral("rf");
    return m_options.logTarget ? base + QStringLiteral(":log") : base;
}

void RandomForestPredictor::observe(const Job& job, double trueIterations)
{
    if (!std::isfinite(trueIterations) || trueIterations < 0.0)
        return;
    FeatureEncoder::Raw raw = FeatureEncoder::extract(job);
    if (keepsSpread())
        if (const double p = forestValue(raw); p > 0.0)
            m_ratios.add(trueIterations / p);
    m_pending.push_back(std::move(raw));
    m_targets.push_back(trueIterations);
    m_maxTarget = std::max(m_maxTarget, trueIterations);
}

bool RandomForestPredictor::retrainDue() const
{
    const int n = samples();
    if (n < std::max(1, m_options.minSamples))
        return false;
    if (m_trainedOn == 0)
        return true;
    return n - m_trainedOn >= m_options.retrainMinJobs &&
           double(n) >= double(m_trainedOn) * (1.0 + m_options.retrainGrowth);
}

void RandomForestPredictor::train()
{
    const int n = samples();
    // Codes of new categories are appended in order of first appearance; old codes never move,
    // and the column set stays that of the first training. So rows encoded at an earlier
    // training keep their values: only the rows observed since are encoded (and their raw
    // features dropped).
    m_encoder.fit(m_pending, &m_x);
    const std::size_t cols = std::size_t(m_encoder.width());
    m_pending.clear();
    std::vector<float> y(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const double k = m_targets[std::size_t(i)];
        y[std::size_t(i)] = float(m_options.logTarget ? std::log1p(k) : k);
    }
    m_cache.clear();
    RandomForest forest;
    // A failed training keeps the previous forest (or the cold start); the schedule moves on.
    // The rows only grow, so the distinct rows found at the last training are kept.
    if (forest.train(m_x, n, int(cols), y, m_options.forest, &m_distinct))
        m_forest = std::move(forest);
    m_trainedOn = n;
    ++m_trainings;
}

double RandomForestPredictor::coldStart(const Job& job) const
{
    if (!m_targets.empty()) {
        std::vector<double> k = m_targets;
        const std::size_t mid = k.size() / 2;
        std::nth_element(k.begin(), k.begin() + std::ptrdiff_t(mid), k.end());
        if (k.size() % 2 == 1)
            return k[mid];
        const double upper = k[mid];
        return 0.5 * (*std::max_element(k.begin(), k.begin() + std::ptrdiff_t(mid)) + upper);
    }
    if (job.predictedIterations && *job.predictedIterations > 0.0)
        return *job.predictedIterations;
    return m_defaultIterations;
}

double RandomForestPredictor::forestValue(const Job& job)
{
    if (!m_forest.trained() || samples() < std::max(1, m_options.minSamples))
        return 0.0;
    return forestValue(FeatureEncoder::extract(job));
}

double RandomForestPredictor::forestValue(const FeatureEncoder::Raw& raw)
{
    if (!m_forest.trained() || samples() < std::max(1, m_options.minSamples))
        return 0.0;
    const std::vector<float> row = m_encoder.encode(raw);
    // Recurring jobs repeat feature vectors: a lookup costs less than walking 20 trees.
    const QByteArray key(reinterpret_cast<const char*>(row.data()),
                         qsizetype(row.size() * sizeof(float)));
    auto it = m_cache.constFind(key);
    if (it == m_cache.cend())
        it = m_cache.insert(key, m_forest.predict(row.data()));
    double k = it.value();
    if (m_options.logTarget)
        k = std::expm1(k);
    const double kMax = std::max(1.0, m_options.kMaxFactor * m_maxTarget);
    return std::isfinite(k) ? std::clamp(k, 1.0, kMax) : 0.0;
}

double RandomForestPredictor::predict(const Job& job, int)
{
    if (retrainDue())
        train();
    const double k = forestValue(job);
    return k > 0.0 ? k : coldStart(job);
}

IterationDistribution RandomForestPredictor::spread(const Job& job, int index, double predicted)
{
    (void)job;
    (void)index;
    if (m_ratios.size() < kMinRatios)
        return IterationDistribution::point(predicted);
    return IterationDistribution::scaled(predicted, m_ratios.sorted());
}

} // namespace gantry::predict
