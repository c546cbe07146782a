// The project document without widgets: every edit an undo command (add, remove, move, edit
// racks, servers and jobs; replicate; copy, paste, delete), validation field by field and by the
// core's reader, and saving edited scenarios into the project.

#include "document/jobbuilder.h"
#include "document/projectdocument.h"
#include "document/scenariovalidator.h"
#include "io/scenarioreader.h"
#include "storage/projectstore.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <memory>

using gantry::Job;
using gantry::JobKind;
using gantry::Scenario;
using gantry::ui::DocumentChange;
using gantry::ui::Problem;
using gantry::ui::ProjectDocument;
using gantry::ui::ScenarioValidator;
using gantry::ui::Selection;

namespace {

QString sample(const char* name)
{
    return QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/") + QLatin1String(name);
}

Scenario twoRacks()
{
    auto s = gantry::ScenarioReader::readFile(sample("two-racks.json"));
    if (!s)
        qFatal("%s", qPrintable(s.error().message));
    return s.value();
}

bool hasProblem(const std::vector<Problem>& problems, Selection::Kind kind, int index,
                const QString& field)
{
    for (const Problem& p : problems)
        if (p.target == kind && p.index == index && p.field == field)
            return true;
    return false;
}

QString describe(const std::vector<Problem>& problems)
{
    QStringList lines;
    for (const Problem& p : problems)
        lines << QStringLiteral("%1 #%2 %3: %4")
                     .arg(int(p.target))
                     .arg(p.index)
                     .arg(p.field, p.message);
    return lines.join(QLatin1String("; "));
}

} // namespace

class TstProjectDocument : public QObject
{
    Q_OBJECT

private slots:
    void snapshotSharedUntilEdited_data();
    void snapshotSharedUntilEdited();
    void samplesAreValid_data();
    void samplesAreValid();
    void addRackAndServerUndo();
    void addServerToEmptyProject();
    void removeAndMove();
    void editFieldsValidate_data();
    void editFieldsValidate();
    void readerProblemIsMapped();
    void readerCheckedScenario_data();
    void readerCheckedScenario();
    void duplicateIdsOnEveryHolder();
    void serverCount_data();
    void serverCount();
    void jobsEditUndo();
    void copyPaste_data();
    void copyPaste();
    void pasteRefusesHostileClipboard_data();
    void pasteRefusesHostileClipboard();
    void deleteSelection();
    void savesEditedScenario();
    void readOnlyProject();
};

void TstProjectDocument::snapshotSharedUntilEdited_data()
{
    QTest::addColumn<QString>("edit");
    for (const char* e : {"name", "remove a job", "add a rack", "undo"})
        QTest::newRow(e) << QString::fromLatin1(e);
}

// A run's snapshot is the document's own scenario, not a copy, until the scenario changes;
// then the document changes a copy and the snapshot keeps what the run ran on.
void TstProjectDocument::snapshotSharedUntilEdited()
{
    QFETCH(QString, edit);
    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    QVERIFY(doc.setScenarioName(QStringLiteral("first"))); // something to undo
    const auto apply = [&] {
        if (edit == QLatin1String("name"))
            return doc.setScenarioName(QStringLiteral("renamed"));
        if (edit == QLatin1String("remove a job"))
            return doc.removeJobs({0});
        if (edit == QLatin1String("add a rack"))
            return doc.addRack() >= 0;
        doc.undoStack()->undo();
        return true;
    };
    // Nobody holds it: changed in place.
    const Scenario* own = &doc.scenario(0);
    QVERIFY(apply());
    QCOMPARE(&doc.scenario(0), own);
    if (edit == QLatin1String("undo"))
        doc.undoStack()->redo();
    else
        doc.undoStack()->undo();

    const std::shared_ptr<const Scenario> held = doc.snapshot(0);
    QCOMPARE(held.get(), &doc.scenario(0));
    QCOMPARE(doc.snapshot(0).get(), held.get());
    const Scenario before = *held;
    QVERIFY(apply());
    QVERIFY(*held == before);
    QVERIFY(!(doc.scenario(0) == before));
    QVERIFY(held.get() != &doc.scenario(0));
    QCOMPARE(doc.snapshot(0).get(), &doc.scenario(0));
}

void TstProjectDocument::samplesAreValid_data()
{
    QTest::addColumn<QString>("file");
    for (const char* f : {"two-racks.json", "teaching.json", "models.json"})
        QTest::newRow(f) << sample(f);
}

void TstProjectDocument::samplesAreValid()
{
    QFETCH(QString, file);
    auto s = gantry::ScenarioReader::readFile(file);
    QVERIFY(s);
    const auto problems = ScenarioValidator::validate(s.value());
    QVERIFY2(problems.empty(), qPrintable(describe(problems)));
}

void TstProjectDocument::readerCheckedScenario_data()
{
    samplesAreValid_data();
}

// A scenario the reader accepted opens with its problems known (the field checks run, the core's
// rules between items held in the reader): the same as checking it all, and an edit after it is
// checked in full again. The same holds for a project's scenario opened again, valid or a draft
// (saved with problems between items, checked in full).
void TstProjectDocument::readerCheckedScenario()
{
    QFETCH(QString, file);
    auto read = gantry::ScenarioReader::readFile(file);
    QVERIFY(read);
    ProjectDocument doc;
    doc.resetToScenario(read.value(), ProjectDocument::Checked::ByReader);
    QCOMPARE(doc.current(), read.value());
    QCOMPARE(describe(doc.problems()), describe(ScenarioValidator::validate(read.value())));
    QTemporaryDir dir;
    const auto reopened = [&](const QString& name) {
        const QString project = dir.filePath(name);
        ProjectDocument again;
        if (!doc.saveAs(project) || !again.openProject(project))
            return QStringLiteral("<not saved or opened>");
        return describe(again.problems()) == describe(ScenarioValidator::validate(again.current()))
                   ? describe(again.problems())
                   : QStringLiteral("<differs from a full check>");
    };
    QCOMPARE(reopened(QStringLiteral("valid.gantry")), describe(doc.problems()));
    // A model job no GPU of the cluster can hold: only the core's rules between items find it.
    const Job job = gantry::ui::JobBuilder::modelJob(
        doc.current(), QStringLiteral("big"), QStringLiteral("llama-7b"), {1, 1, 1, 1}, 100, 0);
    Job huge = job;
    huge.gpus = 1 << 20;
    doc.addJob(huge);
    QVERIFY(!ScenarioValidator::checkBetweenItems(doc.current()).empty());
    QCOMPARE(describe(doc.problems()), describe(ScenarioValidator::validate(doc.current())));
    QVERIFY(!doc.problems().empty());
    QCOMPARE(reopened(QStringLiteral("draft.gantry")), describe(doc.problems()));
}

// A job id held by several jobs is flagged on each of them, first included.
void TstProjectDocument::duplicateIdsOnEveryHolder()
{
    Scenario s = twoRacks();
    QVERIFY(s.jobs.size() >= 3);
    s.jobs[2].id = s.jobs[0].id;
    const auto problems = ScenarioValidator::checkFields(s);
    QCOMPARE(int(problems.size()), 2);
    QCOMPARE(problems[0].index, 0);
    QCOMPARE(problems[1].index, 2);
    QCOMPARE(problems[0].path, QStringLiteral("jobs[0].id"));
    QCOMPARE(problems[1].path, QStringLiteral("jobs[2].id"));
}

void TstProjectDocument::addRackAndServerUndo()
{
    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    const Scenario before = doc.current();
    QSignalSpy changed(&doc, &ProjectDocument::changed);

    const int rack = doc.addRack();
    QCOMPARE(rack, 2);
    QCOMPARE(doc.current().cluster.racks.size(), std::size_t(3));
    QCOMPARE(doc.selection(), (Selection{Selection::Kind::Rack, {2}}));
    const int server = doc.addServer(rack, QStringLiteral("H200"), 4);
    QVERIFY(server >= 0);
    const auto& s = doc.current().cluster.servers[std::size_t(server)];
    QCOMPARE(s.rack, rack);
    QCOMPARE(s.gpus, 4);
    QCOMPARE(doc.current().cluster.gpuTypes[std::size_t(s.gpuType)].name, QStringLiteral("H200"));
    QCOMPARE(doc.current().cluster.totalGpus(), before.cluster.totalGpus() + 4);
    QVERIFY(changed.count() >= 2);
    QCOMPARE(changed.last().first().value<DocumentChange>().kind, DocumentChange::Kind::Cluster);
    QCOMPARE(doc.undoStack()->count(), 2);

    doc.undoStack()->undo();
    QCOMPARE(doc.current().cluster.servers.size(), before.cluster.servers.size());
    QCOMPARE(doc.current().cluster.totalGpus(), before.cluster.totalGpus());
    doc.undoStack()->undo();
    QCOMPARE(doc.current().cluster.racks, before.cluster.racks);
    doc.undoStack()->redo();
    doc.undoStack()->redo();
    QCOMPARE(doc.current().cluster.totalGpus(), before.cluster.totalGpus() + 4);

    // An unknown GPU type adds nothing.
    QCOMPARE(doc.addServer(0, QStringLiteral("no-such-gpu")), -1);
    QCOMPARE(doc.undoStack()->count(), 2);
}

void TstProjectDocument::addServerToEmptyProject()
{
    ProjectDocument doc;
    QVERIFY(!doc.hasCurrent());
    QVERIFY(!doc.problems().empty() || !doc.hasCurrent());
    const int server = doc.addServer(-1, QStringLiteral("A100-80G"));
    QCOMPARE(server, 0);
    QVERIFY(doc.hasCurrent());
    QCOMPARE(doc.scenarioCount(), 1);
    QCOMPARE(doc.current().cluster.racks.size(), std::size_t(1));
    QCOMPARE(doc.current().cluster.totalGpus(), 8);
    QVERIFY2(doc.problems().empty(), qPrintable(describe(doc.problems())));
    QVERIFY(doc.isModified());
    // One step: scenario, rack and server go together.
    QCOMPARE(doc.undoStack()->count(), 1);
    doc.undoStack()->undo();
    QCOMPARE(doc.scenarioCount(), 0);
    QVERIFY(!doc.hasCurrent());
}

void TstProjectDocument::removeAndMove()
{
    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    const Scenario before = doc.current();
    // Servers 0..3 are h100-* in rack 0, 4..9 in rack 1.
    QVERIFY(doc.moveServers({0, 1}, 1));
    const auto& c = doc.current().cluster;
    QCOMPARE(c.servers.size(), before.cluster.servers.size());
    int inRack1 = 0;
    for (const auto& s : c.servers)
        inRack1 += s.rack == 1 ? 1 : 0;
    QCOMPARE(inRack1, 8);
    QCOMPARE(doc.selection().kind, Selection::Kind::Server);
    QCOMPARE(int(doc.selection().indices.size()), 2);
    for (int i : doc.selection().indices)
        QVERIFY(c.servers[std::size_t(i)].name.startsWith(QLatin1String("h100-")));
    QVERIFY(!doc.moveServers(doc.selection().indices, 1)); // already there
    doc.undoStack()->undo();
    QCOMPARE(doc.current().cluster, before.cluster);

    QVERIFY(doc.removeServers({9, 8}));
    QCOMPARE(doc.current().cluster.servers.size(), before.cluster.servers.size() - 2);
    QVERIFY(doc.removeRacks({0}));
    QCOMPARE(doc.current().cluster.racks.size(), std::size_t(1));
    for (const auto& s : doc.current().cluster.servers)
        QCOMPARE(s.rack, 0);
    QCOMPARE(doc.current().cluster.servers.size(), std::size_t(4));
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.current().cluster, before.cluster);
    QVERIFY(doc.undoStack()->isClean() || doc.undoStack()->index() == 0);
}

void TstProjectDocument::editFieldsValidate_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QVariant>("value");
    QTest::addColumn<QString>("mentions"); // empty: refused, as the scenario file refuses it

    const int rack = int(Selection::Kind::Rack), server = int(Selection::Kind::Server),
              job = int(Selection::Kind::Job);
    QTest::newRow("rack uplink 0") << rack << 1 << "uplink_gbps" << QVariant(0.0) << "";
    QTest::newRow("rack uplink negative") << rack << 0 << "uplink_gbps" << QVariant(-5.0) << "";
    QTest::newRow("rack name duplicate")
        << rack << 1 << "name" << QVariant(QStringLiteral("rack-h100")) << "duplicate";
    QTest::newRow("rack name empty") << rack << 0 << "name" << QVariant(QString()) << "";
    QTest::newRow("server nic negative") << server << 2 << "nic_gbps" << QVariant(-1.0) << "";
    QTest::newRow("server intra 0") << server << 5 << "intra_GBps" << QVariant(0.0) << "";
    QTest::newRow("server gpus 0") << server << 0 << "gpus" << QVariant(0) << "";
    QTest::newRow("server gpus -1") << server << 0 << "gpus" << QVariant(-1) << "";
    QTest::newRow("server gpus 2.5") << server << 0 << "gpus" << QVariant(2.5) << "";
    QTest::newRow("server name duplicate")
        << server << 0 << "name" << QVariant(QStringLiteral("a100-1")) << "duplicate";
    QTest::newRow("job arrival negative") << job << 0 << "arrival_s" << QVariant(-3.0) << "";
    QTest::newRow("job id duplicate")
        << job << 1 << "id" << QVariant(QStringLiteral("dp8-resnet50")) << "duplicate";
    QTest::newRow("job iterations 0") << job << 0 << "iterations" << QVariant(0.0) << "";
    QTest::newRow("job weight 0") << job << 0 << "weight" << QVariant(0.0) << "";
    QTest::newRow("job gpus past the cluster")
        << job << 3 << "gpus" << QVariant(100000) << "needs 100000 GPUs";
}

// A value the scenario file would refuse is refused (no undo entry, nothing changed); one that
// only the rest of the scenario makes wrong is taken and shown as a problem of its item.
void TstProjectDocument::editFieldsValidate()
{
    QFETCH(int, kind);
    QFETCH(int, index);
    QFETCH(QString, field);
    QFETCH(QVariant, value);
    QFETCH(QString, mentions);

    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    QVERIFY(doc.problems().empty());
    const Scenario before = doc.current();
    const int commands = doc.undoStack()->count();
    QSignalSpy problemsChanged(&doc, &ProjectDocument::problemsChanged);
    const auto k = Selection::Kind(kind);
    bool edited = false;
    if (k == Selection::Kind::Rack)
        edited = doc.setRackField(index, field, value);
    else if (k == Selection::Kind::Server)
        edited = doc.setServerField({index}, field, value);
    else
        edited = doc.setJobField(index, field, value);
    if (mentions.isEmpty()) {
        QVERIFY(!edited);
        QCOMPARE(doc.current(), before);
        QCOMPARE(doc.undoStack()->count(), commands);
        QVERIFY(doc.problems().empty());
        return;
    }
    QVERIFY(edited);
    QVERIFY(problemsChanged.count() >= 1);
    const auto problems = doc.problems();
    QVERIFY2(hasProblem(problems, k, index, field), qPrintable(describe(problems)));
    const auto mine = doc.problemsOf(k, index);
    QVERIFY(!mine.empty());
    QVERIFY2(mine.front().message.contains(mentions), qPrintable(mine.front().message));
    QVERIFY(mine.front().path.endsWith(field));

    doc.undoStack()->undo();
    QVERIFY2(doc.problems().empty(), qPrintable(describe(doc.problems())));
}

void TstProjectDocument::readerProblemIsMapped()
{
    // Field checks pass, but the core's reader finds that llama-7b unsplit needs far more memory
    // than a T4 has: the message comes from the reader, mapped to the job.
    ProjectDocument doc;
    Scenario s = twoRacks();
    s.jobs.clear();
    for (auto& server : s.cluster.servers)
        server.gpuType = 0;
    s.cluster.gpuTypes = {{QStringLiteral("T4"), 65, 16, 0.15}};
    s.cluster.finalize();
    doc.resetToScenario(s);
    QVERIFY2(doc.problems().empty(), qPrintable(describe(doc.problems())));
    const Job job = gantry::ui::JobBuilder::modelJob(
        doc.current(), QStringLiteral("big"), QStringLiteral("llama-7b"), {1, 1, 1, 1}, 100, 0);
    QCOMPARE(int(job.graph.workers.size()), 1);
    doc.addJob(job);
    QVERIFY(ScenarioValidator::checkFields(doc.current()).empty());
    const auto problems = doc.problems();
    QCOMPARE(int(problems.size()), 1);
    QCOMPARE(problems[0].target, Selection::Kind::Job);
    QCOMPARE(problems[0].index, 0);
    QVERIFY2(problems[0].message.contains(QStringLiteral("GB")), qPrintable(problems[0].message));
    QVERIFY(problems[0].path.startsWith(QStringLiteral("jobs[0]")));
}

void TstProjectDocument::serverCount_data()
{
    QTest::addColumn<int>("server");
    QTest::addColumn<int>("count");
    QTest::addColumn<int>("groupBefore");
    QTest::addColumn<QStringList>("names"); // of the rack's servers after the change
    QTest::addColumn<bool>("splitFirst");   // h100-0's NIC edited first: it leaves the group

    QTest::newRow("h100 4 -> 6") << 1 << 6 << 4 << QStringList{"h100-0", "h100-1", "h100-2",
                                                               "h100-3", "h100-4", "h100-5"}
                                 << false;
    QTest::newRow("h100 4 -> 1") << 0 << 1 << 4 << QStringList{"h100"} << false;
    QTest::newRow("h100 4 -> 2") << 3 << 2 << 4 << QStringList{"h100-0", "h100-1"} << false;
    // The split-off h100-0 keeps its name; the others' new names skip it.
    QTest::newRow("split, 3 -> 4")
        << 1 << 4 << 3 << QStringList{"h100-0", "h100-1", "h100-2", "h100-3", "h100-4"} << true;
    QTest::newRow("split, 3 -> 1") << 1 << 1 << 3 << QStringList{"h100-0", "h100"} << true;
}

void TstProjectDocument::serverCount()
{
    QFETCH(int, server);
    QFETCH(int, count);
    QFETCH(int, groupBefore);
    QFETCH(QStringList, names);
    QFETCH(bool, splitFirst);
    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    if (splitFirst)
        QVERIFY(doc.setServerField({0}, QStringLiteral("nic_gbps"), 2.5));
    const Scenario before = doc.current();
    QCOMPARE(int(doc.replicasOf(server).size()), groupBefore);
    QVERIFY(doc.setServerCount(server, count));
    QStringList got;
    for (const auto& s : doc.current().cluster.servers)
        if (s.rack == 0)
            got << s.name;
    QCOMPARE(got, names);
    QCOMPARE(doc.current().cluster.totalGpus(),
             before.cluster.totalGpus() + 8 * (count - groupBefore));
    QCOMPARE(int(doc.replicasOf(doc.selection().indices.front()).size()), count);
    QVERIFY(doc.problems().empty());
    doc.undoStack()->undo();
    QCOMPARE(doc.current().cluster, before.cluster);
}

void TstProjectDocument::jobsEditUndo()
{
    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    const Scenario before = doc.current();
    const int n = int(before.jobs.size());

    Job model = gantry::ui::JobBuilder::modelJob(doc.current(), QStringLiteral("gpt"),
                                                 QStringLiteral("llama-7b"), {2, 2, 2, 1}, 500, 10);
    QCOMPARE(int(model.graph.workers.size()), 8);
    QCOMPARE(doc.addJob(model), n);
    QCOMPARE(int(doc.current().jobs.size()), n + 1);
    QCOMPARE(doc.selection(), (Selection{Selection::Kind::Job, {n}}));
    // Changing a degree rebuilds the graph.
    QVERIFY(doc.setJobField(n, QStringLiteral("dp"), 4));
    QCOMPARE(int(doc.current().jobs[std::size_t(n)].graph.workers.size()), 16);
    // An id that is taken gets a suffix when the job is added.
    Job copy = doc.current().jobs[std::size_t(n)];
    doc.addJob(copy);
    QCOMPARE(doc.current().jobs.back().id, QStringLiteral("gpt-2"));
    QVERIFY(doc.removeJobs({0, 1, n + 1}));
    QCOMPARE(int(doc.current().jobs.size()), n - 1);
    QCOMPARE(doc.current().jobs.front().id, before.jobs[2].id);
    for (int i = 0; i < 4; ++i)
        doc.undoStack()->undo();
    QCOMPARE(doc.current().jobs, before.jobs);
    QVERIFY(doc.undoStack()->isClean());
}

void TstProjectDocument::copyPaste_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<QList<int>>("indices");
    QTest::addColumn<int>("target"); // rack selected before pasting servers, -1 none

    QTest::newRow("one server into rack 1") << int(Selection::Kind::Server) << QList<int>{0} << 1;
    QTest::newRow("two servers") << int(Selection::Kind::Server) << QList<int>{4, 8} << -1;
    QTest::newRow("a rack") << int(Selection::Kind::Rack) << QList<int>{1} << -1;
    QTest::newRow("three jobs") << int(Selection::Kind::Job) << QList<int>{0, 1, 2} << -1;
}

void TstProjectDocument::copyPaste()
{
    QFETCH(int, kind);
    QFETCH(QList<int>, indices);
    QFETCH(int, target);
    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    const Scenario before = doc.current();
    const auto k = Selection::Kind(kind);
    doc.setSelection({k, std::vector<int>(indices.begin(), indices.end())});
    std::unique_ptr<QMimeData> clip(doc.copySelection());
    QVERIFY(clip);
    QVERIFY(ProjectDocument::canPaste(clip.get()));
    if (target >= 0)
        doc.setSelection({Selection::Kind::Rack, {target}});
    const auto pasted = doc.paste(clip.get());
    QVERIFY2(pasted, qPrintable(pasted ? QString() : pasted.error().message));
    const Scenario& after = doc.current();
    QCOMPARE(doc.selection().kind, k);
    const int added = k == Selection::Kind::Job ? int(after.jobs.size() - before.jobs.size())
                      : k == Selection::Kind::Rack
                          ? int(after.cluster.racks.size() - before.cluster.racks.size())
                          : int(after.cluster.servers.size() - before.cluster.servers.size());
    QCOMPARE(added, int(indices.size()));
    QCOMPARE(int(doc.selection().indices.size()), int(indices.size()));
    if (k == Selection::Kind::Rack) // the rack's servers come along
        QCOMPARE(after.cluster.servers.size(), before.cluster.servers.size() + 6);
    if (k == Selection::Kind::Server && target >= 0)
        for (int i : doc.selection().indices)
            QCOMPARE(after.cluster.servers[std::size_t(i)].rack, target);
    if (k == Selection::Kind::Job)
        for (int i = 0; i < int(indices.size()); ++i) {
            Job a = before.jobs[std::size_t(indices[i])];
            Job b = after.jobs[std::size_t(doc.selection().indices[std::size_t(i)])];
            QVERIFY(a.id != b.id); // made unique
            b.id = a.id;
            QCOMPARE(b, a);
        }
    // Pasted names are fresh: nothing to fix.
    QVERIFY2(doc.problems().empty(), qPrintable(describe(doc.problems())));
    doc.undoStack()->undo();
    QCOMPARE(doc.current(), before);

    QMimeData junk;
    junk.setText(QStringLiteral("not ours"));
    QVERIFY(!ProjectDocument::canPaste(&junk));
    QVERIFY(!doc.paste(&junk));
}

void TstProjectDocument::pasteRefusesHostileClipboard_data()
{
    QTest::addColumn<QByteArray>("clip");
    QTest::addColumn<QString>("error");

    auto servers = [](const QJsonObject& patch) {
        QJsonObject server{{"name", "x"}, {"rack", "r"},       {"gpu_type", "H100"},
                           {"gpus", 8},   {"intra_GBps", 900}, {"nic_gbps", 400}};
        for (auto it = patch.begin(); it != patch.end(); ++it)
            server[it.key()] = it.value();
        return QJsonDocument(QJsonObject{{"kind", "servers"},
                                         {"racks", QJsonArray{}},
                                         {"servers", QJsonArray{server}},
                                         {"gpu_types", QJsonArray{}}})
            .toJson();
    };
    auto jobs = [](const QJsonObject& job) {
        return QJsonDocument(QJsonObject{{"kind", "jobs"}, {"jobs", QJsonArray{job}}}).toJson();
    };
    QTest::newRow("server gpus -1") << servers({{"gpus", -1}}) << "servers[0].gpus";
    QTest::newRow("server gpus 2.5") << servers({{"gpus", 2.5}}) << "servers[0].gpus";
    QTest::newRow("server gpus text") << servers({{"gpus", "8"}}) << "servers[0].gpus";
    QTest::newRow("server nic missing")
        << servers({{"nic_gbps", QJsonValue()}}) << "servers[0].nic_gbps";
    QTest::newRow("rack uplink -1")
        << QJsonDocument(
               QJsonObject{{"kind", "racks"},
                           {"racks", QJsonArray{QJsonObject{{"name", "q"}, {"uplink_gbps", -1}}}},
                           {"servers", QJsonArray{}}})
               .toJson()
        << "racks[0].uplink_gbps";
    // dp x pp x tp overflowed an int when the stand-in cluster was sized.
    QTest::newRow("job degrees huge")
        << jobs({{"id", "m"},
                 {"arrival_s", 0},
                 {"model", "llama-7b"},
                 {"iterations", 1},
                 {"parallelism", QJsonObject{{"dp", 1e7}, {"pp", 1e7}, {"tp", 1e7}}}})
        << "jobs[0]";
    QTest::newRow("job gpus -5")
        << jobs({{"id", "d"}, {"arrival_s", 0}, {"gpus", -5}, {"duration_s", 1}}) << "jobs[0].gpus";
}

// What another program puts on the clipboard is checked like a scenario file: refused with the
// path of the bad value, nothing changed, no undo entry.
void TstProjectDocument::pasteRefusesHostileClipboard()
{
    QFETCH(QByteArray, clip);
    QFETCH(QString, error);
    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    doc.setSelection({Selection::Kind::Rack, {0}});
    const Scenario before = doc.current();
    const int commands = doc.undoStack()->count();
    QMimeData data;
    data.setData(ProjectDocument::ClipMimeType, clip);
    const auto pasted = doc.paste(&data);
    QVERIFY(!pasted);
    QVERIFY2(pasted.error().message.contains(error), qPrintable(pasted.error().message));
    QCOMPARE(doc.current(), before);
    QCOMPARE(doc.undoStack()->count(), commands);
}

void TstProjectDocument::deleteSelection()
{
    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    const Scenario before = doc.current();
    QVERIFY(!doc.deleteSelection());
    doc.selectAll(Selection::Kind::Job);
    QCOMPARE(int(doc.selection().indices.size()), int(before.jobs.size()));
    QVERIFY(doc.deleteSelection());
    QVERIFY(doc.current().jobs.empty());
    QVERIFY(doc.selection().isEmpty());
    doc.selectAll(Selection::Kind::Server);
    QVERIFY(doc.deleteSelection());
    QVERIFY(doc.current().cluster.servers.empty());
    QVERIFY(!doc.problems().empty()); // no server left
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    QCOMPARE(doc.current(), before);
}

void TstProjectDocument::savesEditedScenario()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.gantry"));
    ProjectDocument doc;
    doc.resetToScenario(twoRacks());
    QVERIFY(doc.isModified());
    QVERIFY(doc.saveAs(path));
    QVERIFY(!doc.isModified());
    QVERIFY(doc.setRackField(0, QStringLiteral("uplink_gbps"), 1234.0));
    QVERIFY(doc.isModified());
    QVERIFY(doc.save());
    QVERIFY(!doc.isModified());

    // The edit replaced the stored scenario (no second copy), and undoing is a change again.
    ProjectDocument reopened;
    QVERIFY(reopened.openProject(path));
    QCOMPARE(reopened.scenarioCount(), 1);
    QCOMPARE(reopened.current().cluster.racks[0].uplinkGbps, 1234.0);
    doc.undoStack()->undo();
    QVERIFY(doc.isModified());
    QVERIFY(doc.save());
    QVERIFY(reopened.openProject(path));
    QCOMPARE(reopened.scenarioCount(), 1);
    QCOMPARE(reopened.current().cluster.racks[0].uplinkGbps, 800.0);

    // A scenario added to the project is stored as a second one.
    Scenario other = twoRacks();
    other.name = QStringLiteral("copy");
    other.jobs.resize(3);
    doc.addScenario(other, QStringLiteral("Add"));
    QCOMPARE(doc.currentIndex(), 1);
    QVERIFY(doc.save());
    QVERIFY(reopened.openProject(path));
    QCOMPARE(reopened.scenarioCount(), 2);
    QCOMPARE(reopened.scenario(1).name, QStringLiteral("copy"));
    QCOMPARE(int(reopened.scenario(1).jobs.size()), 3);
}

// A project without write permission opens read-only and says so; saving it fails and leaves the
// file as it was; Save As writes a new, writable project.
void TstProjectDocument::readOnlyProject()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("p.gantry"));
    {
        ProjectDocument doc;
        doc.resetToScenario(twoRacks());
        QVERIFY(doc.saveAs(path));
        QVERIFY(!doc.isReadOnly());
    }
    QVERIFY(QFile::setPermissions(path, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    const QByteArray before = [&] {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }();
    QVERIFY(!before.isEmpty());

    ProjectDocument doc;
    QVERIFY(doc.openProject(path));
    QVERIFY(doc.isReadOnly());
    QCOMPARE(doc.scenarioCount(), 1);
    QVERIFY(doc.setRackField(0, QStringLiteral("uplink_gbps"), 1234.0));
    const auto saved = doc.save();
    QVERIFY(!saved);
    QVERIFY2(saved.error().message.contains(QLatin1String("read-only")),
             qPrintable(saved.error().message));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);

    const QString copy = dir.filePath(QStringLiteral("copy.gantry"));
    QVERIFY(doc.saveAs(copy));
    QVERIFY(!doc.isReadOnly());
    QVERIFY(!doc.isModified());
    ProjectDocument reopened;
    QVERIFY(reopened.openProject(copy));
    QVERIFY(!reopened.isReadOnly());
    QCOMPARE(reopened.current().cluster.racks[0].uplinkGbps, 1234.0);
}

QTEST_MAIN(TstProjectDocument)
#include "tst_projectdocument.moc"
