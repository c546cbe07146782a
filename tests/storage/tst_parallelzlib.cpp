// ParallelZlib: what a project stores compressed (a scenario's document, a history batch) reads
// back with qUncompress whatever its size, in the same bytes on any number of threads, and an
// input of one piece or less is qCompress's own bytes (small projects' files do not change).
#include "storage/parallelzlib.h"

#include <QRandomGenerator>
#include <QTest>

#include <cstring>

using gantry::storage::ParallelZlib;

class TstParallelZlib : public QObject
{
    Q_OBJECT

private slots:
    void roundTrip_data();
    void roundTrip();
};

void TstParallelZlib::roundTrip_data()
{
    QTest::addColumn<qsizetype>("size");
    QTest::addColumn<bool>("random"); // random bytes (incompressible) or repetitive JSON-like text
    QTest::addColumn<int>("level");
    const qsizetype piece = ParallelZlib::kPiece;
    for (const bool random : {false, true})
        for (const qsizetype size : {qsizetype(0), qsizetype(1), qsizetype(1000), piece, piece + 1,
                                     2 * piece, 3 * piece + 17}) {
            const QByteArray name =
                QByteArray::number(size) + (random ? " random" : " text") + " level 1";
            QTest::newRow(name.constData()) << size << random << 1;
        }
    QTest::newRow("text level 6") << 2 * piece + 5 << false << 6;
    QTest::newRow("text level 0") << piece + 5 << false << 0;
}

void TstParallelZlib::roundTrip()
{
    QFETCH(qsizetype, size);
    QFETCH(bool, random);
    QFETCH(int, level);
    QByteArray data(size, Qt::Uninitialized);
    QRandomGenerator generator(11);
    const QByteArray line = "{\"arrival_s\":12.5,\"duration_s\":3600,\"gpus\":8,\"id\":\"j";
    for (qsizetype i = 0; i < size; ++i)
        data[i] = random ? char(generator.bounded(256))
                         : (i % 97 == 0 ? char('0' + (i / 97) % 10) : line[i % line.size()]);
    const QByteArray one = ParallelZlib::compress(data, level, 1);
    QCOMPARE(qUncompress(one), data);
    for (const int threads : {2, 3, 8})
        QCOMPARE(ParallelZlib::compress(data, level, threads), one);
    QCOMPARE(ParallelZlib::compress(data, level), one);
    // Given a piece at a time, in odd cuts of the input: the same bytes.
    const ParallelZlib::Fill fill = [&data](qsizetype from, qsizetype n, char* out) {
        QVERIFY(from >= 0 && n >= 0 && n <= ParallelZlib::kPiece && from + n <= data.size());
        std::memcpy(out, data.constData() + from, std::size_t(n));
    };
    for (const int threads : {1, 2, 3})
        QCOMPARE(ParallelZlib::compress(size, fill, level, threads), one);
    if (size <= ParallelZlib::kPiece) {
        QCOMPARE(one, qCompress(data, level));
    } else if (!random && level > 0) {
        // Pieces start with an empty dictionary: about a kilobyte a piece more than one stream.
        const QByteArray whole = qCompress(data, level);
        const qsizetype pieces = (size + ParallelZlib::kPiece - 1) / ParallelZlib::kPiece;
        QVERIFY2(
            one.size() <= whole.size() + 2048 * pieces,
            qPrintable(QStringLiteral("%1 bytes against %2").arg(one.size()).arg(whole.size())));
    }
}

QTEST_APPLESS_MAIN(TstParallelZlib)
#include "tst_parallelzlib.moc"
