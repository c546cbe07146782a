#pragma once

#include <QJsonObject>
#include <QString>
#include <QTextStream>

namespace gantry::cli {

struct BenchContext;

/// The scale suite of gantry-cli bench: the million-job case of a whole public trace, built in a
/// temporary folder (nothing large is kept in the repository), each step a child process timed
/// from start to exit with its own peak memory:
/// - `generate` of --jobs N philly-like jobs (default 1,000,000) on the sample 512-GPU cluster;
/// - a Helios cluster_log.csv of N rows written by the bench (seeded), then
///   `import --format helios` of it onto the same cluster;
/// - `run` of the generated scenario with fifo, sjf and the product's default policy, whole
///   process, against python3's `json.load` of the same file (when python3 is on the PATH);
/// - the window's figures from gantry-uibench --json on the scenario, when gantry-uibench is
///   built beside gantry-cli: opening the scenario, saving its project with three runs, the
///   Gantt chart's full zoom-out drawn anew, the teaching notes, its peak memory.
/// Each row beside its target for a whole trace at interactive speed; a step not measured says
/// why.
class ScaleBench
{
public:
    /// The suite: options --jobs (default 1000000) and --repeat (default 1 for this suite; the
    /// median wall time and the largest peak of that many runs); rows under scale.
    static int suite(BenchContext& b);
    /// gantry-uibench's path, or empty when it is not built.
    static QString uibenchProgram();
    /// The measured document as a table: step | measured | target | met.
    static void print(const QJsonObject& scale, QTextStream& out);
};

} // namespace gantry::cli
