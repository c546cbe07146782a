#include "predict/noisypredictor.h"

#include "util/rng.h"

#include <cmath>

namespace gantry::predict {

QString NoisyPredictor::name() const
{
    return QStringLiteral("noisy:%1").arg(m_sigma);
}

double NoisyPredictor::predict(const Job& job, int index)
{
    std::uint64_t state = m_seed ^ (0x5851f42d4c957f2dULL * std::uint64_t(index + 1));
    Rng rng(Rng::splitMix(state));
    return job.trueIterations() * std::exp(m_sigma * rng.normal());
}

} // namespace gantry::predict
