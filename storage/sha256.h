#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <initializer_list>
#include <utility>

namespace gantry::storage {

/// SHA-256 with the processor's SHA instructions where it has them (x86 SHA extensions), else
/// QCryptographicHash's: the same digest either way, several times faster on a large document.
class Sha256
{
public:
    /// The 32-byte digest of data.
    static QByteArray hash(const QByteArray& data);
    /// The digest of the parts one after the other, without joining them.
    static QByteArray hash(std::initializer_list<QByteArrayView> parts);
    /// The digests of prefix followed by a and of prefix followed by b, the prefix hashed once.
    static std::pair<QByteArray, QByteArray> hashForked(QByteArrayView prefix, QByteArrayView a,
                                                        QByteArrayView b);
    /// True when hash() uses the processor's SHA instructions.
    static bool accelerated();
};

} // namespace gantry::storage
