#include "io/modelspecjson.h"

#include "io/jsonfieldreader.h"

namespace gantry {

namespace {
constexpr double kMaxParameters = 1e14;
constexpr int kMaxCount = 10'000'000;
} // namespace

QString ModelSpecJson::familyName(ModelFamily f)
{
    switch (f) {
    case ModelFamily::Cnn:
        return QStringLiteral("cnn");
    case ModelFamily::Moe:
        return QStringLiteral("moe");
    case ModelFamily::Transformer:
        break;
    }
    return QStringLiteral("transformer");
}

ModelSpec ModelSpecJson::read(const QJsonObject& obj, const QString& path)
{
    JsonFieldReader r(obj, path);
    ModelSpec m;
    m.name = r.string(QStringLiteral("name"));
    const QString family = r.string(QStringLiteral("family"));
    if (family == QLatin1String("transformer"))
        m.family = ModelFamily::Transformer;
    else if (family == QLatin1String("cnn"))
        m.family = ModelFamily::Cnn;
    else if (family == QLatin1String("moe"))
        m.family = ModelFamily::Moe;
    else
        r.fail(QStringLiteral("family"),
               QStringLiteral("must be \"transformer\", \"cnn\" or \"moe\""));
    const bool cnn = m.family == ModelFamily::Cnn;
    const bool moe = m.family == ModelFamily::Moe;
    m.parameters = r.number(QStringLiteral("parameters"), 0.0, true, kMaxParameters);
    m.layers = r.integer(QStringLiteral("layers"), 1, 100000);
    m.hidden = r.integer(QStringLiteral("hidden"), 1, kMaxCount);
    m.heads = r.optionalInteger(QStringLiteral("heads"), 1, 100000).value_or(0);
    m.kvHeads = r.optionalInteger(QStringLiteral("kv_heads"), 1, 100000).value_or(0);
    if (m.kvHeads > 0 && m.heads > 0 && m.heads % m.kvHeads != 0)
        r.fail(QStringLiteral("kv_heads"),
               QStringLiteral("must divide the %1 attention heads").arg(m.heads));
    m.ffnHidden = r.optionalInteger(QStringLiteral("ffn_hidden"), 1, kMaxCount).value_or(0);
    m.vocab = r.optionalInteger(QStringLiteral("vocab"), 0, kMaxCount).value_or(0);
    if (cnn)
        m.seqLen = r.optionalInteger(QStringLiteral("seq_len"), 1, kMaxCount).value_or(0);
    else
        m.seqLen = r.integer(QStringLiteral("seq_len"), 1, kMaxCount);
    m.microBatch = r.integer(QStringLiteral("micro_batch"), 1, 1'000'000);
    m.microBatches = r.optionalInteger(QStringLiteral("micro_batches"), 1, 1'000'000).value_or(1);

    const auto onlyFor = [&r, &obj](const char* key, bool allowed, const char* family) {
        if (!allowed && obj.contains(QLatin1String(key)))
            r.fail(QString::fromLatin1(key),
                   QStringLiteral("only a \"%1\" model has this key").arg(QLatin1String(family)));
    };
    onlyFor("experts", moe, "moe");
    onlyFor("expert_parameters", moe, "moe");
    onlyFor("top_k", moe, "moe");
    onlyFor("flops_per_sample", cnn, "cnn");
    onlyFor("activation_mb_per_sample", cnn, "cnn");
    if (moe) {
        m.experts = r.integer(QStringLiteral("experts"), 1, 100000);
        m.expertParameters =
            r.number(QStringLiteral("expert_parameters"), 0.0, true, kMaxParameters);
        m.topK = r.optionalInteger(QStringLiteral("top_k"), 1, m.experts).value_or(2);
        if (m.topK > m.experts)
            r.fail(QStringLiteral("experts"),
                   QStringLiteral("must be at least top_k (%1)").arg(m.topK));
        if (m.experts * m.expertParameters >= m.parameters)
            r.fail(QStringLiteral("parameters"),
                   QStringLiteral("must exceed experts x expert_parameters (%1)")
                       .arg(m.experts * m.expertParameters));
    }
    if (cnn) {
        m.flopsPerSample = r.number(QStringLiteral("flops_per_sample"), 0.0, true, 1e18);
        m.activationMbPerSample =
            r.optionalNumber(QStringLiteral("activation_mb_per_sample"), 0.0, false, 1e9)
                .value_or(0.0);
    }
    m.bytesPerElement =
        r.optionalNumber(QStringLiteral("bytes_per_element"), 0.0, true, 64.0).value_or(2.0);
    m.gradientBytes =
        r.optionalNumber(QStringLiteral("gradient_bytes"), 0.0, true, 64.0).value_or(4.0);
    m.optimizerBytesPerParam =
        r.optionalNumber(QStringLiteral("optimizer_bytes_per_param"), 0.0, false, 1024.0)
            .value_or(12.0);
    m.efficiency = r.optionalNumber(QStringLiteral("efficiency"), 0.0, true, 1.0).value_or(0.4);
    m.source = r.optionalString(QStringLiteral("source")).value_or(QString());
    r.finish();
    return m;
}

QJsonObject ModelSpecJson::write(const ModelSpec& m)
{
    QJsonObject o;
    o.insert("name", m.name);
    o.insert("family", familyName(m.family));
    o.insert("parameters", m.parameters);
    o.insert("layers", m.layers);
    o.insert("hidden", m.hidden);
    if (m.heads > 0)
        o.insert("heads", m.heads);
    if (m.kvHeads > 0)
        o.insert("kv_heads", m.kvHeads);
    if (m.ffnHidden > 0)
        o.insert("ffn_hidden", m.ffnHidden);
    if (m.vocab > 0)
        o.insert("vocab", m.vocab);
    if (m.seqLen > 0)
        o.insert("seq_len", m.seqLen);
    o.insert("micro_batch", m.microBatch);
    o.insert("micro_batches", m.microBatches);
    if (m.family == ModelFamily::Moe) {
        o.insert("experts", m.experts);
        o.insert("expert_parameters", m.expertParameters);
        o.insert("top_k", m.topK);
    }
    if (m.family == ModelFamily::Cnn) {
        o.insert("flops_per_sample", m.flopsPerSample);
        o.insert("activation_mb_per_sample", m.activationMbPerSample);
    }
    o.insert("bytes_per_element", m.bytesPerElement);
    o.insert("gradient_bytes", m.gradientBytes);
    o.insert("optimizer_bytes_per_param", m.optimizerBytesPerParam);
    o.insert("efficiency", m.efficiency);
    if (!m.source.isEmpty())
        o.insert("source", m.source);
    return o;
}

} // namespace gantry
