// The task farm of gantry-sweep alone, under mpirun, with taskfarm-driver's toy task: every task
// is accepted exactly once on every rank count, a slow task holds only its worker, an evaluation
// error stops the farm with the task's message and exit 2, and a worker that dies stops the job
// (Open MPI 4.1 aborts it) with every accepted result already written and the held task named
// in the note file.
#include "../common/childprocess.h"

#include <QFile>
#include <QMap>
#include <QTemporaryDir>
#include <QTest>

namespace {

using Outcome = gantry::test::ChildProcess;

Outcome farm(int ranks, const QString& out, int count, const QStringList& extra = {})
{
    QStringList args{QStringLiteral("-n"),
                     QString::number(ranks),
                     QStringLiteral("--oversubscribe"),
                     QStringLiteral(GANTRY_TASKFARM_DRIVER),
                     out,
                     QString::number(count)};
    return Outcome::run(QStringLiteral(GANTRY_MPIEXEC), args + extra, 120000);
}

// The driver's answers: task -> (rank, value), and false when a line is malformed or repeated.
bool answers(const QString& path, QMap<int, QPair<int, long>>& byTask)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return false;
    for (const QByteArray& line : f.readAll().split('\n')) {
        if (line.isEmpty())
            continue;
        const QList<QByteArray> cells = line.split(',');
        if (cells.size() != 3 || byTask.contains(cells[0].toInt()))
            return false;
        byTask.insert(cells[0].toInt(), {cells[1].toInt(), cells[2].toLong()});
    }
    return true;
}

} // namespace

class TestTaskFarm : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void everyTaskOnce_data();
    void everyTaskOnce();
    void slowTaskHoldsOnlyItsWorker();
    void evaluationError_data();
    void evaluationError();
    void workerDies();

private:
    QTemporaryDir m_dir;
};

void TestTaskFarm::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Open MPI refuses to start as root (CI) without both.
    qputenv("OMPI_ALLOW_RUN_AS_ROOT", "1");
    qputenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
}

void TestTaskFarm::everyTaskOnce_data()
{
    QTest::addColumn<int>("ranks");
    QTest::addColumn<int>("count");
    QTest::newRow("1 rank") << 1 << 40;
    QTest::newRow("2 ranks") << 2 << 40;
    QTest::newRow("3 ranks") << 3 << 40;
    QTest::newRow("3 ranks, fewer tasks than workers") << 3 << 1;
    QTest::newRow("3 ranks, no task") << 3 << 0;
}

void TestTaskFarm::everyTaskOnce()
{
    QFETCH(int, ranks);
    QFETCH(int, count);
    const QString out = m_dir.filePath(QStringLiteral("once-%1-%2.csv").arg(ranks).arg(count));
    const Outcome o = farm(ranks, out, count);
    QVERIFY2(o.finished && o.exitCode == 0, qPrintable(o.explain()));
    QVERIFY(!QFile::exists(out + QStringLiteral(".held"))); // removed once all is done
    QMap<int, QPair<int, long>> byTask;
    QVERIFY(answers(out, byTask));
    QCOMPARE(byTask.size(), count);
    for (int task = 0; task < count; ++task) {
        QVERIFY(byTask.contains(task));
        QCOMPARE(byTask[task].second, long(task) * task);
        // Rank 0 hands out and accepts; it evaluates only when it is alone.
        if (ranks == 1)
            QCOMPARE(byTask[task].first, 0);
        else
            QVERIFY(byTask[task].first >= 1 && byTask[task].first < ranks);
    }
}

// Task 0 takes 1.5 s, the other 29 take 2 ms: the other worker does them meanwhile.
void TestTaskFarm::slowTaskHoldsOnlyItsWorker()
{
    const QString out = m_dir.filePath(QStringLiteral("slow.csv"));
    const Outcome o = farm(3, out, 30, {QStringLiteral("--slow"), QStringLiteral("0:1500")});
    QVERIFY2(o.finished && o.exitCode == 0, qPrintable(o.explain()));
    QMap<int, QPair<int, long>> byTask;
    QVERIFY(answers(out, byTask));
    QCOMPARE(byTask.size(), 30);
    const int slowRank = byTask[0].first;
    int bySlowRank = 0;
    for (const auto& answer : byTask)
        bySlowRank += answer.first == slowRank ? 1 : 0;
    QVERIFY2(bySlowRank <= 2,
             qPrintable(
                 QStringLiteral("rank %1 evaluated %2 of 30 tasks").arg(slowRank).arg(bySlowRank)));
}

void TestTaskFarm::evaluationError_data()
{
    QTest::addColumn<int>("ranks");
    QTest::newRow("1 rank") << 1;
    QTest::newRow("3 ranks") << 3;
}

// A task whose evaluation fails stops the hand-out; the message is printed once, exit 2.
void TestTaskFarm::evaluationError()
{
    QFETCH(int, ranks);
    const QString out = m_dir.filePath(QStringLiteral("fail-%1.csv").arg(ranks));
    const Outcome o = farm(ranks, out, 20, {QStringLiteral("--fail"), QStringLiteral("5")});
    QVERIFY2(o.finished, qPrintable(o.explain()));
    QVERIFY2(o.exitCode == 2, qPrintable(o.explain()));
    QCOMPARE(o.err.count("task 5: refused"), 1);
    QMap<int, QPair<int, long>> byTask;
    QVERIFY(answers(out, byTask));
    QVERIFY(!byTask.contains(5));
}

// A worker killed mid-task: the job ends (no hang) with a failure, every result accepted before
// is in the file, and rank 0 names the task the dead worker held in its note file.
void TestTaskFarm::workerDies()
{
    const QString out = m_dir.filePath(QStringLiteral("die.csv"));
    const Outcome o = farm(3, out, 40,
                           {QStringLiteral("--slow"), QStringLiteral("0:20"),
                            QStringLiteral("--die"), QStringLiteral("7")});
    QVERIFY2(o.finished, qPrintable(o.explain()));
    QVERIFY2(o.exitCode != 0, qPrintable(o.explain()));
    QMap<int, QPair<int, long>> byTask;
    QVERIFY(answers(out, byTask));
    QVERIFY(!byTask.contains(7));
    for (auto it = byTask.cbegin(); it != byTask.cend(); ++it)
        QCOMPARE(it.value().second, long(it.key()) * it.key());
    // Rank 0 also prints the held tasks on stderr when mpirun stops it, but the job can end
    // before that is through (seen when other processes load the machine); the note file is
    // kept up to date while the tasks are out.
    QFile note(out + QStringLiteral(".held"));
    QVERIFY2(note.open(QIODevice::ReadOnly), qPrintable(o.explain()));
    const QByteArray text = note.readAll();
    QVERIFY2(text.startsWith("taskfarm-driver: held by the workers:") &&
                 text.contains("task 7 (rank"),
             text.constData());
}

QTEST_GUILESS_MAIN(TestTaskFarm)
#include "tst_taskfarm.moc"
