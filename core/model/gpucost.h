#pragma once

#include <QString>

namespace gantry {

/// What a kind of GPU costs to buy, to power and to rent, with where each figure comes from.
struct GpuCost
{
    QString name;                 ///< catalogue name of the GPU type, e.g. "H100"
    double purchaseUsd = 0.0;     ///< purchase price of one GPU, US dollars
    QString purchaseSource;       ///< where the purchase price comes from
    QString purchaseDate;         ///< when it was published, "YYYY-MM"
    double boardPowerW = 0.0;     ///< maximum board power, watts
    QString powerSource;          ///< where the board power comes from
    QString powerDate;            ///< when it was published, "YYYY-MM"
    double cloudUsdPerHour = 0.0; ///< on-demand cloud price of one GPU for one hour, US dollars
    QString cloudSource;          ///< where the cloud price comes from
    QString cloudDate;            ///< when it was published, "YYYY-MM"

    bool operator==(const GpuCost&) const = default;
};

} // namespace gantry
