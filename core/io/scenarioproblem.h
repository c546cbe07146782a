#pragma once

#include <QString>

namespace gantry {

/// One problem ScenarioCheck finds in a scenario: the item and field it concerns, the JSON path
/// a scenario file would give it, and what is wrong.
struct ScenarioProblem
{
    /// The kind of item a problem belongs to.
    enum class Item
    {
        Scenario, ///< the scenario as a whole (e.g. a cluster without racks)
        GpuType,  ///< an entry of cluster.gpuTypes ("gpu_types" in a file)
        Rack,     ///< an entry of cluster.racks
        Server,   ///< an entry of cluster.servers
        Model,    ///< an entry of models
        Job,      ///< an entry of jobs
    };

    Item item = Item::Scenario; ///< kind of the item
    int index = -1;             ///< index of the item in its list, -1 for Item::Scenario
    QString name;               ///< the item's name or id, empty for Item::Scenario
    QString field;   ///< key inside the item, e.g. "gpus", "parallelism.tp" (empty: the item)
    QString path;    ///< JSON path, e.g. "jobs[3].parallelism.tp"
    QString message; ///< what is wrong, e.g. "needs 16 GPUs but the cluster has 8"

    /// "path: message", the form ScenarioReader's errors take after the source name.
    QString text() const { return path + QStringLiteral(": ") + message; }

    bool operator==(const ScenarioProblem&) const = default;
};

} // namespace gantry
