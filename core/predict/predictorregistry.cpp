#include "predict/predictorregistry.h"

#include "predict/givenpredictor.h"
#include "predict/meanpredictor.h"
#include "predict/noisypredictor.h"
#include "predict/oraclepredictor.h"
#include "predict/randomforestpredictor.h"

#include <cmath>

namespace gantry {

QStringList PredictorRegistry::names()
{
    return {QStringLiteral("oracle"),  QStringLiteral("rf"),   QStringLiteral("rf:log"),
            QStringLiteral("rf-fast"), QStringLiteral("mean"), QStringLiteral("noisy:0.5"),
            QStringLiteral("given")};
}

QString PredictorRegistry::description(const QString& name)
{
    const QString base = name.section(QLatin1Char(':'), 0, 0);
    if (base == QLatin1String("oracle"))
        return QStringLiteral("the true iterations");
    if (base == QLatin1String("rf"))
        return name == QLatin1String("rf:log")
                   ? QStringLiteral("random forest on log(1+K), trained online on finished jobs")
                   : QStringLiteral("random forest trained online on the finished jobs");
    if (base == QLatin1String("rf-fast"))
        return QStringLiteral("random forest trained online by Gantry itself (not xgboost), "
                              "retrained after 10 % growth");
    if (base == QLatin1String("mean"))
        return QStringLiteral("mean iterations of the jobs finished so far");
    if (base == QLatin1String("noisy"))
        return QStringLiteral("true iterations times log-normal noise of sigma S, seeded");
    if (base == QLatin1String("given"))
        return QStringLiteral("each job's predicted_iterations from the scenario");
    return {};
}

Result<std::shared_ptr<predict::Predictor>>
PredictorRegistry::create(const QString& name, std::uint64_t seed, double defaultIterations)
{
    using namespace predict;
    if (name == QLatin1String("oracle"))
        return std::shared_ptr<Predictor>(std::make_shared<OraclePredictor>());
    if (name == QLatin1String("mean"))
        return std::shared_ptr<Predictor>(std::make_shared<MeanPredictor>(defaultIterations));
    if (name == QLatin1String("given"))
        return std::shared_ptr<Predictor>(std::make_shared<GivenPredictor>());
    if (name.startsWith(QLatin1String("noisy:"))) {
        bool ok = false;
        const double sigma = name.mid(6).toDouble(&ok);
        if (!ok || !std::isfinite(sigma) || sigma < 0.0)
            return Error::invalid(
                QStringLiteral("predictor \"%1\": noisy:S needs a number S >= 0").arg(name));
        return std::shared_ptr<Predictor>(std::make_shared<NoisyPredictor>(sigma, seed));
    }
    if (name == QLatin1String("rf") || name == QLatin1String("rf:log") ||
        name == QLatin1String("rf-fast") || name == QLatin1String("rf-fast:log")) {
        RandomForestPredictor::Options options;
        options.forest.seed = seed;
        options.logTarget = name.endsWith(QLatin1String(":log"));
        if (name.startsWith(QLatin1String("rf-fast"))) {
            // Its training costs a fraction of xgboost's: it retrains after 10 % growth, not 25,
            // its trees grown on every core (std::threads that do not spin: the same forest).
            options.forest.method = RandomForest::TreeMethod::Native;
            options.forest.threads = 0;
            options.retrainGrowth = 0.1;
        }
        return std::shared_ptr<Predictor>(
            std::make_shared<RandomForestPredictor>(options, defaultIterations));
    }
    return Error::invalid(QStringLiteral("unknown predictor \"%1\" (choose one of: %2)")
                              .arg(name, names().join(QStringLiteral(", "))));
}

} // namespace gantry
