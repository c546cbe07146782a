#include "predictionbench.h"

#include "childrun.h"
#include "predict/forestbenchmark.h"
#include "sim/metrics.h"

#include <QJsonObject>

#include <limits>
#include <vector>

namespace gantry::cli {

QJsonArray PredictionBench::run(const QString& scenario, int repeat, QString* error)
{
    QJsonArray rows;
    std::vector<double> train, predict;
    predict::ForestBenchmark::Result last;
    for (int r = 0; r < repeat; ++r) {
        last = predict::ForestBenchmark::run(20000, 10, 0);
        if (!last.ok) {
            *error = QStringLiteral("random forest training failed");
            return {};
        }
        train.push_back(last.trainS);
        predict.push_back(last.predictS);
    }
    rows.append(QJsonObject{{"case", "rf training, 20000 jobs x 10 features"},
                            {"wall_s", Metrics::percentile(train, 0.5)},
                            {"predict_s", Metrics::percentile(predict, 0.5)},
                            {"test_r2", last.testR2},
                            {"target", "< 1 s"},
                            {"repeats", repeat}});
    for (const QString predictor : {QStringLiteral("rf"), QStringLiteral("mean")}) {
        const QJsonObject r =
            ChildRun::median(scenario, QStringLiteral("asrpt"), QStringLiteral("graph"),
                             std::numeric_limits<int>::max(), repeat, predictor);
        if (r.value("exit").toInt() != 0) {
            *error = r.value("error").toString();
            return {};
        }
        const QJsonObject s = r.value("summary").toObject();
        rows.append(
            QJsonObject{{"case", QStringLiteral("asrpt + %1, whole scenario").arg(predictor)},
                        {"wall_s", r.value("wall_s")},
                        {"jobs", s.value("jobs")},
                        {"avg_jct_s", s.value("avg_jct_s")},
                        {"prediction_mae", s.value("prediction_mae")},
                        {"prediction_mape", s.value("prediction_mape")},
                        {"prediction_r2", s.value("prediction_r2")},
                        {"peak_rss_mb", r.value("peak_rss_mb")},
                        {"target", predictor == QLatin1String("rf") ? "< 5 s" : ""},
                        {"repeats", repeat}});
    }
    return rows;
}

} // namespace gantry::cli
