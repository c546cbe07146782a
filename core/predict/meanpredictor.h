#pragma once

#include "predict/predictor.h"

namespace gantry::predict {

/// `mean`: the mean true iterations of the jobs finished so far; before any has finished,
/// the configured default. O(1) per call.
class MeanPredictor : public Predictor
{
public:
    /// coldStart is returned while the history is empty.
    explicit MeanPredictor(double coldStart) : m_coldStart(coldStart) {}
    QString name() const override { return QStringLiteral("mean"); }
    double predict(const Job&, int) override
    {
        return m_count ? m_sum / double(m_count) : m_coldStart;
    }
    void observe(const Job&, double trueIterations) override
    {
        m_sum += trueIterations;
        ++m_count;
    }

private:
    double m_coldStart;
    double m_sum = 0.0;
    long long m_count = 0;
};

} // namespace gantry::predict
