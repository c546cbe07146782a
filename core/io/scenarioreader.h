#pragma once

#include "model/scenario.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>

namespace gantry {

/// Reads and validates scenario files (docs/formats.md, format version 1). Every error names the
/// source and the JSON path, e.g. "s.json: jobs[3].gpus: must be a positive integer".
class ScenarioReader
{
public:
    /// How strictly a document is read.
    enum class Mode
    {
        Strict, ///< every rule of the format (files, imports, the command line)
        Draft,  ///< the structure and every value, but not the rules between items (duplicate
                ///< names, jobs that do not fit the cluster, an empty cluster): a scenario
                ///< being edited, saved with its problems so that it can be opened again
    };

    /// Reads path; InvalidInput on any problem (unreadable file, bad JSON, invalid scenario).
    static Result<Scenario> readFile(const QString& path);
    /// Parses json; sourceName prefixes every message. O(size of the document). A well-formed
    /// document is read on the fast path (FastScenarioReader); any problem is named by the
    /// reference reader, so the result is readJsonTree's.
    static Result<Scenario> readJson(const QByteArray& json, const QString& sourceName,
                                     Mode mode = Mode::Strict);
    /// The reference reader: the document as a QJsonDocument tree, then the format's rules
    /// (ScenarioParser). Same result as readJson, slower on large files. O(size of the document).
    static Result<Scenario> readJsonTree(const QByteArray& json, const QString& sourceName,
                                         Mode mode = Mode::Strict);
};

} // namespace gantry
