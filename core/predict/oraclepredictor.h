#pragma once

#include "predict/predictor.h"

namespace gantry::predict {

/// `oracle`: the true iterations.
class OraclePredictor : public Predictor
{
public:
    QString name() const override { return QStringLiteral("oracle"); }
    double predict(const Job& job, int) override { return job.trueIterations(); }
};

} // namespace gantry::predict
