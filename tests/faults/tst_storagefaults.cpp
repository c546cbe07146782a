// Storage faults: a save killed (SIGKILL) at 24 random points, during the rows or at a random
// moment that may fall into the commit, always leaves a project that opens with exactly the old
// or exactly the new content; a save that hits a file-size limit (disk full) fails with an error
// and keeps the old content; a project without write permission opens read-only and says so.
#include "faultcontent.h"
#include "storage/projectstore.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/resource.h>

using gantry::storage::ProjectStore;

namespace {

constexpr int OldRows = 50;
constexpr int NewRows = 20000;
// The disk-full save: large enough that, compressed (a run is one compressed blob), it outgrows
// the largest headroom of diskFull_data several times over.
constexpr int DiskFullRows = 200000;

QByteArray checksum(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "<missing>";
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256).toHex();
}

qint64 fileSize(const QString& path)
{
    return QFileInfo::exists(path) ? QFileInfo(path).size() : 0;
}

void compareRows(const std::vector<gantry::JobRecord>& got, const gantry::RunResult& want)
{
    QCOMPARE(got.size(), want.jobs.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        QCOMPARE(got[i].id, want.jobs[i].id);
        QCOMPARE(got[i].finishS, want.jobs[i].finishS);
        QCOMPARE(got[i].gpus, want.jobs[i].gpus);
        QCOMPARE(got[i].iterations, want.jobs[i].iterations);
    }
}

} // namespace

class TstStorageFaults : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void killedSave_data();
    void killedSave();
    void diskFull_data();
    void diskFull();
    void readOnly_data();
    void readOnly();
    void readOnlyOldSchema();

private:
    // Which content a project holds: 0 old, 1 new; fails the test on anything else.
    int contentOf(const QString& file);

    QTemporaryDir m_dir;
    QString m_old; // a project holding the old content
    int m_oldHistory = 0;
    int m_newHistory = 0;
    qint64 m_saveMs = 0; // how long a whole save took here: the range of the timed kills
    int m_steps = 0;     // progress reports of a whole save: the range of the row kills
    QString m_file;
};

void TstStorageFaults::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_old = m_dir.filePath(QStringLiteral("old.gantry"));
    const gantry::Scenario s = faults::faultScenario();
    {
        auto store = ProjectStore::open(m_old, ProjectStore::OpenMode::CreateIfMissing);
        QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
        QVERIFY(store.value()->recordRuns(
            s, {faults::faultRun(QStringLiteral("fault-old"), OldRows)}, false));
        m_oldHistory = store.value()->historySize().value();
    }
    // One uninterrupted save in the child: the new content, and the time a save takes here.
    const QString full = m_dir.filePath(QStringLiteral("full.gantry"));
    QVERIFY(QFile::copy(m_old, full));
    QProcess saver;
    saver.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QElapsedTimer timer;
    timer.start();
    saver.start(QStringLiteral(GANTRY_FAULT_SAVER), {full, QString::number(NewRows)});
    QVERIFY(saver.waitForFinished(300000));
    m_saveMs = std::max<qint64>(20, timer.elapsed());
    QCOMPARE(saver.exitCode(), 0);
    const QByteArray out = saver.readAllStandardOutput();
    QVERIFY(out.contains("done "));
    m_steps = out.mid(out.indexOf("done ") + 5).trimmed().toInt();
    QVERIFY(m_steps >= NewRows);
    auto store = ProjectStore::open(full);
    QVERIFY(store);
    m_newHistory = store.value()->historySize().value();
    QVERIFY(m_newHistory > m_oldHistory);
    qInfo("an uninterrupted save of %d rows took %lld ms, %d steps", NewRows, m_saveMs, m_steps);
}

void TstStorageFaults::init()
{
    m_file = m_dir.filePath(QStringLiteral("p-%1.gantry").arg(QTest::currentDataTag()));
    for (const char* suffix : {"", "-wal", "-shm"}) {
        QFile::setPermissions(m_file + QLatin1String(suffix), QFile::ReadOwner | QFile::WriteOwner);
        QFile::remove(m_file + QLatin1String(suffix));
    }
    QVERIFY(QFile::copy(m_old, m_file));
    QFile::setPermissions(m_file, QFile::ReadOwner | QFile::WriteOwner);
}

int TstStorageFaults::contentOf(const QString& file)
{
    auto store = ProjectStore::open(file);
    if (!store) {
        qWarning("%s", qPrintable(store.error().message));
        return -1;
    }
    auto runs = store.value()->runs();
    if (!runs || runs.value().empty() || runs.value().size() > 2)
        return -1;
    const bool isNew = runs.value().size() == 2;
    auto old = store.value()->runJobs(runs.value().front().id);
    if (!old || runs.value().front().policy != QLatin1String("fault-old"))
        return -1;
    compareRows(old.value(), faults::faultRun(QStringLiteral("fault-old"), OldRows));
    if (QTest::currentTestFailed())
        return -1;
    if (store.value()->historySize().value() != (isNew ? m_newHistory : m_oldHistory))
        return -1;
    if (isNew) {
        auto rows = store.value()->runJobs(runs.value().back().id);
        if (!rows || runs.value().back().policy != QLatin1String("fault-new"))
            return -1;
        compareRows(rows.value(), faults::faultRun(QStringLiteral("fault-new"), NewRows));
        if (QTest::currentTestFailed())
            return -1;
    }
    // Still a working project: a further save succeeds.
    if (!store.value()->addScenario(faults::faultScenario()))
        return -1;
    return isNew ? 1 : 0;
}

void TstStorageFaults::killedSave_data()
{
    // > 0: kill at that fraction of the save's progress reports (1: the last, just before the
    // commit); < 0: kill after that fraction of a whole save's time from the save's start.
    QTest::addColumn<double>("killAt");
    QRandomGenerator rng(20240607);
    for (int i = 0; i < 12; ++i) {
        const double f = 0.01 + 0.99 * rng.generateDouble();
        QTest::newRow(qPrintable(QStringLiteral("rows-%1").arg(i))) << f;
    }
    QTest::newRow("rows-first") << 1e-9;
    QTest::newRow("rows-last") << 1.0;
    for (int i = 0; i < 12; ++i) {
        const double f = 1.3 * rng.generateDouble();
        QTest::newRow(qPrintable(QStringLiteral("time-%1").arg(i))) << -f;
    }
}

void TstStorageFaults::killedSave()
{
    QFETCH(double, killAt);
    QProcess saver;
    saver.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    QStringList args{m_file, QString::number(NewRows)};
    if (killAt > 0)
        args << QString::number(std::max(1LL, std::llround(killAt * m_steps)));
    saver.start(QStringLiteral(GANTRY_FAULT_SAVER), args);
    QVERIFY(saver.waitForStarted());
    if (killAt < 0) {
        // From the start of the save: the kill falls into the rows, the commit or after it.
        QTRY_VERIFY_WITH_TIMEOUT(saver.canReadLine() || saver.state() == QProcess::NotRunning,
                                 60000);
        QTest::qSleep(int(-killAt * double(m_saveMs)));
        // processId() is 0 once the process has ended, and kill(0) would kill our whole process
        // group (the test runner with it).
        if (const qint64 pid = saver.processId(); pid > 0)
            ::kill(pid_t(pid), SIGKILL);
    }
    // waitForFinished() is false for a process that has already ended.
    QVERIFY(saver.state() == QProcess::NotRunning || saver.waitForFinished(300000));
    const bool done = saver.readAllStandardOutput().contains("done");
    if (killAt > 0) {
        QCOMPARE(saver.exitStatus(), QProcess::CrashExit);
        QVERIFY(!done);
    }
    const int content = contentOf(m_file);
    QVERIFY2(content >= 0, "the project does not hold the old or the new content");
    if (killAt > 0 || !done) // killed before it said "done": the old or the new content
        qInfo("killed %s: %s content", done ? "after the save" : "during the save",
              content ? "new" : "old");
    if (killAt > 0)
        QCOMPARE(content, 0);
    if (done)
        QCOMPARE(content, 1);
}

void TstStorageFaults::diskFull_data()
{
    QTest::addColumn<qint64>("headroom"); // bytes a file may grow past the largest now
    for (qint64 h : {0LL, 4096LL, 65536LL, 524288LL})
        QTest::newRow(qPrintable(QStringLiteral("headroom-%1").arg(h))) << h;
}

void TstStorageFaults::diskFull()
{
    QFETCH(qint64, headroom);
    const QByteArray before = checksum(m_file);
    {
        auto store = ProjectStore::open(m_file);
        QVERIFY(store);
        const qint64 limit =
            std::max(fileSize(m_file), fileSize(m_file + QStringLiteral("-wal"))) + headroom;
        // A file-size limit on this process stands in for a full disk: writes past it fail (EFBIG).
        rlimit saved{};
        QCOMPARE(::getrlimit(RLIMIT_FSIZE, &saved), 0);
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit limited = saved;
        limited.rlim_cur = rlim_t(limit);
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &limited), 0);
        auto r = store.value()->recordRuns(
            faults::faultScenario(), {faults::faultRun(QStringLiteral("fault-new"), DiskFullRows)});
        QCOMPARE(::setrlimit(RLIMIT_FSIZE, &saved), 0);
        std::signal(SIGXFSZ, SIG_DFL);
        QVERIFY(!r);
        QCOMPARE(r.error().kind, gantry::ErrorKind::InvalidInput);
        QVERIFY2(r.error().message.startsWith(m_file), qPrintable(r.error().message));
        QVERIFY2(r.error().message.contains(QLatin1String("disk is full")),
                 qPrintable(r.error().message));
        qInfo("%s", qPrintable(r.error().message));
    }
    QCOMPARE(checksum(m_file), before);
    QCOMPARE(contentOf(m_file), 0);
}

void TstStorageFaults::readOnly_data()
{
    QTest::addColumn<bool>("chmod"); // true: mode 0444; false: OpenMode::ReadOnly
    QTest::newRow("mode-0444") << true;
    QTest::newRow("open-mode") << false;
}

void TstStorageFaults::readOnly()
{
    QFETCH(bool, chmod);
    if (chmod)
        QVERIFY(
            QFile::setPermissions(m_file, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    const QByteArray before = checksum(m_file);
    {
        auto store = ProjectStore::open(m_file, chmod ? ProjectStore::OpenMode::Existing
                                                      : ProjectStore::OpenMode::ReadOnly);
        QVERIFY2(store, qPrintable(store ? QString() : store.error().message));
        QVERIFY(store.value()->readOnly());
        auto runs = store.value()->runs();
        QVERIFY(runs);
        QCOMPARE(runs.value().size(), std::size_t(1));
        auto rows = store.value()->runJobs(runs.value().front().id);
        QVERIFY(rows);
        compareRows(rows.value(), faults::faultRun(QStringLiteral("fault-old"), OldRows));
        QCOMPARE(store.value()->historySize().value(), m_oldHistory);
        auto saved = store.value()->recordRuns(faults::faultScenario(),
                                               {faults::faultRun(QStringLiteral("x"), 3)});
        QVERIFY(!saved);
        QVERIFY2(saved.error().message.startsWith(m_file), qPrintable(saved.error().message));
        QVERIFY2(saved.error().message.contains(QLatin1String("read-only")),
                 qPrintable(saved.error().message));
        auto appended =
            store.value()->appendHistory(faults::faultScenario(), faults::faultScenario().jobs);
        QVERIFY(!appended);
        QVERIFY(appended.error().message.contains(QLatin1String("read-only")));
    }
    QCOMPARE(checksum(m_file), before);
    QFile::setPermissions(m_file, QFile::ReadOwner | QFile::WriteOwner);
    auto writable = ProjectStore::open(m_file);
    QVERIFY(writable);
    QVERIFY(!writable.value()->readOnly());
}

void TstStorageFaults::readOnlyOldSchema()
{
    const QString file = m_dir.filePath(QStringLiteral("v1.gantry"));
    QFile::remove(file);
    QVERIFY(QFile::copy(QStringLiteral(GANTRY_TEST_DATA "/projects/v1.gantry"), file));
    QVERIFY(QFile::setPermissions(file, QFile::ReadOwner | QFile::ReadGroup));
    const QByteArray before = checksum(file);
    auto store = ProjectStore::open(file);
    QVERIFY(!store);
    QVERIFY2(store.error().message.contains(QLatin1String("read-only and from an older Gantry")),
             qPrintable(store.error().message));
    QCOMPARE(checksum(file), before);
}

QTEST_GUILESS_MAIN(TstStorageFaults)
#include "tst_storagefaults.moc"
