#include "explain/decisionexplainer.h"

#include "model/scenario.h"
#include "policies/policy.h"
#include "policies/policyregistry.h"

#include <algorithm>
#include <limits>

namespace gantry {

DecisionExplainer::DecisionExplainer(const Scenario& scenario, const Schedule& schedule,
                                     const RunConfig& config, const std::vector<JobRecord>& records)
    : m_scenario(scenario), m_schedule(schedule), m_records(records),
      m_policy(PolicyRegistry::create(config.policy)), m_context(scenario)
{
    const auto& ev = schedule.events;
    for (std::size_t i = 0; i < ev.size(); ++i)
        if (i == 0 || ev[i].timeS != ev[i - 1].timeS)
            m_stepStart.push_back(int(i));
    reset(m_state);
}

DecisionExplainer::~DecisionExplainer() = default;

void DecisionExplainer::reset(State& s) const
{
    const Cluster& c = m_scenario.cluster;
    const std::size_t n = m_scenario.jobs.size();
    s = State{};
    s.freePerServer.resize(c.servers.size());
    for (std::size_t i = 0; i < c.servers.size(); ++i)
        s.freePerServer[i] = c.servers[i].gpus;
    s.gpusOf.assign(n, {});
    s.waiting.assign(n, 0);
    s.freeGpus = c.totalGpus();
}

double DecisionExplainer::stepTime(int i) const
{
    return m_schedule.events[std::size_t(m_stepStart[std::size_t(i)])].timeS;
}

int DecisionExplainer::stepAt(double timeS) const
{
    int lo = 0, hi = stepCount();
    while (lo < hi) {
        const int mid = (lo + hi) / 2;
        if (stepTime(mid) <= timeS)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo - 1;
}

DecisionStep DecisionExplainer::step(int i) const
{
    if (i < m_state.nextStep)
        reset(m_state);
    while (m_state.nextStep < i)
        apply(m_state, nullptr);
    DecisionStep out;
    apply(m_state, &out);
    return out;
}

std::vector<DecisionStep> DecisionExplainer::explain(const Scenario& scenario,
                                                     const Schedule& schedule,
                                                     const RunConfig& config,
                                                     const std::vector<JobRecord>& records)
{
    DecisionExplainer e(scenario, schedule, config, records);
    std::vector<DecisionStep> steps;
    steps.reserve(std::size_t(e.stepCount()));
    for (int i = 0; i < e.stepCount(); ++i)
        steps.push_back(e.step(i));
    return steps;
}

double DecisionExplainer::predicted(int j) const
{
    if (std::size_t(j) < m_records.size() && m_records[std::size_t(j)].predictedIterations > 0.0)
        return m_records[std::size_t(j)].predictedIterations;
    const Job& job = m_scenario.jobs[std::size_t(j)];
    return job.predictedIterations.value_or(job.trueIterations());
}

QString DecisionExplainer::size(int j, double amount) const
{
    return m_scenario.jobs[std::size_t(j)].kind == JobKind::Duration
               ? NoteContext::seconds(amount)
               : QStringLiteral("%1 iterations").arg(NoteContext::number(amount));
}

std::vector<int> DecisionExplainer::serversIn(std::span<const int> gpus) const
{
    std::vector<int> servers;
    for (int g : gpus)
        servers.push_back(m_scenario.cluster.serverOfGpu(g));
    std::sort(servers.begin(), servers.end());
    servers.erase(std::unique(servers.begin(), servers.end()), servers.end());
    return servers;
}

QString DecisionExplainer::serversOf(std::span<const int> gpus) const
{
    const Cluster& c = m_scenario.cluster;
    const std::vector<int> servers = serversIn(gpus);
    auto nameOf = [&](int s) { return c.servers[std::size_t(s)].name; };
    if (servers.size() == 1)
        return QStringLiteral("server %1").arg(nameOf(servers[0]));
    QStringList names;
    for (std::size_t i = 0; i < servers.size() && i < 3; ++i)
        names << nameOf(servers[i]);
    if (servers.size() > 3)
        return QStringLiteral("servers %1 and %2 more")
            .arg(names.join(QStringLiteral(", ")))
            .arg(servers.size() - 3);
    const QString last = names.takeLast();
    return QStringLiteral("servers %1 and %2").arg(names.join(QStringLiteral(", ")), last);
}

QString DecisionExplainer::freeOn(const State& s, std::span<const int> gpus) const
{
    const Cluster& c = m_scenario.cluster;
    const std::vector<int> servers = serversIn(gpus);
    if (servers.size() > 3) {
        int free = 0;
        for (int sv : servers)
            free += s.freePerServer[std::size_t(sv)];
        return QStringLiteral("they have %1 free").arg(free);
    }
    QStringList parts;
    for (int sv : servers)
        parts << QStringLiteral("%1 has %2 free")
                     .arg(c.servers[std::size_t(sv)].name)
                     .arg(s.freePerServer[std::size_t(sv)]);
    return parts.join(QStringLiteral(", "));
}

// The policy's own words for note, or fallback when the run recorded no note (or the policy
// is unknown).
QString DecisionExplainer::why(const DecisionNote* note, const QString& fallback) const
{
    if (!note || !m_policy)
        return fallback;
    return m_policy->explain(*note, m_context);
}

void DecisionExplainer::apply(State& s, DecisionStep* out) const
{
    const auto& ev = m_schedule.events;
    const Cluster& c = m_scenario.cluster;
    const std::size_t first = std::size_t(m_stepStart[std::size_t(s.nextStep)]);
    const std::size_t last = std::size_t(s.nextStep + 1) < m_stepStart.size()
                                 ? std::size_t(m_stepStart[std::size_t(s.nextStep + 1)])
                                 : ev.size();
    const double t = ev[first].timeS;
    ++s.nextStep;
    // Applying the events is all a skipped step needs.
    std::vector<int> startsHere;
    const DecisionNote* stepNotes = nullptr; // the notes at t: [stepNotes, stepNotesEnd)
    const DecisionNote* stepNotesEnd = nullptr;
    if (out) {
        out->timeS = t;
        // The few notes of this instant, out of the compact log.
        const auto [lo, hi] = m_schedule.notes.at(t);
        m_stepNotes.clear();
        for (std::size_t k = lo; k < hi; ++k)
            m_stepNotes.push_back(m_schedule.notes[k]);
        stepNotes = m_stepNotes.data();
        stepNotesEnd = m_stepNotes.data() + m_stepNotes.size();
        m_context.setStepNotes(stepNotes, stepNotesEnd);
        for (std::size_t i = first; i < last; ++i)
            if (ev[i].kind == ScheduleEvent::Kind::Started ||
                ev[i].kind == ScheduleEvent::Kind::Resumed)
                startsHere.push_back(int(i));
    }
    auto say = [&](int j, QString sentence) {
        if (std::find(out->jobs.begin(), out->jobs.end(), j) == out->jobs.end())
            out->jobs.push_back(j);
        out->sentences << sentence;
    };
    using Kind = DecisionNote::Kind;
    for (std::size_t i = first; i < last; ++i) {
        const ScheduleEvent& e = ev[i];
        const int j = e.job;
        const std::size_t ju = std::size_t(j);
        if (j < 0 || ju >= m_scenario.jobs.size())
            continue;
        const Job& job = m_scenario.jobs[ju];
        switch (e.kind) {
        case ScheduleEvent::Kind::Arrived: {
            s.waiting[ju] = 1;
            ++s.waitingCount;
            if (out) {
                m_context.setFreeGpus(s.freeGpus);
                QString text =
                    QStringLiteral("%1 arrives: needs %2, predicted %3")
                        .arg(job.id, NoteContext::gpus(job.gpuCount()), size(j, predicted(j)));
                const QString more = why(m_context.noteOf(Kind::Arrived, j), QString());
                if (!more.isEmpty())
                    text += QStringLiteral("; ") + more;
                say(j, text);
            }
            break;
        }
        case ScheduleEvent::Kind::Started:
        case ScheduleEvent::Kind::Resumed: {
            const bool resumed = e.kind == ScheduleEvent::Kind::Resumed;
            const std::span<const int> gpus = m_schedule.gpusOf(e);
            if (out) {
                m_context.setFreeGpus(s.freeGpus);
                const QString reason = why(m_context.noteOf(Kind::Started, j),
                                           QStringLiteral("the policy started it"));
                say(j,
                    QStringLiteral("%1 %2 on %3: %4 and needs %5; %6")
                        .arg(job.id, resumed ? QStringLiteral("resumes") : QStringLiteral("starts"),
                             serversOf(gpus), reason, NoteContext::gpus(int(gpus.size())),
                             freeOn(s, gpus)));
            }
            if (s.waiting[ju]) {
                s.waiting[ju] = 0;
                --s.waitingCount;
            }
            s.gpusOf[ju].assign(gpus.begin(), gpus.end());
            for (int g : gpus)
                --s.freePerServer[std::size_t(c.serverOfGpu(g))];
            s.freeGpus -= int(gpus.size());
            break;
        }
        case ScheduleEvent::Kind::Preempted:
        case ScheduleEvent::Kind::Finished: {
            const bool finished = e.kind == ScheduleEvent::Kind::Finished;
            const std::vector<int> gpus = s.gpusOf[ju];
            if (out && finished)
                say(j, QStringLiteral("%1 finishes on %2, freeing %3")
                           .arg(job.id, serversOf(gpus), NoteContext::gpus(int(gpus.size()))));
            if (out && !finished) {
                // The job that takes its GPUs at this instant, if any.
                int to = -1;
                for (int k : startsHere) {
                    const std::span<const int> sg = m_schedule.gpusOf(ev[std::size_t(k)]);
                    if (std::any_of(gpus.begin(), gpus.end(), [&](int g) {
                            return std::find(sg.begin(), sg.end(), g) != sg.end();
                        })) {
                        to = ev[std::size_t(k)].job;
                        break;
                    }
                }
                m_context.setFreeGpus(s.freeGpus);
                m_context.setTaker(to);
                say(j, QStringLiteral("%1 is preempted: %2")
                           .arg(job.id, why(m_context.noteOf(Kind::Preempted, j),
                                            QStringLiteral("the policy preempted it"))));
                m_context.setTaker(-1);
            }
            for (int g : gpus)
                ++s.freePerServer[std::size_t(c.serverOfGpu(g))];
            s.freeGpus += int(gpus.size());
            s.gpusOf[ju].clear();
            if (!finished) {
                s.waiting[ju] = 1;
                ++s.waitingCount;
            }
            break;
        }
        }
    }
    if (!out)
        return;
    out->freeGpusAfter = s.freeGpus;
    // Who still waits, in the policy's order, as the policy noted it after its decision.
    m_context.setFreeGpus(s.freeGpus);
    int listed = 0;
    for (const DecisionNote* it = stepNotes; it != stepNotesEnd; ++it) {
        if (it->kind != Kind::Waits || it->job < 0 ||
            std::size_t(it->job) >= m_scenario.jobs.size() || !s.waiting[std::size_t(it->job)])
            continue;
        out->sentences << QStringLiteral("%1 waits: %2")
                              .arg(m_scenario.jobs[std::size_t(it->job)].id,
                                   why(it, m_context.need(it->job)));
        ++listed;
    }
    const int more = s.waitingCount - listed;
    const QString others = listed > 0 ? QStringLiteral(" more") : QString();
    if (more == 1)
        out->sentences << QStringLiteral("1%1 job waits").arg(others);
    else if (more > 1)
        out->sentences << QStringLiteral("%1%2 jobs wait").arg(more).arg(others);
}

} // namespace gantry
