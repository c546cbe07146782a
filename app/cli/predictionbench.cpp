#include "predictionbench.h"

#include "childrun.h"
#include "paperbench.h"
#include "predict/forestbenchmark.h"
#include "run/batchrunner.h"
#include "sim/metrics.h"

#include <QJsonObject>

#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace gantry::cli {

namespace {

// Jobs, load and generator seed of the paper-mix case.
constexpr int kPaperJobs = 3000;
constexpr double kPaperLoad = 0.9;
constexpr int kPaperSeed = 1;

// The wall time of rf over its reference's, and the target it is held to.
void addRatio(QJsonObject& rf, double referenceWallS, const char* target)
{
    rf.insert("ratio", rf.value("wall_s").toDouble() / std::max(referenceWallS, 1e-9));
    rf.insert("target", QLatin1String(target));
}

// asrpt (graph) on the generated paper mix in this process, median wall time of repeat runs
// (one batch on one thread, so that the runs do not share the cores they are timed on).
std::optional<QJsonObject> paperMixRow(const Scenario& mix, const QString& predictor, int repeat)
{
    RunConfig config;
    config.policy = QStringLiteral("asrpt");
    config.placement = QStringLiteral("graph");
    config.predictor = predictor;
    BatchRunner::Options options;
    options.threads = 1;
    auto runs = BatchRunner::run(
        BatchRunner::items(mix, std::vector<RunConfig>(std::size_t(std::max(1, repeat)), config)),
        options);
    if (!runs)
        return std::nullopt;
    std::vector<double> wall;
    for (const BatchRun& run : runs.value())
        wall.push_back(run.result.summary.wallS);
    const RunSummary* summary = &runs.value().back().result.summary;
    return QJsonObject{
        {"case", QStringLiteral("asrpt + %1, paper mix %2 jobs").arg(predictor).arg(kPaperJobs)},
        {"wall_s", Metrics::percentile(wall, 0.5)},
        {"jobs", summary->jobs},
        {"avg_jct_s", summary->avgJctS},
        {"prediction_mae", summary->predictionMae},
        {"prediction_mape", summary->predictionMape},
        {"prediction_r2", summary->predictionR2},
        {"target", ""},
        {"repeats", repeat}};
}

} // namespace

QJsonArray PredictionBench::run(const QString& scenario, int repeat, QString* error)
{
    QJsonArray rows;
    // rf's xgboost training, then rf-fast's own.
    for (const auto& [name, method] :
         {std::pair{"rf", predict::RandomForest::TreeMethod::Hist},
          std::pair{"rf-fast", predict::RandomForest::TreeMethod::Native}}) {
        std::vector<double> train, predict;
        predict::ForestBenchmark::Result last;
        for (int r = 0; r < repeat; ++r) {
            last = predict::ForestBenchmark::run(20000, 10, 0, method);
            if (!last.ok) {
                *error = QStringLiteral("random forest training failed");
                return {};
            }
            train.push_back(last.trainS);
            predict.push_back(last.predictS);
        }
        rows.append(
            QJsonObject{{"case", QStringLiteral("%1 training, 20000 jobs x 10 features").arg(name)},
                        {"wall_s", Metrics::percentile(train, 0.5)},
                        {"predict_s", Metrics::percentile(predict, 0.5)},
                        {"test_r2", last.testR2},
                        {"target", "< 0.2 s"},
                        {"repeats", repeat}});
    }
    // mean first: rf's row gives its ratio to mean's wall time of the same run.
    QJsonObject meanRow;
    for (const QString& predictor :
         {QStringLiteral("mean"), QStringLiteral("rf"), QStringLiteral("rf-fast")}) {
        const QJsonObject r =
            ChildRun::median(scenario, QStringLiteral("asrpt"), QStringLiteral("graph"),
                             std::numeric_limits<int>::max(), repeat, predictor);
        if (r.value("exit").toInt() != 0) {
            *error = r.value("error").toString();
            return {};
        }
        const QJsonObject s = r.value("summary").toObject();
        QJsonObject row{{"case", QStringLiteral("asrpt + %1, whole scenario").arg(predictor)},
                        {"wall_s", r.value("wall_s")},
                        {"jobs", s.value("jobs")},
                        {"avg_jct_s", s.value("avg_jct_s")},
                        {"prediction_mae", s.value("prediction_mae")},
                        {"prediction_mape", s.value("prediction_mape")},
                        {"prediction_r2", s.value("prediction_r2")},
                        {"peak_rss_mb", r.value("peak_rss_mb")},
                        {"target", ""},
                        {"repeats", repeat}};
        if (predictor == QLatin1String("mean"))
            meanRow = row;
        else
            addRatio(row, meanRow.value("wall_s").toDouble(), "<= 3x mean");
        rows.append(row);
    }
    const auto mix =
        PaperBench::paperMix(PaperBench::cluster(), kPaperJobs, kPaperLoad, kPaperSeed);
    if (!mix) {
        *error = QStringLiteral("the paper mix could not be generated");
        return {};
    }
    const auto oracle = paperMixRow(*mix, QStringLiteral("oracle"), repeat);
    auto rf = paperMixRow(*mix, QStringLiteral("rf"), repeat);
    auto rfFast = paperMixRow(*mix, QStringLiteral("rf-fast"), repeat);
    if (!oracle || !rf || !rfFast) {
        *error = QStringLiteral("asrpt on the paper mix failed");
        return {};
    }
    addRatio(*rf, oracle->value("wall_s").toDouble(), "<= 3x oracle");
    addRatio(*rfFast, oracle->value("wall_s").toDouble(), "<= 3x oracle");
    rows.append(*oracle);
    rows.append(*rf);
    rows.append(*rfFast);
    return rows;
}

} // namespace gantry::cli
