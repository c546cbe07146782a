#include "jobrecordcodec.h"

#include <QtEndian>

#include <cstring>

namespace gantry::storage {

namespace {

// Blob layout before compression (little-endian): "GRJ1", uint32 n, then n ids (uint32 UTF-8
// length, bytes), then the columns: arrival, start, finish, jct, queue delay (n doubles each),
// gpus, servers, preemptions (n int32 each), predicted iterations, iterations, GPU-seconds,
// cross-server bytes (n doubles each). Columns of like values compress better than rows.
constexpr char Magic[4] = {'G', 'R', 'J', '1'};
constexpr int CompressionLevel = 1; // nearly the ratio of level 6 at a fraction of the time

double JobRecord::*const Doubles[] = {&JobRecord::arrivalS, &JobRecord::startS, &JobRecord::finishS,
                                      &JobRecord::jctS, &JobRecord::queueDelayS};
int JobRecord::*const Ints[] = {&JobRecord::gpus, &JobRecord::servers, &JobRecord::preemptions};
double JobRecord::*const MoreDoubles[] = {&JobRecord::predictedIterations, &JobRecord::iterations,
                                          &JobRecord::gpuSeconds, &JobRecord::crossServerBytes};

// Writes little-endian values into a buffer sized beforehand.
class ByteWriter
{
public:
    explicit ByteWriter(char* at) : m_at(at) {}
    void bytes(const void* from, std::size_t n)
    {
        std::memcpy(m_at, from, n);
        m_at += n;
    }
    void u32(quint32 v)
    {
        const quint32 le = qToLittleEndian(v);
        bytes(&le, 4);
    }
    void doubles(const std::vector<JobRecord>& jobs, double JobRecord::*field)
    {
        for (const JobRecord& j : jobs) {
            quint64 bits = 0;
            std::memcpy(&bits, &(j.*field), 8);
            bits = qToLittleEndian(bits);
            bytes(&bits, 8);
        }
    }
    const char* at() const { return m_at; }

private:
    char* m_at;
};

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

} // namespace

QByteArray JobRecordCodec::encode(const std::vector<JobRecord>& jobs)
{
    std::vector<QByteArray> ids;
    ids.reserve(jobs.size());
    qsizetype size = 8 + qsizetype(jobs.size()) * (4 + 9 * 8 + 3 * 4);
    for (const JobRecord& j : jobs) {
        ids.push_back(j.id.toUtf8());
        size += ids.back().size();
    }
    QByteArray raw(size, Qt::Uninitialized);
    ByteWriter w(raw.data());
    w.bytes(Magic, 4);
    w.u32(quint32(jobs.size()));
    for (const QByteArray& id : ids) {
        w.u32(quint32(id.size()));
        w.bytes(id.constData(), std::size_t(id.size()));
    }
    for (auto field : Doubles)
        w.doubles(jobs, field);
    for (auto field : Ints)
        for (const JobRecord& j : jobs)
            w.u32(quint32(j.*field));
    for (auto field : MoreDoubles)
        w.doubles(jobs, field);
    Q_ASSERT(w.at() == raw.constData() + raw.size());
    return qCompress(raw, CompressionLevel);
}

std::optional<std::vector<JobRecord>> JobRecordCodec::decode(const QByteArray& blob)
{
    const QByteArray raw = qUncompress(blob);
    Reader r(raw);
    char magic[4] = {};
    quint32 n = 0;
    if (!r.take(magic, 4) || std::memcmp(magic, Magic, 4) != 0 || !r.u32(n))
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

} // namespace gantry::storage
