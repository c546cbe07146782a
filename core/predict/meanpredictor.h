#pragma once

#include "predict/predictor.h"
#include "predict/sampleset.h"

#include <QHash>

namespace gantry::predict {

/// `mean`: the mean true iterations of the jobs finished so far; before any has finished,
/// the configured default. O(1) per prediction. Its distribution is the history itself: the
/// iterations of the finished jobs of the job's group (same user and model) once the group has
/// kGroupMin of them, else of every finished job.
class MeanPredictor : public Predictor
{
public:
    /// Finished jobs a group needs before its own history is the distribution.
    static constexpr std::size_t kGroupMin = 10;

    /// coldStart is returned while the history is empty.
    explicit MeanPredictor(double coldStart) : m_coldStart(coldStart) {}
    QString name() const override { return QStringLiteral("mean"); }
    double predict(const Job&, int) override
    {
        return m_count ? m_sum / double(m_count) : m_coldStart;
    }
    /// The group's or the whole history's iterations; the point predicted before any.
    /// Amortised O(log n) per observation (SampleSet), O(1) otherwise.
    IterationDistribution spread(const Job& job, int index, double predicted) override;
    void observe(const Job& job, double trueIterations) override;

private:
    static QString groupOf(const Job& job);

    double m_coldStart;
    double m_sum = 0.0;
    long long m_count = 0;
    SampleSet m_all;
    QHash<QString, SampleSet> m_groups;
};

} // namespace gantry::predict
