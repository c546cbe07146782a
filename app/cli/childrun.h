#pragma once

#include <QJsonObject>
#include <QString>

namespace gantry::cli {

/// One `gantry-cli run --json` in a child process (so that its peak memory is its own),
/// repeated; the benchmark suites measure through it.
class ChildRun
{
public:
    /// Median over repeat runs of wall_s, with the last run's summary and the largest peak RSS:
    /// {"wall_s", "events", "peak_rss_mb", "summary", "exit": 0}. On failure "exit" is the
    /// child's exit status (2 invalid input, else 1) and "error" its message.
    static QJsonObject median(const QString& scenario, const QString& policy,
                              const QString& placement, int firstJobs, int repeat,
                              const QString& predictor = QStringLiteral("oracle"));
};

} // namespace gantry::cli
