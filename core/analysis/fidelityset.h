#pragma once

#include "mapping/modeliteration.h"
#include "model/scenario.h"
#include "util/result.h"

#include <QString>

#include <vector>

namespace gantry {

/// The calibration set of published, measured training runs kept in the repository
/// (resources/fidelity/calibration.json; docs/fidelity.md): each row a one-job scenario on the
/// cluster it ran on, with the published time per iteration and its source.
class FidelitySet
{
public:
    struct Row
    {
        QString name;         ///< short id, e.g. "narayanan21-1T"
        QString group;        ///< its source's family: narayanan21, korthikanti22, bloom, gavel
        QString source;       ///< where every figure comes from
        QString excluded;     ///< why the row is left out of the error figures ("" when it counts)
        bool heldOut = false; ///< no constant of the model was chosen on it ("held_out": true):
                              ///< its error is reported apart, as a check of generalisation
        double publishedS = 0.0; ///< published seconds per iteration
        Scenario scenario;       ///< one model job ("job") on its cluster
    };
    /// One row's prediction.
    struct Outcome
    {
        double predictedS = 0.0;   ///< Gantry's seconds per iteration
        double error = 0.0;        ///< predicted / published - 1
        double memoryGb = 0.0;     ///< memory per GPU the model computes
        double gpuMemoryGb = 0.0;  ///< the GPU's memory
        bool fits = false;         ///< memoryGb <= gpuMemoryGb
        ModelIterationParts parts; ///< the breakdown
    };

    /// The built-in set. InvalidInput names the row and the problem.
    static Result<std::vector<Row>> builtin();
    /// The set in a file of the same format.
    static Result<std::vector<Row>> read(const QByteArray& json, const QString& sourceName);
    /// The row's job placed by placement on its empty cluster and evaluated (what
    /// `gantry-cli map FILE --job job` reports). InvalidInput when it cannot be placed.
    static Result<Outcome> evaluate(const Row& row, const QString& placement);
};

} // namespace gantry
