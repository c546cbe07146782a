// CsvReader (quoting, CRLF, blank lines, byte order mark, truncation) and TraceFields (dates with
// zones, numbers, missing values): the building blocks every trace importer reads with.
#include "io/import/csvreader.h"
#include "io/import/tracefields.h"

#include <QTest>

using namespace gantry;

class TestCsvReader : public QObject
{
    Q_OBJECT

private slots:
    void records_data();
    void records();
    void tabsWithoutQuoting();
    void dateTime_data();
    void dateTime();
    void numbers_data();
    void numbers();
};

namespace {

// Records of text as "line:cell|cell|..." joined by "/", "!" marking an unterminated record.
QString describe(const QByteArray& text)
{
    CsvReader reader(text);
    CsvReader::Record r;
    QStringList out;
    while (reader.next(r)) {
        QStringList cells;
        for (const QByteArray& c : r.cells)
            cells << QString::fromUtf8(c);
        out << QStringLiteral("%1:%2%3").arg(r.line).arg(cells.join(QLatin1Char('|')),
                                                         r.unterminated ? QStringLiteral("!") : "");
    }
    return out.join(QLatin1Char('/'));
}

} // namespace

void TestCsvReader::records_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected");
    QTest::newRow("plain") << QByteArray("a,b\n1,2\n") << "1:a|b/2:1|2";
    QTest::newRow("crlf") << QByteArray("a,b\r\n1,2\r\n") << "1:a|b/2:1|2";
    QTest::newRow("no final line end") << QByteArray("a,b\n1,2") << "1:a|b/2:1|2";
    QTest::newRow("blank lines keep numbering") << QByteArray("a\n\n\r\n  \nb\n") << "1:a/5:b";
    QTest::newRow("byte order mark") << QByteArray("\xEF\xBB\xBFx,y\n") << "1:x|y";
    QTest::newRow("quoted delimiter and quote")
        << QByteArray("\"a,b\",\"say \"\"hi\"\"\",c\n") << "1:a,b|say \"hi\"|c";
    QTest::newRow("line break inside quotes")
        << QByteArray("\"two\nlines\",x\nnext\n") << "1:two\nlines|x/3:next";
    QTest::newRow("empty fields") << QByteArray(",,\n") << "1:||";
    QTest::newRow("trailing delimiter at end") << QByteArray("a,") << "1:a|";
    QTest::newRow("spaces trimmed") << QByteArray(" a , b \n") << "1:a|b";
    QTest::newRow("open quote at the end")
        << QByteArray("a,b\n1,\"2020-01") << "1:a|b/2:1|2020-01!";
    QTest::newRow("text after closing quote") << QByteArray("\"a\"b,c\n") << "1:ab|c";
    QTest::newRow("empty input") << QByteArray() << "";
    QTest::newRow("only blank lines") << QByteArray("\n\r\n\n") << "";
}

void TestCsvReader::records()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    QCOMPARE(describe(text), expected);
}

void TestCsvReader::tabsWithoutQuoting()
{
    const QByteArray text = "A3C\tpython3 \"x\" --y\t%s/rl\n";
    CsvReader reader(text, '\t', false);
    CsvReader::Record r;
    QVERIFY(reader.next(r));
    QCOMPARE(int(r.cells.size()), 3);
    QCOMPARE(r.cells[1], QByteArray("python3 \"x\" --y"));
    QVERIFY(!reader.next(r));
}

void TestCsvReader::dateTime_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("valid");
    QTest::addColumn<double>("seconds");
    // 2020-06-09 00:00:00 UTC is day 18422 since 1970-01-01.
    const double day = 18422.0 * 86400;
    QTest::newRow("plain") << QByteArray("2020-06-09 18:41:01") << true << day + 67261;
    QTest::newRow("T separator") << QByteArray("2020-06-09T18:41:01") << true << day + 67261;
    QTest::newRow("Z") << QByteArray("2020-06-09 18:41:01Z") << true << day + 67261;
    QTest::newRow("+08:00") << QByteArray("2020-06-10 02:41:01+08:00") << true << day + 67261;
    QTest::newRow("-0500") << QByteArray("2020-06-09 13:41:01-0500") << true << day + 67261;
    QTest::newRow("+08") << QByteArray("2020-06-10 02:41:01+08") << true << day + 67261;
    QTest::newRow("fraction") << QByteArray("2020-06-09 18:41:01.25") << true << day + 67261.25;
    QTest::newRow("leap day") << QByteArray("2020-02-29 00:00:00") << true << (18321.0 * 86400);
    QTest::newRow("no leap day in 2021") << QByteArray("2021-02-29 00:00:00") << false << 0.0;
    QTest::newRow("hour 24") << QByteArray("2020-06-09 24:00:00") << false << 0.0;
    QTest::newRow("month 13") << QByteArray("2020-13-01 00:00:00") << false << 0.0;
    QTest::newRow("slashes") << QByteArray("2020/06/09 18:41:01") << false << 0.0;
    QTest::newRow("date only") << QByteArray("2020-06-09") << false << 0.0;
    QTest::newRow("bad zone") << QByteArray("2020-06-09 18:41:01+8") << false << 0.0;
    QTest::newRow("trailing text") << QByteArray("2020-06-09 18:41:01 UTC") << false << 0.0;
    QTest::newRow("empty") << QByteArray() << false << 0.0;
}

void TestCsvReader::dateTime()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, valid);
    QFETCH(double, seconds);
    const auto t = TraceFields::dateTime(text);
    QCOMPARE(t.has_value(), valid);
    if (valid)
        QCOMPARE(*t, seconds);
}

void TestCsvReader::numbers_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("missing");
    QTest::addColumn<int>("whole"); // -1: not a whole number in [0, 100]
    QTest::newRow("8") << QByteArray("8") << false << 8;
    QTest::newRow("8.0") << QByteArray("8.0") << false << 8;
    QTest::newRow("1.5") << QByteArray("1.5") << false << -1;
    QTest::newRow("-1") << QByteArray("-1") << false << -1;
    QTest::newRow("above max") << QByteArray("101") << false << -1;
    QTest::newRow("nan") << QByteArray("nan") << true << -1;
    QTest::newRow("inf") << QByteArray("inf") << false << -1;
    QTest::newRow("empty") << QByteArray() << true << -1;
    QTest::newRow("None") << QByteArray("None") << true << -1;
    QTest::newRow("text") << QByteArray("eight") << false << -1;
}

void TestCsvReader::numbers()
{
    QFETCH(QByteArray, text);
    QFETCH(bool, missing);
    QFETCH(int, whole);
    QCOMPARE(TraceFields::missing(text), missing);
    const auto w = TraceFields::wholeNumber(text, 100);
    QCOMPARE(w.value_or(-1), whole);
}

QTEST_GUILESS_MAIN(TestCsvReader)
#include "tst_csvreader.moc"
