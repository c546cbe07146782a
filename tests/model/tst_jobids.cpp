// JobIds: the ids held by more than one job, and the first job that repeats one, over tables
// small and large enough to probe past collisions.
#include "model/jobids.h"

#include <QTest>

using namespace gantry;

namespace {

std::vector<Job> jobsOf(const QStringList& ids)
{
    std::vector<Job> jobs;
    for (const QString& id : ids) {
        Job j;
        j.id = id;
        jobs.push_back(j);
    }
    return jobs;
}

QStringList numbered(int n)
{
    QStringList ids;
    for (int i = 0; i < n; ++i)
        ids << QStringLiteral("job-%1").arg(i);
    return ids;
}

} // namespace

class TestJobIds : public QObject
{
    Q_OBJECT

private slots:
    void repeats_data();
    void repeats();
};

void TestJobIds::repeats_data()
{
    QTest::addColumn<QStringList>("ids");
    QTest::addColumn<qsizetype>("firstRepeat");
    QTest::addColumn<QStringList>("repeated");
    QTest::newRow("none") << QStringList() << qsizetype(-1) << QStringList();
    QTest::newRow("one") << QStringList{"a"} << qsizetype(-1) << QStringList();
    QTest::newRow("two alike") << QStringList{"a", "a"} << qsizetype(1) << QStringList{"a"};
    QTest::newRow("the least second occurrence")
        << QStringList{"a", "b", "c", "b", "a", "a"} << qsizetype(3) << QStringList{"a", "b"};
    QTest::newRow("empty and case")
        << QStringList{"", "A", "a", ""} << qsizetype(3) << QStringList{""};
    QTest::newRow("prefixes") << QStringList{"j1", "j10", "j100", "j1"} << qsizetype(3)
                              << QStringList{"j1"};
    QTest::newRow("5000 distinct") << numbered(5000) << qsizetype(-1) << QStringList();
    QTest::newRow("5000, then two of them") << numbered(5000) + QStringList{"job-4999", "job-0"}
                                            << qsizetype(5000) << QStringList{"job-0", "job-4999"};
}

void TestJobIds::repeats()
{
    QFETCH(QStringList, ids);
    QFETCH(qsizetype, firstRepeat);
    QFETCH(QStringList, repeated);
    const std::vector<Job> jobs = jobsOf(ids);
    QCOMPARE(JobIds::firstRepeat(jobs), firstRepeat);
    QStringList found = JobIds::repeated(jobs).values();
    found.sort();
    QCOMPARE(found, repeated);
}

QTEST_GUILESS_MAIN(TestJobIds)
#include "tst_jobids.moc"
