#include "plan/sweepreader.h"

#include "io/gpucatalogue.h"
#include "io/jsonfieldreader.h"
#include "io/scenarioreader.h"
#include "mapping/placementregistry.h"
#include "policies/policyregistry.h"
#include "predict/predictorregistry.h"
#include "run/productdefaults.h"
#include "run/resultwriter.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

#include <cmath>

namespace gantry::plan {

namespace {

constexpr double kMaxSeed = 9007199254740992.0; // 2^53: every seed a double holds exactly

// The keys of the top-level "axes" object in the order the text gives them (QJsonObject sorts
// its keys, but the first axis in the file is the slowest). The text is valid JSON here.
QStringList axisKeysInOrder(const QByteArray& json)
{
    QStringList keys;
    int depth = 0;
    bool inAxes = false;
    QByteArray lastString;
    bool expectKey = false;
    for (qsizetype i = 0; i < json.size(); ++i) {
        const char ch = json[i];
        if (ch == '"') {
            QByteArray s;
            for (++i; i < json.size() && json[i] != '"'; ++i) {
                if (json[i] == '\\' && i + 1 < json.size())
                    s += json[i++];
                s += json[i];
            }
            // A string followed by ':' is a key.
            qsizetype j = i + 1;
            while (j < json.size() && QChar::isSpace(uchar(json[j])))
                ++j;
            const bool isKey = j < json.size() && json[j] == ':';
            if (isKey && depth == 1)
                lastString = s;
            if (isKey && inAxes && depth == 2 && expectKey)
                keys << QJsonDocument::fromJson("[\"" + s + "\"]").array().at(0).toString();
            continue;
        }
        if (ch == '{' || ch == '[') {
            ++depth;
            if (ch == '{' && depth == 2 && lastString == "axes")
                inAxes = true;
            expectKey = inAxes && depth == 2;
        } else if (ch == '}' || ch == ']') {
            if (depth == 2)
                inAxes = false;
            --depth;
            expectKey = inAxes && depth == 2;
        } else if (ch == ':' && depth == 1) {
            // the value of a top-level key follows
        }
        if (ch == ',' && depth == 1)
            lastString.clear();
    }
    return keys;
}

class Parser
{
public:
    Parser(const QByteArray& json, QString source, QString baseDir)
        : m_json(json), m_source(std::move(source)), m_baseDir(std::move(baseDir))
    {}

    Result<SweepSpec> parse();

private:
    [[noreturn]] void fail(const QString& path, const QString& message) const
    {
        throw JsonPathError{path, message};
    }
    void parseAxes(const QJsonObject& axes);
    QJsonValue axisValue(const SweepAxis& axis, const QJsonValue& v, const QString& path) const;
    void parseRun(const QJsonObject& obj);
    void parseCost(const QJsonObject& obj);
    void parseTarget(const QJsonObject& obj);
    void checkPrices() const;

    QByteArray m_json;
    QString m_source;
    QString m_baseDir;
    SweepSpec m_spec;
    QStringList m_serverEntries;
};

void checkName(const QString& kind, const QString& name, bool known, const QString& path)
{
    if (!known)
        throw JsonPathError{path, QStringLiteral("unknown %1 \"%2\"").arg(kind, name)};
}

void checkPolicy(const QString& name, const QString& path)
{
    checkName(QStringLiteral("policy"), name, PolicyRegistry::contains(name), path);
}

void checkPlacement(const QString& name, const QString& path)
{
    checkName(QStringLiteral("placement"), name, PlacementRegistry::contains(name), path);
}

void checkPredictor(const QString& name, const QString& path)
{
    const auto p = PredictorRegistry::create(name, 0, 1000.0);
    if (!p)
        throw JsonPathError{path, QStringLiteral("unknown predictor \"%1\"").arg(name)};
}

QString axisPath(const QString& key)
{
    return QStringLiteral("axes.") + key;
}

QJsonValue Parser::axisValue(const SweepAxis& axis, const QJsonValue& v, const QString& path) const
{
    auto whole = [&](double max, const QString& message) {
        const double d = v.toDouble(-1.0);
        if (!v.isDouble() || d < 0.0 || d > max || std::floor(d) != d)
            fail(path, message);
        return QJsonValue(d);
    };
    auto name = [&]() {
        if (!v.isString())
            fail(path, QStringLiteral("must be a string"));
        return v.toString();
    };
    switch (axis.kind) {
    case SweepAxis::Kind::ServerCount:
        return whole(
            SweepReader::kMaxCount,
            QStringLiteral("must be a whole number from 0 to %1").arg(SweepReader::kMaxCount));
    case SweepAxis::Kind::Seed:
        return whole(kMaxSeed, QStringLiteral("must be a whole number from 0 to 2^53"));
    case SweepAxis::Kind::LoadScale: {
        const double d = v.toDouble(-1.0);
        if (!v.isDouble() || !(d > 0.0) || d > 1e6)
            fail(path, QStringLiteral("must be a number above 0 and at most 1e6"));
        return v;
    }
    case SweepAxis::Kind::Policy:
        checkPolicy(name(), path);
        return v;
    case SweepAxis::Kind::Placement:
        checkPlacement(name(), path);
        return v;
    case SweepAxis::Kind::Predictor:
        checkPredictor(name(), path);
        return v;
    }
    return v;
}

void Parser::parseAxes(const QJsonObject& axes)
{
    if (axes.isEmpty())
        fail(QStringLiteral("axes"), QStringLiteral("must name at least one axis"));
    QStringList order = axisKeysInOrder(m_json);
    QSet<QString> seen;
    for (const QString& k : order)
        if (seen.contains(k))
            fail(axisPath(k), QStringLiteral("duplicate axis"));
        else
            seen.insert(k);
    if (order.size() != axes.size()) // cannot happen for valid JSON; keep the sorted order
        order = axes.keys();
    long long points = 1;
    for (const QString& key : order) {
        SweepAxis axis;
        axis.name = key;
        const QString path = axisPath(key);
        if (key.startsWith(QLatin1String("servers.")) && key.endsWith(QLatin1String(".count")) &&
            key.size() > 14) {
            axis.kind = SweepAxis::Kind::ServerCount;
            axis.server = key.mid(8, key.size() - 14);
            if (!m_serverEntries.contains(axis.server))
                fail(path, QStringLiteral("unknown server \"%1\" (the base cluster's entries: %2)")
                               .arg(axis.server, m_serverEntries.join(QStringLiteral(", "))));
        } else if (key == QLatin1String("load_scale")) {
            axis.kind = SweepAxis::Kind::LoadScale;
        } else if (key == QLatin1String("policy")) {
            axis.kind = SweepAxis::Kind::Policy;
        } else if (key == QLatin1String("placement")) {
            axis.kind = SweepAxis::Kind::Placement;
        } else if (key == QLatin1String("predictor")) {
            axis.kind = SweepAxis::Kind::Predictor;
        } else if (key == QLatin1String("seed")) {
            axis.kind = SweepAxis::Kind::Seed;
        } else {
            fail(path, QStringLiteral("unknown axis (expected servers.NAME.count, load_scale, "
                                      "policy, placement, predictor or seed)"));
        }
        const QJsonValue v = axes.value(key);
        if (!v.isArray() || v.toArray().isEmpty())
            fail(path, QStringLiteral("must be a non-empty array"));
        const QJsonArray values = v.toArray();
        for (qsizetype i = 0; i < values.size(); ++i) {
            const QString vp = QStringLiteral("%1[%2]").arg(path).arg(i);
            const QJsonValue value = axisValue(axis, values[i], vp);
            for (const QJsonValue& earlier : axis.values)
                if (earlier == value)
                    fail(vp, QStringLiteral("repeats an earlier value"));
            axis.values.push_back(value);
        }
        points *= (long long)axis.values.size();
        if (points > SweepReader::kMaxPoints)
            fail(QStringLiteral("axes"),
                 QStringLiteral("more than %1 points").arg(SweepReader::kMaxPoints));
        m_spec.axes.push_back(std::move(axis));
    }
}

void Parser::parseRun(const QJsonObject& obj)
{
    JsonFieldReader r(obj, QStringLiteral("run"));
    RunConfig& c = m_spec.run;
    if (auto p = r.optionalString(QStringLiteral("policy"))) {
        checkPolicy(*p, r.pathOf(QStringLiteral("policy")));
        c.policy = *p;
    }
    if (auto p = r.optionalString(QStringLiteral("placement"))) {
        checkPlacement(*p, r.pathOf(QStringLiteral("placement")));
        c.placement = *p;
    }
    if (auto p = r.optionalString(QStringLiteral("predictor"))) {
        checkPredictor(*p, r.pathOf(QStringLiteral("predictor")));
        c.predictor = *p;
    }
    if (r.has(QStringLiteral("seed"))) {
        const double d = r.number(QStringLiteral("seed"), 0.0, false, kMaxSeed);
        if (std::floor(d) != d)
            r.fail(QStringLiteral("seed"), QStringLiteral("must be a whole number from 0 to 2^53"));
        c.seed = std::uint64_t(d);
    }
    if (auto p = r.optionalString(QStringLiteral("contention"))) {
        if (*p == QLatin1String("none"))
            c.contention = Contention::None;
        else if (*p == QLatin1String("fair"))
            c.contention = Contention::Fair;
        else
            r.fail(QStringLiteral("contention"), QStringLiteral("must be \"none\" or \"fair\""));
    }
    if (auto o = r.optionalNumber(QStringLiteral("restart_overhead_s"), 0.0, false))
        c.restartOverheadS = *o;
    r.finish();
}

void Parser::parseCost(const QJsonObject& obj)
{
    JsonFieldReader r(obj, QStringLiteral("cost"));
    CostParams& c = m_spec.cost;
    c.horizonYears = r.optionalNumber(QStringLiteral("horizon_years"), 0.0, true, 100.0)
                         .value_or(c.horizonYears);
    c.electricityUsdPerKwh =
        r.optionalNumber(QStringLiteral("electricity_usd_per_kwh"), 0.0, false, 100.0)
            .value_or(c.electricityUsdPerKwh);
    c.pue = r.optionalNumber(QStringLiteral("pue"), 1.0, false, 10.0).value_or(c.pue);
    c.idlePowerFraction = r.optionalNumber(QStringLiteral("idle_power_fraction"), 0.0, false, 1.0)
                              .value_or(c.idlePowerFraction);
    r.finish();
}

void Parser::parseTarget(const QJsonObject& obj)
{
    JsonFieldReader r(obj, QStringLiteral("target"));
    SweepTarget& t = m_spec.target;
    t.metric = r.string(QStringLiteral("metric"));
    if (!SweepReader::metricNames().contains(t.metric))
        r.fail(QStringLiteral("metric"), QStringLiteral("unknown metric \"%1\"").arg(t.metric));
    t.max = r.optionalNumber(QStringLiteral("max"), -JsonFieldReader::kMaxNumber, false);
    t.min = r.optionalNumber(QStringLiteral("min"), -JsonFieldReader::kMaxNumber, false);
    if (t.max.has_value() == t.min.has_value())
        r.fail(QString(), QStringLiteral("must give exactly one of max and min"));
    r.finish();
}

// Every server entry needs a purchase price and a board power: its own price_usd or the
// catalogue's figures for its GPU type.
void Parser::checkPrices() const
{
    const QJsonArray servers =
        m_spec.baseJson.value("cluster").toObject().value("servers").toArray();
    for (const QJsonValue& v : servers) {
        const QJsonObject s = v.toObject();
        const QString type = s.value("gpu_type").toString();
        if (!GpuCatalogue::findCost(type))
            fail(QStringLiteral("base"),
                 QStringLiteral("server entry \"%1\": GPU type \"%2\" is not in the catalogue, so "
                                "its power and prices are unknown")
                     .arg(s.value("name").toString(), type));
    }
}

Result<SweepSpec> Parser::parse()
{
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(m_json, &pe);
    if (pe.error != QJsonParseError::NoError)
        return Error::invalid(QStringLiteral("%1: not valid JSON at byte %2: %3")
                                  .arg(m_source)
                                  .arg(pe.offset)
                                  .arg(pe.errorString()));
    if (!doc.isObject())
        return Error::invalid(QStringLiteral("%1: (root): must be an object").arg(m_source));
    try {
        JsonFieldReader r(doc.object(), QString());
        if (r.string(QStringLiteral("format")) != QLatin1String("gantry-sweep"))
            r.fail(QStringLiteral("format"), QStringLiteral("must be \"gantry-sweep\""));
        if (r.integer(QStringLiteral("version"), 1, 1000) != 1)
            r.fail(QStringLiteral("version"), QStringLiteral("must be 1"));
        m_spec.file = m_source;
        m_spec.name = r.optionalString(QStringLiteral("name")).value_or(QString());
        m_spec.base = r.string(QStringLiteral("base"));
        if (m_spec.base.isEmpty())
            r.fail(QStringLiteral("base"), QStringLiteral("must name a scenario file"));
        const QString basePath = QDir(m_baseDir).filePath(m_spec.base);
        QFile f(basePath);
        if (!f.open(QIODevice::ReadOnly))
            r.fail(QStringLiteral("base"),
                   QStringLiteral("cannot open \"%1\": %2").arg(m_spec.base, f.errorString()));
        const QByteArray baseBytes = f.readAll();
        // The base's own errors pass through with its own file name.
        Result<Scenario> base = ScenarioReader::readJson(baseBytes, basePath);
        if (!base)
            return base.error();
        m_spec.baseScenario = std::move(base).value();
        m_spec.baseJson = QJsonDocument::fromJson(baseBytes).object();
        for (const QJsonValue& v :
             m_spec.baseJson.value("cluster").toObject().value("servers").toArray())
            m_serverEntries << v.toObject().value("name").toString();
        checkPrices();
        m_spec.run = ProductDefaults::runConfig();
        parseAxes(r.object(QStringLiteral("axes")));
        if (r.has(QStringLiteral("run")))
            parseRun(JsonFieldReader::asObject(doc.object().value("run"), QStringLiteral("run")));
        if (r.has(QStringLiteral("cost")))
            parseCost(
                JsonFieldReader::asObject(doc.object().value("cost"), QStringLiteral("cost")));
        parseTarget(r.object(QStringLiteral("target")));
        r.finish();
    } catch (const JsonPathError& e) {
        return Error::invalid(
            QStringLiteral("%1: %2: %3")
                .arg(m_source, e.path.isEmpty() ? QStringLiteral("(root)") : e.path, e.message));
    }
    // The configuration as read, with the base replaced by the hash of its canonical form so
    // that the hash changes when the scenario does and not when it moves.
    QJsonObject config = doc.object();
    config.remove(QStringLiteral("base"));
    const QByteArray baseCanonical = QJsonDocument(m_spec.baseJson).toJson(QJsonDocument::Compact);
    config.insert(QStringLiteral("base_sha256"),
                  QString::fromLatin1(
                      QCryptographicHash::hash(baseCanonical, QCryptographicHash::Sha256).toHex()));
    QJsonArray axisOrder;
    for (const SweepAxis& a : m_spec.axes)
        axisOrder.append(a.name);
    config.insert(QStringLiteral("axis_order"), axisOrder);
    m_spec.config = config;
    m_spec.hash = QString::fromLatin1(
        QCryptographicHash::hash(QJsonDocument(config).toJson(QJsonDocument::Compact),
                                 QCryptographicHash::Sha256)
            .toHex());
    return std::move(m_spec);
}

} // namespace

Result<SweepSpec> SweepReader::readFile(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error::invalid(QStringLiteral("%1: cannot open: %2").arg(path, f.errorString()));
    return readJson(f.readAll(), path, QFileInfo(path).absolutePath());
}

Result<SweepSpec> SweepReader::readJson(const QByteArray& json, const QString& sourceName,
                                        const QString& baseDir)
{
    return Parser(json, sourceName, baseDir).parse();
}

QStringList SweepReader::metricNames()
{
    // The run's numeric summary fields; the configuration is in the axes, and the wall time
    // and version differ between runs of one point.
    static const QStringList notMetrics{QStringLiteral("policy"),    QStringLiteral("placement"),
                                        QStringLiteral("predictor"), QStringLiteral("seed"),
                                        QStringLiteral("wall_s"),    QStringLiteral("version")};
    QStringList names = ResultWriter::summaryKeys();
    names.removeIf([](const QString& k) { return notMetrics.contains(k); });
    return names;
}

} // namespace gantry::plan
