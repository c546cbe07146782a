#pragma once

#include "io/import/importedtrace.h"
#include "io/import/importoptions.h"
#include "model/cluster.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace gantry {

/// One public trace format read into a scenario. Implementations are stateless; the registry
/// (TraceImporterRegistry) holds one of each.
class TraceImporter
{
public:
    /// One input file's contents.
    struct Input
    {
        QString source;  ///< name used in messages (usually the path)
        QByteArray data; ///< the file's bytes
    };

    virtual ~TraceImporter() = default;

    /// Format name used on the command line, e.g. "helios".
    virtual QString format() const = 0;
    /// One line for menus and usage, e.g. "SenseTime Helios cluster_log.csv".
    virtual QString title() const = 0;
    /// False when the format brings its own cluster (given the extra inputs) so that a cluster
    /// is optional.
    virtual bool needsCluster() const { return true; }
    /// True when rows carry a virtual cluster, so that ImportOptions::vc means something.
    virtual bool hasVirtualClusters() const { return false; }
    /// Names of the extra inputs the format understands, e.g. {"nodes"}.
    virtual QStringList extraInputs() const { return {}; }

    /// Imports main onto cluster (or the cluster the extras describe). Bad input is an
    /// InvalidInput error naming the file and line; malformed rows are skipped and reported
    /// unless options.strict. Progress goes to feedback (if any) through the parse and
    /// the assembly up to 1; once it is cancelled the import stops early with
    /// Error::cancelled() and no result. O(n log n) in the rows.
    virtual Result<ImportedTrace> importData(const Input& main,
                                             const std::optional<Cluster>& cluster,
                                             const ImportOptions& options,
                                             const QMap<QString, Input>& extras,
                                             Feedback* feedback = nullptr) const = 0;
};

} // namespace gantry
