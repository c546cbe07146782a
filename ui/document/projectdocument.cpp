#include "projectdocument.h"

#include "clustercommand.h"
#include "fieldlabels.h"
#include "fieldrules.h"
#include "jobbuilder.h"
#include "scenariolistcommand.h"
#include "scenarionamecommand.h"
#include "scenariovalidator.h"

#include "io/gpucatalogue.h"
#include "io/scenarioreader.h"
#include "io/scenariowriter.h"
#include "storage/projectstore.h"
#include "storage/runconfigjson.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMimeData>
#include <QRegularExpression>
#include <QSet>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gantry::ui {

const QString ProjectDocument::ClipMimeType = QStringLiteral("application/x-gantry-items");

namespace {

constexpr double DefaultUplinkGbps = 1600.0;
constexpr double DefaultIntraGBps = 600.0;
constexpr double DefaultNicGbps = 200.0;
constexpr int MaxServerCount = 4096;

const Scenario& emptyScenario()
{
    static const Scenario empty;
    return empty;
}

void normalise(std::vector<int>& v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

// name, or name-2, name-3, ... whichever is not in used.
QString freshName(const QString& name, const QSet<QString>& used)
{
    if (!used.contains(name))
        return name;
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1-%2").arg(name).arg(n);
        if (!used.contains(candidate))
            return candidate;
    }
}

QString numberedName(const QString& prefix, const QSet<QString>& used, int start)
{
    for (int n = start;; ++n) {
        const QString candidate = prefix + QString::number(n);
        if (!used.contains(candidate))
            return candidate;
    }
}

QSet<QString> rackNames(const Cluster& c)
{
    QSet<QString> s;
    for (const Rack& r : c.racks)
        s.insert(r.name);
    return s;
}

QSet<QString> serverNames(const Cluster& c)
{
    QSet<QString> s;
    for (const Server& r : c.servers)
        s.insert(r.name);
    return s;
}

// Index of the GPU type called name in c, adding it from the catalogue (or from fallback) if
// needed; -1 when it is known nowhere.
int gpuTypeIndex(Cluster& c, const QString& name, const std::optional<GpuType>& fallback = {})
{
    for (std::size_t i = 0; i < c.gpuTypes.size(); ++i)
        if (c.gpuTypes[i].name == name)
            return int(i);
    std::optional<GpuType> t = GpuCatalogue::find(name);
    if (!t)
        t = fallback;
    if (!t)
        return -1;
    c.gpuTypes.push_back(*t);
    return int(c.gpuTypes.size()) - 1;
}

bool toDouble(const QVariant& v, double* out)
{
    bool ok = false;
    const double d = v.toDouble(&ok);
    if (ok)
        *out = d;
    return ok;
}

bool toInt(const QVariant& v, int* out)
{
    bool ok = false;
    const qlonglong n = v.toLongLong(&ok);
    if (!ok || n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max())
        return false;
    *out = int(n);
    return true;
}

// Rebuilds c after removing the servers flagged in drop, keeping the others in order.
void dropServers(Cluster& c, const std::vector<bool>& drop)
{
    std::vector<Server> kept;
    for (std::size_t i = 0; i < c.servers.size(); ++i)
        if (!drop[i])
            kept.push_back(c.servers[i]);
    c.servers = std::move(kept);
}

// Base name and number of a replica name "base-k".
bool replicaName(const QString& name, QString* base, int* k)
{
    static const QRegularExpression re(QStringLiteral(R"(^(.+)-(\d+)$)"));
    const auto m = re.match(name);
    if (!m.hasMatch())
        return false;
    *base = m.captured(1);
    *k = m.captured(2).toInt();
    return true;
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

void ProjectDocument::reset(std::vector<ScenarioEntry> entries, const QString& path, bool modified)
{
    m_undo->clear();
    m_entries = std::move(entries);
    m_current = m_entries.empty() ? -1 : 0;
    m_selection = {};
    m_problemsValid = false;
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

void ProjectDocument::resetToScenario(const Scenario& scenario)
{
    ScenarioEntry e;
    e.scenario = scenario;
    std::vector<ScenarioEntry> entries;
    entries.push_back(std::move(e));
    reset(std::move(entries), QString(), true);
}

Status ProjectDocument::openProject(const QString& path)
{
    auto store = storage::ProjectStore::open(path);
    if (!store)
        return store.error();
    auto stored = store.value()->scenarios();
    if (!stored)
        return stored.error();
    auto runs = store.value()->runs();
    if (!runs)
        return runs.error();
    std::vector<ScenarioEntry> entries;
    for (const auto& s : stored.value()) {
        ScenarioEntry e;
        e.scenario = s.scenario;
        e.storedId = s.id;
        for (const auto& r : runs.value())
            if (r.scenarioId == s.id)
                e.storedRuns.push_back(r);
        entries.push_back(std::move(e));
    }
    reset(std::move(entries), path, false);
    m_readOnly = store.value()->readOnly();
    return {};
}

void ProjectDocument::reloadStoredRuns(const QString& path)
{
    auto store = storage::ProjectStore::open(path);
    if (!store)
        return;
    auto runs = store.value()->runs();
    if (!runs)
        return;
    for (ScenarioEntry& e : m_entries) {
        e.storedRuns.clear();
        for (const auto& r : runs.value())
            if (r.scenarioId == e.storedId)
                e.storedRuns.push_back(r);
    }
}

namespace {

storage::ProjectChanges changesOf(const std::vector<ScenarioEntry>& entries,
                                  std::vector<int>* added)
{
    storage::ProjectChanges changes;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const ScenarioEntry& e = entries[i];
        if (e.storedId == 0) {
            changes.addScenarios.push_back(e.scenario);
            added->push_back(int(i));
        } else if (e.dirty) {
            changes.replaceScenarios.emplace_back(e.storedId, e.scenario);
        }
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const ScenarioEntry& e = entries[i];
        const Scenario* last = nullptr;
        // The runs belong to this entry's row, whatever version of it they ran.
        const auto addedAt = std::find(added->begin(), added->end(), int(i));
        for (const DocumentRun& r : e.runs) {
            if (r.saved)
                continue;
            const Scenario* ran = r.ranOn ? r.ranOn.get() : &e.scenario;
            if (changes.runs.empty() || last != ran) {
                storage::RecordedRuns runs{*ran, {}, true};
                runs.scenarioId = e.storedId;
                if (addedAt != added->end())
                    runs.addedIndex = int(addedAt - added->begin());
                changes.runs.push_back(std::move(runs));
            }
            last = ran;
            changes.runs.back().results.push_back(r.result);
        }
    }
    return changes;
}

} // namespace

Result<int> ProjectDocument::save()
{
    if (m_path.isEmpty())
        return Error::invalid(tr("The project has no file yet: use File > Save As."));
    auto store =
        storage::ProjectStore::open(m_path, storage::ProjectStore::OpenMode::CreateIfMissing);
    if (!store)
        return store.error();
    std::vector<int> added;
    const storage::ProjectChanges changes = changesOf(m_entries, &added);
    auto saved = store.value()->save(changes);
    if (!saved)
        return saved.error();
    for (std::size_t k = 0; k < added.size() && k < saved.value().scenarioIds.size(); ++k)
        m_entries[std::size_t(added[k])].storedId = saved.value().scenarioIds[k];
    for (ScenarioEntry& e : m_entries) {
        e.dirty = false;
        for (DocumentRun& r : e.runs)
            r.saved = true;
    }
    store.value().reset();
    reloadStoredRuns(m_path);
    m_undo->setClean();
    setBaseModified(false);
    emit changed({DocumentChange::Kind::Runs, -1});
    emitModified();
    return int(saved.value().runIds.size());
}

Status ProjectDocument::saveAs(const QString& path)
{
    // Written under a temporary name and renamed over path: a failure leaves path as it was.
    const QString tmp = path + QStringLiteral(".saving");
    for (const QString& f : {tmp, tmp + QStringLiteral("-wal"), tmp + QStringLiteral("-shm")})
        QFile::remove(f);
    Status status;
    const bool fromFile = !m_path.isEmpty() && QFileInfo::exists(m_path);
    if (fromFile) {
        auto current = storage::ProjectStore::open(m_path);
        status = current ? current.value()->copyTo(tmp) : Status(current.error());
    }
    std::vector<ScenarioEntry> entries = m_entries;
    if (!fromFile)
        for (ScenarioEntry& e : entries)
            e.storedId = 0; // the ids of another file mean nothing in a new one
    std::vector<int> added;
    Result<storage::SaveReport> report = storage::SaveReport{};
    if (status) {
        auto store =
            storage::ProjectStore::open(tmp, storage::ProjectStore::OpenMode::CreateIfMissing);
        if (!store) {
            status = store.error();
        } else {
            report = store.value()->save(changesOf(entries, &added));
            if (!report)
                status = report.error();
        }
    }
    if (status) {
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
        if (std::rename(QFile::encodeName(tmp).constData(), QFile::encodeName(path).constData()) !=
            0)
            status = Error::invalid(tr("%1: cannot be written").arg(path));
    }
    if (!status) {
        QFile::remove(tmp);
        return Error{status.error().kind, QString(status.error().message).replace(tmp, path)};
    }
    for (std::size_t k = 0; k < added.size() && k < report.value().scenarioIds.size(); ++k)
        entries[std::size_t(added[k])].storedId = report.value().scenarioIds[k];
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        m_entries[i].storedId = entries[i].storedId;
        m_entries[i].dirty = false;
        for (DocumentRun& r : m_entries[i].runs)
            r.saved = true;
    }
    const bool pathChange = m_path != path;
    m_path = path;
    m_readOnly = false; // a file just written by this process
    reloadStoredRuns(m_path);
    m_undo->setClean();
    setBaseModified(false);
    emit changed({DocumentChange::Kind::Runs, -1});
    if (pathChange)
        emit pathChanged(m_path);
    emitModified();
    return {};
}

bool ProjectDocument::isModified() const
{
    return m_baseModified || !m_undo->isClean() || unsavedRunCount() > 0;
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
        out.push_back(e.scenario);
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
    return m_current >= 0 ? m_entries[std::size_t(m_current)].scenario : emptyScenario();
}

void ProjectDocument::addRun(int i, DocumentRun run)
{
    if (i < 0 || i >= int(m_entries.size()))
        return;
    ScenarioEntry& e = m_entries[std::size_t(i)];
    const Scenario& ran = run.ranOn ? *run.ranOn : e.scenario;
    // Runs are deterministic: the same configuration on the same scenario is the same run, so
    // running it again neither lists nor records it twice.
    const auto same = [&](const DocumentRun& r) {
        if (r.saved || !(r.result.config == run.result.config))
            return false;
        const Scenario& other = r.ranOn ? *r.ranOn : e.scenario;
        return &other == &ran || other == ran;
    };
    std::erase_if(e.runs, same);
    bool stored = false;
    for (const storage::StoredRun& r : e.storedRuns) {
        auto config = storage::RunConfigJson::fromJson(r.config);
        if (config && config.value() == run.result.config) {
            if (!m_hashValid || m_hashed != run.ranOn) { // one hash per comparison
                m_hashValid = true;
                m_hashed = run.ranOn;
                m_hashedContent = storage::ProjectStore::contentHash(ran);
                m_hashedFull = storage::ProjectStore::scenarioHash(ran);
            }
            stored = stored || r.scenarioHash == m_hashedContent || r.scenarioHash == m_hashedFull;
        }
    }
    if (stored)
        return; // recorded in the project already
    e.runs.push_back(std::move(run));
    emit changed({DocumentChange::Kind::Runs, i});
    emitModified();
}

int ProjectDocument::unsavedRunCount() const
{
    int n = 0;
    for (const ScenarioEntry& e : m_entries)
        for (const DocumentRun& r : e.runs)
            n += r.saved ? 0 : 1;
    return n;
}

int ProjectDocument::addScenario(const Scenario& scenario, const QString& text)
{
    ScenarioEntry e;
    e.scenario = scenario;
    e.scenario.cluster.finalize();
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
    normalise(s.indices);
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

// --- command plumbing -----------------------------------------------------------------------

void ProjectDocument::contentChanged(int scenario, DocumentChange::Kind kind)
{
    m_entries[std::size_t(scenario)].dirty = true;
    if (scenario == m_current)
        m_problemsValid = false;
    emit changed({kind, scenario});
    if (scenario == m_current)
        emit problemsChanged();
    emitModified();
}

void ProjectDocument::applyCluster(int scenario, const Cluster& cluster, const Selection& select)
{
    Cluster& c = m_entries[std::size_t(scenario)].scenario.cluster;
    c = cluster;
    c.finalize();
    // Model jobs that did not fit before may fit now (and the other way round).
    for (Job& j : m_entries[std::size_t(scenario)].scenario.jobs)
        if (j.kind == JobKind::Model &&
            (long long)j.graph.workers.size() != j.parallelism.workers())
            JobBuilder::rebuildGraph(m_entries[std::size_t(scenario)].scenario, j);
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
    std::vector<Job>& jobs = m_entries[std::size_t(scenario)].scenario.jobs;
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

void ProjectDocument::pushCluster(const QString& text, Cluster after, const Selection& select)
{
    m_undo->push(new ClusterCommand(this, m_current, text, current().cluster, std::move(after),
                                    m_selection, select));
}

void ProjectDocument::pushJobs(const QString& text, std::vector<JobsCommand::Step> steps,
                               const Selection& select)
{
    m_undo->push(new JobsCommand(this, m_current, text, std::move(steps), m_selection, select));
}

// --- cluster edits --------------------------------------------------------------------------

int ProjectDocument::addRack()
{
    m_undo->beginMacro(tr("Add rack"));
    ensureScenario();
    Cluster c = current().cluster;
    Rack r;
    r.name = numberedName(QStringLiteral("r"), rackNames(c), int(c.racks.size()));
    r.uplinkGbps = DefaultUplinkGbps;
    c.racks.push_back(r);
    const int index = int(c.racks.size()) - 1;
    pushCluster(tr("Add rack %1").arg(r.name), std::move(c), {Selection::Kind::Rack, {index}});
    m_undo->endMacro();
    return index;
}

int ProjectDocument::addServer(int rack, const QString& gpuType, int gpus)
{
    if (!FieldRules::check(Selection::Kind::Server, QStringLiteral("gpus"), gpus).ok())
        return -1;
    Cluster probe = current().cluster;
    if (gpuTypeIndex(probe, gpuType) < 0)
        return -1;
    m_undo->beginMacro(tr("Add server"));
    ensureScenario();
    Cluster c = current().cluster;
    if (rack < 0 || rack >= int(c.racks.size())) {
        Rack r;
        r.name = numberedName(QStringLiteral("r"), rackNames(c), int(c.racks.size()));
        r.uplinkGbps = DefaultUplinkGbps;
        c.racks.push_back(r);
        rack = int(c.racks.size()) - 1;
    }
    Server s;
    s.name = numberedName(QStringLiteral("s"), serverNames(c), int(c.servers.size()));
    s.rack = rack;
    s.gpuType = gpuTypeIndex(c, gpuType);
    s.gpus = gpus;
    s.intraGBps = DefaultIntraGBps;
    s.nicGbps = DefaultNicGbps;
    // After the rack's last server, so that a rack's servers stay together.
    int at = int(c.servers.size());
    for (int i = int(c.servers.size()) - 1; i >= 0; --i)
        if (c.servers[std::size_t(i)].rack == rack) {
            at = i + 1;
            break;
        }
    c.servers.insert(c.servers.begin() + at, s);
    const QString text = tr("Add server %1 (%2 x %3)").arg(s.name).arg(gpus).arg(gpuType);
    pushCluster(text, std::move(c), {Selection::Kind::Server, {at}});
    m_undo->endMacro();
    return at;
}

bool ProjectDocument::removeRacks(std::vector<int> racks)
{
    normalise(racks);
    Cluster c = current().cluster;
    std::erase_if(racks, [&](int r) { return r < 0 || r >= int(c.racks.size()); });
    if (racks.empty())
        return false;
    std::vector<int> newIndex(c.racks.size(), -1);
    std::vector<Rack> kept;
    for (std::size_t r = 0; r < c.racks.size(); ++r)
        if (!std::binary_search(racks.begin(), racks.end(), int(r))) {
            newIndex[r] = int(kept.size());
            kept.push_back(c.racks[r]);
        }
    std::vector<bool> drop(c.servers.size(), false);
    for (std::size_t i = 0; i < c.servers.size(); ++i) {
        const int r = c.servers[i].rack;
        drop[i] = r < 0 || r >= int(newIndex.size()) || newIndex[std::size_t(r)] < 0;
        if (!drop[i])
            c.servers[i].rack = newIndex[std::size_t(r)];
    }
    dropServers(c, drop);
    c.racks = std::move(kept);
    pushCluster(racks.size() == 1
                    ? tr("Remove rack %1").arg(current().cluster.racks[std::size_t(racks[0])].name)
                    : tr("Remove %1 racks").arg(racks.size()),
                std::move(c), {});
    return true;
}

bool ProjectDocument::removeServers(std::vector<int> servers)
{
    normalise(servers);
    Cluster c = current().cluster;
    std::erase_if(servers, [&](int s) { return s < 0 || s >= int(c.servers.size()); });
    if (servers.empty())
        return false;
    std::vector<bool> drop(c.servers.size(), false);
    for (int s : servers)
        drop[std::size_t(s)] = true;
    const QString text = servers.size() == 1
                             ? tr("Remove server %1").arg(c.servers[std::size_t(servers[0])].name)
                             : tr("Remove %1 servers").arg(servers.size());
    dropServers(c, drop);
    pushCluster(text, std::move(c), {});
    return true;
}

bool ProjectDocument::moveServers(std::vector<int> servers, int rack)
{
    normalise(servers);
    Cluster c = current().cluster;
    std::erase_if(servers, [&](int s) { return s < 0 || s >= int(c.servers.size()); });
    if (servers.empty() || rack < 0 || rack >= int(c.racks.size()))
        return false;
    if (std::all_of(servers.begin(), servers.end(),
                    [&](int s) { return c.servers[std::size_t(s)].rack == rack; }))
        return false;
    std::vector<Server> moved;
    std::vector<bool> drop(c.servers.size(), false);
    for (int s : servers) {
        moved.push_back(c.servers[std::size_t(s)]);
        moved.back().rack = rack;
        drop[std::size_t(s)] = true;
    }
    dropServers(c, drop);
    int at = int(c.servers.size());
    for (int i = int(c.servers.size()) - 1; i >= 0; --i)
        if (c.servers[std::size_t(i)].rack == rack) {
            at = i + 1;
            break;
        }
    c.servers.insert(c.servers.begin() + at, moved.begin(), moved.end());
    Selection sel{Selection::Kind::Server, {}};
    for (int k = 0; k < int(moved.size()); ++k)
        sel.indices.push_back(at + k);
    const QString text =
        moved.size() == 1
            ? tr("Move server %1 to %2").arg(moved[0].name, c.racks[std::size_t(rack)].name)
            : tr("Move %1 servers to %2").arg(moved.size()).arg(c.racks[std::size_t(rack)].name);
    pushCluster(text, std::move(c), sel);
    return true;
}

bool ProjectDocument::setRackField(int rack, const QString& field, const QVariant& input)
{
    const FieldRules::Outcome checked = FieldRules::check(Selection::Kind::Rack, field, input);
    if (!checked.ok())
        return false; // never a value the scenario file would refuse (the panel says why)
    const QVariant& value = checked.value;
    Cluster c = current().cluster;
    if (rack < 0 || rack >= int(c.racks.size()))
        return false;
    Rack& r = c.racks[std::size_t(rack)];
    const Rack before = r;
    if (field == QLatin1String("name")) {
        r.name = value.toString();
    } else if (field == QLatin1String("uplink_gbps")) {
        if (!toDouble(value, &r.uplinkGbps))
            return false;
    } else {
        return false;
    }
    if (r == before)
        return false;
    pushCluster(tr("Set %1 of rack %2").arg(FieldLabels::of(field), before.name), std::move(c),
                m_selection);
    return true;
}

bool ProjectDocument::setServerField(std::vector<int> servers, const QString& field,
                                     const QVariant& input)
{
    const FieldRules::Outcome checked = FieldRules::check(Selection::Kind::Server, field, input);
    if (!checked.ok())
        return false; // never a value the scenario file would refuse (the panel says why)
    const QVariant& value = checked.value;
    normalise(servers);
    Cluster c = current().cluster;
    std::erase_if(servers, [&](int s) { return s < 0 || s >= int(c.servers.size()); });
    if (servers.empty())
        return false;
    if (field == QLatin1String("rack")) {
        int rack = 0;
        return toInt(value, &rack) && moveServers(servers, rack);
    }
    bool any = false;
    for (int index : servers) {
        Server& s = c.servers[std::size_t(index)];
        const Server before = s;
        if (field == QLatin1String("name")) {
            if (servers.size() != 1)
                return false;
            s.name = value.toString();
        } else if (field == QLatin1String("gpu_type")) {
            const int t = gpuTypeIndex(c, value.toString());
            if (t < 0)
                return false;
            s.gpuType = t;
        } else if (field == QLatin1String("gpus")) {
            if (!toInt(value, &s.gpus))
                return false;
        } else if (field == QLatin1String("intra_GBps")) {
            if (!toDouble(value, &s.intraGBps))
                return false;
        } else if (field == QLatin1String("nic_gbps")) {
            if (!toDouble(value, &s.nicGbps))
                return false;
        } else {
            return false;
        }
        any = any || !(s == before);
    }
    if (!any)
        return false;
    const QString who =
        servers.size() == 1
            ? tr("server %1").arg(current().cluster.servers[std::size_t(servers[0])].name)
            : tr("%1 servers").arg(servers.size());
    pushCluster(tr("Set %1 of %2").arg(FieldLabels::of(field), who), std::move(c), m_selection);
    return true;
}

std::vector<int> ProjectDocument::replicasOf(int server) const
{
    const Cluster& c = current().cluster;
    if (server < 0 || server >= int(c.servers.size()))
        return {};
    const Server& s = c.servers[std::size_t(server)];
    QString base;
    int k = 0;
    if (!replicaName(s.name, &base, &k))
        return {server};
    std::vector<int> group;
    for (std::size_t i = 0; i < c.servers.size(); ++i) {
        Server other = c.servers[i];
        QString otherBase;
        int otherK = 0;
        if (!replicaName(other.name, &otherBase, &otherK) || otherBase != base)
            continue;
        other.name = s.name;
        if (other == s)
            group.push_back(int(i));
    }
    return group;
}

bool ProjectDocument::setServerCount(int server, int count)
{
    const Cluster& now = current().cluster;
    if (server < 0 || server >= int(now.servers.size()) || count < 1 || count > MaxServerCount)
        return false;
    const std::vector<int> group = replicasOf(server);
    if (int(group.size()) == count)
        return false;
    const Server model = now.servers[std::size_t(server)];
    QString base = model.name;
    int k = 0;
    if (group.size() > 1 || replicaName(model.name, &base, &k)) {
        if (!replicaName(model.name, &base, &k))
            base = model.name;
    }
    Cluster c = now;
    std::vector<bool> drop(c.servers.size(), false);
    for (int g : group)
        drop[std::size_t(g)] = true;
    const int at = group.front();
    dropServers(c, drop);
    std::vector<Server> replicas;
    for (int n = 0; n < count; ++n) {
        Server r = model;
        r.name = count == 1 ? base : QStringLiteral("%1-%2").arg(base).arg(n);
        replicas.push_back(r);
    }
    c.servers.insert(c.servers.begin() + at, replicas.begin(), replicas.end());
    Selection sel{Selection::Kind::Server, {at}};
    pushCluster(tr("Set server count of %1 to %2").arg(base).arg(count), std::move(c), sel);
    return true;
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
    m_entries[std::size_t(scenario)].scenario.name = name;
    m_entries[std::size_t(scenario)].dirty = true;
    emit changed({DocumentChange::Kind::Scenarios, scenario});
    emitModified();
}

// --- job edits ------------------------------------------------------------------------------

int ProjectDocument::addJob(Job job)
{
    m_undo->beginMacro(tr("Add job"));
    ensureScenario();
    QSet<QString> ids;
    for (const Job& j : current().jobs)
        ids.insert(j.id);
    if (job.id.trimmed().isEmpty())
        job.id = JobBuilder::freshJobId(current());
    job.id = freshName(job.id, ids);
    const int index = int(current().jobs.size());
    JobsCommand::Step step{JobsCommand::Step::Kind::Insert, index, {}, job};
    pushJobs(tr("Add job %1").arg(job.id), {step}, {Selection::Kind::Job, {index}});
    m_undo->endMacro();
    return index;
}

bool ProjectDocument::removeJobs(std::vector<int> jobs)
{
    normalise(jobs);
    const std::vector<Job>& all = current().jobs;
    std::erase_if(jobs, [&](int j) { return j < 0 || j >= int(all.size()); });
    if (jobs.empty())
        return false;
    std::vector<JobsCommand::Step> steps;
    for (auto it = jobs.rbegin(); it != jobs.rend(); ++it)
        steps.push_back({JobsCommand::Step::Kind::Remove, *it, all[std::size_t(*it)], {}});
    const QString text = jobs.size() == 1 ? tr("Remove job %1").arg(all[std::size_t(jobs[0])].id)
                                          : tr("Remove %1 jobs").arg(jobs.size());
    pushJobs(text, std::move(steps), {});
    return true;
}

bool ProjectDocument::setJobField(int index, const QString& field, const QVariant& input)
{
    const FieldRules::Outcome checked = FieldRules::check(Selection::Kind::Job, field, input);
    if (!checked.ok())
        return false; // never a value the scenario file would refuse (the panel says why)
    const QVariant& value = checked.value;
    const Scenario& sc = current();
    if (index < 0 || index >= int(sc.jobs.size()))
        return false;
    const Job before = sc.jobs[std::size_t(index)];
    Job j = before;
    bool ok = true;
    bool rebuild = false;
    if (field == QLatin1String("id"))
        j.id = value.toString();
    else if (field == QLatin1String("arrival_s"))
        ok = toDouble(value, &j.arrivalS);
    else if (field == QLatin1String("gpus") && j.kind == JobKind::Duration)
        ok = toInt(value, &j.gpus);
    else if (field == QLatin1String("duration_s") && j.kind == JobKind::Duration)
        ok = toDouble(value, &j.durationS);
    else if (field == QLatin1String("iterations") && j.kind != JobKind::Duration)
        ok = toDouble(value, &j.iterations);
    else if (field == QLatin1String("model") && j.kind == JobKind::Model) {
        j.model = value.toString();
        rebuild = true;
    } else if (j.kind == JobKind::Model &&
               (field == QLatin1String("dp") || field == QLatin1String("pp") ||
                field == QLatin1String("tp") || field == QLatin1String("ep"))) {
        int* degree = field == QLatin1String("dp")   ? &j.parallelism.dp
                      : field == QLatin1String("pp") ? &j.parallelism.pp
                      : field == QLatin1String("tp") ? &j.parallelism.tp
                                                     : &j.parallelism.ep;
        ok = toInt(value, degree);
        rebuild = true;
    } else if (field == QLatin1String("predicted_iterations")) {
        double d = 0.0;
        if (!value.isValid() || value.toString().trimmed().isEmpty())
            j.predictedIterations.reset();
        else if ((ok = toDouble(value, &d)))
            j.predictedIterations = d;
    } else if (field == QLatin1String("user"))
        j.user = value.toString();
    else if (field == QLatin1String("weight"))
        ok = toDouble(value, &j.weight);
    else
        ok = false;
    if (!ok)
        return false;
    if (rebuild)
        JobBuilder::rebuildGraph(sc, j);
    if (j == before)
        return false;
    JobsCommand::Step step{JobsCommand::Step::Kind::Replace, index, before, j};
    pushJobs(tr("Set %1 of job %2").arg(FieldLabels::of(field), before.id), {step}, m_selection);
    return true;
}

// --- clipboard ------------------------------------------------------------------------------

QMimeData* ProjectDocument::copySelection() const
{
    if (m_selection.isEmpty() || !hasCurrent())
        return nullptr;
    const Scenario& sc = current();
    const Cluster& c = sc.cluster;
    QJsonObject clip;
    QJsonArray racks, servers, types;
    QSet<int> typeSet;
    auto addServer = [&](const Server& s) {
        servers.append(QJsonObject{{"name", s.name},
                                   {"rack", c.racks[std::size_t(s.rack)].name},
                                   {"gpu_type", c.gpuTypes[std::size_t(s.gpuType)].name},
                                   {"gpus", s.gpus},
                                   {"intra_GBps", s.intraGBps},
                                   {"nic_gbps", s.nicGbps}});
        if (!typeSet.contains(s.gpuType)) {
            typeSet.insert(s.gpuType);
            const GpuType& t = c.gpuTypes[std::size_t(s.gpuType)];
            types.append(QJsonObject{{"name", t.name},
                                     {"tflops", t.tflops},
                                     {"memory_gb", t.memoryGb},
                                     {"speed", t.speed}});
        }
    };
    switch (m_selection.kind) {
    case Selection::Kind::Rack:
        clip.insert("kind", "racks");
        for (int r : m_selection.indices) {
            racks.append(QJsonObject{{"name", c.racks[std::size_t(r)].name},
                                     {"uplink_gbps", c.racks[std::size_t(r)].uplinkGbps}});
            for (const Server& s : c.servers)
                if (s.rack == r)
                    addServer(s);
        }
        break;
    case Selection::Kind::Server:
        clip.insert("kind", "servers");
        for (int i : m_selection.indices)
            addServer(c.servers[std::size_t(i)]);
        break;
    case Selection::Kind::Job: {
        clip.insert("kind", "jobs");
        Scenario jobsOnly;
        jobsOnly.models = sc.models;
        for (int i : m_selection.indices)
            jobsOnly.jobs.push_back(sc.jobs[std::size_t(i)]);
        const QJsonObject written = ScenarioWriter::toJsonObject(jobsOnly);
        clip.insert("jobs", written.value("jobs"));
        if (written.contains("models"))
            clip.insert("models", written.value("models"));
        break;
    }
    case Selection::Kind::None:
        return nullptr;
    }
    clip.insert("racks", racks);
    clip.insert("servers", servers);
    clip.insert("gpu_types", types);
    auto* data = new QMimeData;
    const QByteArray json = QJsonDocument(clip).toJson(QJsonDocument::Compact);
    data->setData(ClipMimeType, json);
    data->setText(QString::fromUtf8(json));
    return data;
}

bool ProjectDocument::canPaste(const QMimeData* data)
{
    return data && data->hasFormat(ClipMimeType);
}

Status ProjectDocument::paste(const QMimeData* data)
{
    if (!canPaste(data))
        return Error::invalid(tr("The clipboard holds no racks, servers or jobs."));
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(data->data(ClipMimeType), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return Error::invalid(tr("clipboard: invalid data: %1").arg(pe.errorString()));
    return paste(doc.object());
}

Status ProjectDocument::paste(const QJsonObject& clip)
{
    const QString kind = clip.value("kind").toString();
    if (kind == QLatin1String("jobs")) {
        // The jobs go through the scenario reader on a roomy stand-in cluster: it checks and
        // expands them (model graphs) whatever state the edited cluster is in.
        double need = 1.0; // in double: the clipboard's degrees may be anything
        const QJsonArray jobs = clip.value("jobs").toArray();
        for (const QJsonValue& v : jobs) {
            const QJsonObject o = v.toObject();
            const QJsonObject par = o.value("parallelism").toObject();
            need = std::max(need, o.value("gpus").toDouble(1));
            need = std::max(need, par.value("dp").toDouble(1) * par.value("pp").toDouble(1) *
                                      par.value("tp").toDouble(1));
            need = std::max(need,
                            double(o.value("graph").toObject().value("workers").toArray().size()));
        }
        const QJsonObject standIn{
            {"racks", QJsonArray{QJsonObject{{"name", "r"}, {"uplink_gbps", 1}}}},
            {"servers",
             QJsonArray{QJsonObject{{"name", "s"},
                                    {"rack", "r"},
                                    {"gpu_type", "H200"},
                                    {"gpus", 1024},
                                    {"intra_GBps", 1},
                                    {"nic_gbps", 1},
                                    // the reader's 10 million GPUs at most
                                    {"count", std::clamp(std::ceil(need / 1024), 1.0, 9765.0)}}}}};
        QJsonObject root{
            {"format", "gantry-scenario"}, {"version", 1}, {"cluster", standIn}, {"jobs", jobs}};
        if (clip.contains("models"))
            root.insert("models", clip.value("models"));
        const auto read = ScenarioReader::readJson(QJsonDocument(root).toJson(), tr("clipboard"));
        if (!read)
            return read.error();
        m_undo->beginMacro(tr("Paste %n job(s)", nullptr, int(read.value().jobs.size())));
        ensureScenario();
        QSet<QString> ids;
        for (const Job& j : current().jobs)
            ids.insert(j.id);
        std::vector<JobsCommand::Step> steps;
        Selection sel{Selection::Kind::Job, {}};
        int at = int(current().jobs.size());
        for (Job j : read.value().jobs) {
            j.id = freshName(j.id, ids);
            ids.insert(j.id);
            JobBuilder::rebuildGraph(current(), j);
            sel.indices.push_back(at);
            steps.push_back({JobsCommand::Step::Kind::Insert, at++, {}, j});
        }
        pushJobs(tr("Paste %n job(s)", nullptr, int(steps.size())), std::move(steps), sel);
        m_undo->endMacro();
        return {};
    }
    if (kind != QLatin1String("racks") && kind != QLatin1String("servers"))
        return Error::invalid(tr("clipboard: unknown kind of items \"%1\"").arg(kind));

    QHash<QString, GpuType> clipTypes;
    for (const QJsonValue& v : clip.value("gpu_types").toArray()) {
        const QJsonObject o = v.toObject();
        clipTypes.insert(o.value("name").toString(),
                         GpuType{o.value("name").toString(), o.value("tflops").toDouble(),
                                 o.value("memory_gb").toDouble(), o.value("speed").toDouble(1.0)});
    }
    // Values the scenario file would refuse are refused here too (another program may have
    // put anything on the clipboard).
    const auto refusal = [&clip](const char* list, Selection::Kind itemKind,
                                 std::initializer_list<const char*> keys) {
        const QJsonArray items = clip.value(QLatin1String(list)).toArray();
        for (qsizetype i = 0; i < items.size(); ++i)
            for (const char* key : keys) {
                const QJsonValue value = items[i].toObject().value(QLatin1String(key));
                FieldRules::Outcome checked =
                    FieldRules::check(itemKind, QLatin1String(key), value.toVariant());
                if (checked.ok() && FieldRules::isNumeric(itemKind, QLatin1String(key)) &&
                    !value.isDouble())
                    checked.error = QStringLiteral("must be a number");
                if (!checked.ok())
                    return tr("clipboard: %1[%2].%3: %4")
                        .arg(QLatin1String(list))
                        .arg(i)
                        .arg(QLatin1String(key), checked.error);
            }
        return QString();
    };
    QString refused = refusal("racks", Selection::Kind::Rack, {"name", "uplink_gbps"});
    if (refused.isEmpty())
        refused =
            refusal("servers", Selection::Kind::Server, {"name", "gpus", "intra_GBps", "nic_gbps"});
    if (!refused.isEmpty())
        return Error::invalid(refused);
    m_undo->beginMacro(tr("Paste"));
    ensureScenario();
    Cluster c = current().cluster;
    QSet<QString> rNames = rackNames(c);
    QSet<QString> sNames = serverNames(c);
    QHash<QString, int> rackOf; // clip rack name -> index in c
    Selection sel;
    if (kind == QLatin1String("racks")) {
        sel.kind = Selection::Kind::Rack;
        for (const QJsonValue& v : clip.value("racks").toArray()) {
            const QJsonObject o = v.toObject();
            Rack r;
            r.name = freshName(o.value("name").toString(), rNames);
            r.uplinkGbps = o.value("uplink_gbps").toDouble();
            rNames.insert(r.name);
            rackOf.insert(o.value("name").toString(), int(c.racks.size()));
            sel.indices.push_back(int(c.racks.size()));
            c.racks.push_back(r);
        }
    } else {
        sel.kind = Selection::Kind::Server;
        // Into the selected rack, or the selected server's rack, else the last rack.
        int target = int(c.racks.size()) - 1;
        if (m_selection.kind == Selection::Kind::Rack && !m_selection.indices.empty())
            target = m_selection.indices.front();
        else if (m_selection.kind == Selection::Kind::Server && !m_selection.indices.empty())
            target = c.servers[std::size_t(m_selection.indices.front())].rack;
        if (target < 0) {
            Rack r;
            r.name = numberedName(QStringLiteral("r"), rNames, 0);
            r.uplinkGbps = DefaultUplinkGbps;
            c.racks.push_back(r);
            target = 0;
        }
        for (const QJsonValue& v : clip.value("servers").toArray())
            rackOf.insert(v.toObject().value("rack").toString(), target);
    }
    std::vector<Server> added;
    for (const QJsonValue& v : clip.value("servers").toArray()) {
        const QJsonObject o = v.toObject();
        const QString type = o.value("gpu_type").toString();
        Server s;
        s.name = freshName(o.value("name").toString(), sNames);
        sNames.insert(s.name);
        s.rack = rackOf.value(o.value("rack").toString(), -1);
        s.gpuType = gpuTypeIndex(c, type,
                                 clipTypes.contains(type) ? std::optional<GpuType>(clipTypes[type])
                                                          : std::nullopt);
        s.gpus = o.value("gpus").toInt();
        s.intraGBps = o.value("intra_GBps").toDouble();
        s.nicGbps = o.value("nic_gbps").toDouble();
        if (s.rack < 0 || s.gpuType < 0)
            continue;
        added.push_back(s);
    }
    for (const Server& s : added) {
        int at = int(c.servers.size());
        for (int i = int(c.servers.size()) - 1; i >= 0; --i)
            if (c.servers[std::size_t(i)].rack == s.rack) {
                at = i + 1;
                break;
            }
        c.servers.insert(c.servers.begin() + at, s);
        if (sel.kind == Selection::Kind::Server) {
            for (int& i : sel.indices)
                if (i >= at)
                    ++i;
            sel.indices.push_back(at);
        }
    }
    const QString text = kind == QLatin1String("racks")
                             ? tr("Paste %n rack(s)", nullptr, int(sel.indices.size()))
                             : tr("Paste %n server(s)", nullptr, int(added.size()));
    pushCluster(text, std::move(c), sel);
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
