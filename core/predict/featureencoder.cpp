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
    // Called for every job at its arrival and at its finish: one walk over the job's features,
    // and entries appended as they come (their keys are distinct by construction: the fixed
    // ones differ, and a free key is its own, prefixed), in the order of the fixed columns.
    static const QString dataset = QStringLiteral("dataset"), vc = QStringLiteral("vc"),
                         name = QStringLiteral("name"), recurrence = QStringLiteral("template");
    const QVariant *datasetValue = nullptr, *vcValue = nullptr, *nameValue = nullptr,
                   *templateValue = nullptr;
    int free = 0;
    for (auto it = job.features.cbegin(); it != job.features.cend(); ++it) {
        const QString& key = it.key();
        if (key == dataset)
            datasetValue = &it.value();
        else if (key == vc)
            vcValue = &it.value();
        else if (key == name)
            nameValue = &it.value();
        else if (key == recurrence)
            templateValue = &it.value();
        else
            ++free;
    }
    Raw r;
    r.categories.reserve(std::size_t(5 + free));
    r.numbers.reserve(std::size_t(9 + free));
    const auto category = [&r](const QString& key, const QString& value) {
        if (!value.isEmpty())
            r.categories.emplace_back(key, value);
    };
    const auto text = [](const QVariant* v) { return v ? v->toString() : QString(); };
    category(fixedCategories()[0], job.model);
    category(fixedCategories()[1], text(datasetValue));
    category(fixedCategories()[2], job.user);
    category(fixedCategories()[3], text(vcValue));
    category(fixedCategories()[4], text(nameValue ? nameValue : templateValue));

    const QStringList& numbers = fixedNumbers();
    if (job.kind == JobKind::Model) {
        if (const auto spec = ModelZoo::find(job.model)) {
            r.numbers.emplace_back(numbers[0], spec->parameters);
            r.numbers.emplace_back(numbers[1], double(spec->microBatch) * spec->microBatches *
                                                   job.parallelism.dp);
        }
        r.numbers.emplace_back(numbers[2], job.parallelism.dp);
        r.numbers.emplace_back(numbers[3], job.parallelism.pp);
        r.numbers.emplace_back(numbers[4], job.parallelism.tp);
        r.numbers.emplace_back(numbers[5], job.parallelism.ep);
    }
    int gpus = job.gpuCount();
    if (gpus == 0 && job.kind == JobKind::Model)
        gpus = int(job.parallelism.workers());
    r.numbers.emplace_back(numbers[6], gpus);
    if (job.predictedIterations)
        r.numbers.emplace_back(numbers[7], *job.predictedIterations);
    if (std::isfinite(job.arrivalS))
        r.numbers.emplace_back(numbers[8],
                               std::fmod(std::floor(std::max(0.0, job.arrivalS) / 3600.0), 24.0));

    if (free == 0)
        return r;
    for (auto it = job.features.cbegin(); it != job.features.cend(); ++it) {
        const QString& key = it.key();
        if (key == dataset || key == vc || key == name || key == recurrence)
            continue;
        if (isNumber(it.value())) {
            const double v = it.value().toDouble();
            if (std::isfinite(v))
                r.numbers.emplace_back(kFeature + key, v);
        } else {
            category(kFeature + key, it.value().toString());
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
