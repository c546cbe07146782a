#include "predictionbench.h"

#include "childrun.h"
#include "io/scenarioreader.h"
#include "paperbench.h"
#include "predict/calibration.h"
#include "predict/forestbenchmark.h"
#include "predict/predictor.h"
#include "predict/predictorregistry.h"
#include "run/productdefaults.h"
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

QJsonArray PredictionBench::calibration(const QString& scenario, QString* error)
{
    auto file = ScenarioReader::readFile(scenario);
    if (!file) {
        *error = file.error().message;
        return {};
    }
    const auto mix =
        PaperBench::paperMix(PaperBench::cluster(), kPaperJobs, kPaperLoad, kPaperSeed);
    if (!mix) {
        *error = QStringLiteral("the paper mix could not be generated");
        return {};
    }
    const std::pair<QString, const Scenario*> sources[] = {
        {QStringLiteral("whole scenario"), &file.value()},
        {QStringLiteral("paper mix %1 jobs").arg(kPaperJobs), &mix.value()}};
    QJsonArray rows;
    for (const auto& [source, s] : sources)
        for (const QString& name : {QStringLiteral("oracle"), QStringLiteral("mean"),
                                    QStringLiteral("rf-fast"), QStringLiteral("rf")}) {
            auto p =
                PredictorRegistry::create(name, 0, ProductDefaults::runConfig().defaultIterations);
            if (!p) {
                *error = p.error().message;
                return {};
            }
            const auto c = predict::Calibration::measure(s->jobs, *p.value());
            rows.append(QJsonObject{{"case", QStringLiteral("%1, %2").arg(name, source)},
                                    {"predictor", name},
                                    {"history", c.history},
                                    {"held_out", c.heldOut},
                                    {"coverage_50", c.coverage50},
                                    {"coverage_90", c.coverage90},
                                    {"width_90", c.width90},
                                    {"median_abs_log_error", c.medianAbsLogError}});
        }
    return rows;
}

void PredictionBench::print(const QJsonArray& rows, const QJsonArray& calibration, int repeat,
                            QTextStream& out)
{
    out << "\nprediction suite (median of " << repeat << ")\n"
        << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
               .arg(QStringLiteral("case"), -42)
               .arg(QStringLiteral("wall s"), 8)
               .arg(QStringLiteral("x ref"), 6)
               .arg(QStringLiteral("MAE"), 10)
               .arg(QStringLiteral("MAPE %"), 8)
               .arg(QStringLiteral("R2"), 7)
               .arg(QStringLiteral("target"), 13);
    for (const QJsonValue& v : rows) {
        const QJsonObject o = v.toObject();
        const bool forest = o.contains("test_r2");
        // The ratio of rf's wall time to its reference's (mean, oracle) of this run.
        const QString ratio =
            o.contains("ratio")
                ? QString::number(o.value("ratio").toDouble(), 'f', 1) + QLatin1Char('x')
                : QStringLiteral("-");
        out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7\n")
                   .arg(o.value("case").toString(), -42)
                   .arg(o.value("wall_s").toDouble(), 8, 'f', 3)
                   .arg(ratio, 6)
                   .arg(forest ? QStringLiteral("-")
                               : QString::number(o.value("prediction_mae").toDouble(), 'f', 0),
                        10)
                   .arg(forest ? QStringLiteral("-")
                               : QString::number(100.0 * o.value("prediction_mape").toDouble(), 'f',
                                                 0),
                        8)
                   .arg(forest ? o.value("test_r2").toDouble()
                               : o.value("prediction_r2").toDouble(),
                        7, 'f', 3)
                   .arg(o.value("target").toString(), 13);
    }
    // A calibrated distribution holds the truth in its 50 % interval about half of the time and
    // in its 90 % interval about nine times in ten; a point holds it only when it is exact.
    out << "\nprediction calibration (first half of the jobs by arrival as history, second half "
           "held out)\n"
        << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
               .arg(QStringLiteral("case"), -34)
               .arg(QStringLiteral("held out"), 9)
               .arg(QStringLiteral("in 50%"), 7)
               .arg(QStringLiteral("in 90%"), 7)
               .arg(QStringLiteral("q95/q05"), 9)
               .arg(QStringLiteral("|ln err|"), 9);
    for (const QJsonValue& v : calibration) {
        const QJsonObject o = v.toObject();
        out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                   .arg(o.value("case").toString(), -34)
                   .arg(o.value("held_out").toInt(), 9)
                   .arg(o.value("coverage_50").toDouble(), 7, 'f', 3)
                   .arg(o.value("coverage_90").toDouble(), 7, 'f', 3)
                   .arg(o.value("width_90").toDouble(), 9, 'g', 3)
                   .arg(o.value("median_abs_log_error").toDouble(), 9, 'f', 3);
    }
    out.flush();
}

} // namespace gantry::cli
