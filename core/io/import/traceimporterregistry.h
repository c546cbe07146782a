#pragma once

#include "io/import/importedtrace.h"
#include "io/import/importoptions.h"
#include "io/import/traceimporter.h"
#include "model/cluster.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace gantry {

/// The trace formats Gantry reads, by name: philly, helios, acme, alibaba2023, gavel. Used by
/// gantry-cli import and the desktop window's File > Import.
class TraceImporterRegistry
{
public:
    /// Format names in a fixed order.
    static QStringList formats();
    /// The importer of format, or nullptr.
    static const TraceImporter* find(const QString& format);
    /// Reads path (and extraPaths, e.g. {"nodes": NODES.csv}) with the importer of format onto
    /// cluster (optional where the format brings its own). Fails with InvalidInput on an
    /// unknown format, an extra input the format does not take, a missing cluster, --vc on a
    /// format without virtual clusters, an unreadable file or bad content; Error::cancelled() once
    /// feedback (optional: progress through the parse and assembly up to 1) is cancelled.
    static Result<ImportedTrace> import(const QString& format, const QString& path,
                                        const std::optional<Cluster>& cluster,
                                        const ImportOptions& options,
                                        const QMap<QString, QString>& extraPaths = {},
                                        Feedback* feedback = nullptr);
};

} // namespace gantry
