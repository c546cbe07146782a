// gantry_project_writer FILE JOBS pause|run: a writer process for the crash-safety test. It
// records one run of JOBS synthetic job rows in FILE in one save. With pause it prints
// "halfway" once half the rows are written and then sleeps inside the transaction, so that the
// test can kill it there; with run it saves and prints "done".
#include "io/scenarioreader.h"
#include "storage/projectstore.h"

#include <QCoreApplication>
#include <QTextStream>
#include <QThread>

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() != 4)
        return 2;
    auto store = gantry::storage::ProjectStore::open(args[1]);
    if (!store) {
        QTextStream(stderr) << store.error().message << Qt::endl;
        return 2;
    }
    auto scenario = gantry::ScenarioReader::readFile(
        QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks.json"));
    if (!scenario)
        return 2;
    gantry::RunResult result;
    result.config.policy = QStringLiteral("crash-test");
    const int jobs = args[2].toInt();
    for (int i = 0; i < jobs; ++i) {
        gantry::JobRecord r;
        r.id = QStringLiteral("job-%1").arg(i);
        r.arrivalS = i;
        r.finishS = i + 10.0;
        r.jctS = 10.0;
        result.jobs.push_back(r);
    }
    const bool pause = args[3] == QLatin1String("pause");
    bool told = false;
    gantry::Feedback feedback([&](double fraction, const QString&) {
        if (pause && !told && fraction >= 0.5) {
            told = true;
            std::printf("halfway\n");
            std::fflush(stdout);
            QThread::sleep(60);
        }
    });
    auto ids = store.value()->recordRuns(scenario.value(), {result}, true, &feedback);
    if (!ids) {
        QTextStream(stderr) << ids.error().message << Qt::endl;
        return 1;
    }
    std::printf("done\n");
    std::fflush(stdout);
    return 0;
}
