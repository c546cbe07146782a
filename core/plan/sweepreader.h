#pragma once

#include "plan/sweepspec.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace gantry::plan {

/// Reads and validates sweep files (docs/planning.md, format "gantry-sweep" version 1) as
/// strictly as a scenario: every error names the file, the JSON path and the problem, e.g.
/// "s.json: axes.servers.h100.count[2]: must be a whole number from 0 to 10000".
class SweepReader
{
public:
    /// Largest value of a server count axis.
    static constexpr int kMaxCount = 10000;
    /// Most points a sweep may have.
    static constexpr long long kMaxPoints = 100000;

    /// Reads path; its base scenario is read relative to the file's folder.
    static Result<SweepSpec> readFile(const QString& path);
    /// Parses json; sourceName prefixes every message and baseDir resolves "base". O(size plus
    /// the base scenario).
    static Result<SweepSpec> readJson(const QByteArray& json, const QString& sourceName,
                                      const QString& baseDir);
    /// The metrics a target may name (the numeric columns of points.csv), in column order.
    static QStringList metricNames();
};

} // namespace gantry::plan
