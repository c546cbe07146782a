#include "predictionbench.h"

#include "childrun.h"
#include "paperbench.h"
#include "predict/forestbenchmark.h"
#include "run/runner.h"
#include "sim/metrics.h"

#include <QJsonObject>

#include <limits>
#include <utility>
#include <vector>

namespace gantry::cli {

namespace {

// Jobs, load and generator seed of the paper-mix case.
constexpr int kPaperJobs = 3000;
constexpr double kPaperLoad = 0.9;
constexpr int kPaperSeed = 1;

// One case's runs, taken in rounds beside its reference's: the wall time of each round and the
// last round's row.
struct Series
{
    std::vector<double> wall;
    QJsonObject row;
};

// The case's median wall time and repeats into its row; with a reference, the median over the
// rounds of the wall time over the reference's wall time of the same round (a slow spell of a
// shared machine slows both sides of a round) and the target it is held to.
QJsonObject finish(Series s, const Series* reference = nullptr, const char* target = "")
{
    s.row.insert("wall_s", Metrics::percentile(s.wall, 0.5));
    s.row.insert("repeats", int(s.wall.size()));
    s.row.insert("target", QLatin1String(target));
    if (reference) {
        std::vector<double> ratio;
        for (std::size_t i = 0; i < s.wall.size() && i < reference->wall.size(); ++i)
            ratio.push_back(s.wall[i] / std::max(reference->wall[i], 1e-9));
        s.row.insert("ratio", Metrics::percentile(ratio, 0.5));
    }
    return s.row;
}

// One asrpt (graph) run on the generated paper mix in this process; its wall time goes to s.
bool paperMixRound(const Scenario& mix, const QString& predictor, Series& s)
{
    RunConfig config;
    config.policy = QStringLiteral("asrpt");
    config.placement = QStringLiteral("graph");
    config.predictor = predictor;
    auto run = Runner::run(mix, config);
    if (!run)
        return false;
    const RunSummary& summary = run.value().summary;
    s.wall.push_back(summary.wallS);
    s.row = QJsonObject{
        {"case", QStringLiteral("asrpt + %1, paper mix %2 jobs").arg(predictor).arg(kPaperJobs)},
        {"jobs", summary.jobs},
        {"avg_jct_s", summary.avgJctS},
        {"prediction_mae", summary.predictionMae},
        {"prediction_mape", summary.predictionMape},
        {"prediction_r2", summary.predictionR2}};
    return true;
}

// One asrpt (graph) run of the whole scenario in a child process; its wall time goes to s.
bool scenarioRound(const QString& scenario, const QString& predictor, Series& s, QString* error)
{
    const QJsonObject r =
        ChildRun::median(scenario, QStringLiteral("asrpt"), QStringLiteral("graph"),
                         std::numeric_limits<int>::max(), 1, predictor);
    if (r.value("exit").toInt() != 0) {
        *error = r.value("error").toString();
        return false;
    }
    const QJsonObject sum = r.value("summary").toObject();
    s.wall.push_back(r.value("wall_s").toDouble());
    const double rss =
        std::max(s.row.value("peak_rss_mb").toDouble(), r.value("peak_rss_mb").toDouble());
    s.row = QJsonObject{{"case", QStringLiteral("asrpt + %1, whole scenario").arg(predictor)},
                        {"jobs", sum.value("jobs")},
                        {"avg_jct_s", sum.value("avg_jct_s")},
                        {"prediction_mae", sum.value("prediction_mae")},
                        {"prediction_mape", sum.value("prediction_mape")},
                        {"prediction_r2", sum.value("prediction_r2")},
                        {"peak_rss_mb", rss}};
    return true;
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
            // rf-fast trains on every core, as its predictor does; rf on one thread.
            last = predict::ForestBenchmark::run(
                20000, 10, 0, method, method == predict::RandomForest::TreeMethod::Native ? 0 : 1);
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
    // Round by round: mean, rf, rf-fast, so that each ratio compares runs of the same spell.
    const QString names[] = {QStringLiteral("mean"), QStringLiteral("rf"),
                             QStringLiteral("rf-fast")};
    Series whole[3];
    for (int round = 0; round < std::max(1, repeat); ++round)
        for (int k = 0; k < 3; ++k)
            if (!scenarioRound(scenario, names[k], whole[k], error))
                return {};
    rows.append(finish(whole[0]));
    rows.append(finish(whole[1], &whole[0], "<= 3x mean"));
    rows.append(finish(whole[2], &whole[0], "<= 3x mean"));

    const auto mix =
        PaperBench::paperMix(PaperBench::cluster(), kPaperJobs, kPaperLoad, kPaperSeed);
    if (!mix) {
        *error = QStringLiteral("the paper mix could not be generated");
        return {};
    }
    const QString mixNames[] = {QStringLiteral("oracle"), QStringLiteral("rf"),
                                QStringLiteral("rf-fast")};
    Series paper[3];
    for (int round = 0; round < std::max(1, repeat); ++round)
        for (int k = 0; k < 3; ++k)
            if (!paperMixRound(*mix, mixNames[k], paper[k])) {
                *error = QStringLiteral("asrpt on the paper mix failed");
                return {};
            }
    rows.append(finish(paper[0]));
    rows.append(finish(paper[1], &paper[0], "<= 3x oracle"));
    rows.append(finish(paper[2], &paper[0], "<= 3x oracle"));
    return rows;
}

} // namespace gantry::cli
