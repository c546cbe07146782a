#include "sha256.h"

#include <QCryptographicHash>
#include <QtEndian>

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>
#define GANTRY_SHA_NI 1
#endif

namespace gantry::storage {

#ifdef GANTRY_SHA_NI
namespace {

alignas(16) constexpr std::uint32_t K[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

bool cpuHasSha()
{
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_SSE4_1) || !(c & bit_SSSE3))
        return false;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return false;
    return (b & (1u << 29)) != 0; // SHA extensions
}

// Runs the compression function over blocks 64-byte blocks of data (the standard use of the
// SHA-NI instructions: state kept as ABEF and CDGH, four rounds per message vector).
__attribute__((target("sha,sse4.1,ssse3"))) void
compress(std::uint32_t state[8], const unsigned char* data, std::size_t blocks)
{
    const __m128i mask = _mm_set_epi64x(0x0c0d0e0f08090a0bULL, 0x0405060700010203ULL);
    __m128i tmp = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[0]));
    __m128i state1 = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&state[4]));
    tmp = _mm_shuffle_epi32(tmp, 0xB1);               // CDAB
    state1 = _mm_shuffle_epi32(state1, 0x1B);         // EFGH
    __m128i state0 = _mm_alignr_epi8(tmp, state1, 8); // ABEF
    state1 = _mm_blend_epi16(state1, tmp, 0xF0);      // CDGH
    for (; blocks > 0; --blocks, data += 64) {
        const __m128i abef = state0, cdgh = state1;
        __m128i w[4];
        for (int i = 0; i < 4; ++i)
            w[i] = _mm_shuffle_epi8(
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(data + 16 * i)), mask);
        for (int i = 0; i < 16; ++i) {
            const __m128i cur = w[i % 4];
            __m128i msg =
                _mm_add_epi32(cur, _mm_load_si128(reinterpret_cast<const __m128i*>(&K[4 * i])));
            state1 = _mm_sha256rnds2_epu32(state1, state0, msg);
            if (i >= 3 && i <= 14) {
                __m128i& next = w[(i + 1) % 4];
                next = _mm_add_epi32(next, _mm_alignr_epi8(cur, w[(i + 3) % 4], 4));
                next = _mm_sha256msg2_epu32(next, cur);
            }
            msg = _mm_shuffle_epi32(msg, 0x0E);
            state0 = _mm_sha256rnds2_epu32(state0, state1, msg);
            if (i >= 1 && i <= 12) {
                __m128i& prev = w[(i + 3) % 4];
                prev = _mm_sha256msg1_epu32(prev, cur);
            }
        }
        state0 = _mm_add_epi32(state0, abef);
        state1 = _mm_add_epi32(state1, cdgh);
    }
    tmp = _mm_shuffle_epi32(state0, 0x1B);       // FEBA
    state1 = _mm_shuffle_epi32(state1, 0xB1);    // DCHG
    state0 = _mm_blend_epi16(tmp, state1, 0xF0); // DCBA
    state1 = _mm_alignr_epi8(state1, tmp, 8);    // HGFE
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[0]), state0);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(&state[4]), state1);
}

// A digest being computed: copyable, so that two digests of one prefix hash the prefix once.
struct Stream
{
    std::uint32_t state[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                              0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    // Whole blocks straight from each part; a block that straddles two parts goes through tail.
    unsigned char tail[128] = {};
    std::size_t rest = 0; // bytes waiting in tail
    std::size_t size = 0;

    void add(QByteArrayView part)
    {
        const auto* bytes = reinterpret_cast<const unsigned char*>(part.data());
        std::size_t n = std::size_t(part.size());
        if (n == 0)
            return;
        size += n;
        if (rest > 0) {
            const std::size_t take = std::min(n, 64 - rest);
            std::memcpy(tail + rest, bytes, take);
            rest += take;
            bytes += take;
            n -= take;
            if (rest < 64)
                return;
            compress(state, tail, 1);
            rest = 0;
        }
        const std::size_t full = n / 64;
        compress(state, bytes, full);
        rest = n - full * 64;
        std::memcpy(tail, bytes + full * 64, rest);
    }

    QByteArray finish()
    {
        // The last bytes, 0x80, zeros and the length in bits (big-endian) in one or two blocks.
        std::memset(tail + rest, 0, sizeof(tail) - rest);
        tail[rest] = 0x80;
        const std::size_t tailBlocks = rest + 1 + 8 <= 64 ? 1 : 2;
        qToBigEndian(quint64(size) * 8, tail + tailBlocks * 64 - 8);
        compress(state, tail, tailBlocks);
        QByteArray digest(32, Qt::Uninitialized);
        for (int i = 0; i < 8; ++i)
            qToBigEndian(state[i], digest.data() + 4 * i);
        return digest;
    }
};

} // namespace
#endif

bool Sha256::accelerated()
{
#ifdef GANTRY_SHA_NI
    static const bool has = cpuHasSha();
    return has;
#else
    return false;
#endif
}

QByteArray Sha256::hash(const QByteArray& data)
{
    return hash({QByteArrayView(data)});
}

QByteArray Sha256::hash(std::initializer_list<QByteArrayView> parts)
{
#ifdef GANTRY_SHA_NI
    if (accelerated()) {
        Stream h;
        for (const QByteArrayView part : parts)
            h.add(part);
        return h.finish();
    }
#endif
    QCryptographicHash h(QCryptographicHash::Sha256);
    for (const QByteArrayView part : parts)
        h.addData(part);
    return h.result();
}

std::pair<QByteArray, QByteArray> Sha256::hashForked(QByteArrayView prefix, QByteArrayView a,
                                                     QByteArrayView b)
{
#ifdef GANTRY_SHA_NI
    if (accelerated()) {
        Stream first;
        first.add(prefix);
        Stream second = first;
        first.add(a);
        second.add(b);
        return {first.finish(), second.finish()};
    }
#endif
    return {hash({prefix, a}), hash({prefix, b})};
}

} // namespace gantry::storage
