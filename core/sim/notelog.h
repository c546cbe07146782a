#pragma once

#include "sim/decisionnote.h"

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <utility>
#include <vector>

namespace gantry {

/// A run's decision notes, in time order, stored compactly as a stream of bytes: per note a
/// header byte (kind and which fields follow), its time only where it differs from the note
/// before, and its job, `other` job, figures and reason as variable-length integers. Times and
/// figures that are whole simulated microseconds (as the engine's are) are kept as microseconds
/// counted from the last instant; any other double is kept as its 8 bytes. The stream starts
/// afresh every kBlock notes, so a note is read by decoding at most kBlock notes; reading in order
/// decodes each note once. What comes out is what went in, bit for bit. A value: copies are
/// independent.
class NoteLog
{
public:
    /// Notes per block: a note is found by decoding from its block's start.
    static constexpr std::size_t kBlock = 64;

    /// Appends n; n.timeS must not be earlier than the last note's. O(1) amortised.
    void push_back(const DecisionNote& n);
    /// Number of notes.
    std::size_t size() const { return m_size; }
    /// True when there are none.
    bool empty() const { return m_size == 0; }
    /// Note i (i < size()). O(kBlock).
    DecisionNote operator[](std::size_t i) const;
    /// The notes whose time equals t, as indices [first, second): empty when none.
    /// O(log blocks + kBlock + the notes at t).
    std::pair<std::size_t, std::size_t> at(double t) const;
    /// Bytes the log holds (its arrays' sizes, not their spare capacity).
    std::size_t bytes() const;

private:
    // Where a decoder stands in the stream, and what the next note is read against.
    struct Cursor
    {
        std::size_t pos = 0;    // the next note's first byte
        std::int64_t base = 0;  // the last whole-microsecond time, in microseconds
        std::uint64_t time = 0; // the last time's bits
        std::int32_t job = 0;   // the last note's job
        DecisionNote read(const std::uint8_t* data);
    };
    // The cursor at block b's first note.
    Cursor blockStart(std::size_t b) const;

public:
    /// Reads the notes in order, one DecisionNote (a value) at a time.
    class const_iterator
    {
    public:
        using iterator_category = std::input_iterator_tag;
        using value_type = DecisionNote;
        using difference_type = std::ptrdiff_t;
        using pointer = void;
        using reference = DecisionNote;

        DecisionNote operator*() const { return m_note; }
        const_iterator& operator++();
        bool operator==(const const_iterator& o) const { return m_i == o.m_i; }

    private:
        friend class NoteLog;
        const_iterator(const NoteLog* log, std::size_t i);
        const NoteLog* m_log = nullptr;
        std::size_t m_i = 0; // the note
        Cursor m_cursor;     // just after it
        DecisionNote m_note; // note m_i, when there is one
    };
    const_iterator begin() const { return const_iterator(this, 0); }
    const_iterator end() const { return const_iterator(this, size()); }

private:
    std::vector<std::uint8_t> m_bytes;    // the notes
    std::vector<std::uint64_t> m_blockAt; // per block: its first byte
    std::vector<double> m_blockTime;      // per block: its first note's time
    std::size_t m_size = 0;               // notes
    Cursor m_tail;                        // what the next note is written against
};

} // namespace gantry
