#pragma once

#include <QByteArray>
#include <QString>
#include <QVariantMap>

#include <cstdint>
#include <unordered_map>

namespace gantry {

/// Values that repeat over a trace's rows (users, virtual clusters, the features of jobs of
/// the same shape), kept once and shared (Qt's implicit sharing) instead of allocated for each
/// row: a million-row trace pays for each allocation in time and memory. Each table remembers
/// at most kMaxValues distinct keys; past that (a column of unique values) values are made
/// anew for each row.
class SharedValues
{
public:
    /// The cell as text (UTF-8), shared with every equal cell seen before.
    QString text(const QByteArray& cell)
    {
        if (const auto it = m_texts.find(cell); it != m_texts.end())
            return it->second;
        QString t = QString::fromUtf8(cell);
        if (m_texts.size() < kMaxValues)
            m_texts.emplace(cell, t);
        return t;
    }

    /// The features make() gives for key, shared with every row of the same key seen before;
    /// key must hold everything make() reads.
    template <typename Make> QVariantMap features(const QByteArray& key, Make make)
    {
        if (const auto it = m_features.find(key); it != m_features.end())
            return it->second;
        QVariantMap f = make();
        if (m_features.size() < kMaxValues)
            m_features.emplace(key, f);
        return f;
    }

    /// Distinct keys each table remembers at most.
    static constexpr std::size_t kMaxValues = 1 << 16;

private:
    // FNV-1a over the key's bytes: keys are short, and Qt's seeded hash costs more here.
    struct Hash
    {
        std::size_t operator()(const QByteArray& b) const
        {
            std::uint64_t h = 14695981039346656037ull;
            for (const char c : b)
                h = (h ^ std::uint8_t(c)) * 1099511628211ull;
            return std::size_t(h);
        }
    };

    std::unordered_map<QByteArray, QString, Hash> m_texts;
    std::unordered_map<QByteArray, QVariantMap, Hash> m_features;
};

} // namespace gantry
