#pragma once

#include "sim/runresult.h"
#include "util/result.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace gantry {

/// The standard result files of DESIGN.md 5: jobs.csv, summary.json and the run --json object.
class ResultWriter
{
public:
    /// jobs.csv text: a header and one row per job in scenario order.
    static QByteArray jobsCsv(const RunResult& result);
    /// The summary object (the keys of `run --json`).
    static QJsonObject summaryJson(const RunResult& result);
    /// An array of summary objects (`compare --json`).
    static QJsonArray comparisonJson(const std::vector<RunResult>& results);
    /// Writes jobs.csv and summary.json into dir (created if needed), each atomically.
    static Status writeDirectory(const RunResult& result, const QString& dir);
};

} // namespace gantry
