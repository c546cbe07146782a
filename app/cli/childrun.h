#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

namespace gantry::cli {

/// Child processes the benchmark suites measure, each on its own so that its peak memory is its
/// own: any program (measure), or `gantry-cli run --json` repeated (median).
class ChildRun
{
public:
    /// What one child process did, start to exit.
    struct Process
    {
        bool started = false;   ///< false when the program could not be started
        bool exited = false;    ///< it exited by itself (not killed by a signal)
        int exitCode = -1;      ///< its exit status when it exited
        int signal = 0;         ///< the signal that ended it, else 0
        double wallS = 0.0;     ///< wall seconds from start to exit
        double peakRssMb = 0.0; ///< its own peak resident memory (the kernel's, at its exit)
        double floorMb = 0.0;   ///< what peakRssMb cannot read below: this process's resident
                                ///< memory when it started the child (the kernel counts it)
        QByteArray out, err;    ///< what it printed on standard output and error

        /// Exited with status 0.
        bool ok() const { return exited && exitCode == 0; }
        /// One line saying why it did not succeed (its last line of standard error, if any).
        QString failure() const;
    };

    /// Runs program with args as a child process and waits for it: the wall time, the peak
    /// memory of that one process (as `run --report-memory` reports its own, from the resident
    /// memory of this process when it starts, floorMb) and its output. Standard input is empty.
    static Process measure(const QString& program, const QStringList& args);

    /// Median over repeat runs of wall_s, with the last run's summary and the largest peak RSS:
    /// {"wall_s", "events", "peak_rss_mb", "summary", "exit": 0}. On failure "exit" is the
    /// child's exit status (2 invalid input, else 1) and "error" its message.
    static QJsonObject median(const QString& scenario, const QString& policy,
                              const QString& placement, int firstJobs, int repeat,
                              const QString& predictor = QStringLiteral("oracle"));
};

} // namespace gantry::cli
