// The UBJSON reader RandomForest reads xgboost's saved trees with: scalars of every marker,
// typed, counted and terminated containers, and malformed documents rejected whole.
#include "predict/ubjson.h"

#include <QByteArray>
#include <QTest>

#include <cmath>

using namespace gantry::predict;

Q_DECLARE_METATYPE(gantry::predict::Ubjson::Kind)

namespace {

// The bytes of a literal, embedded zeros included (not its terminating zero).
template <std::size_t N> QByteArray bytes(const char (&s)[N])
{
    return QByteArray(s, qsizetype(N - 1));
}

Ubjson parse(const QByteArray& b)
{
    return Ubjson::parse(b.constData(), std::size_t(b.size()));
}

} // namespace

class TestUbjson : public QObject
{
    Q_OBJECT

private slots:
    void scalars_data();
    void scalars();
    void containers();
    void malformed_data();
    void malformed();
};

void TestUbjson::scalars_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<Ubjson::Kind>("kind");
    QTest::addColumn<double>("number");
    using K = Ubjson::Kind;
    const double nan = std::nan("");
    QTest::newRow("int8 -1") << bytes("i\xff") << K::Number << -1.0;
    QTest::newRow("uint8 255") << bytes("U\xff") << K::Number << 255.0;
    QTest::newRow("int16 256") << bytes("I\x01\x00") << K::Number << 256.0;
    QTest::newRow("int32 -2") << bytes("l\xff\xff\xff\xfe") << K::Number << -2.0;
    QTest::newRow("int64 2^40") << bytes("L\x00\x00\x01\x00\x00\x00\x00\x00") << K::Number
                                << 1099511627776.0;
    QTest::newRow("float32 1.5") << bytes("d\x3f\xc0\x00\x00") << K::Number << 1.5;
    QTest::newRow("float64 -2.25")
        << bytes("D\xc0\x02\x00\x00\x00\x00\x00\x00") << K::Number << -2.25;
    QTest::newRow("no-ops skipped") << bytes("NNi\x05") << K::Number << 5.0;
    QTest::newRow("true") << bytes("T") << K::Boolean << nan;
    QTest::newRow("null") << bytes("Z") << K::Null << nan;
    QTest::newRow("string") << bytes("SU\x03"
                                     "abc")
                            << K::String << nan;
}

// One value of each marker, read big-endian; only numbers answer toDouble().
void TestUbjson::scalars()
{
    QFETCH(QByteArray, bytes);
    QFETCH(Ubjson::Kind, kind);
    QFETCH(double, number);
    const Ubjson v = parse(bytes);
    QCOMPARE(v.kind(), kind);
    if (std::isnan(number))
        QVERIFY(std::isnan(v.toDouble()));
    else
        QCOMPARE(v.toDouble(), number);
}

// The shapes xgboost writes: an object of typed float arrays, counted and terminated arrays,
// objects with a value type and count.
void TestUbjson::containers()
{
    // {"a": [$d#2 1.5 -0.5], "b": [1, "x", null], "c": [#2 7 8]}
    const QByteArray doc = bytes("{U\x01"
                                 "a[$d#U\x02\x3f\xc0\x00\x00\xbf\x00\x00\x00"
                                 "U\x01"
                                 "b[i\x01SU\x01xZ]"
                                 "U\x01"
                                 "c[#U\x02i\x07i\x08}");
    const Ubjson v = parse(doc);
    QCOMPARE(v.kind(), Ubjson::Kind::Object);
    const Ubjson& a = v.member("a");
    QCOMPARE(a.kind(), Ubjson::Kind::Array);
    QCOMPARE(a.size(), 2);
    QCOMPARE(a.number(0), 1.5);
    QCOMPARE(a.number(1), -0.5);
    QVERIFY(std::isnan(a.number(2)));                  // past the end
    QCOMPARE(a.item(0).kind(), Ubjson::Kind::Invalid); // typed: numbers only
    const Ubjson& b = v.member("b");
    QCOMPARE(b.size(), 3);
    QCOMPARE(b.number(0), 1.0);
    QVERIFY(std::isnan(b.number(1))); // a string
    QCOMPARE(b.item(1).kind(), Ubjson::Kind::String);
    QCOMPARE(b.item(2).kind(), Ubjson::Kind::Null);
    const Ubjson& c = v.member("c");
    QCOMPARE(c.size(), 2);
    QCOMPARE(c.number(1), 8.0);
    QCOMPARE(v.member("missing").kind(), Ubjson::Kind::Invalid);

    // {$i#2 "x": 1, "y": -2}: a typed object's values carry no marker.
    const QByteArray typedDoc = bytes("{$i#U\x02U\x01x\x01U\x01y\xfe");
    const Ubjson typed = parse(typedDoc); // a view: the bytes must outlive it
    QCOMPARE(typed.kind(), Ubjson::Kind::Object);
    QCOMPARE(typed.member("y").toDouble(), -2.0);
}

void TestUbjson::malformed_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("empty") << QByteArray();
    QTest::newRow("unknown marker") << bytes("X");
    QTest::newRow("truncated int16") << bytes("I\x01");
    QTest::newRow("string past the end") << bytes("SU\x05"
                                                  "ab");
    QTest::newRow("negative length") << bytes("SI\xff\xff");
    QTest::newRow("unterminated array") << bytes("[i\x01");
    QTest::newRow("unterminated object") << bytes("{U\x01"
                                                  "ai\x01");
    QTest::newRow("type without count") << bytes("[$i]");
    QTest::newRow("typed count past the end") << bytes("[$L#U\x05\x00\x00\x00\x00");
    QTest::newRow("trailing bytes") << bytes("i\x01i\x02");
    QTest::newRow("key not a string") << bytes("{i\x01i\x02}");
    QTest::newRow("nested too deep") << QByteArray(70, '[') + QByteArray(70, ']');
}

// A malformed document is rejected whole (Kind::Invalid), never read past its end.
void TestUbjson::malformed()
{
    QFETCH(QByteArray, bytes);
    QCOMPARE(parse(bytes).kind(), Ubjson::Kind::Invalid);
}

QTEST_GUILESS_MAIN(TestUbjson)
#include "tst_ubjson.moc"
