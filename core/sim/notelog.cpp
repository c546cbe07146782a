#include "sim/notelog.h"

#include "util/varint.h"

#include <algorithm>
#include <bit>
#include <cstring>

namespace gantry {

namespace {

// A header byte: the note's kind, which fields follow, and how its figure is kept.
constexpr std::uint8_t kKindMask = 3;
constexpr std::uint8_t kHasOther = 4;   // an `other` job follows
constexpr std::uint8_t kHasValue2 = 8;  // a second figure follows (it is not +0)
constexpr std::uint8_t kHasTime = 16;   // the note's time follows (it differs from the last)
constexpr std::uint8_t kHasReason = 32; // a reason byte follows (it is not 0)
constexpr int kValueShift = 6;          // the figure: +0, whole microseconds or 8 bytes
constexpr std::uint8_t kValueZero = 0, kValueMicros = 1, kValueRaw = 2;

std::uint64_t bitsOf(double x)
{
    return std::bit_cast<std::uint64_t>(x);
}

using varint::unzigzag;
using varint::wholeMicros;
using varint::zigzag;

void putRaw(std::vector<std::uint8_t>& out, double x)
{
    std::uint8_t b[sizeof(double)];
    std::memcpy(b, &x, sizeof b);
    out.insert(out.end(), b, b + sizeof b);
}

double getRaw(const std::uint8_t*& p)
{
    double x;
    std::memcpy(&x, p, sizeof x);
    p += sizeof x;
    return x;
}

// A figure that follows a flag: microseconds from base (flag 0) or its 8 bytes (flag 1). True
// when it went as microseconds, k holding them.
bool putFlagged(std::vector<std::uint8_t>& out, double x, std::int64_t base, std::int64_t& k)
{
    if (wholeMicros(x, k)) {
        varint::put(out, zigzag(k - base) << 1);
        return true;
    }
    varint::put(out, 1);
    putRaw(out, x);
    return false;
}

// Reads what putFlagged wrote into x; true when it came as microseconds, k holding them.
bool getFlagged(const std::uint8_t*& p, std::int64_t base, double& x, std::int64_t& k)
{
    const std::uint64_t u = varint::get(p);
    if (u & 1) {
        x = getRaw(p);
        return false;
    }
    k = base + unzigzag(u >> 1);
    x = double(k) / 1e6;
    return true;
}

} // namespace

void NoteLog::push_back(const DecisionNote& n)
{
    if (m_size % kBlock == 0) {
        // A block starts afresh: its first note holds its time and its job in full.
        m_blockAt.push_back(m_bytes.size());
        m_blockTime.push_back(n.timeS);
        m_tail = Cursor{};
    }
    const bool first = m_size % kBlock == 0;
    std::uint8_t header = std::uint8_t(std::uint8_t(n.kind) & kKindMask);
    const bool time = first || bitsOf(n.timeS) != m_tail.time;
    std::int64_t micros = 0;
    const bool whole = wholeMicros(n.value, micros);
    const std::uint8_t form = bitsOf(n.value) == 0 ? kValueZero : whole ? kValueMicros : kValueRaw;
    if (n.other != -1)
        header |= kHasOther;
    if (bitsOf(n.value2) != 0) // -0.0 and NaNs are kept as they are
        header |= kHasValue2;
    if (time)
        header |= kHasTime;
    if (n.reason != 0)
        header |= kHasReason;
    header |= std::uint8_t(form << kValueShift);
    m_bytes.push_back(header);
    if (time) {
        std::int64_t k = 0;
        if (putFlagged(m_bytes, n.timeS, m_tail.base, k))
            m_tail.base = k;
        m_tail.time = bitsOf(n.timeS);
    }
    if (n.reason != 0)
        m_bytes.push_back(n.reason);
    varint::put(m_bytes, zigzag(std::int64_t(n.job) - m_tail.job));
    m_tail.job = n.job;
    if (n.other != -1)
        varint::put(m_bytes, zigzag(std::int64_t(n.other) - n.job));
    if (form == kValueMicros)
        varint::put(m_bytes, zigzag(micros - m_tail.base));
    else if (form == kValueRaw)
        putRaw(m_bytes, n.value);
    std::int64_t k2 = 0;
    if (header & kHasValue2)
        putFlagged(m_bytes, n.value2, m_tail.base, k2);
    ++m_size;
}

DecisionNote NoteLog::Cursor::read(const std::uint8_t* data)
{
    const std::uint8_t* p = data + pos;
    const std::uint8_t header = *p++;
    DecisionNote n;
    n.kind = DecisionNote::Kind(header & kKindMask);
    if (header & kHasTime) {
        double t = 0.0;
        std::int64_t k = 0;
        if (getFlagged(p, base, t, k))
            base = k;
        time = bitsOf(t);
    }
    n.timeS = std::bit_cast<double>(time);
    if (header & kHasReason)
        n.reason = *p++;
    job = std::int32_t(job + unzigzag(varint::get(p)));
    n.job = job;
    n.other = header & kHasOther ? std::int32_t(job + unzigzag(varint::get(p))) : -1;
    switch (header >> kValueShift) {
    case kValueMicros:
        n.value = double(base + unzigzag(varint::get(p))) / 1e6;
        break;
    case kValueRaw:
        n.value = getRaw(p);
        break;
    default:
        n.value = 0.0;
    }
    std::int64_t k2 = 0;
    if (header & kHasValue2) // else it stays +0
        getFlagged(p, base, n.value2, k2);
    pos = std::size_t(p - data);
    return n;
}

NoteLog::Cursor NoteLog::blockStart(std::size_t b) const
{
    Cursor c;
    c.pos = std::size_t(m_blockAt[b]);
    return c;
}

DecisionNote NoteLog::operator[](std::size_t i) const
{
    Cursor c = blockStart(i / kBlock);
    DecisionNote n;
    for (std::size_t k = i - i % kBlock; k <= i; ++k)
        n = c.read(m_bytes.data());
    return n;
}

std::pair<std::size_t, std::size_t> NoteLog::at(double t) const
{
    if (m_size == 0)
        return {0, 0};
    // Notes at t may begin in the block before the first that starts at or after t.
    const auto b = std::size_t(std::lower_bound(m_blockTime.begin(), m_blockTime.end(), t) -
                               m_blockTime.begin());
    const std::size_t from = b == 0 ? 0 : b - 1;
    std::size_t i = from * kBlock;
    Cursor c;
    // Note i's time, the cursor moved past it (afresh at each block's start).
    const auto next = [&] {
        if (i % kBlock == 0)
            c = blockStart(i / kBlock);
        return c.read(m_bytes.data()).timeS;
    };
    // Every note whose time equals t (as -0 and +0 do), which sit together in time order.
    double time = 0.0;
    while (i < m_size && (time = next()) < t)
        ++i;
    if (i == m_size || t < time)
        return {0, 0};
    const std::size_t lo = i++;
    while (i < m_size && !(t < next()))
        ++i;
    return {lo, i};
}

std::size_t NoteLog::bytes() const
{
    return m_bytes.size() + m_blockAt.size() * (sizeof(std::uint64_t) + sizeof(double));
}

NoteLog::const_iterator::const_iterator(const NoteLog* log, std::size_t i) : m_log(log), m_i(i)
{
    // Made only at the first note and at the end (compared by position only).
    if (m_i < log->size()) {
        m_cursor = log->blockStart(0);
        m_note = m_cursor.read(log->m_bytes.data());
    }
}

NoteLog::const_iterator& NoteLog::const_iterator::operator++()
{
    ++m_i;
    if (m_i < m_log->size()) {
        if (m_i % kBlock == 0)
            m_cursor = m_log->blockStart(m_i / kBlock);
        m_note = m_cursor.read(m_log->m_bytes.data());
    }
    return *this;
}

} // namespace gantry
