#pragma once
// The checks of every fuzz target, shared with the regression test that replays the inputs
// kept in tests/data/fuzz-regressions/<target>/ (tests/faults/tst_fuzzregressions.cpp). Each
// returns an empty string when the input was handled cleanly (a valid result or an
// InvalidInput error naming the input), else what went wrong.
#include "io/import/traceimporterregistry.h"
#include "io/scenariocheck.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "plan/sweeppoints.h"
#include "plan/sweepreader.h"
#include "storage/projectstore.h"

#include <QDir>
#include <QFile>

namespace fuzzchecks {

// Whether e is a clean error: InvalidInput and naming source.
inline QString cleanError(const gantry::Error& e, const QString& source)
{
    if (e.kind != gantry::ErrorKind::InvalidInput)
        return QStringLiteral("not an input error: ") + e.message;
    if (!e.message.startsWith(source))
        return QStringLiteral("error does not name %1: %2").arg(source, e.message);
    return {};
}

// ScenarioCheck on what a draft read keeps agrees with the strict reader: no problem when it
// accepts the document, else its error's message first.
inline QString sameRules(const QByteArray& json, const QString& source,
                         const gantry::Result<gantry::Scenario>& strict)
{
    auto draft =
        gantry::ScenarioReader::readJson(json, source, gantry::ScenarioReader::Mode::Draft);
    if (!draft)
        return strict ? QStringLiteral("a draft read refuses what a strict one accepts: ") +
                            draft.error().message
                      : QString();
    const auto problems = gantry::ScenarioCheck::check(draft.value());
    if (strict && !problems.empty())
        return QStringLiteral("ScenarioCheck refuses what the reader accepts: ") +
               problems.front().text();
    if (!strict && (problems.empty() || !strict.error().message.endsWith(QStringLiteral(": ") +
                                                                         problems.front().message)))
        return QStringLiteral("ScenarioCheck does not find the reader's error %1 first (%2)")
            .arg(strict.error().message,
                 problems.empty() ? QStringLiteral("nothing") : problems.front().text());
    return {};
}

// ScenarioReader::readJson, which must agree with the reference reader; a scenario read must
// survive a write and re-read unchanged, and ScenarioCheck must agree with the reader.
inline QString scenario(const QByteArray& json)
{
    const QString source = QStringLiteral("fuzz.json");
    auto read = gantry::ScenarioReader::readJson(json, source);
    // The fast path must give the reference reader's result: the same scenario or error.
    const auto tree = gantry::ScenarioReader::readJsonTree(json, source);
    if (bool(read) != bool(tree))
        return read ? QStringLiteral("the fast path accepts what the reference reader refuses: ") +
                          tree.error().message
                    : QStringLiteral("the fast path refuses what the reference reader accepts: ") +
                          read.error().message;
    if (!read && read.error().message != tree.error().message)
        return QStringLiteral("the readers' errors differ: %1 against %2")
            .arg(read.error().message, tree.error().message);
    if (read && !(read.value() == tree.value()))
        return QStringLiteral("the fast path reads a different scenario");
    if (const QString rules = sameRules(json, source, read); !rules.isEmpty())
        return rules;
    if (!read)
        return cleanError(read.error(), source);
    const QByteArray written = gantry::ScenarioWriter::toJson(read.value());
    auto again = gantry::ScenarioReader::readJson(written, QStringLiteral("written.json"));
    if (!again)
        return QStringLiteral("a written scenario does not read back: ") + again.error().message;
    if (gantry::ScenarioWriter::toJson(again.value()) != written)
        return QStringLiteral("a written scenario reads back different");
    return {};
}

// SweepReader::readJson with its base scenarios in baseDir; a sweep read must expand into
// points (the first 64 of them are derived), and an error names the sweep or the base file.
inline QString sweep(const QByteArray& json, const QString& baseDir)
{
    const QString source = QStringLiteral("fuzz.json");
    auto read = gantry::plan::SweepReader::readJson(json, source, baseDir);
    if (!read) {
        if (read.error().message.startsWith(baseDir))
            return read.error().kind == gantry::ErrorKind::InvalidInput
                       ? QString()
                       : QStringLiteral("not an input error: ") + read.error().message;
        return cleanError(read.error(), source);
    }
    const std::size_t n = gantry::plan::SweepPoints::count(read.value());
    if (n < 1 || n > std::size_t(gantry::plan::SweepReader::kMaxPoints))
        return QStringLiteral("a sweep of %1 points was accepted").arg(n);
    for (std::size_t i = 0; i < std::min<std::size_t>(n, 64); ++i)
        if (auto p = gantry::plan::SweepPoints::derive(read.value(), i); !p)
            return QStringLiteral("point %1 does not derive: %2").arg(i).arg(p.error().message);
    return {};
}

// The 8-GPU cluster importers that need one import onto.
inline gantry::Cluster eightGpus()
{
    gantry::Cluster c;
    c.gpuTypes.push_back({QStringLiteral("V100"), 125, 32, 0.45});
    c.racks.push_back({QStringLiteral("r0"), 400});
    c.servers.push_back({QStringLiteral("s-0"), 0, 0, 4, 150, 100});
    c.servers.push_back({QStringLiteral("s-1"), 0, 0, 4, 150, 100});
    c.finalize();
    return c;
}

// The importer of format on data. For a format with extra inputs a line "=====" separates the
// main file from the first extra input. Options vary with the input size. A scenario imported
// must fit its cluster and survive a write and re-read.
inline QString import(const QString& format, const QByteArray& data)
{
    const gantry::TraceImporter* importer = gantry::TraceImporterRegistry::find(format);
    if (!importer)
        return QStringLiteral("no importer for ") + format;
    const qsizetype size = data.size();
    gantry::TraceImporter::Input main{QStringLiteral("fuzz.csv"), data};
    QMap<QString, gantry::TraceImporter::Input> extras;
    const QStringList extraNames = importer->extraInputs();
    const qsizetype cut = data.indexOf("\n=====\n");
    if (!extraNames.isEmpty() && cut >= 0) {
        main.data = data.left(cut + 1);
        extras.insert(extraNames.front(),
                      {QStringLiteral("fuzz-%1.csv").arg(extraNames.front()), data.mid(cut + 7)});
    }
    gantry::ImportOptions options;
    options.limit = int(size % 4);   // sometimes a limit of 1 to 3 jobs
    options.strict = (size / 4) % 2; // sometimes a malformed row fails the import
    if ((size / 8) % 3 == 1)
        options.maxGpus = 4;
    std::optional<gantry::Cluster> given;
    if (importer->needsCluster() || (size / 24) % 2)
        given = eightGpus();
    auto imported = importer->importData(main, given, options, extras);
    if (!imported)
        return cleanError(imported.error(), QStringLiteral("fuzz"));
    const gantry::Scenario& s = imported.value().scenario;
    if (options.limit > 0 && int(s.jobs.size()) > options.limit)
        return QStringLiteral("limit ignored: %1 jobs").arg(s.jobs.size());
    const int total = s.cluster.totalGpus();
    for (const gantry::Job& j : s.jobs)
        if (j.gpuCount() < 1 || j.gpuCount() > total || !(j.arrivalS >= 0))
            return QStringLiteral("job %1 does not fit the cluster").arg(j.id);
    auto again = gantry::ScenarioReader::readJson(gantry::ScenarioWriter::toJson(s),
                                                  QStringLiteral("imported.json"));
    if (!again)
        return QStringLiteral("an imported scenario does not read back: ") + again.error().message;
    return {};
}

// ProjectStore::open on data written to dir/fuzz.gantry, then every read of an opened project.
// Needs a QCoreApplication (the SQLite driver is a plugin).
inline QString project(const QByteArray& data, const QDir& dir)
{
    const QString path = dir.filePath(QStringLiteral("fuzz.gantry"));
    for (const char* suffix : {"", "-wal", "-shm"})
        QFile::remove(path + QLatin1String(suffix));
    {
        QFile f(path);
        if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size())
            return QStringLiteral("cannot write ") + path;
    }
    auto store = gantry::storage::ProjectStore::open(path);
    if (!store)
        return cleanError(store.error(), path);
    gantry::storage::ProjectStore& s = *store.value();
    QString problem;
    auto note = [&](const gantry::Error& e) {
        if (problem.isEmpty())
            problem = cleanError(e, path);
    };
    if (auto sc = s.scenarios(); !sc)
        note(sc.error());
    if (auto runs = s.runs(); !runs) {
        note(runs.error());
    } else {
        for (const gantry::storage::StoredRun& r : runs.value())
            if (auto jobs = s.runJobs(r.id); !jobs)
                note(jobs.error());
    }
    if (auto h = s.history(); !h)
        note(h.error());
    if (auto g = s.gpuTypes(); !g)
        note(g.error());
    return problem;
}

} // namespace fuzzchecks
