#pragma once

#include <QMetaType>

namespace gantry::ui {

/// What a ProjectDocument edit touched; carried by ProjectDocument::changed().
struct DocumentChange
{
    /// The part of the document that changed.
    enum class Kind
    {
        Project,   ///< everything (new, open): views rebuild from scratch
        Scenarios, ///< a scenario was added, removed or renamed
        Current,   ///< another scenario became the current one
        Cluster,   ///< racks, servers or GPU types of a scenario
        Jobs,      ///< the jobs of a scenario
        Runs,      ///< runs were added to (or saved from) a scenario
    };
    Kind kind = Kind::Project; ///< what changed
    int scenario = -1;         ///< index of the scenario concerned, -1 for the whole project
};

} // namespace gantry::ui

Q_DECLARE_METATYPE(gantry::ui::DocumentChange)
