#pragma once

#include "selection.h"

#include "model/cluster.h"

#include <QCoreApplication>
#include <QString>
#include <QVariant>

#include <optional>
#include <vector>

namespace gantry::ui {

/// The cluster edits of ProjectDocument as plain functions: each takes the cluster as it is and
/// returns the cluster after the edit, the undo text and what to select, or nothing when the
/// edit is refused or would change nothing. The document pushes the result as a ClusterCommand.
class ClusterEdits
{
    Q_DECLARE_TR_FUNCTIONS(ClusterEdits)

public:
    /// One edit of a cluster.
    struct Edit
    {
        Cluster after;    ///< the cluster once edited
        QString text;     ///< the undo text ("Add rack r2")
        Selection select; ///< what is selected afterwards
    };

    /// Uplink of a new rack, in Gb/s.
    static constexpr double DefaultUplinkGbps = 1600.0;
    /// Most servers one setServerCount() makes.
    static constexpr int MaxServerCount = 4096;

    /// A new rack at the end (selected).
    static Edit addRack(const Cluster& c);
    /// A server of gpuType with gpus GPUs after rack's last server (a new rack when rack is out
    /// of range); nothing for a GPU type known neither to c nor to the catalogue.
    static std::optional<Edit> addServer(const Cluster& c, int rack, const QString& gpuType,
                                         int gpus);
    /// Without racks and their servers.
    static std::optional<Edit> removeRacks(const Cluster& c, std::vector<int> racks);
    /// Without servers.
    static std::optional<Edit> removeServers(const Cluster& c, std::vector<int> servers);
    /// With servers moved after rack's last server (selected).
    static std::optional<Edit> moveServers(const Cluster& c, std::vector<int> servers, int rack);
    /// With "name" or "uplink_gbps" of rack set to a value FieldRules accepted; keeps keep
    /// selected.
    static std::optional<Edit> setRackField(const Cluster& c, int rack, const QString& field,
                                            const QVariant& value, const Selection& keep);
    /// With "name" (one server), "gpu_type", "gpus", "intra_GBps" or "nic_gbps" of servers set
    /// to a value FieldRules accepted; keeps keep selected. ("rack" is moveServers().)
    static std::optional<Edit> setServerField(const Cluster& c, std::vector<int> servers,
                                              const QString& field, const QVariant& value,
                                              const Selection& keep);
    /// Indices of the replicas of server (same rack and properties, names base-0, base-1...).
    static std::vector<int> replicasOf(const Cluster& c, int server);
    /// With server and its replicas made count servers named base-0 .. base-(count-1) (base
    /// alone for one); a name another server already has is replaced by the next free base-k,
    /// so names stay unique.
    static std::optional<Edit> setServerCount(const Cluster& c, int server, int count);

    /// Index of the GPU type called name in c, adding it from the catalogue (or from fallback)
    /// if needed; -1 when it is known nowhere.
    static int gpuTypeIndex(Cluster& c, const QString& name,
                            const std::optional<GpuType>& fallback = {});
    /// Where a server joins rack: after the rack's last server, else at the end, so that a
    /// rack's servers stay together.
    static int endOfRack(const Cluster& c, int rack);
    /// A rack named r<n> with the default uplink, appended to c; returns its index.
    static int appendRack(Cluster& c);
};

} // namespace gantry::ui
