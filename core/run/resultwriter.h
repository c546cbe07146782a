#pragma once

#include "model/scenario.h"
#include "run/runresult.h"
#include "sim/schedule.h"
#include "util/result.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <vector>

namespace gantry {

/// The standard result files (jobs.csv, summary.json, trace.json) and the run/compare outputs
/// (docs/formats.md, "Outputs").
class ResultWriter
{
public:
    /// jobs.csv text: a header and one row per job in scenario order.
    static QByteArray jobsCsv(const RunResult& result);
    /// The summary object (the keys of `run --json`).
    static QJsonObject summaryJson(const RunResult& result);
    /// The keys of summaryJson in a stable order: the columns of comparisonCsv.
    static QStringList summaryKeys();
    /// An array of summary objects (`compare --json`).
    static QJsonArray comparisonJson(const std::vector<RunResult>& results);
    /// compare --format csv: a header of summaryKeys() and one row per result, numbers written
    /// as in the JSON (shortest exact form).
    static QByteArray comparisonCsv(const std::vector<RunResult>& results);
    /// The unit of every field of summary.json ("s", "count", ...); config's under "config".
    static QJsonObject unitsJson();
    /// Hex SHA-256 of the scenario's canonical JSON (ScenarioWriter, compact, sorted keys):
    /// equal scenarios hash equal whatever the layout of the file they came from. O(size).
    static QString scenarioHash(const Scenario& scenario);
    /// The run's full configuration, overrides resolved against the scenario's options.
    static QJsonObject configJson(const Scenario& scenario, const RunConfig& config);
    /// summary.json: summaryJson plus "units" and "config" (extraConfig's keys added to it).
    static QJsonObject summaryFileJson(const Scenario& scenario, const RunResult& result,
                                       const QJsonObject& extraConfig = {});
    /// Writes jobs.csv, summary.json and, when schedule is given, trace.json into dir (created
    /// if needed), each atomically.
    static Status writeDirectory(const Scenario& scenario, const RunResult& result,
                                 const Schedule* schedule, const QString& dir,
                                 const QJsonObject& extraConfig = {});
    /// Writes data to path through a temporary file and a rename: a reader sees the old file
    /// or the new one, never a part. The error names path.
    static Status writeAtomically(const QString& path, const QByteArray& data);
};

} // namespace gantry
