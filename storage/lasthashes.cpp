#include "lasthashes.h"

namespace gantry::storage {

std::mutex LastHashes::s_mutex;
QByteArray LastHashes::s_compact;
LastHashes::Hashes LastHashes::s_hashes;

void LastHashes::remember(const QByteArray& compact, const Hashes& hashes)
{
    std::lock_guard lock(s_mutex);
    s_compact = compact;
    s_hashes = hashes;
}

std::optional<LastHashes::Hashes> LastHashes::find(const QByteArray& compact)
{
    std::lock_guard lock(s_mutex);
    if (s_compact.isNull() || s_compact != compact)
        return std::nullopt;
    return s_hashes;
}

} // namespace gantry::storage
