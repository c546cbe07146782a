#include "scenariovalidator.h"

#include "io/scenariocheck.h"
#include "io/scenariolimits.h"
#include "model/jobids.h"

#include <QHash>
#include <QSet>

#include <cmath>

namespace gantry::ui {

namespace {

bool positive(double v)
{
    return std::isfinite(v) && v > 0.0;
}

class Checker
{
public:
    explicit Checker(std::vector<Problem>& out) : m_out(out) {}

    void add(Selection::Kind kind, int index, const QString& prefix, const QString& field,
             const QString& message)
    {
        m_out.push_back({kind, index, field,
                         field.isEmpty() ? prefix : prefix + QLatin1Char('.') + field, message});
    }

private:
    std::vector<Problem>& m_out;
};

void checkCluster(const Cluster& c, Checker& ck)
{
    // Duplicates are flagged on every item that has the name, so the one just edited shows it.
    QHash<QString, int> rackNames;
    for (const Rack& r : c.racks)
        ++rackNames[r.name];
    for (std::size_t i = 0; i < c.racks.size(); ++i) {
        const Rack& r = c.racks[i];
        const QString p = QStringLiteral("cluster.racks[%1]").arg(i);
        if (r.name.trimmed().isEmpty())
            ck.add(Selection::Kind::Rack, int(i), p, QStringLiteral("name"),
                   QStringLiteral("must not be empty"));
        else if (rackNames.value(r.name) > 1)
            ck.add(Selection::Kind::Rack, int(i), p, QStringLiteral("name"),
                   ScenarioCheck::duplicate(ScenarioProblem::Item::Rack, r.name));
        if (!positive(r.uplinkGbps))
            ck.add(Selection::Kind::Rack, int(i), p, QStringLiteral("uplink_gbps"),
                   QStringLiteral("must be a positive number"));
    }
    QHash<QString, int> serverNames;
    for (const Server& s : c.servers)
        ++serverNames[s.name];
    for (std::size_t i = 0; i < c.servers.size(); ++i) {
        const Server& s = c.servers[i];
        const QString p = QStringLiteral("cluster.servers[%1]").arg(i);
        if (s.name.trimmed().isEmpty())
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("name"),
                   QStringLiteral("must not be empty"));
        else if (serverNames.value(s.name) > 1)
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("name"),
                   ScenarioCheck::duplicate(ScenarioProblem::Item::Server, s.name));
        if (s.gpus < 1 || s.gpus > ScenarioLimits::kMaxServerGpus)
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("gpus"),
                   QStringLiteral("must be an integer from 1 to %1")
                       .arg(ScenarioLimits::kMaxServerGpus));
        if (!positive(s.intraGBps))
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("intra_GBps"),
                   QStringLiteral("must be a positive number"));
        if (!positive(s.nicGbps))
            ck.add(Selection::Kind::Server, int(i), p, QStringLiteral("nic_gbps"),
                   QStringLiteral("must be a positive number"));
    }
}

void checkJobs(const Scenario& s, Checker& ck)
{
    const QSet<QString> duplicated = JobIds::repeated(s.jobs);
    for (std::size_t i = 0; i < s.jobs.size(); ++i) {
        const Job& j = s.jobs[i];
        const int ji = int(i);
        // The job's path, made only for a problem (most jobs have none).
        const auto p = [i] { return QStringLiteral("jobs[%1]").arg(i); };
        auto add = [&](const char* field, const QString& message) {
            ck.add(Selection::Kind::Job, ji, p(), QLatin1String(field), message);
        };
        if (QStringView(j.id).trimmed().isEmpty())
            add("id", QStringLiteral("must not be empty"));
        else if (duplicated.contains(j.id))
            add("id", ScenarioCheck::duplicate(ScenarioProblem::Item::Job, j.id));
        if (!std::isfinite(j.arrivalS) || j.arrivalS < 0.0)
            add("arrival_s", QStringLiteral("must be a number >= 0"));
        if (!positive(j.weight))
            add("weight", QStringLiteral("must be a positive number"));
        if (j.predictedIterations && !positive(*j.predictedIterations))
            add("predicted_iterations", QStringLiteral("must be a positive number (or empty)"));
        switch (j.kind) {
        case JobKind::Duration:
            if (j.gpus < 1)
                add("gpus", QStringLiteral("must be a positive integer"));
            if (!positive(j.durationS))
                add("duration_s", QStringLiteral("must be a positive number"));
            break;
        case JobKind::Model: {
            if (!positive(j.iterations))
                add("iterations", QStringLiteral("must be a positive number"));
            const Parallelism& par = j.parallelism;
            for (const auto& [key, v] :
                 {std::pair{"dp", par.dp}, std::pair{"pp", par.pp}, std::pair{"tp", par.tp},
                  std::pair{"ep", par.ep}, std::pair{"cp", par.cp}, std::pair{"vp", par.vp}})
                if (v < 1)
                    ck.add(Selection::Kind::Job, ji, p() + QStringLiteral(".parallelism"),
                           QLatin1String(key), QStringLiteral("must be a positive integer"));
            break;
        }
        case JobKind::Graph:
            if (!positive(j.iterations))
                add("iterations", QStringLiteral("must be a positive number"));
            if (j.graph.workers.empty())
                ck.add(Selection::Kind::Job, ji, p() + QStringLiteral(".graph"),
                       QStringLiteral("workers"), QStringLiteral("must hold at least one worker"));
            break;
        }
    }
}

Selection::Kind kindOf(ScenarioProblem::Item item)
{
    switch (item) {
    case ScenarioProblem::Item::Rack:
        return Selection::Kind::Rack;
    case ScenarioProblem::Item::Server:
        return Selection::Kind::Server;
    case ScenarioProblem::Item::Job:
        return Selection::Kind::Job;
    default:
        return Selection::Kind::None;
    }
}

} // namespace

std::vector<Problem> ScenarioValidator::checkFields(const Scenario& scenario)
{
    std::vector<Problem> out;
    Checker ck(out);
    checkCluster(scenario.cluster, ck);
    checkJobs(scenario, ck);
    return out;
}

std::vector<Problem> ScenarioValidator::checkBetweenItems(const Scenario& scenario)
{
    std::vector<Problem> out;
    for (const ScenarioProblem& p : ScenarioCheck::check(scenario)) {
        const Selection::Kind kind = kindOf(p.item);
        const bool item = kind != Selection::Kind::None;
        // The window's fields are the last keys of the path ("tp" of "parallelism.tp").
        const QString field =
            item ? p.field.mid(p.field.lastIndexOf(QLatin1Char('.')) + 1) : QString();
        out.push_back({kind, item ? p.index : -1, field, p.path, p.message});
    }
    return out;
}

std::vector<Problem> ScenarioValidator::validate(const Scenario& scenario)
{
    std::vector<Problem> out = checkFields(scenario);
    // A field already flagged (a duplicate name, reported on every item that has it) is not
    // reported twice.
    QSet<QString> flagged;
    for (const Problem& p : out)
        flagged.insert(p.path);
    for (Problem& p : checkBetweenItems(scenario))
        if (!flagged.contains(p.path))
            out.push_back(std::move(p));
    return out;
}

} // namespace gantry::ui
