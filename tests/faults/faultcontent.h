#pragma once
// The content the storage fault tests save: a run of ROWS synthetic job rows under a policy
// name, the same in the test and in its child process (gantry_fault_saver).
#include "io/scenarioreader.h"
#include "run/runresult.h"

#include <QString>

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
        r.gpuSeconds = 8.75 * r.gpus;
        result.jobs.push_back(r);
    }
    return result;
}

} // namespace faults
