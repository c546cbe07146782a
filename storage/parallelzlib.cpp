#include "parallelzlib.h"

#include "util/parallelfor.h"

#include <QtEndian>

#include <zlib.h>

#include <algorithm>
#include <optional>
#include <vector>

namespace gantry::storage {

namespace {

struct Piece
{
    QByteArray deflated;
    uLong adler = 1;
    bool ok = false;
};

// Raw deflate of n bytes at p; the last piece ends the stream, the others end on a byte
// boundary with an empty dictionary after them (Z_FULL_FLUSH).
Piece deflatePiece(const char* p, qsizetype n, int level, bool last)
{
    Piece out;
    z_stream z{};
    if (deflateInit2(&z, level, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        return out;
    out.deflated.resize(qsizetype(deflateBound(&z, uLong(n))) + 64);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(p));
    z.avail_in = uInt(n);
    z.next_out = reinterpret_cast<Bytef*>(out.deflated.data());
    z.avail_out = uInt(out.deflated.size());
    const int rc = deflate(&z, last ? Z_FINISH : Z_FULL_FLUSH);
    out.ok = (last ? rc == Z_STREAM_END : rc == Z_OK) && z.avail_in == 0 && z.avail_out > 0;
    out.deflated.resize(out.deflated.size() - qsizetype(z.avail_out));
    deflateEnd(&z);
    out.adler = adler32_z(1, reinterpret_cast<const Bytef*>(p), z_size_t(n));
    return out;
}

// The pieces as one stream in qCompress's format, for an input of size bytes.
QByteArray join(const std::vector<Piece>& pieces, qsizetype size)
{
    qsizetype total = 4 + 2 + 4;
    for (const Piece& p : pieces)
        total += p.deflated.size();
    QByteArray out;
    out.reserve(total);
    char length[4];
    qToBigEndian(quint32(size), length);
    out.append(length, 4);
    // zlib header: deflate with a 32 KiB window, no preset dictionary; 0x7801 % 31 == 0.
    out.append(char(0x78));
    out.append(char(0x01));
    uLong adler = 1;
    for (std::size_t i = 0; i < pieces.size(); ++i) {
        const Piece& p = pieces[i];
        out.append(p.deflated);
        const qsizetype length =
            std::min(ParallelZlib::kPiece, size - qsizetype(i) * ParallelZlib::kPiece);
        adler = i == 0 ? p.adler : adler32_combine(adler, p.adler, z_off_t(length));
    }
    char check[4];
    qToBigEndian(quint32(adler), check);
    out.append(check, 4);
    return out;
}

// The pieces of size bytes deflated on threads threads, joined; none if a piece failed (which
// a bound-sized buffer never does). bytesAt(worker, from, n) gives the n bytes from `from`.
template <typename BytesAt>
std::optional<QByteArray> deflateAll(qsizetype size, int level, int threads, BytesAt&& bytesAt)
{
    const qsizetype count = (size + ParallelZlib::kPiece - 1) / ParallelZlib::kPiece;
    std::vector<Piece> pieces(static_cast<std::size_t>(count));
    parallelFor(int(count), threads, [&](int worker, int i) {
        const qsizetype from = qsizetype(i) * ParallelZlib::kPiece;
        const qsizetype n = std::min(ParallelZlib::kPiece, size - from);
        pieces[std::size_t(i)] = deflatePiece(bytesAt(worker, from, n), n, level, i == count - 1);
    });
    for (const Piece& p : pieces)
        if (!p.ok)
            return std::nullopt;
    return join(pieces, size);
}

} // namespace

QByteArray ParallelZlib::compress(const QByteArray& data, int level, int threads)
{
    if (data.size() <= kPiece)
        return qCompress(data, level);
    const auto out =
        deflateAll(data.size(), level, threads,
                   [&data](int, qsizetype from, qsizetype) { return data.constData() + from; });
    return out ? *out : qCompress(data, level);
}

QByteArray ParallelZlib::compress(qsizetype size, const Fill& fill, int level, int threads)
{
    const auto whole = [&] {
        QByteArray data(size, Qt::Uninitialized);
        fill(0, size, data.data());
        return data;
    };
    if (size <= kPiece)
        return qCompress(whole(), level);
    std::vector<QByteArray> buffers(std::size_t(resolvedThreads(threads)));
    const auto out = deflateAll(size, level, threads, [&](int worker, qsizetype from, qsizetype n) {
        QByteArray& buffer = buffers[std::size_t(worker)];
        if (buffer.isEmpty())
            buffer.resize(kPiece);
        fill(from, n, buffer.data());
        return buffer.constData();
    });
    return out ? *out : qCompress(whole(), level);
}

} // namespace gantry::storage
