#pragma once

#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>

namespace gantry {

class Placement;

/// What a placement is built with.
struct PlacementOptions
{
    std::uint64_t seed = 0;                          ///< seeds every random choice
    QString mappingBackend = QStringLiteral("auto"); ///< search back end: cpu, cuda or auto
    int threads = 0;                                 ///< CPU threads for search, 0 for all cores
};

/// The named placements. Adding one is a new file plus one line here (docs/architecture.md,
/// "How to add a placement").
class PlacementRegistry
{
public:
    /// Every available placement name.
    static QStringList names();
    /// True when name is available.
    static bool contains(const QString& name);
    /// One-line description, empty for an unknown name.
    static QString description(const QString& name);
    /// A fresh placement, or nullptr for an unknown name.
    static std::unique_ptr<Placement> create(const QString& name, const PlacementOptions& options);
};

} // namespace gantry
