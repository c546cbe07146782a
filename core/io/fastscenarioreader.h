#pragma once

#include "model/scenario.h"

#include <QByteArray>

#include <optional>

namespace gantry {

/// ScenarioReader's fast path: reads a well-formed scenario on demand, straight into the
/// scenario's value types, without building a JSON tree of its jobs. It decides nothing on its
/// own: anything it is not sure of (a syntax error, a wrong value, a broken rule, an escaped
/// string, a duplicate key) gives no result, and the reference reader then reads the whole
/// document and names the problem. What it returns equals the reference reader's scenario.
class FastScenarioReader
{
public:
    /// Bytes json should hold beyond its size for the parser to read it in place (otherwise
    /// it is copied once).
    static constexpr qsizetype kPadding = 64;

    /// The scenario json holds, read as ScenarioReader::readJson would (draft: Mode::Draft);
    /// nothing when the reference reader must decide. O(size of json).
    static std::optional<Scenario> read(const QByteArray& json, bool draft);
};

} // namespace gantry
