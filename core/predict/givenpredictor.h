#pragma once

#include "predict/predictor.h"

namespace gantry::predict {

/// `given`: each job's predicted_iterations from the scenario; a job without one is predicted
/// exactly (what-if and teaching scenarios mark only the jobs they mispredict).
class GivenPredictor : public Predictor
{
public:
    QString name() const override { return QStringLiteral("given"); }
    double predict(const Job& job, int) override
    {
        return job.predictedIterations.value_or(job.trueIterations());
    }
};

} // namespace gantry::predict
