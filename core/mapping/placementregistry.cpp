#include "mapping/placementregistry.h"

#include "mapping/consolidateplacement.h"
#include "mapping/graphplacement.h"
#include "mapping/randomplacement.h"
#include "mapping/searchplacement.h"

#include <functional>

namespace gantry {

namespace {
struct Entry
{
    const char* name;
    const char* description;
    std::function<std::unique_ptr<Placement>(const PlacementOptions&)> make;
};

const std::vector<Entry>& entries()
{
    static const std::vector<Entry> list = {
        {"consolidate", "fewest servers, best fit, workers in id order",
         [](const PlacementOptions&) { return std::make_unique<ConsolidatePlacement>(); }},
        {"graph", "A-SRPT mapping: minimise inter-server traffic, then iteration time",
         [](const PlacementOptions&) { return std::make_unique<GraphPlacement>(); }},
        {"random", "seeded random free GPUs",
         [](const PlacementOptions& o) { return std::make_unique<RandomPlacement>(o.seed); }},
        {"search", "seeded annealing chains from graph, minimising iteration time (cpu/cuda)",
         [](const PlacementOptions& o) {
             return std::make_unique<SearchPlacement>(o.seed, o.mappingBackend, o.threads);
         }},
    };
    return list;
}
} // namespace

QStringList PlacementRegistry::names()
{
    QStringList n;
    for (const Entry& e : entries())
        n << QLatin1String(e.name);
    return n;
}

bool PlacementRegistry::contains(const QString& name)
{
    return names().contains(name);
}

QString PlacementRegistry::description(const QString& name)
{
    for (const Entry& e : entries())
        if (name == QLatin1String(e.name))
            return QLatin1String(e.description);
    return {};
}

std::unique_ptr<Placement> PlacementRegistry::create(const QString& name,
                                                     const PlacementOptions& options)
{
    for (const Entry& e : entries())
        if (name == QLatin1String(e.name))
            return e.make(options);
    return nullptr;
}

} // namespace gantry
