#include "io/import/traceimporterregistry.h"

#include "io/import/acmeimporter.h"
#include "io/import/alibaba2023importer.h"
#include "io/import/gavelimporter.h"
#include "io/import/heliosimporter.h"
#include "io/import/phillyimporter.h"

#include <QFile>

#include <memory>
#include <vector>

namespace gantry {

namespace {

const std::vector<std::unique_ptr<TraceImporter>>& importers()
{
    static const std::vector<std::unique_ptr<TraceImporter>> all = [] {
        std::vector<std::unique_ptr<TraceImporter>> v;
        v.push_back(std::make_unique<PhillyImporter>());
        v.push_back(std::make_unique<HeliosImporter>());
        v.push_back(std::make_unique<AcmeImporter>());
        v.push_back(std::make_unique<Alibaba2023Importer>());
        v.push_back(std::make_unique<GavelImporter>());
        return v;
    }();
    return all;
}

Result<TraceImporter::Input> readInput(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return Error::invalid(QStringLiteral("%1: cannot open: %2").arg(path, f.errorString()));
    return TraceImporter::Input{path, f.readAll()};
}

} // namespace

QStringList TraceImporterRegistry::formats()
{
    QStringList names;
    for (const auto& i : importers())
        names << i->format();
    return names;
}

const TraceImporter* TraceImporterRegistry::find(const QString& format)
{
    for (const auto& i : importers())
        if (i->format() == format)
            return i.get();
    return nullptr;
}

Result<ImportedTrace> TraceImporterRegistry::import(const QString& format, const QString& path,
                                                    const std::optional<Cluster>& cluster,
                                                    const ImportOptions& options,
                                                    const QMap<QString, QString>& extraPaths,
                                                    Feedback* feedback)
{
    const TraceImporter* importer = find(format);
    if (!importer)
        return Error::invalid(QStringLiteral("unknown import format \"%1\" (available: %2)")
                                  .arg(format, formats().join(QStringLiteral(", "))));
    for (auto it = extraPaths.cbegin(); it != extraPaths.cend(); ++it)
        if (!importer->extraInputs().contains(it.key()))
            return Error::invalid(
                QStringLiteral("the %1 format takes no %2 file").arg(format, it.key()));
    if (!cluster && importer->needsCluster())
        return Error::invalid(
            QStringLiteral("the %1 format needs a cluster to import onto").arg(format));
    if (!options.vc.isEmpty() && !importer->hasVirtualClusters())
        return Error::invalid(
            QStringLiteral("the %1 format has no virtual clusters to filter on").arg(format));
    if (options.limit < 0 || options.minGpus < 0 || options.maxGpus < 0)
        return Error::invalid(QStringLiteral("import limits must not be negative"));
    if (options.maxGpus > 0 && options.minGpus > options.maxGpus)
        return Error::invalid(QStringLiteral("the minimum GPU count %1 exceeds the maximum %2")
                                  .arg(options.minGpus)
                                  .arg(options.maxGpus));
    if (feedback && feedback->cancelled())
        return Error::cancelled();
    auto main = readInput(path);
    if (!main)
        return main.error();
    QMap<QString, TraceImporter::Input> extras;
    for (auto it = extraPaths.cbegin(); it != extraPaths.cend(); ++it) {
        auto in = readInput(it.value());
        if (!in)
            return in.error();
        extras.insert(it.key(), std::move(in).value());
    }
    return importer->importData(main.value(), cluster, options, extras, feedback);
}

} // namespace gantry
