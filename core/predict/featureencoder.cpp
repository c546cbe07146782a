#include "predict/featureencoder.h"

#include "io/modelzoo.h"

#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gantry::predict {

namespace {

const QString kFeature = QStringLiteral("feature:");

// Fixed columns, always present and in this order before the free features.
const QStringList& fixedCategories()
{
    static const QStringList names{QStringLiteral("model"), QStringLiteral("dataset"),
                                   QStringLiteral("user"), QStringLiteral("vc"),
                                   QStringLiteral("name")};
    return names;
}

const QStringList& fixedNumbers()
{
    static const QStringList names{
        QStringLiteral("parameters"), QStringLiteral("global_batch"),
        QStringLiteral("dp"),         QStringLiteral("pp"),
        QStringLiteral("tp"),         QStringLiteral("ep"),
        QStringLiteral("gpus"),       QStringLiteral("requested_iterations"),
        QStringLiteral("submit_hour")};
    return names;
}

bool isNumber(const QVariant& v)
{
    switch (v.typeId()) {
    case QMetaType::Int:
    case QMetaType::UInt:
    case QMetaType::LongLong:
    case QMetaType::ULongLong:
    case QMetaType::Double:
    case QMetaType::Float:
    case QMetaType::Bool:
        return true;
    default:
        return false;
    }
}

} // namespace

void FeatureEncoder::Raw::setCategory(const QString& key, const QString& value)
{
    for (auto& [k, v] : categories)
        if (k == key) {
            v = value;
            return;
        }
    categories.emplace_back(key, value);
}

void FeatureEncoder::Raw::setNumber(const QString& key, double value)
{
    for (auto& [k, v] : numbers)
        if (k == key) {
            v = value;
            return;
        }
    numbers.emplace_back(key, value);
}

QString FeatureEncoder::Raw::category(const QString& key) const
{
    for (const auto& [k, v] : categories)
        if (k == key)
            return v;
    return {};
}

FeatureEncoder::Raw FeatureEncoder::extract(const Job& job)
{
    Raw r;
    r.categories.reserve(8);
    r.numbers.reserve(12);
    const auto category = [&r](const QString& key, const QString& value) {
        if (!value.isEmpty())
            r.setCategory(key, value);
    };
    category(QStringLiteral("model"), job.model);
    category(QStringLiteral("dataset"), job.features.value(QStringLiteral("dataset")).toString());
    category(QStringLiteral("user"), job.user);
    category(QStringLiteral("vc"), job.features.value(QStringLiteral("vc")).toString());
    const QVariant name = job.features.contains(QStringLiteral("name"))
                              ? job.features.value(QStringLiteral("name"))
                              : job.features.value(QStringLiteral("template"));
    category(QStringLiteral("name"), name.toString());

    if (job.kind == JobKind::Model) {
        if (const auto spec = ModelZoo::find(job.model)) {
            r.setNumber(QStringLiteral("parameters"), spec->parameters);
            r.setNumber(QStringLiteral("global_batch"),
                        double(spec->microBatch) * spec->microBatches * job.parallelism.dp);
        }
        r.setNumber(QStringLiteral("dp"), job.parallelism.dp);
        r.setNumber(QStringLiteral("pp"), job.parallelism.pp);
        r.setNumber(QStringLiteral("tp"), job.parallelism.tp);
        r.setNumber(QStringLiteral("ep"), job.parallelism.ep);
    }
    int gpus = job.gpuCount();
    if (gpus == 0 && job.kind == JobKind::Model)
        gpus = int(job.parallelism.workers());
    r.setNumber(QStringLiteral("gpus"), gpus);
    if (job.predictedIterations)
        r.setNumber(QStringLiteral("requested_iterations"), *job.predictedIterations);
    if (std::isfinite(job.arrivalS))
        r.setNumber(QStringLiteral("submit_hour"),
                    std::fmod(std::floor(std::max(0.0, job.arrivalS) / 3600.0), 24.0));

    static const QString fixedKeys[] = {QStringLiteral("dataset"), QStringLiteral("vc"),
                                        QStringLiteral("name"), QStringLiteral("template")};
    for (auto it = job.features.cbegin(); it != job.features.cend(); ++it) {
        if (std::find(std::begin(fixedKeys), std::end(fixedKeys), it.key()) != std::end(fixedKeys))
            continue;
        if (isNumber(it.value())) {
            const double v = it.value().toDouble();
            if (std::isfinite(v))
                r.setNumber(kFeature + it.key(), v);
        } else {
            category(kFeature + it.key(), it.value().toString());
        }
    }
    return r;
}

void FeatureEncoder::fixColumns(const std::vector<Raw>& rows)
{
    if (m_fitted)
        return;
    m_fitted = true;
    for (const QString& n : fixedCategories())
        m_columns.push_back({n, true, {}, {}});
    // Free keys of the first training set, sorted: categorical if any row has a string.
    QMap<QString, bool> free; // key -> categorical
    for (const Raw& r : rows) {
        for (const auto& [key, value] : r.categories)
            if (key.startsWith(kFeature))
                free[key] = true;
        for (const auto& [key, value] : r.numbers)
            if (key.startsWith(kFeature) && !free.contains(key))
                free[key] = false;
    }
    for (auto it = free.cbegin(); it != free.cend(); ++it)
        if (it.value())
            m_columns.push_back({it.key(), true, {}, {}});
    for (const QString& n : fixedNumbers())
        m_columns.push_back({n, false, {}, {}});
    for (auto it = free.cbegin(); it != free.cend(); ++it)
        if (!it.value())
            m_columns.push_back({it.key(), false, {}, {}});
}

int FeatureEncoder::columnOf(const QString& name) const
{
    // A score of columns: a scan that compares lengths first costs less than hashing the name.
    for (std::size_t i = 0; i < m_columns.size(); ++i)
        if (m_columns[i].name == name)
            return int(i);
    return -1;
}

// Walks the row's own entries (a few) instead of looking every column up in them: a
// categorical column takes the row's non-empty string, else its number written with 17
// digits; a numeric column takes the row's number; anything else is missing.
template <bool assign, typename Columns>
void FeatureEncoder::encodeRow(const Raw& raw, float* out, Columns& columns) const
{
    const float missing = std::numeric_limits<float>::quiet_NaN();
    const int width = int(columns.size());
    std::fill(out, out + width, missing);
    const auto codeOf = [](auto& c, const QString& v) {
        if (c.recent.empty())
            c.recent.resize(kRecent);
        Recent& slot = c.recent[(reinterpret_cast<quintptr>(v.constData()) >> 4) % kRecent];
        if (slot.code >= 0 && slot.value.constData() == v.constData() &&
            slot.value.size() == v.size())
            return slot.code;
        int code = -1;
        if constexpr (assign) {
            const auto it = c.codes.constFind(v);
            if (it != c.codes.cend()) {
                code = it.value();
            } else {
                code = int(c.codes.size());
                c.codes.insert(v, code);
            }
        } else {
            code = c.codes.value(v, -1);
        }
        if (code >= 0) {
            slot.value = v;
            slot.code = code;
        }
        return code;
    };
    for (const auto& [key, value] : raw.categories) {
        const int i = columnOf(key);
        if (i < 0 || !columns[std::size_t(i)].categorical || value.isEmpty())
            continue;
        out[i] = float(codeOf(columns[std::size_t(i)], value));
    }
    for (const auto& [key, value] : raw.numbers) {
        const int i = columnOf(key);
        if (i < 0)
            continue;
        auto& c = columns[std::size_t(i)];
        if (!c.categorical)
            out[i] = float(value);
        else if (raw.category(key).isEmpty())
            out[i] = float(codeOf(c, QString::number(value, 'g', 17)));
    }
}

void FeatureEncoder::fit(const std::vector<Raw>& rows)
{
    fixColumns(rows);
    std::vector<float> row(m_columns.size());
    for (const Raw& r : rows)
        encodeRow<true>(r, row.data(), m_columns);
}

void FeatureEncoder::fit(const std::vector<Raw>& rows, std::vector<float>* encoded)
{
    fixColumns(rows);
    const std::size_t width = m_columns.size();
    std::size_t at = encoded->size();
    encoded->resize(at + rows.size() * width);
    for (const Raw& r : rows) {
        encodeRow<true>(r, encoded->data() + at, m_columns);
        at += width;
    }
}

QStringList FeatureEncoder::columnNames() const
{
    QStringList names;
    for (const Column& c : m_columns)
        names << c.name;
    return names;
}

int FeatureEncoder::code(const QString& column, const QString& value) const
{
    for (const Column& c : m_columns)
        if (c.name == column)
            return c.categorical ? c.codes.value(value, -1) : -1;
    return -1;
}

void FeatureEncoder::encode(const Raw& raw, float* out) const
{
    encodeRow<false>(raw, out, m_columns);
}

std::vector<float> FeatureEncoder::encode(const Raw& raw) const
{
    std::vector<float> out(m_columns.size());
    encode(raw, out.data());
    return out;
}

} // namespace gantry::predict
