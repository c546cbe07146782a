#pragma once

#include "model/scenario.h"
#include "run/runresult.h"
#include "sim/schedule.h"
#include "util/result.h"

#include <QByteArray>
#include <QString>

class QIODevice;

namespace gantry {

/// Writes a run's Schedule as a Chrome/Perfetto trace-event JSON file (trace.json): one process
/// per server with one thread per GPU, one complete event per job segment on each GPU it held,
/// counters for free GPUs and queue length, and asrpt's virtual single machine as a process of
/// its own. Times are integer microseconds. The file is streamed, never built in memory whole.
class PerfettoTraceWriter
{
public:
    /// Checks that schedule belongs to scenario and result (job and GPU indices in range) and
    /// that no two segments overlap on one GPU, nor two virtual slices; O(n log n) in the
    /// (segment, GPU) pairs.
    static Status check(const Scenario& scenario, const RunResult& result,
                        const Schedule& schedule);
    /// Streams the trace to out (open for writing) after check(); O(size of the trace).
    static Status write(QIODevice& out, const Scenario& scenario, const RunResult& result,
                        const Schedule& schedule);
    /// The trace as bytes, for tests and small runs.
    static Result<QByteArray> toJson(const Scenario& scenario, const RunResult& result,
                                     const Schedule& schedule);
    /// Writes the trace to path atomically: a failure leaves any previous file intact.
    static Status writeFile(const Scenario& scenario, const RunResult& result,
                            const Schedule& schedule, const QString& path);
};

} // namespace gantry
