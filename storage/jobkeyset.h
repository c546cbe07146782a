#pragma once

#include "scenarioforms.h"

#include <QByteArray>
#include <QtGlobal>

#include <cstring>
#include <utility>
#include <vector>

namespace gantry::storage {

/// The history jobs a context holds, by the first 16 bytes of each job's SHA-256 (what keeps
/// identical jobs once), in one flat table probed linearly: a key is already uniformly spread,
/// so a million keys take no node each and no hashing.
class JobKeySet
{
public:
    /// One job's key.
    struct Key
    {
        static constexpr int Size = ScenarioForms::JobKeySize;
        quint64 a = 0;
        quint64 b = 0;

        /// The key in the Size bytes at bytes.
        static Key of(const char* bytes)
        {
            Key k;
            std::memcpy(&k.a, bytes, 8);
            std::memcpy(&k.b, bytes + 8, 8);
            return k;
        }
        /// The key in the first Size bytes of bytes; the zero key when it is shorter.
        static Key of(const QByteArray& bytes)
        {
            return bytes.size() >= Size ? of(bytes.constData()) : Key();
        }
        bool operator==(const Key&) const = default;
    };

    /// An empty set sized for expected keys.
    explicit JobKeySet(std::size_t expected)
    {
        std::size_t n = 16;
        while (n < 2 * expected)
            n *= 2;
        m_slots.resize(n);
    }

    /// Adds k; false when it was there.
    bool insert(const Key& k)
    {
        if (k == Key()) // the empty slot's value: kept apart
            return !std::exchange(m_zero, true);
        if (2 * (m_size + 1) > m_slots.size())
            grow();
        const std::size_t mask = m_slots.size() - 1;
        for (std::size_t i = std::size_t(k.a) & mask;; i = (i + 1) & mask) {
            if (m_slots[i] == k)
                return false;
            if (m_slots[i] == Key()) {
                m_slots[i] = k;
                ++m_size;
                return true;
            }
        }
    }

private:
    void grow()
    {
        std::vector<Key> old(2 * m_slots.size());
        old.swap(m_slots);
        m_size = 0;
        for (const Key& k : old)
            if (!(k == Key()))
                insert(k);
    }

    std::vector<Key> m_slots;
    std::size_t m_size = 0;
    bool m_zero = false;
};

} // namespace gantry::storage
