#include "mapping/placementregistry.h"

#include "mapping/consolidateplacement.h"
#include "mapping/graphplacement.h"
#include "mapping/randomplacement.h"
#include "mapping/searchplacement.h"

#include "util/namedregistry.h"

namespace gantry {

namespace {
using Registry = NamedRegistry<Placement, const PlacementOptions&>;

const Registry& registry()
{
    static const Registry list({
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
    });
    return list;
}
} // namespace

QStringList PlacementRegistry::names()
{
    return registry().names();
}

bool PlacementRegistry::contains(const QString& name)
{
    return registry().contains(name);
}

QString PlacementRegistry::description(const QString& name)
{
    return registry().description(name);
}

std::unique_ptr<Placement> PlacementRegistry::create(const QString& name,
                                                     const PlacementOptions& options)
{
    return registry().create(name, options);
}

} // namespace gantry
