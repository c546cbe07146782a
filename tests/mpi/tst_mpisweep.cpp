// gantry-sweep under mpirun against the single-process `gantry-cli sweep` on a small sweep
// (tests/mpi/data/tiny-sweep.json): the same files, byte for byte (points.csv, sweep.json and
// the point cache), with 1, 2 and 3 ranks; --json prints the same sweep.json; a bad sweep file
// exits 2 with the sweep's message printed once; after a worker is killed mid-sweep, the point
// it held is named and --resume finishes with the same files.
#include "../common/childprocess.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <csignal>

#include <signal.h>

namespace {

using Outcome = gantry::test::ChildProcess;

const QString kSweep = QStringLiteral(GANTRY_SOURCE_DIR "/tests/mpi/data/tiny-sweep.json");
// Long enough to kill a worker in the middle.
const QString kLongSweep = QStringLiteral(GANTRY_SOURCE_DIR "/tests/mpi/data/resume-sweep.json");
const qsizetype kLongPoints = 4 * 3 * 2 * 16;

QStringList mpirun(int ranks, const QStringList& args)
{
    return QStringList{QStringLiteral("-n"), QString::number(ranks),
                       QStringLiteral("--oversubscribe"), QStringLiteral(GANTRY_SWEEP_PATH)} +
           args;
}

Outcome sweep(int ranks, const QStringList& args)
{
    return Outcome::run(QStringLiteral(GANTRY_MPIEXEC), mpirun(ranks, args), 240000);
}

// The process of MPI rank `rank` among the children of mpirun (Open MPI sets
// OMPI_COMM_WORLD_RANK in each rank's environment); 0 when not found.
qint64 rankProcess(qint64 mpirunPid, int rank)
{
    const QByteArray wanted = "OMPI_COMM_WORLD_RANK=" + QByteArray::number(rank);
    for (const QString& entry : QDir(QStringLiteral("/proc")).entryList(QDir::Dirs)) {
        bool numeric = false;
        const qint64 pid = entry.toLongLong(&numeric);
        if (!numeric)
            continue;
        QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
        if (!stat.open(QIODevice::ReadOnly))
            continue;
        // pid (comm) state ppid ...: the fields after the last ')'.
        const QByteArray text = stat.readAll();
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() < 2 || fields[1].toLongLong() != mpirunPid)
            continue;
        QFile environ(QStringLiteral("/proc/%1/environ").arg(pid));
        if (environ.open(QIODevice::ReadOnly) && environ.readAll().split('\0').contains(wanted))
            return pid;
    }
    return 0;
}

// Runs gantry-cli sweep on one thread into out.
Outcome cliSweep(const QString& file, const QString& out)
{
    return Outcome::run(QStringLiteral(GANTRY_CLI_PATH),
                        {QStringLiteral("sweep"), file, QStringLiteral("--threads"),
                         QStringLiteral("1"), QStringLiteral("--out"), out});
}

// Every file under dir (relative path -> bytes).
QMap<QString, QByteArray> files(const QString& dir)
{
    QMap<QString, QByteArray> all;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly))
            all.insert(QDir(dir).relativeFilePath(path), f.readAll());
    }
    return all;
}

// A message naming the first file that differs.
QString difference(const QMap<QString, QByteArray>& a, const QMap<QString, QByteArray>& b)
{
    if (a.keys() != b.keys())
        return QStringLiteral("files differ: %1 against %2")
            .arg(a.keys().join(QLatin1Char(' ')), b.keys().join(QLatin1Char(' ')));
    for (auto it = a.cbegin(); it != a.cend(); ++it)
        if (it.value() != b.value(it.key()))
            return QStringLiteral("%1 differs").arg(it.key());
    return {};
}

} // namespace

class TestMpiSweep : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void sameFiles_data();
    void sameFiles();
    void json();
    void badSweepFile_data();
    void badSweepFile();
    void resumeAfterWorkerDies();

private:
    QTemporaryDir m_dir;
    QMap<QString, QByteArray> m_reference;
};

void TestMpiSweep::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // Open MPI refuses to start as root (CI) without both.
    qputenv("OMPI_ALLOW_RUN_AS_ROOT", "1");
    qputenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    const QString out = m_dir.filePath(QStringLiteral("reference"));
    const Outcome o = Outcome::run(QStringLiteral(GANTRY_CLI_PATH),
                                   {QStringLiteral("sweep"), kSweep, QStringLiteral("--threads"),
                                    QStringLiteral("1"), QStringLiteral("--out"), out});
    QVERIFY2(o.finished && o.exitCode == 0, qPrintable(o.explain()));
    m_reference = files(out);
    QVERIFY(m_reference.contains(QStringLiteral("points.csv")));
    QVERIFY(m_reference.contains(QStringLiteral("sweep.json")));
    // 3 x 2 x 2 x 2 points, each in the cache.
    QCOMPARE(m_reference.size(), 2 + 24);
}

void TestMpiSweep::sameFiles_data()
{
    QTest::addColumn<int>("ranks");
    QTest::newRow("1 rank") << 1;
    QTest::newRow("2 ranks") << 2;
    QTest::newRow("3 ranks") << 3;
}

void TestMpiSweep::sameFiles()
{
    QFETCH(int, ranks);
    const QString out = m_dir.filePath(QStringLiteral("ranks-%1").arg(ranks));
    const Outcome o = sweep(ranks, {kSweep, QStringLiteral("--out"), out});
    QVERIFY2(o.finished && o.exitCode == 0, qPrintable(o.explain()));
    QVERIFY2(o.out.contains("24 points (24 run on"), qPrintable(o.explain()));
    const QString diff = difference(files(out), m_reference);
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

void TestMpiSweep::json()
{
    const Outcome o = sweep(3, {kSweep, QStringLiteral("--json")});
    QVERIFY2(o.finished && o.exitCode == 0, qPrintable(o.explain()));
    QCOMPARE(o.out, m_reference.value(QStringLiteral("sweep.json")));
}

void TestMpiSweep::badSweepFile_data()
{
    QTest::addColumn<int>("ranks");
    QTest::newRow("1 rank") << 1;
    QTest::newRow("3 ranks") << 3;
}

// Every rank fails to open it; rank 0 alone prints the sweep's message (it names the file, the
// JSON path and the problem), and the job exits 2.
void TestMpiSweep::badSweepFile()
{
    QFETCH(int, ranks);
    const QString bad = QStringLiteral(GANTRY_SOURCE_DIR "/tests/mpi/data/bad-sweep.json");
    const Outcome o = sweep(ranks, {bad, QStringLiteral("--out"), m_dir.filePath("bad")});
    QVERIFY(o.finished);
    QVERIFY2(o.exitCode == 2, qPrintable(o.explain()));
    QCOMPARE(o.err.count("axes.servers.h200.count"), 1);
    QVERIFY2(o.err.contains("unknown server \"h200\""), qPrintable(o.explain()));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("bad/points.csv"))));
}

// A worker killed (SIGKILL) once some points are cached: Open MPI 4.1 aborts the job, rank 0
// names the point the dead rank held, and a rerun with --resume on another rank count ends with
// the single-process files, rerunning only the points not cached.
void TestMpiSweep::resumeAfterWorkerDies()
{
    const QString reference = m_dir.filePath(QStringLiteral("long-reference"));
    const Outcome r = cliSweep(kLongSweep, reference);
    QVERIFY2(r.finished && r.exitCode == 0, qPrintable(r.explain()));
    const QString out = m_dir.filePath(QStringLiteral("killed"));
    QProcess p;
    p.start(QStringLiteral(GANTRY_MPIEXEC), mpirun(3, {kLongSweep, QStringLiteral("--out"), out}));
    QVERIFY(p.waitForStarted(30000));
    QElapsedTimer clock;
    clock.start();
    const QDir cache(out + QStringLiteral("/cache"));
    while (cache.entryList({QStringLiteral("*.json")}, QDir::Files).isEmpty() &&
           p.state() == QProcess::Running && clock.elapsed() < 120000)
        QThread::msleep(5);
    const qint64 worker = rankProcess(p.processId(), 1);
    QVERIFY2(worker > 0, "rank 1 not found");
    QVERIFY(::kill(pid_t(worker), SIGKILL) == 0);
    QVERIFY(p.waitForFinished(60000));
    QVERIFY(p.exitCode() != 0);
    // Rank 0 also prints the held points on stderr when mpirun stops it, but that note is best
    // effort (the job can end before it is through when other processes load the machine); the
    // note file held.txt is kept up to date while points are out and a stopped run leaves it.
    const QByteArray stopped = p.readAllStandardError();
    QFile note(out + QStringLiteral("/held.txt"));
    QVERIFY2(note.open(QIODevice::ReadOnly), stopped.constData());
    const QByteArray held = note.readAll();
    QVERIFY2(held.startsWith("gantry-sweep: held by the workers:") && held.contains("(rank 1)"),
             held.constData());
    const qsizetype cached = cache.entryList({QStringLiteral("*.json")}, QDir::Files).size();
    QVERIFY(cached >= 1);
    QVERIFY2(cached < kLongPoints, "the sweep ended before the worker was killed");
    const Outcome o =
        sweep(2, {kLongSweep, QStringLiteral("--out"), out, QStringLiteral("--resume")});
    QVERIFY2(o.finished && o.exitCode == 0, qPrintable(o.explain()));
    QVERIFY2(o.out.contains(QStringLiteral("(%1 run on 2 ranks, %2 from the cache)")
                                .arg(kLongPoints - cached)
                                .arg(cached)
                                .toUtf8()),
             qPrintable(o.explain()));
    const QString diff = difference(files(out), files(reference));
    QVERIFY2(diff.isEmpty(), qPrintable(diff));
}

QTEST_GUILESS_MAIN(TestMpiSweep)
#include "tst_mpisweep.moc"
