#pragma once

#include <vector>

namespace gantry {

/// Where a job's workers run: worker i on global GPU gpus[i] (see Cluster numbering).
struct Mapping
{
    std::vector<int> gpus; ///< one global GPU index per worker, all distinct

    bool empty() const { return gpus.empty(); }
    bool operator==(const Mapping&) const = default;
};

} // namespace gantry
