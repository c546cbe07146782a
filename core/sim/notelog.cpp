#include "sim/notelog.h"

#include <algorithm>
#include <bit>

namespace gantry {

void NoteLog::push_back(const DecisionNote& n)
{
    const auto i = std::uint32_t(m_job.size());
    // A new instant when the time differs in any bit from the last note's (times never go back).
    if (m_time.empty() ||
        std::bit_cast<std::uint64_t>(m_time.back()) != std::bit_cast<std::uint64_t>(n.timeS)) {
        m_time.push_back(n.timeS);
        m_first.push_back(i);
    }
    std::uint8_t kind = std::uint8_t(std::uint8_t(n.kind) & kKindMask);
    if (n.other != -1) {
        kind |= kHasOther;
        m_otherAt.push_back(i);
        m_other.push_back(n.other);
    }
    if (std::bit_cast<std::uint64_t>(n.value2) != 0) { // -0.0 and NaNs are kept as they are
        kind |= kHasValue2;
        m_value2At.push_back(i);
        m_value2.push_back(n.value2);
    }
    m_kind.push_back(kind);
    m_reason.push_back(n.reason);
    m_job.push_back(n.job);
    m_value.push_back(n.value);
}

DecisionNote NoteLog::note(std::size_t i, std::size_t instant, std::size_t other,
                           std::size_t value2) const
{
    DecisionNote n;
    n.timeS = m_time[instant];
    n.kind = DecisionNote::Kind(m_kind[i] & kKindMask);
    n.reason = m_reason[i];
    n.job = m_job[i];
    n.other = m_kind[i] & kHasOther ? m_other[other] : -1;
    n.value = m_value[i];
    n.value2 = m_kind[i] & kHasValue2 ? m_value2[value2] : 0.0;
    return n;
}

DecisionNote NoteLog::operator[](std::size_t i) const
{
    const auto at = [i](const std::vector<std::uint32_t>& v) {
        return std::size_t(std::lower_bound(v.begin(), v.end(), std::uint32_t(i)) - v.begin());
    };
    const std::size_t instant =
        std::size_t(std::upper_bound(m_first.begin(), m_first.end(), std::uint32_t(i)) -
                    m_first.begin()) -
        1;
    return note(i, instant, at(m_otherAt), at(m_value2At));
}

std::pair<std::size_t, std::size_t> NoteLog::at(double t) const
{
    // Every instant whose time equals t (two only where their bits differ, as -0 and +0).
    const auto lo = std::lower_bound(m_time.begin(), m_time.end(), t);
    const auto hi = std::upper_bound(lo, m_time.end(), t);
    if (lo == hi)
        return {0, 0};
    const auto end = std::size_t(hi - m_time.begin());
    return {m_first[std::size_t(lo - m_time.begin())],
            end < m_first.size() ? m_first[end] : size()};
}

std::size_t NoteLog::bytes() const
{
    return m_time.size() * sizeof(double) + m_first.size() * sizeof(std::uint32_t) + m_kind.size() +
           m_reason.size() + m_job.size() * sizeof(std::int32_t) + m_value.size() * sizeof(double) +
           m_otherAt.size() * (sizeof(std::uint32_t) + sizeof(std::int32_t)) +
           m_value2At.size() * (sizeof(std::uint32_t) + sizeof(double));
}

NoteLog::const_iterator::const_iterator(const NoteLog* log, std::size_t i) : m_log(log), m_i(i)
{
    // Made only at the first note (its cursors at 0) and at the end (compared by position only).
}

DecisionNote NoteLog::const_iterator::operator*() const
{
    return m_log->note(m_i, m_instant, m_other, m_value2);
}

NoteLog::const_iterator& NoteLog::const_iterator::operator++()
{
    const NoteLog& l = *m_log;
    if (l.m_kind[m_i] & kHasOther)
        ++m_other;
    if (l.m_kind[m_i] & kHasValue2)
        ++m_value2;
    ++m_i;
    if (m_instant + 1 < l.m_first.size() && l.m_first[m_instant + 1] == m_i)
        ++m_instant;
    return *this;
}

} // namespace gantry
