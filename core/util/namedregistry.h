#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace gantry {

/// A fixed list of named components (policies, placements), each with a one-line description
/// and a factory taking Args: the shape every registry of that kind shares
/// (docs/architecture.md, "Policies, placements and predictors"). Lookups are linear: the lists
/// hold about ten entries.
template <typename Product, typename... Args> class NamedRegistry
{
public:
    /// One component.
    struct Entry
    {
        const char* name;        ///< registry name
        const char* description; ///< one line for help texts and menus
        std::function<std::unique_ptr<Product>(Args...)> make;
    };

    /// The registry of entries, listed in this order.
    explicit NamedRegistry(std::vector<Entry> entries) : m_entries(std::move(entries)) {}

    /// Every name, in order.
    QStringList names() const
    {
        QStringList n;
        for (const Entry& e : m_entries)
            n << QLatin1String(e.name);
        return n;
    }
    /// True when name is registered.
    bool contains(const QString& name) const { return find(name) != nullptr; }
    /// The one-line description, empty for an unknown name.
    QString description(const QString& name) const
    {
        const Entry* e = find(name);
        return e ? QLatin1String(e->description) : QString();
    }
    /// A fresh component, or nullptr for an unknown name.
    std::unique_ptr<Product> create(const QString& name, Args... args) const
    {
        const Entry* e = find(name);
        return e ? e->make(std::forward<Args>(args)...) : nullptr;
    }

private:
    const Entry* find(const QString& name) const
    {
        for (const Entry& e : m_entries)
            if (name == QLatin1String(e.name))
                return &e;
        return nullptr;
    }

    std::vector<Entry> m_entries;
};

} // namespace gantry
