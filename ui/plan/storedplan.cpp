#include "plan/storedplan.h"

#include "planspecbuilder.h"
#include "storage/projectstore.h"

namespace gantry::ui {

Result<StoredPlan> StoredPlan::load(const QString& path, qint64 sweepId)
{
    auto store = storage::ProjectStore::open(path);
    if (!store)
        return store.error();
    auto sweep = store.value()->sweep(sweepId);
    if (!sweep)
        return sweep.error();
    const storage::StoredSweep& w = sweep.value();
    auto scenarios = store.value()->scenarios();
    if (!scenarios)
        return scenarios.error();
    const Scenario* base = nullptr;
    for (const storage::StoredScenario& s : scenarios.value())
        if (s.id == w.scenarioId)
            base = &s.scenario;
    StoredPlan plan;
    plan.label = w.name.isEmpty() ? tr("%1 (saved %2)").arg(w.id).arg(w.createdAt)
                                  : tr("%1 (saved %2)").arg(w.name, w.createdAt);
    if (!base)
        return Error::invalid(
            tr("%1: the saved sweep %2 has no base scenario in the project").arg(path, plan.label));
    auto spec = PlanSpecBuilder::fromConfig(*base, w.config,
                                            tr("%1: saved sweep %2").arg(path, plan.label));
    if (!spec)
        return spec.error();
    plan.spec = std::move(spec).value();
    plan.result = w.result;
    return plan;
}

} // namespace gantry::ui
