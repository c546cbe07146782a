#include "io/trainingjson.h"

#include "io/jsonfieldreader.h"

namespace gantry {

namespace {

// Reads key as one of names; the enum value is its index.
template <typename E>
void readChoice(JsonFieldReader& r, const QString& key, const QStringList& names, E* out)
{
    const auto text = r.optionalString(key);
    if (!text)
        return;
    const int i = int(names.indexOf(*text));
    if (i < 0)
        r.fail(key,
               QStringLiteral("must be one of \"%1\"").arg(names.join(QStringLiteral("\", \""))));
    *out = E(i);
}

} // namespace

QStringList TrainingJson::precisionNames()
{
    return {QStringLiteral("fp32"), QStringLiteral("tf32"), QStringLiteral("fp16"),
            QStringLiteral("bf16"), QStringLiteral("fp8")};
}

QStringList TrainingJson::recomputeNames()
{
    return {QStringLiteral("none"), QStringLiteral("selective"), QStringLiteral("full")};
}

QStringList TrainingJson::shardingNames()
{
    return {QStringLiteral("none"), QStringLiteral("distributed"), QStringLiteral("zero3")};
}

QStringList TrainingJson::overlapNames()
{
    return {QStringLiteral("none"), QStringLiteral("dp"), QStringLiteral("dp+tp")};
}

QString TrainingJson::precisionName(Precision p)
{
    return precisionNames().value(int(p));
}

QString TrainingJson::recomputeName(Recompute r)
{
    return recomputeNames().value(int(r));
}

QString TrainingJson::shardingName(OptimizerSharding s)
{
    return shardingNames().value(int(s));
}

QString TrainingJson::overlapName(Overlap o)
{
    return overlapNames().value(int(o));
}

TrainingSettings TrainingJson::read(const QJsonObject& obj, const QString& path)
{
    JsonFieldReader r(obj, path);
    TrainingSettings t;
    readChoice(r, QStringLiteral("precision"), precisionNames(), &t.precision);
    readChoice(r, QStringLiteral("recompute"), recomputeNames(), &t.recompute);
    if (r.has(QStringLiteral("sequence_parallel"))) {
        const QJsonValue v = obj.value(QStringLiteral("sequence_parallel"));
        if (!v.isBool())
            r.fail(QStringLiteral("sequence_parallel"), QStringLiteral("must be true or false"));
        t.sequenceParallel = v.toBool();
    }
    readChoice(r, QStringLiteral("optimizer_sharding"), shardingNames(), &t.optimizerSharding);
    readChoice(r, QStringLiteral("overlap"), overlapNames(), &t.overlap);
    r.finish();
    return t;
}

QJsonObject TrainingJson::write(const TrainingSettings& t)
{
    const TrainingSettings d;
    QJsonObject o;
    if (t.precision != d.precision)
        o.insert("precision", precisionName(t.precision));
    if (t.recompute != d.recompute)
        o.insert("recompute", recomputeName(t.recompute));
    if (t.sequenceParallel != d.sequenceParallel)
        o.insert("sequence_parallel", t.sequenceParallel);
    if (t.optimizerSharding != d.optimizerSharding)
        o.insert("optimizer_sharding", shardingName(t.optimizerSharding));
    if (t.overlap != d.overlap)
        o.insert("overlap", overlapName(t.overlap));
    return o;
}

} // namespace gantry
