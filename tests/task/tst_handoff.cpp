// Handoff (ui/task): values come out once each, in the order they went in, on the thread that
// takes them; a move-only value passes without a copy; a producer and a consumer on two threads
// see every value whole (also run under ThreadSanitizer, scripts/tsan.sh).
#include "task/handoff.h"

#include <QTest>

#include <memory>
#include <thread>
#include <vector>

using namespace gantry::ui;

class TstHandoff : public QObject
{
    Q_OBJECT

private slots:
    void firstInFirstOut_data();
    void firstInFirstOut();
    void moveOnlyValues();
    void acrossThreads();
};

void TstHandoff::firstInFirstOut_data()
{
    QTest::addColumn<int>("count");
    QTest::newRow("none") << 0;
    QTest::newRow("one") << 1;
    QTest::newRow("several") << 5;
}

void TstHandoff::firstInFirstOut()
{
    QFETCH(int, count);
    Handoff<int> h;
    for (int i = 0; i < count; ++i)
        h.put(i * 10);
    for (int i = 0; i < count; ++i) {
        const std::optional<int> v = h.take();
        QVERIFY(v.has_value());
        QCOMPARE(*v, i * 10);
    }
    QVERIFY(!h.take().has_value()); // empty: nothing, and nothing twice
    QVERIFY(!h.take().has_value());
}

void TstHandoff::moveOnlyValues()
{
    Handoff<std::unique_ptr<int>> h;
    auto p = std::make_unique<int>(42);
    int* const address = p.get();
    h.put(std::move(p));
    std::optional<std::unique_ptr<int>> out = h.take();
    QVERIFY(out.has_value());
    QCOMPARE(out->get(), address); // the same object, not a copy
    QCOMPARE(**out, 42);
}

void TstHandoff::acrossThreads()
{
    // The producer writes each value's contents before putting it; the consumer reads them after
    // taking it. Order and contents must survive, and the sanitizer must see the hand-over.
    constexpr int kValues = 2000;
    Handoff<std::shared_ptr<const std::vector<int>>> h;
    std::thread producer([&] {
        for (int i = 0; i < kValues; ++i)
            h.put(std::make_shared<const std::vector<int>>(std::size_t(8), i));
    });
    int next = 0;
    bool whole = true;
    while (next < kValues && whole) {
        if (std::optional<std::shared_ptr<const std::vector<int>>> v = h.take()) {
            whole = (*v)->size() == 8 && (*v)->front() == next && (*v)->back() == next;
            ++next;
        } else {
            std::this_thread::yield();
        }
    }
    producer.join(); // before any check can return
    QVERIFY2(whole, qPrintable(QStringLiteral("value %1 out of order or torn").arg(next - 1)));
    QCOMPARE(next, kValues);
    QVERIFY(!h.take().has_value());
}

QTEST_GUILESS_MAIN(TstHandoff)
#include "tst_handoff.moc"
