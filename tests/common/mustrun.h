#pragma once

// Header-only helper of the tests that run the engine directly (include "mustrun.h").

#include "mapping/placement.h"
#include "mapping/placementregistry.h"
#include "predict/predictor.h"
#include "predict/predictorregistry.h"
#include "run/runner.h"
#include "sim/simulator.h"

#include <QString>
#include <QtGlobal>

#include <memory>
#include <vector>

namespace gantry::test {

/// Runs s with config, and observers watching; a run that fails aborts the test program with
/// its message (a test's scenario is always valid: a failure is a bug, not a case).
inline RunResult mustRun(const Scenario& s, const RunConfig& config,
                         const std::vector<sim::SimObserver*>& observers = {})
{
    auto r = Runner::run(s, config, nullptr, observers);
    if (!r)
        qFatal("run failed: %s", qPrintable(r.error().message));
    return std::move(r).value();
}

/// Runs s under policy with RunConfig's own placement and predictor (consolidate, oracle) and
/// a restart overhead of restartOverheadS seconds, whatever the scenario says.
inline RunResult mustRun(const Scenario& s, const QString& policy, double restartOverheadS = 0.0)
{
    RunConfig c;
    c.policy = policy;
    c.restartOverheadS = restartOverheadS;
    return mustRun(s, c);
}

/// A run of a policy object a test built itself (with options the registry does not take), on
/// the graph placement with the oracle predictor and seed 0; the engine's state stays readable
/// after it. A run that fails aborts the test program.
class PolicyRun
{
public:
    PolicyRun(const Scenario& s, sim::SchedulingPolicy& policy)
        : PolicyRun(s, policy,
                    PredictorRegistry::create(QStringLiteral("oracle"), 0, 1000.0).value())
    {}
    /// The same with a predictor of the test's own.
    PolicyRun(const Scenario& s, sim::SchedulingPolicy& policy,
              std::shared_ptr<predict::Predictor> predictor)
        : m_placement(PlacementRegistry::create(QStringLiteral("graph"), {})),
          m_predictor(std::move(predictor)), m_simulator(s, policy, *m_placement, *m_predictor, 0)
    {
        if (const Status st = m_simulator.run(); !st)
            qFatal("run failed: %s", qPrintable(st.error().message));
    }
    /// The engine's state at the end of the run.
    const sim::SimState& state() const { return m_simulator.state(); }

private:
    std::unique_ptr<Placement> m_placement;
    std::shared_ptr<predict::Predictor> m_predictor;
    sim::Simulator m_simulator;
};

} // namespace gantry::test
