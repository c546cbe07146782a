#pragma once

// Header-only helper of the tests that need GPUs of two speeds (include "fastandslow.h").

#include "model/scenario.h"

#include <QString>

namespace gantry::test {

/// A cluster of two 1-GPU servers in one rack: fast (GPU type F, speed 1) and slow (type S,
/// speed 1/4), so a duration job takes 4 times as long on slow. No jobs.
inline Scenario fastAndSlow(const QString& fast = QStringLiteral("s0"),
                            const QString& slow = QStringLiteral("s1"))
{
    Scenario s;
    s.cluster.gpuTypes = {{QStringLiteral("F"), 100, 80, 1.0}, {QStringLiteral("S"), 25, 80, 0.25}};
    s.cluster.racks = {{QStringLiteral("r0"), 1000}};
    s.cluster.servers.push_back({fast, 0, 0, 1, 100, 80});
    s.cluster.servers.push_back({slow, 0, 1, 1, 100, 80});
    s.cluster.finalize();
    return s;
}

} // namespace gantry::test
