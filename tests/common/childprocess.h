#pragma once

// Header-only helper of the tests that run Gantry's programs (include "../common/childprocess.h").

#include <QByteArray>
#include <QProcess>
#include <QString>
#include <QStringList>

namespace gantry::test {

/// A program run to its end by a test: its exit status and what it printed.
struct ChildProcess
{
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
    bool finished = false; ///< started, and exited normally within the time allowed

    /// Runs program with args and its stdin closed; waits at most timeoutMs for it to end.
    static ChildProcess run(const QString& program, const QStringList& args, int timeoutMs = 300000)
    {
        QProcess p;
        p.start(program, args);
        ChildProcess o;
        if (!p.waitForStarted(30000))
            return o;
        p.closeWriteChannel();
        o.finished = p.waitForFinished(timeoutMs) && p.exitStatus() == QProcess::NormalExit;
        o.exitCode = p.exitCode();
        o.out = p.readAllStandardOutput();
        o.err = p.readAllStandardError();
        return o;
    }

    /// Exit status, stdout and stderr, for a failure message.
    QString explain() const
    {
        return QStringLiteral("exit %1\nstdout: %2\nstderr: %3")
            .arg(exitCode)
            .arg(QString::fromUtf8(out), QString::fromUtf8(err));
    }
};

} // namespace gantry::test
