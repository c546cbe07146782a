#pragma once

#include "model/scenario.h"
#include "plan/sweepspec.h"
#include "planrequest.h"
#include "util/result.h"

#include <QCoreApplication>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace gantry::ui {

/// Builds the sweep the Plan view runs from its form: a sweep document (docs/planning.md) on
/// the scenario in memory, validated by plan::SweepReader exactly as a sweep file is; and back,
/// the form's request that a sweep describes.
class PlanSpecBuilder
{
    Q_DECLARE_TR_FUNCTIONS(PlanSpecBuilder)

public:
    /// Name of the base scenario inside the built sweep (and in its messages).
    static QString baseName() { return QStringLiteral("current-scenario.json"); }
    /// The counts of range: min, min + step, ... and max; empty when the range is not valid.
    static std::vector<int> counts(const PlanRequest::ServerRange& range);
    /// The sweep document of request (axes: servers in order, load_scale, policy, seed).
    static QJsonObject sweepJson(const PlanRequest& request);
    /// The server entries of scenario's cluster as a sweep names them, with their counts.
    static std::vector<PlanRequest::ServerRange> serverEntries(const Scenario& scenario);
    /// The validated sweep of request on base. Errors name "Plan", the JSON path and the
    /// problem, as for a sweep file.
    static Result<plan::SweepSpec> build(const Scenario& base, const PlanRequest& request);
    /// The validated sweep a stored sweep's config (sweep.json's "config": the document as read,
    /// with axis_order and base_sha256) describes, on base; errors start with source.
    static Result<plan::SweepSpec> fromConfig(const Scenario& base, const QJsonObject& config,
                                              const QString& source);
    /// The request that describes spec, as near as the form can say it: server count axes as
    /// ranges, the load_scale, policy and seed axes (the run's policy and seed when the sweep has
    /// no such axis), the target, the costs and the run settings. For a sweep the form made,
    /// build(base, requestOf(spec)) has spec's points. What the form cannot say (counts that
    /// are not from, from + step, ... to: kept as from and to, step 1; placement or predictor
    /// axes) is added to unsaid, one phrase each.
    static PlanRequest requestOf(const plan::SweepSpec& spec, QStringList* unsaid = nullptr);

private:
    static Result<plan::SweepSpec> read(const Scenario& base, const QJsonObject& doc,
                                        const QStringList& order, const QString& source);
};

} // namespace gantry::ui
