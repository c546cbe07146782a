#include "io/fastscenarioreader.h"

#include "io/jsonfieldreader.h"
#include "io/jsonpatherror.h"
#include "io/scenarioparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <simdjson.h>

#include <cmath>
#include <string_view>
#include <unordered_map>

namespace gantry {

namespace {

namespace od = simdjson::ondemand;

static_assert(FastScenarioReader::kPadding >= qsizetype(simdjson::SIMDJSON_PADDING));

// The reference reader must read the whole document (it names the problem, or reads what this
// reader leaves to it).
struct Unsure
{};

// The reference reader's rules must read this one job (a model or graph job, an escaped
// string, a duplicate key): the rest of the document stays on the fast path.
struct JobToTree
{};

template <typename T> T take(simdjson::simdjson_result<T>&& r)
{
    T v;
    if (std::move(r).get(v))
        throw Unsure{};
    return v;
}

// The bytes of a string that holds no escape, from just past its opening quote (the parser
// checked that a closing quote follows, and that the bytes are UTF-8); nothing when it holds
// an escape, whose decoding is left to the reference reader.
std::optional<std::string_view> plainString(const char* raw)
{
    const char* p = raw;
    while (*p != '"' && *p != '\\')
        ++p;
    if (*p == '\\')
        return std::nullopt;
    return std::string_view(raw, size_t(p - raw));
}

std::string_view plainKey(od::field& f)
{
    const auto k = plainString(reinterpret_cast<const char*>(f.key().raw()));
    if (!k)
        throw JobToTree{};
    return *k;
}

std::string_view plainBytes(od::value& v)
{
    const od::raw_json_string raw = take(v.get_raw_json_string());
    const auto s = plainString(reinterpret_cast<const char*>(raw.raw()));
    if (!s)
        throw JobToTree{};
    return *s;
}

QString plainText(od::value& v)
{
    const std::string_view s = plainBytes(v);
    return QString::fromUtf8(s.data(), qsizetype(s.size()));
}

// A number as the tree reads it: its double, except that the tree reads -0 as the integer 0
// and refuses a number that underflows to zero (1e-400), which is left to it.
double treeNumber(od::value& v)
{
    const double d = take(v.get_double());
    if (d != 0.0)
        return d;
    for (const char c : v.raw_json_token()) {
        if (c == 'e' || c == 'E' || c == ',' || c == '}' || c == ']' || c == ' ')
            break;
        if (c >= '1' && c <= '9')
            throw Unsure{};
    }
    return 0.0;
}

double number(od::value& v, JsonFieldReader::NumberRule rule)
{
    const double d = treeNumber(v);
    if (!JsonFieldReader::accepts(d, rule))
        throw Unsure{};
    return d;
}

int integer(od::value& v, JsonFieldReader::IntegerRule rule)
{
    const double d = treeNumber(v);
    if (!JsonFieldReader::accepts(d, rule))
        throw Unsure{};
    return int(d);
}

// A feature number as QJsonValue::toVariant gives it: an integer literal that fits in 64 bits
// stays exact; any other number that is integral and fits becomes that integer; else a double.
QVariant featureNumber(od::value& v)
{
    if (take(v.get_number_type()) == od::number_type::signed_integer)
        return QVariant(qlonglong(take(v.get_int64())));
    const double d = treeNumber(v);
    constexpr double kTwo63 = 9223372036854775808.0;
    if (std::isfinite(d) && std::trunc(d) == d && d >= -kTwo63 && d < kTwo63)
        return QVariant(qlonglong(d));
    return QVariant(d);
}

class Reader
{
public:
    explicit Reader(bool draft) : m_parser(draft) {}
    Scenario read(const char* data, size_t size, size_t capacity);

private:
    void readJobs(od::value& v);
    void readFeatures(od::value& v, QVariantMap& out);
    // The text of a short string that recurs (user names, feature keys and values), shared.
    QString shared(std::string_view bytes);
    // Reads a plain duration job into job; JobToTree when the job is not one.
    void plainJob(od::object& obj, Job& job);
    Job treeJob(std::string_view raw, const QString& path);

    ScenarioParser m_parser;
    // A trace's jobs have few distinct features objects and short strings: each is read once
    // and shared (implicitly, as Qt's containers are), which saves an allocation per value and
    // the scenario's memory. Keyed by their bytes in the document, which outlives the reader.
    static constexpr size_t kMaxShared = 1 << 16;
    static constexpr size_t kMaxSharedBytes = 256;
    std::unordered_map<std::string_view, QVariantMap> m_features;
    std::unordered_map<std::string_view, QString> m_strings;
};

QString Reader::shared(std::string_view bytes)
{
    if (bytes.size() > kMaxSharedBytes)
        return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
    if (const auto it = m_strings.find(bytes); it != m_strings.end())
        return it->second;
    QString text = QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
    if (m_strings.size() < kMaxShared)
        m_strings.emplace(bytes, text);
    return text;
}

void Reader::readFeatures(od::value& v, QVariantMap& out)
{
    od::object obj = take(v.get_object());
    const std::string_view raw = take(obj.raw_json());
    if (const auto it = m_features.find(raw); it != m_features.end()) {
        out = it->second;
        return;
    }
    take(obj.reset());
    for (auto fr : obj) {
        od::field f = take(std::move(fr));
        const QString key = shared(plainKey(f));
        if (out.contains(key))
            throw JobToTree{}; // the tree keeps the last of duplicate keys
        od::value& val = f.value();
        const od::json_type type = take(val.type());
        if (type == od::json_type::string)
            out.insert(key, shared(plainBytes(val)));
        else if (type == od::json_type::number)
            out.insert(key, featureNumber(val));
        else
            throw Unsure{};
    }
    if (raw.size() <= kMaxSharedBytes && m_features.size() < kMaxShared)
        m_features.emplace(raw, out);
}

Scenario Reader::read(const char* data, size_t size, size_t capacity)
{
    od::parser parser;
    od::document doc = take(parser.iterate(data, size, capacity));
    // First pass: every top-level member but the jobs, as text for the reference rules (they
    // are small, and the jobs need the cluster and the models whatever their order).
    QByteArray head = "{";
    int jobs = 0;
    {
        od::object root = take(doc.get_object());
        for (auto fr : root) {
            od::field f = take(std::move(fr));
            const auto key = plainString(reinterpret_cast<const char*>(f.key().raw()));
            if (!key)
                throw Unsure{};
            od::value& v = f.value();
            if (*key == "jobs") {
                ++jobs;
                continue; // skipped now, read in the second pass
            }
            std::string_view raw;
            switch (take(v.type())) {
            case od::json_type::object:
                raw = take(take(v.get_object()).raw_json());
                break;
            case od::json_type::array:
                raw = take(take(v.get_array()).raw_json());
                break;
            default:
                raw = v.raw_json_token();
                break;
            }
            if (head.size() > 1)
                head += ',';
            head += '"';
            head.append(key->data(), qsizetype(key->size()));
            head += "\":";
            head.append(raw.data(), qsizetype(raw.size()));
        }
    }
    // Anything after the root object: the reference reader names it.
    if (!doc.current_location().error() || jobs != 1)
        throw Unsure{};
    head += '}';
    QJsonParseError pe;
    const QJsonDocument headDoc = QJsonDocument::fromJson(head, &pe);
    if (pe.error != QJsonParseError::NoError || !headDoc.isObject())
        throw Unsure{};
    m_parser.parseHead(headDoc.object());

    doc.rewind();
    od::object root = take(doc.get_object());
    od::value jobsValue = take(root.find_field_unordered("jobs"));
    readJobs(jobsValue);
    return m_parser.take();
}

void Reader::readJobs(od::value& v)
{
    od::array jobs = take(v.get_array());
    // Counting walks the array's structure once; growing the vector instead moved every job
    // several times.
    m_parser.reserveJobs(qsizetype(take(jobs.count_elements())));
    qsizetype i = 0;
    for (auto er : jobs) {
        od::value element = take(std::move(er));
        od::object obj = take(element.get_object());
        Job& job = m_parser.newJob();
        try {
            plainJob(obj, job);
            m_parser.checkJob(job, QString()); // a problem: the reference reader names it
        } catch (const JobToTree&) {
            take(obj.reset());
            const QString path = QStringLiteral("jobs[%1]").arg(i);
            job = treeJob(take(obj.raw_json()), path);
        }
        ++i;
    }
    m_parser.checkJobIds();
}

void Reader::plainJob(od::object& obj, Job& job)
{
    enum : unsigned
    {
        Id = 1,
        Arrival = 2,
        Gpus = 4,
        Duration = 8,
        Features = 16,
        User = 32,
        Weight = 64,
        Predicted = 128,
    };
    job.kind = JobKind::Duration;
    unsigned seen = 0;
    const auto once = [&seen](unsigned bit) {
        if (seen & bit)
            throw JobToTree{}; // the tree keeps the last of duplicate keys
        seen |= bit;
    };
    for (auto fr : obj) {
        od::field f = take(std::move(fr));
        const std::string_view key = plainKey(f);
        od::value& v = f.value();
        if (key == "id") {
            once(Id);
            job.id = plainText(v);
            if (job.id.isEmpty())
                throw Unsure{};
        } else if (key == "arrival_s") {
            once(Arrival);
            job.arrivalS = number(v, ScenarioParser::kArrival);
        } else if (key == "gpus") {
            once(Gpus);
            job.gpus = integer(v, ScenarioParser::kJobGpus);
        } else if (key == "duration_s") {
            once(Duration);
            job.durationS = number(v, ScenarioParser::kDuration);
        } else if (key == "features") {
            once(Features);
            readFeatures(v, job.features);
        } else if (key == "user") {
            once(User);
            job.user = shared(plainBytes(v));
        } else if (key == "weight") {
            once(Weight);
            job.weight = number(v, ScenarioParser::kWeight);
        } else if (key == "predicted_iterations") {
            once(Predicted);
            job.predictedIterations = number(v, ScenarioParser::kPredictedIterations);
        } else {
            throw JobToTree{}; // a model or graph job, or a key the rules refuse
        }
    }
    if ((seen & (Id | Arrival | Gpus | Duration)) != (Id | Arrival | Gpus | Duration))
        throw Unsure{};
    if (!(seen & Weight))
        job.weight = ScenarioParser::kDefaultWeight;
}

Job Reader::treeJob(std::string_view raw, const QString& path)
{
    // Wrapped at the depth it has in the document, so that the tree's nesting limit applies
    // to it as it does in the whole document.
    QByteArray text = "{\"jobs\":[";
    text.append(raw.data(), qsizetype(raw.size()));
    text += "]}";
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &pe);
    if (pe.error != QJsonParseError::NoError)
        throw Unsure{};
    const QJsonValue job = doc.object().value(QStringLiteral("jobs")).toArray().at(0);
    return m_parser.parseJob(JsonFieldReader::asObject(job, path), path);
}

} // namespace

std::optional<Scenario> FastScenarioReader::read(const QByteArray& json, bool draft)
{
    try {
        Reader reader(draft);
        if (json.capacity() - json.size() >= kPadding)
            return reader.read(json.constData(), size_t(json.size()), size_t(json.capacity()));
        const simdjson::padded_string padded(json.constData(), size_t(json.size()));
        return reader.read(padded.data(), padded.size(), padded.size() + kPadding);
    } catch (const Unsure&) {
        return std::nullopt;
    } catch (const JobToTree&) {
        return std::nullopt;
    } catch (const JsonPathError&) {
        return std::nullopt;
    }
}

} // namespace gantry
