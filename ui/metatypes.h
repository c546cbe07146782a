#pragma once

// Metatype declarations for the engine's value types, so that they can travel through queued
// (cross-thread) signal connections. They live in the UI library: core knows nothing of Qt's
// signal machinery.

#include "model/scenario.h"
#include "run/runconfig.h"
#include "run/runresult.h"
#include "sim/schedule.h"

#include <QList>
#include <QMetaType>

#include <memory>

Q_DECLARE_METATYPE(gantry::Scenario)
Q_DECLARE_METATYPE(gantry::RunConfig)
Q_DECLARE_METATYPE(gantry::RunResult)
Q_DECLARE_METATYPE(gantry::Schedule)
Q_DECLARE_METATYPE(std::shared_ptr<const gantry::Schedule>)
Q_DECLARE_METATYPE(std::shared_ptr<const gantry::Scenario>)
Q_DECLARE_METATYPE(std::shared_ptr<const gantry::RunResult>)

namespace gantry::ui {

/// Registers Scenario, RunConfig, RunResult, Schedule, a shared Schedule, Scenario and RunResult
/// and QList<RunConfig> with Qt's metatype system; idempotent and thread-safe, called by every
/// class that sends them across threads.
void registerMetaTypes();

} // namespace gantry::ui
