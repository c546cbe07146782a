// JobRecordCodec: a run's per-job results read back bit for bit whatever the values (whole
// microseconds or not, -0, NaN, infinities, the ends of int, ids sharing prefixes or not), and a
// damaged blob refused without reading out of bounds.
#include "storage/jobrecordcodec.h"

#include <QTest>

#include <bit>
#include <cstdint>
#include <limits>

using namespace gantry;
using gantry::storage::JobRecordCodec;

Q_DECLARE_METATYPE(std::vector<gantry::JobRecord>)

namespace {

std::uint64_t bits(double x)
{
    return std::bit_cast<std::uint64_t>(x);
}

bool same(const JobRecord& a, const JobRecord& b)
{
    return a.id == b.id && bits(a.arrivalS) == bits(b.arrivalS) &&
           bits(a.startS) == bits(b.startS) && bits(a.finishS) == bits(b.finishS) &&
           bits(a.jctS) == bits(b.jctS) && bits(a.queueDelayS) == bits(b.queueDelayS) &&
           a.gpus == b.gpus && a.servers == b.servers && a.preemptions == b.preemptions &&
           bits(a.predictedIterations) == bits(b.predictedIterations) &&
           bits(a.iterations) == bits(b.iterations) && bits(a.gpuSeconds) == bits(b.gpuSeconds) &&
           bits(a.crossServerBytes) == bits(b.crossServerBytes);
}

// Jobs as the engine records them: times in whole microseconds, derived as it derives them.
std::vector<JobRecord> engineLike(int n)
{
    std::vector<JobRecord> jobs;
    std::int64_t arrival = 0;
    for (int i = 0; i < n; ++i) {
        JobRecord r;
        r.id = QStringLiteral("job-%1").arg(i, 6, 10, QLatin1Char('0'));
        arrival += 1 + (std::int64_t(i) * 7919) % 3'000'000'000;
        const std::int64_t start = arrival + (std::int64_t(i) * 104729) % 500'000'000;
        const std::int64_t finish = start + 1 + (std::int64_t(i) * 1299709) % 9'000'000'000;
        r.arrivalS = double(arrival) / 1e6;
        r.startS = double(start) / 1e6;
        r.finishS = double(finish) / 1e6;
        r.jctS = double(finish - arrival) / 1e6;
        r.queueDelayS = double(start - arrival) / 1e6;
        r.gpus = 1 << (i % 6);
        r.servers = 1 + i % 3;
        r.preemptions = i % 5;
        r.predictedIterations = 100.0 + i * 0.37;
        r.iterations = 1000 + i;
        r.gpuSeconds = r.gpus * (r.finishS - r.startS);
        r.crossServerBytes = i % 4 == 0 ? 0.0 : 1e9 * i;
        jobs.push_back(r);
    }
    return jobs;
}

} // namespace

class TestJobRecordCodec : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
    void damagedIsRefused();
};

void TestJobRecordCodec::roundTrip_data()
{
    QTest::addColumn<std::vector<JobRecord>>("jobs");
    QTest::newRow("none") << std::vector<JobRecord>{};
    QTest::newRow("one, defaults") << std::vector<JobRecord>{JobRecord{}};
    QTest::newRow("engine-like") << engineLike(2000);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    std::vector<JobRecord> odd = engineLike(6);
    odd[0].id = QString();
    odd[1].id = QString::fromUtf8("j\u00e9\u4e2d\U0001F600");
    odd[2].id = QString::fromUtf8("j\u00e9\u4e2d");
    odd[3].id = QStringLiteral("job-000003-with-a-longer-tail");
    odd[0].arrivalS = -0.0;
    odd[1].startS = 0.1 + 0.2; // not whole microseconds
    odd[2].finishS = nan;
    odd[3].jctS = -inf;
    odd[4].queueDelayS = 1e300;
    odd[5].arrivalS = -1e12;
    odd[0].gpus = std::numeric_limits<int>::min();
    odd[1].servers = std::numeric_limits<int>::max();
    odd[2].preemptions = -1;
    odd[3].predictedIterations = 4.9e-324;
    odd[4].iterations = 9007199254740993.0; // past 2^53: not kept as a whole number
    odd[5].gpuSeconds = 1.7976931348623157e308;
    odd[0].crossServerBytes = -0.0;
    QTest::newRow("odd values") << odd;
    std::vector<JobRecord> wholeButOne = engineLike(100);
    wholeButOne[57].iterations = 0.5;                // the column as micros
    wholeButOne[58].predictedIterations = 1.0 / 3.0; // the column as doubles
    QTest::newRow("a column falls back") << wholeButOne;
}

void TestJobRecordCodec::roundTrip()
{
    QFETCH(std::vector<JobRecord>, jobs);
    const QByteArray blob = JobRecordCodec::encode(jobs);
    const auto back = JobRecordCodec::decode(blob);
    QVERIFY(back.has_value());
    QCOMPARE(back->size(), jobs.size());
    for (std::size_t i = 0; i < jobs.size(); ++i)
        QVERIFY2(same((*back)[i], jobs[i]), qPrintable(QString::number(i)));
    if (jobs.size() >= 2000) // small integers, not 8-byte doubles: half of GRJ1's 98 a job
        QVERIFY2(qUncompress(blob).size() < qsizetype(jobs.size()) * 50,
                 qPrintable(QString::number(qUncompress(blob).size())));
}

// Every cut of the encoded bytes, and every byte changed, is refused or read without going
// out of bounds (the sanitizer build checks the reads).
void TestJobRecordCodec::damagedIsRefused()
{
    std::vector<JobRecord> jobs = engineLike(40);
    jobs[3].startS = 0.1 + 0.2;
    jobs[4].gpuSeconds = 1.0 / 3.0;
    const QByteArray raw = qUncompress(JobRecordCodec::encode(jobs));
    QVERIFY(raw.startsWith("GRJ2"));
    for (qsizetype cut = 0; cut < raw.size(); ++cut)
        QVERIFY2(!JobRecordCodec::decode(qCompress(raw.left(cut))).has_value(),
                 qPrintable(QString::number(cut)));
    QVERIFY(!JobRecordCodec::decode(qCompress(raw + QByteArray(1, '\0'))).has_value());
    QVERIFY(!JobRecordCodec::decode(QByteArray("not zlib")).has_value());
    int refused = 0;
    for (qsizetype at = 0; at < raw.size(); ++at) {
        QByteArray changed = raw;
        changed[at] = char(changed[at] ^ 0xA5);
        refused += JobRecordCodec::decode(qCompress(changed)).has_value() ? 0 : 1;
    }
    QVERIFY(refused > 0);
}

QTEST_GUILESS_MAIN(TestJobRecordCodec)
#include "tst_jobrecordcodec.moc"
