#pragma once

// Small scenarios and runs shared by the result-view tests.
#include "../common/mustrun.h"
#include "model/scenario.h"
#include "run/runner.h"
#include "sim/schedulerecorder.h"

#include <utility>

namespace gantry::test {

// Servers a and b of gpusEach GPUs in one rack.
inline Scenario twoServers(int gpusEach)
{
    Scenario s;
    s.name = QStringLiteral("views");
    s.cluster.gpuTypes.push_back({QStringLiteral("t"), 100, 80, 1.0});
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    s.cluster.servers.push_back({QStringLiteral("a"), 0, 0, gpusEach, 100, 80});
    s.cluster.servers.push_back({QStringLiteral("b"), 0, 0, gpusEach, 100, 80});
    s.cluster.finalize();
    return s;
}

// j1 (4 GPUs, 100 s) at 0, j2 (8 GPUs, 50 s) at 1, j3 (4 GPUs, 10 s) at 2 on 2 x 4 GPUs.
inline Scenario classroom()
{
    Scenario s = twoServers(4);
    s.jobs = {Job::duration(QStringLiteral("j1"), 0, 4, 100),
              Job::duration(QStringLiteral("j2"), 1, 8, 50),
              Job::duration(QStringLiteral("j3"), 2, 4, 10)};
    return s;
}

// One run of s under policy with its schedule (aborts the test binary on failure).
inline std::pair<RunResult, Schedule> runWith(const Scenario& s, const QString& policy)
{
    RunConfig c;
    c.policy = policy;
    ScheduleRecorder rec(s);
    RunResult r = test::mustRun(s, c, {&rec});
    return {std::move(r), rec.take()};
}

} // namespace gantry::test
