#pragma once

#include <QJsonArray>
#include <QString>
#include <QTextStream>

namespace gantry::cli {

/// The prediction suite of gantry-cli bench: the random forest's training time on 20,000 rows
/// x 10 features; the whole scenario under `asrpt` with `rf` (online retraining included)
/// beside `mean`, and a generated 3,000-job paper mix (load 0.9, generator seed 1, `graph`)
/// under `asrpt` with `rf` beside `oracle`, with each run's wall time, rf's ratio to its
/// reference (runs taken in rounds, reference first; the median of the rounds' ratios), and
/// prediction quality (MAE, MAPE, R^2).
class PredictionBench
{
public:
    /// Runs the suite on scenario with repeat repetitions; rows are JSON objects per case. An
    /// empty array means a case failed; error then says why.
    static QJsonArray run(const QString& scenario, int repeat, QString* error);
    /// How well calibrated each predictor's distribution is (predict::Calibration): oracle,
    /// mean, rf-fast and rf on the scenario's jobs and on the 3,000-job paper mix, half of each
    /// as history, the other half held out; rows with coverage of the 50 % and 90 % intervals.
    /// Not timed. An empty array means a case failed; error then says why.
    static QJsonArray calibration(const QString& scenario, QString* error);
    /// The suite's two tables, as text.
    static void print(const QJsonArray& rows, const QJsonArray& calibration, int repeat,
                      QTextStream& out);
};

} // namespace gantry::cli
