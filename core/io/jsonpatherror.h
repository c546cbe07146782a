#pragma once

#include <QString>

namespace gantry {

/// Thrown inside the JSON readers when a value is wrong; caught at the reader's boundary and
/// turned into an Error. Never escapes a public core function.
struct JsonPathError
{
    QString path;    ///< JSON path, e.g. "jobs[3].parallelism.tp"
    QString message; ///< what is wrong, e.g. "must be a positive integer"
};

} // namespace gantry
