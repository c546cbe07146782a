#pragma once

#include "run/runconfig.h"
#include "util/result.h"

#include <QJsonObject>

namespace gantry::storage {

/// A RunConfig as a project stores it with each run (runs.config_json), and back. The training
/// history is not stored, only its size (`history_jobs`).
class RunConfigJson
{
public:
    /// The stored form: policy, placement, predictor, seed (a decimal string), back end,
    /// default iterations, history size, and the contention and restart overrides when set.
    static QJsonObject toJson(const RunConfig& config);
    /// The configuration a stored object describes, without its history; InvalidInput naming
    /// the field when one is missing or malformed. historyJobs, when given, receives the size of
    /// the history the run was trained on (a run with one cannot be replayed exactly).
    static Result<RunConfig> fromJson(const QJsonObject& stored, int* historyJobs = nullptr);
};

} // namespace gantry::storage
