#pragma once

#include <QByteArray>

#include <functional>

namespace gantry::storage {

/// qCompress's format (the length, 4 bytes big-endian, then one zlib stream), written by every
/// processor at once for a large input: the input is cut into pieces of kPiece bytes, each
/// deflated on its own and ended on a byte boundary (a full flush) so that the pieces join into
/// one stream, the last one ending it; the stream's Adler-32 is combined from the pieces'.
/// qUncompress reads it. The bytes depend only on the input and the level, never on the number
/// of threads; an input of at most one piece is qCompress's own bytes. Each piece starts with an
/// empty dictionary, which costs about a kilobyte a piece (0.03% of a piece).
class ParallelZlib
{
public:
    /// Bytes per piece.
    static constexpr qsizetype kPiece = qsizetype(4) << 20;
    /// data compressed at zlib level (0 to 9) in qCompress's format, on threads threads (0:
    /// one per processor); the bytes are the same on any number.
    static QByteArray compress(const QByteArray& data, int level, int threads = 0);
    /// Writes bytes [from, from + n) of the input to out (n at most kPiece); may be called on
    /// several threads at once, each for its own range.
    using Fill = std::function<void(qsizetype from, qsizetype n, char* out)>;
    /// The same bytes as compress() of the size bytes fill gives, without the whole input in
    /// memory at once: a piece at a time per thread.
    static QByteArray compress(qsizetype size, const Fill& fill, int level, int threads = 0);
};

} // namespace gantry::storage
