#pragma once

#include "model/scenario.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>

namespace gantry {

/// Reads and validates scenario files (DESIGN.md 4, format version 1). Every error names the
/// source and the JSON path, e.g. "s.json: jobs[3].gpus: must be a positive integer".
class ScenarioReader
{
public:
    /// Reads path; InvalidInput on any problem (unreadable file, bad JSON, invalid scenario).
    static Result<Scenario> readFile(const QString& path);
    /// Parses json; sourceName prefixes every message. O(size of the document).
    static Result<Scenario> readJson(const QByteArray& json, const QString& sourceName);
};

} // namespace gantry
