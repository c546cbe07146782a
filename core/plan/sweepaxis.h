#pragma once

#include <QJsonValue>
#include <QString>

#include <vector>

namespace gantry::plan {

/// One axis of a sweep: what it varies and the values it takes, in file order.
struct SweepAxis
{
    /// What an axis varies.
    enum class Kind
    {
        ServerCount, ///< "servers.NAME.count": the count of the base cluster's server entry NAME
        LoadScale,   ///< "load_scale": every arrival time divided by the value
        Policy,      ///< "policy"
        Placement,   ///< "placement"
        Predictor,   ///< "predictor"
        Seed,        ///< "seed"
    };

    QString name;                   ///< the key in the file, e.g. "servers.h100.count"
    Kind kind = Kind::LoadScale;    ///< what it varies
    QString server;                 ///< ServerCount: the server entry's name
    std::vector<QJsonValue> values; ///< numbers (counts, scales, seeds) or names, file order

    /// True for the axes that change the cluster (server counts).
    bool changesCluster() const { return kind == Kind::ServerCount; }

    bool operator==(const SweepAxis&) const = default;
};

} // namespace gantry::plan
