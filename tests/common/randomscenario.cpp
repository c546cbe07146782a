#include "randomscenario.h"

#include "util/rng.h"

#include <algorithm>

namespace gantry::test {

Scenario RandomScenario::make(std::uint64_t seed, const Shape& shape)
{
    Rng rng(seed);
    Scenario s;
    s.name = QStringLiteral("random-%1").arg(seed);
    Cluster& c = s.cluster;
    c.gpuTypes = {{QStringLiteral("fast"), 300, 80, 1.0}, {QStringLiteral("slow"), 100, 40, 0.5}};
    const int racks = shape.singleServer ? 1 : 1 + int(rng.below(2));
    for (int r = 0; r < racks; ++r)
        c.racks.push_back({QStringLiteral("r%1").arg(r), 100.0 + double(rng.below(400))});
    const int servers = shape.singleServer ? 1 : 1 + int(rng.below(4));
    const int sizes[] = {2, 4, 8};
    for (int i = 0; i < servers; ++i) {
        Server sv;
        sv.name = QStringLiteral("s%1").arg(i);
        sv.rack = int(rng.below(std::uint64_t(racks)));
        sv.gpuType = shape.identicalGpus ? 0 : int(rng.below(2));
        sv.gpus = sizes[rng.below(3)];
        sv.intraGBps = 100.0 + double(rng.below(500));
        sv.nicGbps = 25.0 + double(rng.below(200));
        c.servers.push_back(sv);
    }
    c.finalize();
    const int total = c.totalGpus();
    double t = 0.0;
    for (int j = 0; j < shape.jobs; ++j) {
        Job job;
        job.id = QStringLiteral("j%1").arg(j);
        // Bursty arrivals with ties: some jobs arrive at the same instant.
        if (rng.below(4) != 0)
            t += double(rng.below(50));
        job.arrivalS = t;
        const int g =
            rng.below(3) == 0 ? 1 + int(rng.below(std::uint64_t(total))) : 1 + int(rng.below(2));
        if (shape.durationOnly || rng.below(3) != 0) {
            job.kind = JobKind::Duration;
            job.gpus = g;
            job.durationS = 1.0 + double(rng.below(400));
        } else {
            job.kind = JobKind::Graph;
            // Large-memory workers only where enough 80 GB GPUs exist (the reader rejects the
            // rest).
            int bigGpus = 0;
            for (std::size_t i = 0; i < c.servers.size(); ++i)
                bigGpus += c.memoryOfServer(int(i)) >= 60.0 ? c.servers[i].gpus : 0;
            const double mem = rng.below(4) == 0 && g <= bigGpus ? 60.0 : 10.0;
            for (int w = 0; w < g; ++w)
                job.graph.workers.push_back({0.05 + rng.uniform(), mem});
            for (int w = 0; w + 1 < g; ++w)
                job.graph.edges.push_back({w, w + 1, 1e8 * double(1 + rng.below(20))});
            job.iterations = 10.0 + double(rng.below(300));
        }
        s.jobs.push_back(std::move(job));
    }
    return s;
}

} // namespace gantry::test
