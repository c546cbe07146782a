#pragma once

namespace gantry::plan {

/// The owner's side of the cost model (docs/planning.md, "Cost").
struct CostParams
{
    double horizonYears = 3.0;          ///< years the cluster is owned and powered
    double electricityUsdPerKwh = 0.12; ///< price of energy, US dollars per kWh
    double pue = 1.3;                   ///< power usage effectiveness of the data centre (>= 1)
    double idlePowerFraction = 0.1;     ///< share of board power an idle GPU draws (0 to 1)

    bool operator==(const CostParams&) const = default;
};

} // namespace gantry::plan
