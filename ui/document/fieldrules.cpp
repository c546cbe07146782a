#include "fieldrules.h"

#include "io/jsonfieldreader.h"
#include "io/scenariolimits.h"
#include "io/trainingjson.h"

#include <cmath>
#include <optional>

namespace gantry::ui {

namespace {

// The scenario format's bounds (ScenarioLimits); rates have the reader's general bound.
constexpr double MaxSeconds = ScenarioLimits::kMaxSeconds;
constexpr double MaxIterations = ScenarioLimits::kMaxIterations;
constexpr double MaxNumber = JsonFieldReader::kMaxNumber;
constexpr int MaxServerGpus = ScenarioLimits::kMaxServerGpus;
constexpr int MaxJobGpus = ScenarioLimits::kMaxJobGpus;
constexpr int MaxDegree = ScenarioLimits::kMaxDegree;
constexpr int MaxExpertDegree = ScenarioLimits::kMaxExpertDegree;
constexpr int MaxContextDegree = ScenarioLimits::kMaxContextDegree;
constexpr int MaxVirtualStages = ScenarioLimits::kMaxVirtualStages;
// The document replicates a server at most this often (the file takes more, the editor's
// scene would not).
constexpr int MaxServerCount = 4096;

struct Rule
{
    enum class Type
    {
        Text,     // any string
        Name,     // a string that is not blank
        Integer,  // a whole number in [low, high]
        Number,   // a finite number >= low (> low when strict) and <= high
        Optional, // Number, or nothing
        Index,    // a choice by index (>= 0)
        Choice,   // one of names (exactly, after trimming)
        Bool,     // true or false
    };
    Type type = Type::Text;
    double low = 0.0;
    double high = 0.0;
    bool strict = false;
};

// The values of a Choice field (a job's training settings, by their names in the file).
QStringList choicesOf(const QString& field)
{
    if (field == QLatin1String("precision"))
        return TrainingJson::precisionNames();
    if (field == QLatin1String("recompute"))
        return TrainingJson::recomputeNames();
    if (field == QLatin1String("optimizer_sharding"))
        return TrainingJson::shardingNames();
    if (field == QLatin1String("overlap"))
        return TrainingJson::overlapNames();
    return {};
}

Rule integer(int low, int high)
{
    return {Rule::Type::Integer, double(low), double(high), false};
}

Rule number(double high, bool strict = true)
{
    return {Rule::Type::Number, 0.0, high, strict};
}

std::optional<Rule> ruleOf(Selection::Kind kind, const QString& field)
{
    const auto is = [&field](const char* key) { return field == QLatin1String(key); };
    switch (kind) {
    case Selection::Kind::None:
        if (is("name"))
            return Rule{Rule::Type::Name};
        break;
    case Selection::Kind::Rack:
        if (is("name"))
            return Rule{Rule::Type::Name};
        if (is("uplink_gbps"))
            return number(MaxNumber);
        break;
    case Selection::Kind::Server:
        if (is("name") || is("gpu_type"))
            return Rule{Rule::Type::Name};
        if (is("rack"))
            return Rule{Rule::Type::Index};
        if (is("gpus"))
            return integer(1, MaxServerGpus);
        if (is("intra_GBps") || is("nic_gbps"))
            return number(MaxNumber);
        if (is("count"))
            return integer(1, MaxServerCount);
        break;
    case Selection::Kind::Job:
        if (is("id") || is("model"))
            return Rule{Rule::Type::Name};
        if (is("user"))
            return Rule{Rule::Type::Text};
        if (is("arrival_s"))
            return number(MaxSeconds, false);
        if (is("duration_s"))
            return number(MaxSeconds);
        if (is("iterations"))
            return number(MaxIterations);
        if (is("predicted_iterations"))
            return Rule{Rule::Type::Optional, 0.0, MaxIterations, true};
        if (is("weight"))
            return number(MaxNumber);
        if (is("gpus"))
            return integer(1, MaxJobGpus);
        if (is("dp") || is("pp") || is("tp"))
            return integer(1, MaxDegree);
        if (is("ep"))
            return integer(1, MaxExpertDegree);
        if (is("cp"))
            return integer(1, MaxContextDegree);
        if (is("vp"))
            return integer(1, MaxVirtualStages);
        if (!choicesOf(field).isEmpty())
            return Rule{Rule::Type::Choice};
        if (is("sequence_parallel"))
            return Rule{Rule::Type::Bool};
        break;
    }
    return std::nullopt;
}

QString bound(double v)
{
    return QString::number(v, 'g', 15);
}

QString numberError(const Rule& r)
{
    return QStringLiteral("must be a number %1 %2 and at most %3")
        .arg(r.strict ? QStringLiteral(">") : QStringLiteral(">="), bound(r.low), bound(r.high));
}

bool isText(const QVariant& v)
{
    return v.typeId() == QMetaType::QString || v.typeId() == QMetaType::QByteArray ||
           v.typeId() == QMetaType::QChar;
}

} // namespace

bool FieldRules::isNumeric(Selection::Kind kind, const QString& field)
{
    const std::optional<Rule> r = ruleOf(kind, field);
    return r && (r->type == Rule::Type::Integer || r->type == Rule::Type::Number ||
                 r->type == Rule::Type::Optional);
}

FieldRules::Outcome FieldRules::check(Selection::Kind kind, const QString& field,
                                      const QVariant& input)
{
    const std::optional<Rule> rule = ruleOf(kind, field);
    if (!rule)
        return {{}, QStringLiteral("is not a field that can be edited")};
    const Rule& r = *rule;
    const QString text = isText(input) ? input.toString().trimmed() : QString();
    if (r.type == Rule::Type::Text || r.type == Rule::Type::Name) {
        if (input.isValid() && !isText(input))
            return {{}, QStringLiteral("must be text")};
        if (r.type == Rule::Type::Name && text.isEmpty())
            return {{}, QStringLiteral("must not be empty")};
        return {text, {}};
    }
    if (r.type == Rule::Type::Choice) {
        const QStringList names = choicesOf(field);
        if (!input.isValid() || !isText(input) || !names.contains(text))
            return {
                {},
                QStringLiteral("must be one of \"%1\"").arg(names.join(QStringLiteral("\", \"")))};
        return {text, {}};
    }
    if (r.type == Rule::Type::Bool) {
        if (input.typeId() == QMetaType::Bool)
            return {input.toBool(), {}};
        if (isText(input) && (text == QLatin1String("true") || text == QLatin1String("false")))
            return {text == QLatin1String("true"), {}};
        return {{}, QStringLiteral("must be true or false")};
    }
    if (!input.isValid() || (isText(input) && text.isEmpty())) {
        if (r.type == Rule::Type::Optional)
            return {QVariant(), {}};
        return {{}, QStringLiteral("must not be empty")};
    }
    bool ok = false;
    const double d = isText(input) ? text.toDouble(&ok) : input.toDouble(&ok);
    if (!ok)
        return {
            {},
            QStringLiteral("\"%1\" is not a number").arg(isText(input) ? text : input.toString())};
    switch (r.type) {
    case Rule::Type::Index:
        if (!std::isfinite(d) || std::floor(d) != d || d < 0 || d > 1e9)
            return {{}, QStringLiteral("must be one of the choices")};
        return {int(d), {}};
    case Rule::Type::Integer:
        if (!std::isfinite(d) || std::floor(d) != d || d < r.low || d > r.high)
            return {{},
                    QStringLiteral("must be an integer from %1 to %2")
                        .arg(bound(r.low), bound(r.high))};
        return {int(d), {}};
    default:
        if (!std::isfinite(d) || (r.strict ? d <= r.low : d < r.low) || d > r.high)
            return {{}, numberError(r)};
        return {d + 0.0, {}}; // -0 is 0
    }
}

} // namespace gantry::ui
