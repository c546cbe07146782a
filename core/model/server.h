#pragma once

#include <QString>

#include <optional>

namespace gantry {

/// One server: identical GPUs joined by an intra-server fabric, one NIC to its rack.
struct Server
{
    QString name;           ///< unique server name
    int rack = 0;           ///< index into Cluster::racks
    int gpuType = 0;        ///< index into Cluster::gpuTypes
    int gpus = 0;           ///< number of GPUs
    double intraGBps = 0.0; ///< GPU-to-GPU bandwidth inside the server, gigabytes per second
    double nicGbps = 0.0;   ///< NIC bandwidth to the rack, gigabits per second
    std::optional<double> priceUsd = std::nullopt; ///< purchase price of the whole server (overrides the catalogue)

    bool operator==(const Server&) const = default;
};

} // namespace gantry
