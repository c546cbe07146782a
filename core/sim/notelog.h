#pragma once

#include "sim/decisionnote.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

namespace gantry {

/// A run's decision notes, in time order, stored compactly: the instant once per decision
/// instead of once per note, a note's kind and reason in two bytes, and its `other` job and
/// second figure only where they are set (most notes have neither). 14 bytes a note instead of
/// DecisionNote's 40, plus 12 per decision instant; what comes out is what went in, bit for bit.
/// A value: copies are independent.
class NoteLog
{
public:
    /// Appends n; n.timeS must not be earlier than the last note's. O(1) amortised.
    void push_back(const DecisionNote& n);
    /// Number of notes.
    std::size_t size() const { return m_job.size(); }
    /// True when there are none.
    bool empty() const { return m_job.empty(); }
    /// Note i (i < size()). O(log instants).
    DecisionNote operator[](std::size_t i) const;
    /// The notes at instant t, as indices [first, second): empty when none. O(log instants).
    std::pair<std::size_t, std::size_t> at(double t) const;
    /// Bytes the log holds (its arrays' sizes, not their spare capacity).
    std::size_t bytes() const;

    /// Reads the notes in order, one DecisionNote (a value) at a time.
    class const_iterator
    {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = DecisionNote;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = DecisionNote;

        DecisionNote operator*() const;
        const_iterator& operator++();
        bool operator==(const const_iterator& o) const { return m_i == o.m_i; }

    private:
        friend class NoteLog;
        const_iterator(const NoteLog* log, std::size_t i);
        const NoteLog* m_log = nullptr;
        std::size_t m_i = 0;       // the note
        std::size_t m_instant = 0; // its instant
        std::size_t m_other = 0;   // the first entry of m_otherAt at or after it
        std::size_t m_value2 = 0;  // the first entry of m_value2At at or after it
    };
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, size()); }

private:
    // A note's kind (bits 0-1) and whether it has an `other` job (bit 2) and a second figure
    // (bit 3).
    static constexpr std::uint8_t kKindMask = 3, kHasOther = 4, kHasValue2 = 8;

    DecisionNote note(std::size_t i, std::size_t instant, std::size_t other,
                      std::size_t value2) const;

    std::vector<double> m_time;            // per instant: its time
    std::vector<std::uint32_t> m_first;    // per instant: its first note
    std::vector<std::uint8_t> m_kind;      // per note: kind and flags
    std::vector<std::uint8_t> m_reason;    // per note: the policy's reason code
    std::vector<std::int32_t> m_job;       // per note: the job
    std::vector<double> m_value;           // per note: the figure
    std::vector<std::uint32_t> m_otherAt;  // the notes that name another job, ascending
    std::vector<std::int32_t> m_other;     // ... and the job each names
    std::vector<std::uint32_t> m_value2At; // the notes with a second figure (not +0), ascending
    std::vector<double> m_value2;          // ... and that figure
};

} // namespace gantry
