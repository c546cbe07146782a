#pragma once

#include <bit>
#include <cmath>
#include <cstdint>

namespace gantry {

/// Variable-length integers and whole microseconds, as the compact stores write them (the
/// teaching notes' log, a project's run results): 7 bits a byte, low bits first, the top bit set
/// on every byte but the last; signed values zigzagged first, so that small magnitudes of
/// either sign take one byte.
namespace varint {

/// v as an unsigned value whose size grows with |v|: 0, -1, 1, -2, ... to 0, 1, 2, 3, ...
inline std::uint64_t zigzag(std::int64_t v)
{
    return (std::uint64_t(v) << 1) ^ std::uint64_t(v >> 63);
}

/// The inverse of zigzag().
inline std::int64_t unzigzag(std::uint64_t u)
{
    return std::int64_t(u >> 1) ^ -std::int64_t(u & 1);
}

/// Appends v to out (anything with push_back of a byte). At most 10 bytes.
template <class Out> void put(Out& out, std::uint64_t v)
{
    while (v >= 0x80) {
        out.push_back(static_cast<typename Out::value_type>(v | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<typename Out::value_type>(v));
}

/// Reads a value put() wrote at p, moving p past it. Unchecked: for bytes this program wrote.
inline std::uint64_t get(const std::uint8_t*& p)
{
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
        const std::uint8_t b = *p++;
        v |= std::uint64_t(b & 0x7F) << shift;
        if (b < 0x80)
            return v;
    }
}

/// True when x is k whole microseconds that read back as x bit for bit (k / 1e6, as the
/// engine's toSeconds makes its times); false for -0, NaNs, infinities and |x| over 1e12 s.
inline bool wholeMicros(double x, std::int64_t& k)
{
    if (!(std::fabs(x) <= 1e12))
        return false;
    k = std::llround(x * 1e6);
    return std::bit_cast<std::uint64_t>(double(k) / 1e6) == std::bit_cast<std::uint64_t>(x);
}

} // namespace varint

} // namespace gantry
