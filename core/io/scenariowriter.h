#pragma once

#include "model/scenario.h"
#include "util/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <functional>

namespace gantry {

/// Writes scenarios in the format ScenarioReader reads; reading what was written gives an
/// equal Scenario. Runs of identical servers named base-0, base-1, ... are written with count.
class ScenarioWriter
{
public:
    /// The scenario as a JSON object.
    static QJsonObject toJsonObject(const Scenario& scenario);
    /// toJsonObject() without the "jobs" member.
    static QJsonObject contextObject(const Scenario& scenario);
    /// The job's member of "jobs" as compact JSON: byte for byte what QJsonDocument writes for
    /// it (keys sorted), written directly for plain duration jobs (printable ASCII text, flat
    /// features of text, numbers and booleans) and through QJsonDocument for any other. O(size).
    static QByteArray jobCompactJson(const Job& job);
    /// Appends jobCompactJson(job) to out.
    static void appendJobCompactJson(const Job& job, QByteArray& out);
    /// The scenario as indented JSON text: byte for byte QJsonDocument's indented form of
    /// toJsonObject(), written job by job (jobCompactJson()'s direct path, indented).
    static QByteArray toJson(const Scenario& scenario);
    /// toJson() handed to sink in pieces of about 1 MiB (false from sink stops with an error),
    /// so that a million-job scenario is written without its whole text or JSON tree in memory.
    static Status write(const Scenario& scenario,
                        const std::function<bool(const QByteArray&)>& sink);
    /// Writes the file atomically (a temporary file renamed over path): a failure leaves any
    /// previous file intact.
    static Status writeFile(const Scenario& scenario, const QString& path);
};

} // namespace gantry
