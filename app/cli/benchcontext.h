#pragma once

#include "cliargs.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonObject>
#include <QStringList>
#include <QTextStream>

namespace gantry::cli {

/// What every suite of gantry-cli bench reads (the options as parsed) and where it writes: its
/// table on out as it goes, or its rows under its key of doc, printed once at the end with
/// --json. A suite returns ExitOk to let the next one run, else the command's exit status.
struct BenchContext
{
    const CliArgs& args;
    QTextStream& out;
    QTextStream& err;
    QString scenario;     ///< --scenario, or the sample Philly scenario
    int repeat = 3;       ///< --repeat
    int total = 0;        ///< jobs in the scenario
    QStringList policies; ///< --policies, or every registered policy
    bool json = false;    ///< --json
    QJsonObject doc;      ///< the --json document

    /// --name as an integer, or fallback when it is not given.
    int count(const char* name, int fallback) const
    {
        const auto v = args.value(QLatin1String(name));
        return v ? v->toInt() : fallback;
    }

    /// A sample file (sampledata/NAME): beside the build tree's program, installed, or in the
    /// source tree, in that order; the last when none exists.
    static QString sampleFile(const QString& name)
    {
        const QString dir = QCoreApplication::applicationDirPath();
        const QStringList candidates = {dir + QStringLiteral("/../../sampledata/") + name,
                                        dir + QStringLiteral("/../share/gantry/") + name,
                                        QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + name};
        for (const QString& c : candidates)
            if (QFileInfo::exists(c))
                return QDir::cleanPath(c);
        return candidates.back();
    }
};

} // namespace gantry::cli
