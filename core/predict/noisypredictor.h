#pragma once

#include "predict/predictor.h"

#include <cstdint>

namespace gantry::predict {

/// `noisy:S`: true iterations times log-normal noise exp(S * N(0,1)). The draw for a job depends
/// only on the seed and the job's position, so it is the same under every policy.
class NoisyPredictor : public Predictor
{
public:
    /// Noise of log-sigma sigma, drawn from seed.
    NoisyPredictor(double sigma, std::uint64_t seed) : m_sigma(sigma), m_seed(seed) {}
    QString name() const override;
    double predict(const Job& job, int index) override;

private:
    double m_sigma;
    std::uint64_t m_seed;
};

} // namespace gantry::predict
