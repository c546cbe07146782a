#include "projectdocument.h"

#include "clustercommand.h"
#include "clusteredits.h"
#include "documentclipboard.h"
#include "editvalues.h"
#include "fieldrules.h"
#include "jobbuilder.h"
#include "jobedits.h"
#include "projectfile.h"
#include "runrecords.h"
#include "scenariolistcommand.h"
#include "scenarionamecommand.h"
#include "scenariovalidator.h"

#include "storage/projectstore.h"

#include <QMimeData>
#include <QUndoStack>

#include <algorithm>

namespace gantry::ui {

const QString ProjectDocument::ClipMimeType = QStringLiteral("application/x-gantry-items");

namespace {

const Scenario& emptyScenario()
{
    static const Scenario empty;
    return empty;
}

} // namespace

ProjectDocument::ProjectDocument(QObject* parent) : QObject(parent), m_undo(new QUndoStack(this))
{
    qRegisterMetaType<gantry::ui::DocumentChange>();
    connect(m_undo, &QUndoStack::cleanChanged, this, [this] { emitModified(); });
}

ProjectDocument::~ProjectDocument()
{
    // The stack's destructor clears it and signals; nobody may hear that from a document that
    // is half gone.
    blockSignals(true);
    m_undo->blockSignals(true);
    delete m_undo;
    m_undo = nullptr;
}

// --- project ---------------------------------------------------------------------------------
// The file itself is ProjectFile's; the document keeps the undo stack and the signals in step.

void ProjectDocument::reset(std::vector<ScenarioEntry> entries, const QString& path, bool modified,
                            std::optional<std::vector<Problem>> problems)
{
    m_undo->clear();
    m_entries = std::move(entries);
    m_current = m_entries.empty() ? -1 : 0;
    m_selection = {};
    m_problemsValid = problems.has_value() && m_current >= 0;
    if (m_problemsValid)
        m_problems = std::move(*problems);
    const bool pathChange = m_path != path;
    m_path = path;
    m_readOnly = false;
    m_baseModified = modified;
    emit changed({DocumentChange::Kind::Project, -1});
    emit selectionChanged();
    emit problemsChanged();
    if (pathChange)
        emit pathChanged(m_path);
    emitModified();
}

void ProjectDocument::clear()
{
    reset({}, QString(), false);
}

void ProjectDocument::resetToScenario(Scenario scenario, Checked checked)
{
    std::optional<std::vector<Problem>> problems;
    if (checked == Checked::ByReader)
        problems = ScenarioValidator::checkFields(scenario);
    resetTo(std::move(scenario), std::move(problems));
}

void ProjectDocument::resetToScenario(Scenario scenario, std::vector<Problem> fieldProblems)
{
    resetTo(std::move(scenario), std::move(fieldProblems));
}

void ProjectDocument::resetTo(Scenario scenario, std::optional<std::vector<Problem>> problems)
{
    ScenarioEntry e;
    e.setScenario(std::move(scenario));
    std::vector<ScenarioEntry> entries;
    entries.push_back(std::move(e));
    reset(std::move(entries), QString(), true, std::move(problems));
}

Status ProjectDocument::openProject(const QString& path)
{
    auto opened = ProjectFile::open(path, m_fileRunner);
    if (!opened)
        return opened.error();
    const bool any = !opened.value().entries.empty();
    reset(std::move(opened.value().entries), path, false,
          any ? std::optional(std::move(opened.value().problems)) : std::nullopt);
    m_readOnly = opened.value().readOnly;
    return {};
}

Result<int> ProjectDocument::save()
{
    if (m_path.isEmpty())
        return Error::invalid(tr("The project has no file yet: use File > Save As."));
    auto saved = ProjectFile::save(m_path, m_entries, m_fileRunner);
    if (!saved)
        return saved.error();
    savedAs(m_path);
    return saved.value();
}

Status ProjectDocument::saveAs(const QString& path)
{
    const Status saved = ProjectFile::saveAs(m_path, path, m_entries, m_fileRunner);
    if (!saved)
        return saved;
    m_readOnly = false; // a file just written by this process
    savedAs(path);
    return {};
}

void ProjectDocument::savedAs(const QString& path)
{
    const bool pathChange = m_path != path;
    m_path = path;
    m_undo->setClean();
    setBaseModified(false);
    emit changed({DocumentChange::Kind::Runs, -1});
    if (pathChange)
        emit pathChanged(m_path);
    emitModified();
}

bool ProjectDocument::isModified() const
{
    return m_baseModified || !m_undo->isClean() || unsavedRunCount() > 0 || unsavedSweepCount() > 0;
}

void ProjectDocument::setBaseModified(bool modified)
{
    m_baseModified = modified;
}

void ProjectDocument::emitModified()
{
    const bool now = isModified();
    if (now == m_lastModified)
        return;
    m_lastModified = now;
    emit modifiedChanged(now);
}

// --- scenarios and runs ---------------------------------------------------------------------

std::vector<Scenario> ProjectDocument::scenarios() const
{
    std::vector<Scenario> out;
    out.reserve(m_entries.size());
    for (const ScenarioEntry& e : m_entries)
        out.push_back(e.scenario());
    return out;
}

bool ProjectDocument::setCurrentIndex(int index)
{
    if (index < -1 || index >= int(m_entries.size()))
        return false;
    if (index == m_current)
        return true;
    m_current = index;
    m_selection = {};
    m_problemsValid = false;
    emit changed({DocumentChange::Kind::Current, index});
    emit selectionChanged();
    emit problemsChanged();
    return true;
}

const Scenario& ProjectDocument::current() const
{
    return m_current >= 0 ? m_entries[std::size_t(m_current)].scenario() : emptyScenario();
}

void ProjectDocument::addRun(int i, DocumentRun run)
{
    if (i < 0 || i >= int(m_entries.size()))
        return;
    if (!m_runRecords.addRun(m_entries[std::size_t(i)], std::move(run)))
        return; // recorded in the project already
    emit changed({DocumentChange::Kind::Runs, i});
    emitModified();
}

void ProjectDocument::addSweep(int i, const Scenario& base, const QByteArray& sweepJson)
{
    if (i < 0 || i >= scenarioCount())
        return;
    RunRecords::addSweep(m_entries[std::size_t(i)], base, sweepJson);
    emitModified();
}

int ProjectDocument::addScenario(const Scenario& scenario, const QString& text)
{
    ScenarioEntry e;
    e.setScenario(scenario);
    e.edit().cluster.finalize();
    const int index = int(m_entries.size());
    m_undo->push(new ScenarioListCommand(this, index, std::move(e), text));
    return index;
}

void ProjectDocument::insertEntry(int index, ScenarioEntry entry)
{
    m_entries.insert(m_entries.begin() + index, std::move(entry));
    if (m_current >= index)
        ++m_current;
    emit changed({DocumentChange::Kind::Scenarios, index});
    emitModified();
}

ScenarioEntry ProjectDocument::takeEntry(int index)
{
    ScenarioEntry e = std::move(m_entries[std::size_t(index)]);
    m_entries.erase(m_entries.begin() + index);
    if (m_current == index) {
        m_current = -1;
        m_selection = {};
        m_problemsValid = false;
        emit selectionChanged();
        emit problemsChanged();
    } else if (m_current > index) {
        --m_current;
    }
    emit changed({DocumentChange::Kind::Scenarios, index});
    emitModified();
    return e;
}

// --- selection and problems -----------------------------------------------------------------

void ProjectDocument::setSelection(const Selection& selection)
{
    Selection s = selection;
    EditValues::normalise(s.indices);
    const Scenario& sc = current();
    const int limit = s.kind == Selection::Kind::Rack     ? int(sc.cluster.racks.size())
                      : s.kind == Selection::Kind::Server ? int(sc.cluster.servers.size())
                      : s.kind == Selection::Kind::Job    ? int(sc.jobs.size())
                                                          : 0;
    std::erase_if(s.indices, [limit](int i) { return i < 0 || i >= limit; });
    if (s.indices.empty())
        s = {};
    if (s == m_selection)
        return;
    m_selection = std::move(s);
    emit selectionChanged();
}

void ProjectDocument::selectAll(Selection::Kind kind)
{
    const Scenario& sc = current();
    const int n = kind == Selection::Kind::Rack     ? int(sc.cluster.racks.size())
                  : kind == Selection::Kind::Server ? int(sc.cluster.servers.size())
                  : kind == Selection::Kind::Job    ? int(sc.jobs.size())
                                                    : 0;
    Selection s{kind, {}};
    s.indices.resize(std::size_t(n));
    for (int i = 0; i < n; ++i)
        s.indices[std::size_t(i)] = i;
    setSelection(s);
}

const std::vector<Problem>& ProjectDocument::problems() const
{
    if (!m_problemsValid) {
        m_problems = hasCurrent() ? ScenarioValidator::validate(current()) : std::vector<Problem>{};
        m_problemsValid = true;
    }
    return m_problems;
}

std::vector<Problem> ProjectDocument::problemsOf(Selection::Kind kind, int index) const
{
    std::vector<Problem> out;
    for (const Problem& p : problems())
        if (p.target == kind && p.index == index)
            out.push_back(p);
    return out;
}

std::shared_ptr<const Scenario> ProjectDocument::snapshot(int i) const
{
    return m_entries.at(std::size_t(i)).shared();
}

storage::LastHashes::Hashes ProjectDocument::scenarioHashes(int i) const
{
    const ScenarioEntry& e = m_entries.at(std::size_t(i));
    if (!e.dirty && e.hashes)
        return *e.hashes;
    return storage::ProjectStore::hashes(e.scenario());
}

// --- command plumbing -----------------------------------------------------------------------

void ProjectDocument::edited(int scenario)
{
    ScenarioEntry& e = m_entries[std::size_t(scenario)];
    e.dirty = true;
    e.hashes.reset();
}

void ProjectDocument::contentChanged(int scenario, DocumentChange::Kind kind)
{
    edited(scenario);
    if (scenario == m_current)
        m_problemsValid = false;
    emit changed({kind, scenario});
    if (scenario == m_current)
        emit problemsChanged();
    emitModified();
}

void ProjectDocument::applyCluster(int scenario, const Cluster& cluster, const Selection& select)
{
    Scenario& s = m_entries[std::size_t(scenario)].edit();
    s.cluster = cluster;
    s.cluster.finalize();
    // Model jobs that did not fit before may fit now (and the other way round).
    for (Job& j : s.jobs)
        if (j.kind == JobKind::Model &&
            (long long)j.graph.workers.size() != j.parallelism.workers())
            JobBuilder::rebuildGraph(s, j);
    if (scenario == m_current)
        m_selection = {}; // indices may have moved; select afresh below
    contentChanged(scenario, DocumentChange::Kind::Cluster);
    if (scenario == m_current)
        setSelection(select);
    emit selectionChanged();
}

void ProjectDocument::applyJobSteps(int scenario, const std::vector<JobsCommand::Step>& steps,
                                    bool reverse, const Selection& select)
{
    std::vector<Job>& jobs = m_entries[std::size_t(scenario)].edit().jobs;
    using Kind = JobsCommand::Step::Kind;
    auto apply = [&](const JobsCommand::Step& s, bool back) {
        const Kind k = !back                    ? s.kind
                       : s.kind == Kind::Insert ? Kind::Remove
                       : s.kind == Kind::Remove ? Kind::Insert
                                                : Kind::Replace;
        const Job& incoming = back ? s.before : s.after;
        switch (k) {
        case Kind::Insert:
            jobs.insert(jobs.begin() + s.index, back ? s.before : s.after);
            break;
        case Kind::Remove:
            jobs.erase(jobs.begin() + s.index);
            break;
        case Kind::Replace:
            jobs[std::size_t(s.index)] = incoming;
            break;
        }
    };
    if (reverse)
        for (auto it = steps.rbegin(); it != steps.rend(); ++it)
            apply(*it, true);
    else
        for (const auto& s : steps)
            apply(s, false);
    if (scenario == m_current)
        m_selection = {};
    contentChanged(scenario, DocumentChange::Kind::Jobs);
    if (scenario == m_current)
        setSelection(select);
    emit selectionChanged();
}

void ProjectDocument::ensureScenario()
{
    if (hasCurrent())
        return;
    Scenario s;
    s.name = tr("untitled");
    addScenario(s, tr("New scenario"));
}

// --- cluster edits (ClusterEdits computes them) ----------------------------------------------

void ProjectDocument::pushCluster(std::optional<ClusterEdits::Edit> edit)
{
    if (edit)
        m_undo->push(new ClusterCommand(this, m_current, edit->text, current().cluster,
                                        std::move(edit->after), m_selection, edit->select));
}

int ProjectDocument::addRack()
{
    m_undo->beginMacro(tr("Add rack"));
    ensureScenario();
    ClusterEdits::Edit edit = ClusterEdits::addRack(current().cluster);
    const int index = edit.select.indices.front();
    pushCluster(std::move(edit));
    m_undo->endMacro();
    return index;
}

int ProjectDocument::addServer(int rack, const QString& gpuType, int gpus)
{
    if (!FieldRules::check(Selection::Kind::Server, QStringLiteral("gpus"), gpus).ok())
        return -1;
    if (!ClusterEdits::addServer(current().cluster, rack, gpuType, gpus))
        return -1; // a GPU type known nowhere
    m_undo->beginMacro(tr("Add server"));
    ensureScenario();
    auto edit = ClusterEdits::addServer(current().cluster, rack, gpuType, gpus);
    const int at = edit->select.indices.front();
    pushCluster(std::move(edit));
    m_undo->endMacro();
    return at;
}

bool ProjectDocument::removeRacks(std::vector<int> racks)
{
    auto edit = ClusterEdits::removeRacks(current().cluster, std::move(racks));
    const bool done = edit.has_value();
    pushCluster(std::move(edit));
    return done;
}

bool ProjectDocument::removeServers(std::vector<int> servers)
{
    auto edit = ClusterEdits::removeServers(current().cluster, std::move(servers));
    const bool done = edit.has_value();
    pushCluster(std::move(edit));
    return done;
}

bool ProjectDocument::moveServers(std::vector<int> servers, int rack)
{
    auto edit = ClusterEdits::moveServers(current().cluster, std::move(servers), rack);
    const bool done = edit.has_value();
    pushCluster(std::move(edit));
    return done;
}

bool ProjectDocument::setRackField(int rack, const QString& field, const QVariant& input)
{
    const FieldRules::Outcome checked = FieldRules::check(Selection::Kind::Rack, field, input);
    if (!checked.ok())
        return false; // never a value the scenario file would refuse (the panel says why)
    auto edit =
        ClusterEdits::setRackField(current().cluster, rack, field, checked.value, m_selection);
    const bool done = edit.has_value();
    pushCluster(std::move(edit));
    return done;
}

bool ProjectDocument::setServerField(std::vector<int> servers, const QString& field,
                                     const QVariant& input)
{
    const FieldRules::Outcome checked = FieldRules::check(Selection::Kind::Server, field, input);
    if (!checked.ok())
        return false; // never a value the scenario file would refuse (the panel says why)
    if (field == QLatin1String("rack")) {
        int rack = 0;
        return EditValues::toInt(checked.value, &rack) && moveServers(std::move(servers), rack);
    }
    auto edit = ClusterEdits::setServerField(current().cluster, std::move(servers), field,
                                             checked.value, m_selection);
    const bool done = edit.has_value();
    pushCluster(std::move(edit));
    return done;
}

std::vector<int> ProjectDocument::replicasOf(int server) const
{
    return ClusterEdits::replicasOf(current().cluster, server);
}

bool ProjectDocument::setServerCount(int server, int count)
{
    auto edit = ClusterEdits::setServerCount(current().cluster, server, count);
    const bool done = edit.has_value();
    pushCluster(std::move(edit));
    return done;
}

bool ProjectDocument::setScenarioName(const QString& name)
{
    if (!hasCurrent() || current().name == name ||
        !FieldRules::check(Selection::Kind::None, QStringLiteral("name"), name).ok())
        return false;
    m_undo->push(new ScenarioNameCommand(this, m_current, current().name, name));
    return true;
}

void ProjectDocument::applyScenarioName(int scenario, const QString& name)
{
    m_entries[std::size_t(scenario)].edit().name = name;
    edited(scenario);
    emit changed({DocumentChange::Kind::Scenarios, scenario});
    emitModified();
}

// --- job edits (JobEdits computes them) ------------------------------------------------------

void ProjectDocument::pushJobs(std::optional<JobEdits::Edit> edit)
{
    if (edit)
        m_undo->push(new JobsCommand(this, m_current, edit->text, std::move(edit->steps),
                                     m_selection, edit->select));
}

int ProjectDocument::addJob(Job job)
{
    m_undo->beginMacro(tr("Add job"));
    ensureScenario();
    JobEdits::Edit edit = JobEdits::addJob(current(), std::move(job));
    const int index = edit.select.indices.front();
    pushJobs(std::move(edit));
    m_undo->endMacro();
    return index;
}

bool ProjectDocument::removeJobs(std::vector<int> jobs)
{
    auto edit = JobEdits::removeJobs(current(), std::move(jobs));
    const bool done = edit.has_value();
    pushJobs(std::move(edit));
    return done;
}

bool ProjectDocument::setJobField(int index, const QString& field, const QVariant& input)
{
    const FieldRules::Outcome checked = FieldRules::check(Selection::Kind::Job, field, input);
    if (!checked.ok())
        return false; // never a value the scenario file would refuse (the panel says why)
    auto edit = JobEdits::setJobField(current(), index, field, checked.value, m_selection);
    const bool done = edit.has_value();
    pushJobs(std::move(edit));
    return done;
}

// --- clipboard (DocumentClipboard reads and writes it) ---------------------------------------

QMimeData* ProjectDocument::copySelection() const
{
    return hasCurrent() ? DocumentClipboard::copy(current(), m_selection) : nullptr;
}

bool ProjectDocument::canPaste(const QMimeData* data)
{
    return DocumentClipboard::canPaste(data);
}

Status ProjectDocument::paste(const QMimeData* data)
{
    const auto clip = DocumentClipboard::read(data);
    if (!clip)
        return clip.error();
    const QString kind = DocumentClipboard::kind(clip.value());
    if (kind == QLatin1String("jobs")) {
        const auto jobs = DocumentClipboard::jobs(clip.value());
        if (!jobs)
            return jobs.error();
        m_undo->beginMacro(tr("Paste %n job(s)", nullptr, int(jobs.value().size())));
        ensureScenario();
        pushJobs(JobEdits::insertJobs(current(), jobs.value()));
        m_undo->endMacro();
        return {};
    }
    if (kind != QLatin1String("racks") && kind != QLatin1String("servers"))
        return Error::invalid(tr("clipboard: unknown kind of items \"%1\"").arg(kind));
    if (const QString refused = DocumentClipboard::refusal(clip.value()); !refused.isEmpty())
        return Error::invalid(refused);
    m_undo->beginMacro(tr("Paste"));
    ensureScenario();
    pushCluster(DocumentClipboard::pasteItems(current().cluster, clip.value(), m_selection));
    m_undo->endMacro();
    return {};
}

bool ProjectDocument::deleteSelection()
{
    const Selection s = m_selection;
    switch (s.kind) {
    case Selection::Kind::Rack:
        return removeRacks(s.indices);
    case Selection::Kind::Server:
        return removeServers(s.indices);
    case Selection::Kind::Job:
        return removeJobs(s.indices);
    case Selection::Kind::None:
        break;
    }
    return false;
}

} // namespace gantry::ui
