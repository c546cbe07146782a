#pragma once

#include "selection.h"

#include <QString>

namespace gantry::ui {

/// One validation problem of a scenario: which item and field, and what is wrong.
struct Problem
{
    Selection::Kind target = Selection::Kind::None; ///< Rack, Server, Job, or None (scenario)
    int index = -1;  ///< index of the item of kind target, -1 for the scenario as a whole
    QString field;   ///< the field's scenario-file key ("uplink_gbps", "gpus", "tp"...), or empty
    QString path;    ///< JSON path as the scenario file would name it, e.g. "jobs[3].gpus"
    QString message; ///< what is wrong, e.g. "must be a positive number"

    /// "path: message", the form the scenario reader uses.
    QString text() const
    {
        return path.isEmpty() ? message : path + QStringLiteral(": ") + message;
    }

    bool operator==(const Problem&) const = default;
};

} // namespace gantry::ui
