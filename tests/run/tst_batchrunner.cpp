// BatchRunner on 1, 2, 3 and 8 threads: the same results and schedules as single runs, items
// handed on once each in index order, cancel and errors that leave no result behind, progress
// that only goes up to 1; and Feedback's sub-ranges.
#include "randomscenario.h"
#include "run/batchrunner.h"
#include "run/resultwriter.h"
#include "run/runner.h"
#include "sim/schedulerecorder.h"
#include "util/error.h"
#include "util/feedback.h"

#include <QJsonDocument>
#include <QTest>

#include <atomic>
#include <mutex>
#include <vector>

using namespace gantry;

namespace {

Scenario scenario(int jobs)
{
    test::RandomScenario::Shape shape;
    shape.jobs = jobs;
    return test::RandomScenario::make(7, shape);
}

std::vector<RunConfig> configs(const QStringList& policies)
{
    std::vector<RunConfig> out;
    std::uint64_t seed = 3;
    for (const QString& p : policies) {
        RunConfig c;
        c.policy = p;
        c.placement = QStringLiteral("consolidate");
        c.predictor = QStringLiteral("noisy:0.5");
        c.seed = seed++;
        out.push_back(c);
    }
    return out;
}

// Everything of a result but the wall clock, as text.
QByteArray resultText(const RunResult& r)
{
    QJsonObject summary = ResultWriter::summaryJson(r);
    summary.remove(QStringLiteral("wall_s"));
    return QJsonDocument(summary).toJson(QJsonDocument::Compact) + '\n' + ResultWriter::jobsCsv(r);
}

QString gpusText(const std::vector<int>& gpus)
{
    QStringList out;
    for (int g : gpus)
        out << QString::number(g);
    return out.join(QLatin1Char(','));
}

// Every part of a schedule, as text.
QString scheduleText(const Schedule& s)
{
    QString t = QStringLiteral("gpus %1\n").arg(s.totalGpus);
    for (const ScheduleSegment& g : s.segments)
        t += QStringLiteral("seg %1 %2 %3 %4 %5 %6\n")
                 .arg(g.job)
                 .arg(g.startS, 0, 'g', 17)
                 .arg(g.endS, 0, 'g', 17)
                 .arg(gpusText(std::vector<int>(s.gpusOf(g).begin(), s.gpusOf(g).end())))
                 .arg(g.iterations, 0, 'g', 17)
                 .arg(int(g.end));
    for (const VirtualSlice& v : s.virtualSlices)
        t += QStringLiteral("slice %1 %2 %3\n")
                 .arg(v.job)
                 .arg(v.fromS, 0, 'g', 17)
                 .arg(v.toS, 0, 'g', 17);
    for (const CounterSample& c : s.counters)
        t += QStringLiteral("count %1 %2 %3 %4\n")
                 .arg(c.timeS, 0, 'g', 17)
                 .arg(c.freeGpus)
                 .arg(c.queueLength)
                 .arg(c.running);
    for (const ScheduleEvent& e : s.events)
        t += QStringLiteral("event %1 %2 %3 %4 %5\n")
                 .arg(e.timeS, 0, 'g', 17)
                 .arg(int(e.kind))
                 .arg(e.job)
                 .arg(gpusText(std::vector<int>(s.gpusOf(e).begin(), s.gpusOf(e).end())))
                 .arg(e.freeGpusAfter);
    t += QStringLiteral("notes %1\n").arg(s.notes.size());
    return t;
}

} // namespace

class TestBatchRunner : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void sameAsSingleRuns_data();
    void sameAsSingleRuns();
    void cancel_data();
    void cancel();
    void failingItem_data();
    void failingItem();
    void progressOnlyRises_data();
    void progressOnlyRises();
    void subRange();
    void emptyBatch();
    void settleBeforeFinished_data();
    void settleBeforeFinished();
};

static void threadRows()
{
    QTest::addColumn<int>("threads");
    for (int t : {1, 2, 3, 8})
        QTest::newRow(qPrintable(QStringLiteral("%1 threads").arg(t))) << t;
}

void TestBatchRunner::sameAsSingleRuns_data()
{
    threadRows();
}

// Each item's result and schedule equal its run alone; finished sees each item once, in order,
// never two at once, and what it leaves in the run is what the batch returns.
void TestBatchRunner::sameAsSingleRuns()
{
    QFETCH(int, threads);
    const Scenario s = scenario(60);
    const std::vector<RunConfig> cs =
        configs({"fifo", "sjf", "srtf", "tiresias", "asrpt", "fifo", "asrpt"});

    std::vector<std::size_t> order;
    std::atomic<int> inside{0};
    bool overlapped = false;
    BatchRunner::Options o;
    o.threads = threads;
    o.schedules = true;
    o.notes = ScheduleRecorder::Notes::Record;
    o.finished = [&](std::size_t i, BatchRun& run) {
        if (inside.fetch_add(1) != 0)
            overlapped = true;
        order.push_back(i);
        QVERIFY(run.schedule.has_value());
        run.result.summary.jobs += 1000; // what finished leaves is what the batch returns
        inside.fetch_sub(1);
    };
    Feedback feedback;
    auto batch = BatchRunner::run(BatchRunner::items(s, cs), o, &feedback);
    QVERIFY2(batch.ok(), batch.ok() ? "" : qPrintable(batch.error().message));
    QCOMPARE(batch.value().size(), cs.size());
    QVERIFY(!overlapped);
    std::vector<std::size_t> expected(cs.size());
    for (std::size_t i = 0; i < expected.size(); ++i)
        expected[i] = i;
    QCOMPARE(order, expected);

    for (std::size_t i = 0; i < cs.size(); ++i) {
        ScheduleRecorder rec(s, ScheduleRecorder::Notes::Record);
        auto alone = Runner::run(s, cs[i], nullptr, {&rec});
        QVERIFY(alone.ok());
        const Schedule schedule = rec.take();
        BatchRun& run = batch.value()[i];
        QCOMPARE(run.result.summary.jobs, alone.value().summary.jobs + 1000);
        run.result.summary.jobs -= 1000;
        QCOMPARE(run.result.config, cs[i]);
        QCOMPARE(resultText(run.result), resultText(alone.value()));
        QVERIFY(run.schedule.has_value());
        QCOMPARE(scheduleText(*run.schedule), scheduleText(schedule));
        QCOMPARE(run.schedule->notes.size(), schedule.notes.size());
    }

    // Without schedules asked for, none are recorded; the results stay the same.
    BatchRunner::Options plain;
    plain.threads = threads;
    auto without = BatchRunner::run(BatchRunner::items(s, cs), plain);
    QVERIFY(without.ok());
    for (std::size_t i = 0; i < cs.size(); ++i) {
        QVERIFY(!without.value()[i].schedule.has_value());
        QCOMPARE(resultText(without.value()[i].result), resultText(batch.value()[i].result));
    }
}

void TestBatchRunner::cancel_data()
{
    threadRows();
}

// Cancelling once the second item is under way: it ends as Cancelled with no result, finished
// never sees it, and the batch as a whole is Cancelled.
void TestBatchRunner::cancel()
{
    QFETCH(int, threads);
    const Scenario s = scenario(400);
    const std::vector<RunConfig> cs = configs({"fifo", "srtf", "sjf", "asrpt"});
    Feedback* self = nullptr;
    Feedback feedback([&](double, const QString& step) {
        if (step.contains(QStringLiteral("(2 of 4)")))
            self->cancel();
    });
    self = &feedback;
    std::vector<std::size_t> handed;
    BatchRunner::Options o;
    o.threads = threads;
    o.schedules = true;
    o.finished = [&](std::size_t i, BatchRun&) { handed.push_back(i); };
    const auto each = BatchRunner::runEach(BatchRunner::items(s, cs), o, &feedback);
    QVERIFY(feedback.cancelled());
    QCOMPARE(each.size(), cs.size());
    QVERIFY(!each[1].ok());
    QCOMPARE(each[1].error().kind, ErrorKind::Cancelled);
    QVERIFY(!handed.empty() || !each[0].ok());
    for (std::size_t i : handed) {
        QVERIFY(i != 1);
        QVERIFY(each[i].ok());
    }
    for (std::size_t i = 0; i < each.size(); ++i)
        if (!each[i].ok())
            QCOMPARE(each[i].error().kind, ErrorKind::Cancelled);

    Feedback again([&](double, const QString& step) {
        if (step.contains(QStringLiteral("(2 of 4)")))
            self->cancel();
    });
    self = &again;
    const auto whole = BatchRunner::run(BatchRunner::items(s, cs), o, &again);
    QVERIFY(!whole.ok());
    QCOMPARE(whole.error().kind, ErrorKind::Cancelled);

    // A Feedback cancelled before the start runs nothing.
    Feedback before;
    before.cancel();
    handed.clear();
    const auto none = BatchRunner::runEach(BatchRunner::items(s, cs), o, &before);
    QVERIFY(handed.empty());
    for (const auto& r : none) {
        QVERIFY(!r.ok());
        QCOMPARE(r.error().kind, ErrorKind::Cancelled);
    }
}

void TestBatchRunner::failingItem_data()
{
    threadRows();
}

// An unknown policy: with stopOnError the batch gives its error, the items before it run, every
// item after it is Cancelled on any thread count; without, only that item fails.
void TestBatchRunner::failingItem()
{
    QFETCH(int, threads);
    const Scenario s = scenario(60);
    const std::vector<RunConfig> cs = configs({"fifo", "lottery", "sjf", "asrpt", "srtf"});
    std::vector<std::size_t> handed;
    BatchRunner::Options o;
    o.threads = threads;
    o.finished = [&](std::size_t i, BatchRun&) { handed.push_back(i); };

    const auto whole = BatchRunner::run(BatchRunner::items(s, cs), o);
    QVERIFY(!whole.ok());
    QCOMPARE(whole.error().kind, ErrorKind::InvalidInput);
    QVERIFY2(whole.error().message.contains(QStringLiteral("unknown policy \"lottery\"")),
             qPrintable(whole.error().message));
    QCOMPARE(handed, std::vector<std::size_t>{0});

    handed.clear();
    const auto each = BatchRunner::runEach(BatchRunner::items(s, cs), o);
    QCOMPARE(each.size(), cs.size());
    QVERIFY(each[0].ok());
    QCOMPARE(each[1].error().kind, ErrorKind::InvalidInput);
    for (std::size_t i = 2; i < each.size(); ++i) {
        QVERIFY(!each[i].ok());
        QCOMPARE(each[i].error().kind, ErrorKind::Cancelled);
    }
    QCOMPARE(handed, std::vector<std::size_t>{0});

    handed.clear();
    o.stopOnError = false;
    const auto all = BatchRunner::runEach(BatchRunner::items(s, cs), o);
    QCOMPARE(all[1].error().kind, ErrorKind::InvalidInput);
    for (std::size_t i : {0, 2, 3, 4})
        QVERIFY(all[i].ok());
    QCOMPARE(handed, (std::vector<std::size_t>{0, 2, 3, 4}));
    const auto failed = BatchRunner::run(BatchRunner::items(s, cs), o);
    QVERIFY(!failed.ok());
    QCOMPARE(failed.error().kind, ErrorKind::InvalidInput);
}

void TestBatchRunner::progressOnlyRises_data()
{
    threadRows();
}

// Every fraction lies in [0, 1], none is below the one before, the last is 1, and every step
// names a policy and its place in the batch.
void TestBatchRunner::progressOnlyRises()
{
    QFETCH(int, threads);
    const Scenario s = scenario(300);
    const std::vector<RunConfig> cs = configs({"fifo", "sjf", "srtf", "asrpt", "tiresias"});
    std::vector<double> seen;
    QStringList steps;
    std::atomic<int> inside{0};
    bool overlapped = false;
    Feedback feedback([&](double f, const QString& step) {
        if (inside.fetch_add(1) != 0)
            overlapped = true;
        seen.push_back(f);
        steps << step;
        inside.fetch_sub(1);
    });
    BatchRunner::Options o;
    o.threads = threads;
    QVERIFY(BatchRunner::run(BatchRunner::items(s, cs), o, &feedback).ok());
    QVERIFY(!overlapped);
    QVERIFY(seen.size() >= cs.size());
    for (std::size_t i = 0; i < seen.size(); ++i) {
        QVERIFY(seen[i] >= 0.0 && seen[i] <= 1.0);
        if (i > 0)
            QVERIFY2(seen[i] >= seen[i - 1],
                     qPrintable(QStringLiteral("%1 after %2").arg(seen[i]).arg(seen[i - 1])));
    }
    QCOMPARE(seen.back(), 1.0);
    for (const QString& step : steps)
        QVERIFY2(step.contains(QStringLiteral(" of 5)")), qPrintable(step));

    // Inside a sub-range, the batch fills exactly that part of its parent.
    std::vector<double> outer;
    Feedback parent([&](double f, const QString&) { outer.push_back(f); });
    Feedback part(&parent, 0.5, 0.25);
    QVERIFY(BatchRunner::run(BatchRunner::items(s, cs), o, &part).ok());
    QVERIFY(!outer.empty());
    for (std::size_t i = 0; i < outer.size(); ++i) {
        QVERIFY(outer[i] >= 0.5 && outer[i] <= 0.75);
        if (i > 0)
            QVERIFY(outer[i] >= outer[i - 1]);
    }
    QCOMPARE(outer.back(), 0.75);
}

// Feedback(parent, from, span) maps [0, 1] to [from, from + span], replaces the step when given
// one, nests, and is cancelled whenever its parent is.
void TestBatchRunner::subRange()
{
    std::vector<double> fractions;
    QStringList steps;
    Feedback root([&](double f, const QString& step) {
        fractions.push_back(f);
        steps << step;
    });
    Feedback sub(&root, 0.2, 0.6);
    sub.progress(0.0, QStringLiteral("a"));
    sub.progress(0.5, QStringLiteral("b"));
    sub.progress(1.0);
    QCOMPARE(fractions.size(), std::size_t(3));
    QCOMPARE(fractions[0], 0.2);
    QCOMPARE(fractions[1], 0.5);
    QCOMPARE(fractions[2], 0.8);
    QCOMPARE(steps, (QStringList{"a", "b", ""}));

    Feedback named(&root, 0.0, 0.5, QStringLiteral("named"));
    Feedback inner(&named, 0.5, 0.5);
    inner.progress(1.0, QStringLiteral("inner"));
    QCOMPARE(fractions.back(), 0.5);
    QCOMPARE(steps.back(), QStringLiteral("named"));
    inner.progress(3.0, QStringLiteral("clamped"));
    QCOMPARE(fractions.back(), 0.5);

    QVERIFY(!inner.cancelled());
    root.cancel();
    QVERIFY(sub.cancelled());
    QVERIFY(named.cancelled());
    QVERIFY(inner.cancelled());
    Feedback other(&sub, 0.0, 1.0);
    QVERIFY(other.cancelled());

    // A sub-range's own cancel does not reach its parent.
    Feedback top;
    Feedback child(&top, 0.0, 1.0);
    child.cancel();
    QVERIFY(child.cancelled());
    QVERIFY(!top.cancelled());

    // Without a parent progress goes nowhere and nothing breaks.
    Feedback orphan(nullptr, 0.0, 1.0);
    orphan.progress(0.5, QStringLiteral("x"));
    QVERIFY(!orphan.cancelled());

    // A progress function with a cancel parent reports to the function, cancels with the parent.
    std::vector<double> own;
    Feedback boss;
    Feedback worker([&](double f, const QString&) { own.push_back(f); }, &boss);
    worker.progress(0.25, QStringLiteral("w"));
    QCOMPARE(own, std::vector<double>{0.25});
    QVERIFY(!worker.cancelled());
    boss.cancel();
    QVERIFY(worker.cancelled());
}

// No items: nothing runs, the batch is empty, progress still ends at 1.
void TestBatchRunner::emptyBatch()
{
    std::vector<double> seen;
    Feedback feedback([&](double f, const QString&) { seen.push_back(f); });
    BatchRunner::Options o;
    o.threads = 4;
    const auto r = BatchRunner::run({}, o, &feedback);
    QVERIFY(r.ok());
    QVERIFY(r.value().empty());
    QCOMPARE(seen, std::vector<double>{1.0});
}

void TestBatchRunner::settleBeforeFinished_data()
{
    threadRows();
}

// settle sees each item once, after its run and before finished, and what it leaves is what
// finished and the batch see.
void TestBatchRunner::settleBeforeFinished()
{
    QFETCH(int, threads);
    const Scenario s = scenario(30);
    const std::vector<RunConfig> cs = configs({"fifo", "srtf", "asrpt", "sjf", "tiresias"});
    std::vector<std::atomic<int>> settled(cs.size());
    bool inOrder = true;
    BatchRunner::Options o;
    o.threads = threads;
    o.settle = [&](std::size_t i, BatchRun& run) {
        ++settled[i];
        run.result.summary.jobs = -int(i) - 1;
    };
    o.finished = [&](std::size_t i, BatchRun& run) {
        inOrder = inOrder && settled[i].load() == 1 && run.result.summary.jobs == -int(i) - 1;
    };
    auto batch = BatchRunner::run(BatchRunner::items(s, cs), o);
    QVERIFY(batch.ok());
    QVERIFY(inOrder);
    for (std::size_t i = 0; i < cs.size(); ++i) {
        QCOMPARE(settled[i].load(), 1);
        QCOMPARE(batch.value()[i].result.summary.jobs, -int(i) - 1);
    }
}

QTEST_GUILESS_MAIN(TestBatchRunner)
#include "tst_batchrunner.moc"
