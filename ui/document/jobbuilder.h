#pragma once

#include "model/job.h"
#include "model/modelspec.h"
#include "model/parallelism.h"
#include "model/scenario.h"

#include <QString>

#include <optional>

namespace gantry::ui {

/// Makes and refreshes jobs for the editors: model jobs from the zoo (or the scenario's own
/// models) with their worker graph, fresh ids and names.
class JobBuilder
{
public:
    /// The model called name: the scenario's own first, then the zoo.
    static std::optional<ModelSpec> model(const Scenario& scenario, const QString& name);
    /// Why par does not suit the model (ModelGraphBuilder::check, or the cluster's size), or
    /// empty when it does. *key (if given) names the offending degree.
    static QString checkModelJob(const Scenario& scenario, const QString& model,
                                 const Parallelism& par, QString* key = nullptr);
    /// A model job; its graph is built when checkModelJob() passes, else left empty.
    static Job modelJob(const Scenario& scenario, const QString& id, const QString& model,
                        const Parallelism& par, double iterations, double arrivalS);
    /// Rebuilds a model job's graph (and its ModelCost) after its model, parallelism or training
    /// settings changed (empty when they do not suit each other or the cluster).
    static void rebuildGraph(const Scenario& scenario, Job& job);
    /// An id of the form prefix + number not used by any job of scenario.
    static QString freshJobId(const Scenario& scenario,
                              const QString& prefix = QStringLiteral("j"));
};

} // namespace gantry::ui
