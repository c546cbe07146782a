// FieldRules, the limits the property panel and the document check before an edit: what each
// field takes and refuses (boundaries, NaN, infinities, fractions, text, empty), and that a
// number is taken exactly when the scenario reader takes it.

#include "document/fieldrules.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

#include <functional>
#include <limits>

using gantry::ui::FieldRules;
using gantry::ui::Selection;

namespace {

constexpr int ScenarioKind = int(Selection::Kind::None);
constexpr int Rack = int(Selection::Kind::Rack);
constexpr int Server = int(Selection::Kind::Server);
constexpr int Job = int(Selection::Kind::Job);

} // namespace

class TstFieldRules : public QObject
{
    Q_OBJECT

private slots:
    void check_data();
    void check();
    void agreesWithReader_data();
    void agreesWithReader();
};

void TstFieldRules::check_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QVariant>("input");
    QTest::addColumn<QVariant>("value"); // taken as; invalid when refused (or "none")
    QTest::addColumn<QString>("error");  // part of the refusal, empty when taken

    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    auto text = [](const char* s) { return QVariant(QString::fromLatin1(s)); };
    QTest::newRow("server gpus 8") << Server << "gpus" << text("8") << QVariant(8) << "";
    QTest::newRow("server gpus 1e1") << Server << "gpus" << text(" 1e1 ") << QVariant(10) << "";
    QTest::newRow("server gpus -1")
        << Server << "gpus" << text("-1") << QVariant() << "from 1 to 1024";
    QTest::newRow("server gpus 2.5")
        << Server << "gpus" << QVariant(2.5) << QVariant() << "integer";
    QTest::newRow("server gpus nan")
        << Server << "gpus" << QVariant(nan) << QVariant() << "integer";
    QTest::newRow("server gpus text")
        << Server << "gpus" << text("abc") << QVariant() << "\"abc\" is not a number";
    QTest::newRow("server gpus empty") << Server << "gpus" << text("") << QVariant() << "empty";
    QTest::newRow("server gpus none") << Server << "gpus" << QVariant() << QVariant() << "empty";
    QTest::newRow("server count 4096")
        << Server << "count" << QVariant(4096) << QVariant(4096) << "";
    QTest::newRow("server count 4097")
        << Server << "count" << QVariant(4097) << QVariant() << "from 1 to 4096";
    QTest::newRow("server rack 1") << Server << "rack" << QVariant(1) << QVariant(1) << "";
    QTest::newRow("server rack -1") << Server << "rack" << QVariant(-1) << QVariant() << "choice";
    QTest::newRow("server nic inf") << Server << "nic_gbps" << QVariant(inf) << QVariant() << "> 0";
    QTest::newRow("rack name trimmed") << Rack << "name" << text(" r ") << text("r") << "";
    QTest::newRow("rack name blank") << Rack << "name" << text(" ") << QVariant() << "empty";
    QTest::newRow("rack name number") << Rack << "name" << QVariant(3) << QVariant() << "text";
    QTest::newRow("rack uplink 1e12")
        << Rack << "uplink_gbps" << QVariant(1e12) << QVariant(1e12) << "";
    QTest::newRow("rack uplink past 1e12")
        << Rack << "uplink_gbps" << text("1.000001e12") << QVariant() << "at most";
    QTest::newRow("job arrival -0") << Job << "arrival_s" << text("-0") << QVariant(0.0) << "";
    QTest::newRow("job arrival -1e-9")
        << Job << "arrival_s" << text("-1e-9") << QVariant() << ">= 0";
    QTest::newRow("job predicted none")
        << Job << "predicted_iterations" << text("") << QVariant() << "";
    QTest::newRow("job predicted 0")
        << Job << "predicted_iterations" << text("0") << QVariant() << "> 0";
    QTest::newRow("job user empty") << Job << "user" << text("") << text("") << "";
    QTest::newRow("job ep 1024") << Job << "ep" << text("1024") << QVariant(1024) << "";
    QTest::newRow("job ep 1025") << Job << "ep" << text("1025") << QVariant() << "1 to 1024";
    QTest::newRow("job tp 1e7+1") << Job << "tp" << text("10000001") << QVariant()
                                  << "1 to 10000000";
    QTest::newRow("job cp 1e6") << Job << "cp" << text("1000000") << QVariant(1000000) << "";
    QTest::newRow("job cp 1e6+1") << Job << "cp" << text("1000001") << QVariant() << "1 to 1000000";
    QTest::newRow("job cp 0") << Job << "cp" << QVariant(0) << QVariant() << "1 to 1000000";
    QTest::newRow("job vp 1e5") << Job << "vp" << text("1e5") << QVariant(100000) << "";
    QTest::newRow("job vp 1e5+1") << Job << "vp" << text("100001") << QVariant() << "1 to 100000";
    QTest::newRow("job vp 1.5") << Job << "vp" << QVariant(1.5) << QVariant() << "integer";
    QTest::newRow("job precision fp8") << Job << "precision" << text(" fp8 ") << text("fp8") << "";
    QTest::newRow("job precision FP8")
        << Job << "precision" << text("FP8") << QVariant() << "one of \"fp32\", \"tf32\"";
    QTest::newRow("job precision index")
        << Job << "precision" << QVariant(4) << QVariant() << "one of";
    QTest::newRow("job precision none")
        << Job << "precision" << QVariant() << QVariant() << "one of";
    QTest::newRow("job recompute selective")
        << Job << "recompute" << text("selective") << text("selective") << "";
    QTest::newRow("job recompute partial")
        << Job << "recompute" << text("partial") << QVariant() << "\"none\", \"selective\"";
    QTest::newRow("job sharding zero3")
        << Job << "optimizer_sharding" << text("zero3") << text("zero3") << "";
    QTest::newRow("job sharding empty")
        << Job << "optimizer_sharding" << text("") << QVariant() << "one of";
    QTest::newRow("job overlap dp+tp") << Job << "overlap" << text("dp+tp") << text("dp+tp") << "";
    QTest::newRow("job overlap tp") << Job << "overlap" << text("tp") << QVariant() << "one of";
    QTest::newRow("job sequence parallel true")
        << Job << "sequence_parallel" << QVariant(true) << QVariant(true) << "";
    QTest::newRow("job sequence parallel text false")
        << Job << "sequence_parallel" << text("false") << QVariant(false) << "";
    QTest::newRow("job sequence parallel 1")
        << Job << "sequence_parallel" << QVariant(1) << QVariant() << "true or false";
    QTest::newRow("job sequence parallel yes")
        << Job << "sequence_parallel" << text("yes") << QVariant() << "true or false";
    QTest::newRow("job gpus huge") << Job << "gpus" << text("1e300") << QVariant() << "integer";
    QTest::newRow("job unknown") << Job << "colour" << text("red") << QVariant() << "not a field";
    QTest::newRow("scenario name empty")
        << ScenarioKind << "name" << text("") << QVariant() << "empty";
}

void TstFieldRules::check()
{
    QFETCH(int, kind);
    QFETCH(QString, field);
    QFETCH(QVariant, input);
    QFETCH(QVariant, value);
    QFETCH(QString, error);
    const FieldRules::Outcome out = FieldRules::check(Selection::Kind(kind), field, input);
    QVERIFY2(out.error.contains(error), qPrintable(out.error));
    QCOMPARE(out.ok(), error.isEmpty());
    QCOMPARE(out.value, value);
}

void TstFieldRules::agreesWithReader_data()
{
    QTest::addColumn<QString>("path"); // in the scenario file: list, index, [object,] key
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("value");

    struct Field
    {
        const char* path;
        int kind;
        const char* field;
        std::vector<double> values;
    };
    const std::vector<double> positive{-1, 0, 1e-9, 0.5, 1, 1e9, 1e9 + 1, 1e12, 1e12 + 1e3};
    const std::vector<double> whole{-1, 0, 0.5, 1, 2.5, 1024, 1025, 4096, 1e7, 1e7 + 1};
    const std::vector<Field> fields{
        {"cluster.racks.0.uplink_gbps", Rack, "uplink_gbps", positive},
        {"cluster.servers.0.gpus", Server, "gpus", whole},
        {"cluster.servers.0.intra_GBps", Server, "intra_GBps", positive},
        {"cluster.servers.0.nic_gbps", Server, "nic_gbps", positive},
        {"jobs.0.arrival_s", Job, "arrival_s", positive},
        {"jobs.0.iterations", Job, "iterations", positive},
        {"jobs.0.weight", Job, "weight", positive},
        {"jobs.0.predicted_iterations", Job, "predicted_iterations", positive},
        {"jobs.3.duration_s", Job, "duration_s", positive},
    };
    for (const Field& f : fields)
        for (double v : f.values)
            QTest::addRow("%s = %g", f.path, v)
                << QString::fromLatin1(f.path) << f.kind << QString::fromLatin1(f.field) << v;
}

// A number is taken exactly when the scenario file takes it (for the fields whose limits do not
// depend on the rest of the scenario: a job's GPUs and degrees also need a cluster that large).
void TstFieldRules::agreesWithReader()
{
    QFETCH(QString, path);
    QFETCH(int, kind);
    QFETCH(QString, field);
    QFETCH(double, value);
    const auto sc = gantry::ScenarioReader::readFile(
        QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/two-racks.json"));
    QVERIFY(sc.ok());
    QJsonObject root = gantry::ScenarioWriter::toJsonObject(sc.value());
    const QStringList parts = path.split(QLatin1Char('.'));
    // Walks down the path, sets the key, and writes the objects back up.
    std::function<QJsonValue(QJsonValue, int)> set = [&](QJsonValue node, int at) -> QJsonValue {
        if (at == parts.size())
            return value;
        if (node.isArray()) {
            QJsonArray a = node.toArray();
            int i = parts[at].toInt();
            if (i < 0)
                i = int(a.size()) + i;
            a[i] = set(a[i], at + 1);
            return a;
        }
        QJsonObject o = node.toObject();
        o[parts[at]] = set(o[parts[at]], at + 1);
        return o;
    };
    root = set(root, 0).toObject();
    const bool readerTakes =
        gantry::ScenarioReader::readJson(QJsonDocument(root).toJson(), QStringLiteral("t")).ok();
    const bool panelTakes = FieldRules::check(Selection::Kind(kind), field, value).ok();
    QCOMPARE(panelTakes, readerTakes);
}

QTEST_APPLESS_MAIN(TstFieldRules)
#include "tst_fieldrules.moc"
