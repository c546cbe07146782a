#pragma once

// What the import tests share: the cluster the fixtures are imported onto.

#include "io/gpucatalogue.h"
#include "model/cluster.h"

namespace gantry::importtest {

// Two servers of eight A100-80G: 16 GPUs.
inline Cluster sixteenGpus()
{
    Cluster c;
    c.gpuTypes.push_back(*GpuCatalogue::find(QStringLiteral("A100-80G")));
    c.racks.push_back({QStringLiteral("r0"), 1600});
    c.servers.push_back({QStringLiteral("a-0"), 0, 0, 8, 600, 200});
    c.servers.push_back({QStringLiteral("a-1"), 0, 0, 8, 600, 200});
    c.finalize();
    return c;
}

} // namespace gantry::importtest
