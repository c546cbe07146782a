#pragma once
// The content the storage fault tests save: a run of ROWS synthetic job rows under a policy
// name, the same in the test and in its child process (gantry_fault_saver).
#include "io/scenarioreader.h"
#include "run/runresult.h"

#include <QString>

#include <cstdint>

namespace faults {

// The scenario every fault save records its run against.
inline gantry::Scenario faultScenario()
{
    auto s = gantry::ScenarioReader::readFile(
        QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks.json"));
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return s.value();
}

// A run of rows job records, every value derived from the row number and the policy name.
inline gantry::RunResult faultRun(const QString& policy, int rows)
{
    gantry::RunResult result;
    result.config.policy = policy;
    result.jobs.reserve(std::size_t(rows));
    for (int i = 0; i < rows; ++i) {
        gantry::JobRecord r;
        r.id = QStringLiteral("%1-%2").arg(policy).arg(i);
        r.arrivalS = i;
        r.startS = i + 1.5;
        r.finishS = i + 10.25;
        r.jctS = 10.25;
        r.queueDelayS = 1.5;
        r.gpus = 1 + i % 8;
        r.servers = 1 + i % 2;
        r.iterations = 1000 + i;
        // Noise in the low bits, so that the run does not compress away: a save of many rows
        // must outgrow a disk that is nearly full.
        std::uint64_t z = std::uint64_t(i) * 0x9E3779B97F4A7C15ULL;
        z = (z ^ (z >> 31)) * 0xBF58476D1CE4E5B9ULL;
        r.gpuSeconds = 8.75 * r.gpus + double(z >> 11) * 0x1.0p-53;
        result.jobs.push_back(r);
    }
    return result;
}

} // namespace faults
