#include "parsebench.h"

#include "io/scenarioreader.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>

#include <algorithm>
#include <vector>

namespace gantry::cli {

namespace {

// Median wall seconds of repeat runs of program with args as a child process, start to exit;
// negative when it cannot start or exits non-zero.
double processWall(const QString& program, const QStringList& args, int repeat)
{
    std::vector<double> walls;
    for (int r = 0; r < repeat; ++r) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        QElapsedTimer t;
        t.start();
        p.start(program, args);
        if (!p.waitForFinished(-1) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
            return -1.0;
        walls.push_back(double(t.nsecsElapsed()) / 1e9);
    }
    std::sort(walls.begin(), walls.end());
    return walls[walls.size() / 2];
}

} // namespace

QJsonArray ParseBench::run(const QString& scenario, const QStringList& policies, int repeat,
                           QString* why)
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    const double pythonWall =
        python.isEmpty()
            ? -1.0
            : processWall(python,
                          {QStringLiteral("-c"),
                           QStringLiteral("import json,sys; json.load(open(sys.argv[1]))"),
                           scenario},
                          repeat);
    QJsonArray rows;
    const auto add = [&](const QString& name, double wall, const QString& target) {
        QJsonObject row{{"case", name}, {"wall_s", wall}, {"target", target}};
        if (pythonWall > 0.0) {
            row.insert("python_s", pythonWall);
            row.insert("ratio", wall / pythonWall);
        }
        rows.append(row);
    };
    if (pythonWall > 0.0)
        add(QStringLiteral("python3 json.load, whole process"), pythonWall, QStringLiteral("-"));
    const auto inProcess = [&](bool reference) {
        QFile f(scenario);
        std::vector<double> walls;
        for (int r = 0; r < repeat; ++r) {
            QElapsedTimer t;
            t.start();
            bool ok = false;
            if (reference) {
                if (f.open(QIODevice::ReadOnly))
                    ok = bool(ScenarioReader::readJsonTree(f.readAll(), scenario));
                f.close();
            } else {
                ok = bool(ScenarioReader::readFile(scenario));
            }
            if (!ok)
                return -1.0;
            walls.push_back(double(t.nsecsElapsed()) / 1e9);
        }
        std::sort(walls.begin(), walls.end());
        return walls[walls.size() / 2];
    };
    const double reference = inProcess(true);
    const double fast = inProcess(false);
    if (reference < 0.0 || fast < 0.0) {
        *why = scenario + QStringLiteral(" does not read");
        return {};
    }
    add(QStringLiteral("parse+validate, reference reader, in process"), reference,
        QStringLiteral("-"));
    add(QStringLiteral("parse+validate, in process"), fast, QStringLiteral("<= 1x python"));
    const QString self = QCoreApplication::applicationFilePath();
    const double validate = processWall(self, {QStringLiteral("validate"), scenario}, repeat);
    if (validate < 0.0) {
        *why = QStringLiteral("gantry-cli validate failed");
        return {};
    }
    add(QStringLiteral("validate, whole process"), validate, QStringLiteral("<= 1x python"));
    for (const QString& policy : policies) {
        const double run =
            processWall(self,
                        {QStringLiteral("run"), scenario, QStringLiteral("--policy"), policy,
                         QStringLiteral("--predictor"), QStringLiteral("oracle")},
                        repeat);
        if (run < 0.0) {
            *why = QStringLiteral("gantry-cli run --policy %1 failed").arg(policy);
            return {};
        }
        add(QStringLiteral("run %1 (oracle), whole process").arg(policy), run,
            QStringLiteral("<= 1x python"));
    }
    return rows;
}

void ParseBench::print(const QJsonArray& parseRows, const QString& scenario, int repeat,
                       QTextStream& out)
{
    out << "\nparse suite (" << scenario << ", median of " << repeat << ")\n"
        << QStringLiteral("%1 %2 %3 %4 %5\n")
               .arg(QStringLiteral("case"), -46)
               .arg(QStringLiteral("wall s"), 8)
               .arg(QStringLiteral("python s"), 9)
               .arg(QStringLiteral("x python"), 9)
               .arg(QStringLiteral("target"), 13);
    for (const QJsonValue& v : parseRows) {
        const QJsonObject o = v.toObject();
        const auto cell = [&o](const char* key, int width, const QString& suffix) {
            return o.contains(QLatin1String(key))
                       ? QString::number(o.value(QLatin1String(key)).toDouble(), 'f', 3)
                             .append(suffix)
                             .rightJustified(width)
                       : QStringLiteral("-").rightJustified(width);
        };
        out << QStringLiteral("%1 %2 %3 %4 %5\n")
                   .arg(o.value("case").toString(), -46)
                   .arg(o.value("wall_s").toDouble(), 8, 'f', 3)
                   .arg(cell("python_s", 9, QString()))
                   .arg(cell("ratio", 9, QStringLiteral("x")))
                   .arg(o.value("target").toString(), 13);
    }
    out.flush();
}

} // namespace gantry::cli
