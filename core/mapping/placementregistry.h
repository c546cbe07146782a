#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>

namespace gantry {

class Placement;

/// The named placements (DESIGN.md 3). Adding one is a new file plus one line here.
class PlacementRegistry
{
public:
    /// Every available placement name.
    static QStringList names();
    /// True when name is available.
    static bool contains(const QString& name);
    /// One-line description, empty for an unknown name.
    static QString description(const QString& name);
    /// A fresh placement seeded with seed, or nullptr for an unknown name.
    static std::unique_ptr<Placement> create(const QString& name, std::uint64_t seed);
};

} // namespace gantry
