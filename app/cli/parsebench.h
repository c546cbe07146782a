#pragma once

#include <QJsonArray>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace gantry::cli {

/// The parse suite of gantry-cli bench: reading and validating the scenario, in process (the
/// fast path and the reference reader) and whole process (`validate`, and `run` of each policy
/// with the oracle predictor), side by side with python3's json.load of the same file, whole
/// process.
class ParseBench
{
public:
    /// Rows {"case", "wall_s", "python_s", "ratio", "target"}, medians of repeat; python_s and
    /// ratio are absent without python3. Empty (with why) when a run fails.
    static QJsonArray run(const QString& scenario, const QStringList& policies, int repeat,
                          QString* why);
    /// The rows as a table.
    static void print(const QJsonArray& parseRows, const QString& scenario, int repeat,
                      QTextStream& out);
};

} // namespace gantry::cli
