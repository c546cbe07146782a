#pragma once

#include "model/scenario.h"
#include "plan/sweepspec.h"
#include "planrequest.h"
#include "util/result.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <vector>

namespace gantry::ui {

/// Builds the sweep the Plan view runs from its form: a sweep document (docs/planning.md) on
/// the scenario in memory, validated by plan::SweepReader exactly as a sweep file is.
class PlanSpecBuilder
{
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

private:
    static Result<plan::SweepSpec> read(const Scenario& base, const QJsonObject& doc,
                                        const QStringList& order, const QString& source);
};

} // namespace gantry::ui
