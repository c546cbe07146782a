#include "jobrecordcodec.h"

#include "parallelzlib.h"
#include "util/varint.h"

#include <QtEndian>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

namespace gantry::storage {

namespace {

// Blob layouts before compression (little-endian). "GRJ2" (written since schema 5): uint32 n,
// n ids (each as the length of the prefix it shares with the id before and the rest, both
// variable-length integers, then the rest's UTF-8 bytes), then the columns, each led by a byte
// saying how its values are kept:
// - arrival, start, finish, jct, queue delay: whole microseconds counted from a reference (the
//   job before's arrival; its own arrival; its own start; finish - arrival; start - arrival, all
//   as read back), or the doubles;
// - gpus, servers, preemptions: the integers;
// - predicted iterations, iterations, GPU-seconds, cross-server bytes: whole numbers, whole
//   microseconds, or the doubles.
// Integers are zigzag variable-length integers; a column is kept whole only where every value
// reads back bit for bit. "GRJ1" (schema 4): uint32 n, n ids (uint32 UTF-8 length, bytes), the
// doubles and int32 of the same columns as they are. Columns of like values compress better
// than rows, and small integers better than doubles.
constexpr char Magic1[4] = {'G', 'R', 'J', '1'};
constexpr char Magic2[4] = {'G', 'R', 'J', '2'};
constexpr int CompressionLevel = 1; // nearly the ratio of level 6 at a fraction of the time

// How a GRJ2 column of doubles is kept.
enum Form : std::uint8_t
{
    Raw = 0,    // the doubles
    Micros = 1, // whole microseconds from the column's reference
    Whole = 2,  // whole numbers
};

double JobRecord::*const Doubles[] = {&JobRecord::arrivalS, &JobRecord::startS, &JobRecord::finishS,
                                      &JobRecord::jctS, &JobRecord::queueDelayS};
int JobRecord::*const Ints[] = {&JobRecord::gpus, &JobRecord::servers, &JobRecord::preemptions};
double JobRecord::*const MoreDoubles[] = {&JobRecord::predictedIterations, &JobRecord::iterations,
                                          &JobRecord::gpuSeconds, &JobRecord::crossServerBytes};

// A bounds-checked reader over the decompressed bytes.
class Reader
{
public:
    explicit Reader(const QByteArray& b) : m_b(b) {}
    bool take(void* to, qsizetype n)
    {
        if (n < 0 || m_b.size() - m_at < n)
            return false;
        std::memcpy(to, m_b.constData() + m_at, std::size_t(n));
        m_at += n;
        return true;
    }
    bool u32(quint32& v)
    {
        if (!take(&v, 4))
            return false;
        v = qFromLittleEndian(v);
        return true;
    }
    const char* bytes(qsizetype n)
    {
        if (n < 0 || m_b.size() - m_at < n)
            return nullptr;
        const char* p = m_b.constData() + m_at;
        m_at += n;
        return p;
    }
    qsizetype left() const { return m_b.size() - m_at; }

private:
    const QByteArray& m_b;
    qsizetype m_at = 0;
};

bool takeDoubles(Reader& r, std::vector<JobRecord>& jobs, double JobRecord::*field)
{
    for (JobRecord& j : jobs) {
        quint64 bits = 0;
        if (!r.take(&bits, 8))
            return false;
        bits = qFromLittleEndian(bits);
        std::memcpy(&(j.*field), &bits, 8);
    }
    return true;
}

// x in whole microseconds, for a reference: 0 unless finite and within a trillion seconds.
std::int64_t ticks(double x)
{
    return std::isfinite(x) && std::fabs(x) <= 1e12 ? std::llround(x * 1e6) : 0;
}

std::uint64_t bitsOf(double x)
{
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}

// True when x is the whole number k, read back bit for bit (not -0).
bool asWhole(double x, std::int64_t& k)
{
    if (!(std::fabs(x) <= 9007199254740992.0))
        return false;
    k = std::int64_t(x);
    return bitsOf(double(k)) == bitsOf(x);
}

using varint::unzigzag;
using varint::zigzag;

// The reference of time column c for job i, from the columns before it (as read back).
std::int64_t reference(const std::vector<JobRecord>& jobs, int c, std::size_t i)
{
    const JobRecord& j = jobs[i];
    switch (c) {
    case 0:
        return i == 0 ? 0 : ticks(jobs[i - 1].arrivalS);
    case 1:
        return ticks(j.arrivalS);
    case 2:
        return ticks(j.startS);
    case 3:
        return ticks(j.finishS) - ticks(j.arrivalS);
    default:
        return ticks(j.startS) - ticks(j.arrivalS);
    }
}

class Writer
{
public:
    void bytes(const void* from, std::size_t n) { m_out.append(static_cast<const char*>(from), n); }
    void byte(std::uint8_t b) { m_out.push_back(char(b)); }
    void varint(std::uint64_t v) { varint::put(m_out, v); }
    void raw(double x)
    {
        const quint64 le = qToLittleEndian(bitsOf(x));
        bytes(&le, 8);
    }
    std::string& out() { return m_out; }

private:
    std::string m_out;
};

// A bounds-checked reader of GRJ2's variable-length integers.
class VarReader
{
public:
    explicit VarReader(Reader& r) : m_r(r) {}
    bool varint(std::uint64_t& v)
    {
        v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            const char* p = m_r.bytes(1);
            if (!p)
                return false;
            const auto b = std::uint8_t(*p);
            v |= std::uint64_t(b & 0x7F) << shift;
            if (b < 0x80)
                return true;
        }
        return false;
    }
    bool signedVarint(std::int64_t& v)
    {
        std::uint64_t u = 0;
        if (!varint(u))
            return false;
        v = unzigzag(u);
        return true;
    }

private:
    Reader& m_r;
};

// Writes a column of doubles in the first form of forms that keeps every value.
void writeColumn(Writer& w, const std::vector<JobRecord>& jobs, double JobRecord::*field,
                 std::initializer_list<Form> forms, int timeColumn)
{
    for (const Form form : forms) {
        bool fits = true;
        std::int64_t k = 0;
        for (std::size_t i = 0; i < jobs.size() && fits; ++i)
            fits = form == Micros  ? varint::wholeMicros(jobs[i].*field, k)
                   : form == Whole ? asWhole(jobs[i].*field, k)
                                   : true;
        if (!fits)
            continue;
        w.byte(form);
        for (std::size_t i = 0; i < jobs.size(); ++i) {
            const double x = jobs[i].*field;
            if (form == Raw) {
                w.raw(x);
            } else if (form == Whole) {
                asWhole(x, k);
                w.varint(zigzag(k));
            } else {
                varint::wholeMicros(x, k);
                w.varint(zigzag(k - (timeColumn >= 0 ? reference(jobs, timeColumn, i) : 0)));
            }
        }
        return;
    }
}

bool readColumn(Reader& r, std::vector<JobRecord>& jobs, double JobRecord::*field, int timeColumn)
{
    std::uint8_t form = 0;
    if (!r.take(&form, 1))
        return false;
    VarReader v(r);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        std::int64_t k = 0;
        switch (form) {
        case Raw: {
            quint64 bits = 0;
            if (!r.take(&bits, 8))
                return false;
            bits = qFromLittleEndian(bits);
            std::memcpy(&(jobs[i].*field), &bits, 8);
            break;
        }
        case Whole:
            if (!v.signedVarint(k))
                return false;
            jobs[i].*field = double(k);
            break;
        case Micros:
            if (!v.signedVarint(k))
                return false;
            // Unsigned: a damaged blob wraps instead of overflowing.
            k = std::int64_t(std::uint64_t(k) +
                             std::uint64_t(timeColumn >= 0 ? reference(jobs, timeColumn, i) : 0));
            jobs[i].*field = double(k) / 1e6;
            break;
        default:
            return false;
        }
    }
    return true;
}

std::optional<std::vector<JobRecord>> decode1(Reader& r)
{
    quint32 n = 0;
    if (!r.u32(n))
        return std::nullopt;
    // Every job needs at least 4 + 9 * 8 + 3 * 4 bytes: a damaged count cannot allocate much.
    if (qsizetype(n) > r.left() / (4 + 9 * 8 + 3 * 4))
        return std::nullopt;
    std::vector<JobRecord> jobs(n);
    for (JobRecord& j : jobs) {
        quint32 len = 0;
        if (!r.u32(len))
            return std::nullopt;
        const char* p = r.bytes(qsizetype(len));
        if (!p)
            return std::nullopt;
        j.id = QString::fromUtf8(p, qsizetype(len));
    }
    for (auto field : Doubles)
        if (!takeDoubles(r, jobs, field))
            return std::nullopt;
    for (auto field : Ints)
        for (JobRecord& j : jobs) {
            quint32 v = 0;
            if (!r.u32(v))
                return std::nullopt;
            j.*field = int(qint32(v));
        }
    for (auto field : MoreDoubles)
        if (!takeDoubles(r, jobs, field))
            return std::nullopt;
    if (r.left() != 0)
        return std::nullopt;
    return jobs;
}

std::optional<std::vector<JobRecord>> decode2(Reader& r)
{
    quint32 n = 0;
    if (!r.u32(n))
        return std::nullopt;
    // Every job needs at least 2 bytes of id and 1 of each of its 12 columns: a damaged count
    // cannot allocate much.
    if (qsizetype(n) > r.left() / 14)
        return std::nullopt;
    std::vector<JobRecord> jobs(n);
    VarReader v(r);
    QByteArray id;
    for (JobRecord& j : jobs) {
        std::uint64_t shared = 0, rest = 0;
        if (!v.varint(shared) || !v.varint(rest) || shared > std::uint64_t(id.size()) ||
            rest > std::uint64_t(r.left()))
            return std::nullopt;
        id.truncate(qsizetype(shared));
        id.append(r.bytes(qsizetype(rest)), qsizetype(rest));
        j.id = QString::fromUtf8(id);
    }
    for (int c = 0; c < 5; ++c)
        if (!readColumn(r, jobs, Doubles[c], c))
            return std::nullopt;
    for (auto field : Ints)
        for (JobRecord& j : jobs) {
            std::int64_t x = 0;
            if (!v.signedVarint(x) || x < INT32_MIN || x > INT32_MAX)
                return std::nullopt;
            j.*field = int(x);
        }
    for (auto field : MoreDoubles)
        if (!readColumn(r, jobs, field, -1))
            return std::nullopt;
    if (r.left() != 0)
        return std::nullopt;
    return jobs;
}

} // namespace

QByteArray JobRecordCodec::encode(const std::vector<JobRecord>& jobs)
{
    Writer w;
    w.out().reserve(64 + jobs.size() * 48);
    w.bytes(Magic2, 4);
    const quint32 n = qToLittleEndian(quint32(jobs.size()));
    w.bytes(&n, 4);
    QByteArray before, id;
    for (const JobRecord& j : jobs) {
        id = j.id.toUtf8();
        qsizetype shared = 0;
        const qsizetype most = std::min(id.size(), before.size());
        while (shared < most && id[shared] == before[shared])
            ++shared;
        w.varint(std::uint64_t(shared));
        w.varint(std::uint64_t(id.size() - shared));
        w.bytes(id.constData() + shared, std::size_t(id.size() - shared));
        std::swap(before, id);
    }
    for (int c = 0; c < 5; ++c)
        writeColumn(w, jobs, Doubles[c], {Micros, Raw}, c);
    for (auto field : Ints)
        for (const JobRecord& j : jobs)
            w.varint(zigzag(j.*field));
    for (auto field : MoreDoubles)
        writeColumn(w, jobs, field, {Whole, Micros, Raw}, -1);
    // On every processor a piece at a time (qCompress's bytes for a blob of one piece).
    const std::string& raw = w.out();
    return ParallelZlib::compress(
        qsizetype(raw.size()),
        [&raw](qsizetype from, qsizetype n, char* out) {
            std::memcpy(out, raw.data() + from, std::size_t(n));
        },
        CompressionLevel);
}

std::optional<std::vector<JobRecord>> JobRecordCodec::decode(const QByteArray& blob)
{
    const QByteArray raw = qUncompress(blob);
    Reader r(raw);
    char magic[4] = {};
    if (!r.take(magic, 4))
        return std::nullopt;
    if (std::memcmp(magic, Magic2, 4) == 0)
        return decode2(r);
    if (std::memcmp(magic, Magic1, 4) == 0)
        return decode1(r);
    return std::nullopt;
}

} // namespace gantry::storage
