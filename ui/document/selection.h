#pragma once

#include <vector>

namespace gantry::ui {

/// What is selected in the current scenario: racks, servers or jobs (one kind at a time),
/// by index. The views share it through the ProjectDocument, so that the property panel, the
/// cluster editor and the job table agree.
struct Selection
{
    /// The kind of the selected items.
    enum class Kind
    {
        None,   ///< nothing selected
        Rack,   ///< indices into Cluster::racks
        Server, ///< indices into Cluster::servers
        Job,    ///< indices into Scenario::jobs
    };
    Kind kind = Kind::None;   ///< kind of every index
    std::vector<int> indices; ///< ascending, no duplicates

    /// True when nothing is selected.
    bool isEmpty() const { return kind == Kind::None || indices.empty(); }
    /// True when index of kind k is selected.
    bool contains(Kind k, int index) const;

    bool operator==(const Selection&) const = default;
};

} // namespace gantry::ui
