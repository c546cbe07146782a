#include "sim/decisionexplainer.h"

#include "model/scenario.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace gantry {

namespace {

// Tiresias's default threshold (TiresiasPolicy): two queues split at 3200 GPU-seconds.
constexpr double kTiresiasThresholdGpuS = 3200.0;
// Waiting jobs named one by one in a step; the rest are counted.
constexpr int kWaitsListed = 3;

// Plain-words numbers: whole numbers from 1000 up, four significant digits below (96.36 s,
// not 96.361212 s).
QString num(double v)
{
    if (std::abs(v) >= 1000.0)
        return QString::number(std::round(v), 'f', 0);
    return QString::number(v, 'g', 4);
}

bool isGuided(const QString& p)
{
    return p == QLatin1String("asrpt-guided");
}

QString gpusText(int n)
{
    return n == 1 ? QStringLiteral("1 GPU") : QStringLiteral("%1 GPUs").arg(n);
}

// The A-SRPT policies whose virtual machine gates the real queue (asrpt-guided does not).
bool isAsrpt(const QString& p)
{
    return p.startsWith(QLatin1String("asrpt")) && !isGuided(p);
}

} // namespace

DecisionExplainer::DecisionExplainer(const Scenario& scenario, const Schedule& schedule,
                                     const RunConfig& config, const std::vector<JobRecord>& records)
    : m_scenario(scenario), m_schedule(schedule), m_records(records), m_policy(config.policy)
{
    const auto& ev = schedule.events;
    for (std::size_t i = 0; i < ev.size(); ++i)
        if (i == 0 || ev[i].timeS != ev[i - 1].timeS)
            m_stepStart.push_back(int(i));
    const std::size_t n = scenario.jobs.size();
    m_virtualEnd.assign(n, std::numeric_limits<double>::infinity());
    std::vector<char> seen(n, 0);
    for (const VirtualSlice& v : schedule.virtualSlices) {
        if (v.job < 0 || std::size_t(v.job) >= n)
            continue;
        double& e = m_virtualEnd[std::size_t(v.job)];
        e = seen[std::size_t(v.job)] ? std::max(e, v.toS) : v.toS;
        seen[std::size_t(v.job)] = 1;
    }
    m_segmentsOf.resize(n);
    for (std::size_t k = 0; k < schedule.segments.size(); ++k) {
        const int j = schedule.segments[k].job;
        if (j >= 0 && std::size_t(j) < n)
            m_segmentsOf[std::size_t(j)].push_back(int(k));
    }
    for (auto& list : m_segmentsOf)
        std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
            return schedule.segments[std::size_t(a)].startS <
                   schedule.segments[std::size_t(b)].startS;
        });
    reset(m_state);
}

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
    s.arrived.assign(n, 0);
    s.runSinceS.assign(n, 0.0);
    s.attainedGpuS.assign(n, 0.0);
    s.doneIterations.assign(n, 0.0);
    s.segmentsClosed.assign(n, 0);
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

QString DecisionExplainer::name(int j) const
{
    return m_scenario.jobs[std::size_t(j)].id;
}

double DecisionExplainer::predicted(int j) const
{
    if (std::size_t(j) < m_records.size() && m_records[std::size_t(j)].predictedIterations > 0.0)
        return m_records[std::size_t(j)].predictedIterations;
    const Job& job = m_scenario.jobs[std::size_t(j)];
    return job.predictedIterations.value_or(job.trueIterations());
}

double DecisionExplainer::remaining(const State& s, int j) const
{
    return std::max(0.0, predicted(j) - s.doneIterations[std::size_t(j)]);
}

double DecisionExplainer::attained(const State& s, int j, double t) const
{
    double a = s.attainedGpuS[std::size_t(j)];
    if (!s.gpusOf[std::size_t(j)].empty())
        a += (t - s.runSinceS[std::size_t(j)]) * double(s.gpusOf[std::size_t(j)].size());
    return a;
}

int DecisionExplainer::queueOf(double attainedGpuS) const
{
    return attainedGpuS >= kTiresiasThresholdGpuS ? 1 : 0;
}

// The policy's order among waiting jobs (smaller first); ties go by arrival, then index.
double DecisionExplainer::key(const State& s, int j, double t) const
{
    const Job& job = m_scenario.jobs[std::size_t(j)];
    if (m_policy == QLatin1String("sjf"))
        return predicted(j);
    if (m_policy == QLatin1String("srtf"))
        return remaining(s, j);
    if (m_policy == QLatin1String("srsf"))
        return remaining(s, j) * job.gpuCount();
    if (m_policy == QLatin1String("tiresias"))
        return queueOf(attained(s, j, t));
    if (isAsrpt(m_policy))
        return virtualCompletion(j);
    if (isGuided(m_policy)) // its queue is in predicted-size order (a due job aside)
        return predicted(j);
    return job.arrivalS;
}

QString DecisionExplainer::size(int j, double amount) const
{
    return m_scenario.jobs[std::size_t(j)].kind == JobKind::Duration
               ? QStringLiteral("%1 s").arg(num(amount))
               : QStringLiteral("%1 iterations").arg(num(amount));
}

QString DecisionExplainer::serversOf(const std::vector<int>& gpus) const
{
    const Cluster& c = m_scenario.cluster;
    std::vector<int> servers;
    for (int g : gpus)
        servers.push_back(c.serverOfGpu(g));
    std::sort(servers.begin(), servers.end());
    servers.erase(std::unique(servers.begin(), servers.end()), servers.end());
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

QString DecisionExplainer::freeOn(const State& s, const std::vector<int>& gpus) const
{
    const Cluster& c = m_scenario.cluster;
    std::vector<int> servers;
    for (int g : gpus)
        servers.push_back(c.serverOfGpu(g));
    std::sort(servers.begin(), servers.end());
    servers.erase(std::unique(servers.begin(), servers.end()), servers.end());
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

// Why job j starts now. s is the state just before the start (this step's finishes and
// preemptions applied); "first" means no job the policy orders before j still waits.
QString DecisionExplainer::startReason(const State& s, int j, double t, bool resumed) const
{
    const Job& job = m_scenario.jobs[std::size_t(j)];
    const double mine = key(s, j, t);
    int ahead = -1;
    for (std::size_t o = 0; o < s.waiting.size(); ++o) {
        if (!s.waiting[o] || int(o) == j)
            continue;
        const double k = key(s, int(o), t);
        const Job& other = m_scenario.jobs[o];
        const bool before =
            k < mine || (k == mine && (other.arrivalS < job.arrivalS ||
                                       (other.arrivalS == job.arrivalS && int(o) < j)));
        if (before && (ahead < 0 || k < key(s, ahead, t)))
            ahead = int(o);
    }
    const QString blocked =
        ahead < 0 ? QString()
                  : QStringLiteral("%1 needs %2, %3 free")
                        .arg(name(ahead), gpusText(m_scenario.jobs[std::size_t(ahead)].gpuCount()))
                        .arg(s.freeGpus);
    if (m_policy == QLatin1String("sjf")) {
        const QString what = size(j, predicted(j));
        return ahead < 0 ? QStringLiteral("it has the smallest predicted size of the waiting jobs "
                                          "(%1)")
                               .arg(what)
                         : QStringLiteral("it has the smallest predicted size of the jobs that "
                                          "fit (%1; %2)")
                               .arg(what, blocked);
    }
    if (m_policy == QLatin1String("srtf") || m_policy == QLatin1String("srsf")) {
        const bool gpuTime = m_policy == QLatin1String("srsf");
        const QString what = gpuTime ? QStringLiteral("%1 x %2 left")
                                           .arg(gpusText(job.gpuCount()), size(j, remaining(s, j)))
                                     : QStringLiteral("%1 left").arg(size(j, remaining(s, j)));
        const QString measure = gpuTime ? QStringLiteral("least predicted remaining GPU-time")
                                        : QStringLiteral("least predicted remaining work");
        return ahead < 0
                   ? QStringLiteral("it has the %1 of the waiting jobs (%2)").arg(measure, what)
                   : QStringLiteral("it has the %1 of the jobs that fit (%2; %3)")
                         .arg(measure, what, blocked);
    }
    if (m_policy == QLatin1String("tiresias")) {
        const double a = attained(s, j, t);
        const QString what = QStringLiteral("queue %1 of the attained-service queues, %2 GPU-s "
                                            "attained")
                                 .arg(queueOf(a))
                                 .arg(num(a));
        return ahead < 0 ? QStringLiteral("it is first in tiresias's order (%1)").arg(what)
                         : QStringLiteral("it is the first job in tiresias's order that fits (%1; "
                                          "%2)")
                               .arg(what, blocked);
    }
    if (isGuided(m_policy)) {
        // asrpt-guided orders by predicted size; a job the virtual machine finished long ago may
        // be due and go first (docs/policies.md), which the replay cannot tell for certain.
        const QString what = size(j, predicted(j));
        return ahead < 0 ? QStringLiteral("asrpt-guided starts the smallest predicted size first "
                                          "(%1) unless a job the virtual machine finished long "
                                          "ago is due,")
                               .arg(what)
                         : QStringLiteral("asrpt-guided starts the smallest predicted size that "
                                          "fits (%1; %2) unless a job the virtual machine "
                                          "finished long ago is due,")
                               .arg(what, blocked);
    }
    if (isAsrpt(m_policy)) {
        const double v = virtualCompletion(j);
        if (v > t)
            return QStringLiteral("it is still on the virtual machine (released at %1 s), but "
                                  "asrpt-wc gives idle GPUs to such jobs, smallest virtual size "
                                  "first,")
                .arg(num(v));
        if (ahead >= 0 && virtualCompletion(ahead) <= t)
            return QStringLiteral("it backfills ahead of %1 in the virtual machine's completion "
                                  "order without delaying it (%2)")
                .arg(name(ahead), blocked);
        return QStringLiteral("it is next in the virtual machine's completion order (released at "
                              "%1 s)")
            .arg(num(v));
    }
    if (ahead >= 0)
        return QStringLiteral("backfilling lets it pass %1 in arrival order (%2)")
            .arg(name(ahead), blocked);
    Q_UNUSED(resumed);
    return QStringLiteral("it is next in arrival order");
}

// Why running job j loses its GPUs now to job to (-1: no start this step takes them).
QString DecisionExplainer::preemptReason(const State& s, int j, int to, double t) const
{
    QString why;
    if (m_policy == QLatin1String("srtf"))
        why = QStringLiteral("less remaining work");
    else if (m_policy == QLatin1String("srsf"))
        why = QStringLiteral("less remaining GPU-time");
    else if (m_policy == QLatin1String("tiresias")) {
        const int mine = queueOf(attained(s, j, t));
        const int theirs = to < 0 ? 0 : queueOf(attained(s, to, t));
        why = mine > theirs ? QStringLiteral("attained less service (queue %1 against %2)")
                                  .arg(theirs)
                                  .arg(mine)
                            : QStringLiteral("the same queue and an earlier arrival");
    } else
        why = QStringLiteral("a higher priority");
    if (to < 0)
        return QStringLiteral("%1 puts jobs with %2 first").arg(m_policy, why);
    return QStringLiteral("%1 gives its GPUs to %2, which has %3").arg(m_policy, name(to), why);
}

// Why waiting job j does not start; head is the first waiting job in the policy's order.
QString DecisionExplainer::waitSentence(const State& s, int j, double t, int head) const
{
    const Job& job = m_scenario.jobs[std::size_t(j)];
    if (isAsrpt(m_policy) && virtualCompletion(j) > t)
        return QStringLiteral("%1 waits: it is still on the virtual machine, which releases it at "
                              "%2 s")
            .arg(name(j), num(virtualCompletion(j)));
    const QString need =
        QStringLiteral("needs %1, %2 free").arg(gpusText(job.gpuCount())).arg(s.freeGpus);
    if (job.gpuCount() > s.freeGpus)
        return QStringLiteral("%1 waits: %2").arg(name(j), need);
    const bool strict = m_policy == QLatin1String("fifo") || m_policy == QLatin1String("asrpt");
    if (strict && head >= 0 && head != j)
        return QStringLiteral("%1 waits: %2, but %3 is ahead of it and must start first")
            .arg(name(j), need, name(head));
    if (isGuided(m_policy))
        return QStringLiteral("%1 waits: %2, but a job the virtual machine finished long ago may "
                              "hold a reservation it would delay, or no placement fits it")
            .arg(name(j), need);
    if (m_policy == QLatin1String("asrpt-backfill") || m_policy == QLatin1String("asrpt-wc"))
        return QStringLiteral("%1 waits: %2, but starting it would delay %3")
            .arg(name(j), need, head >= 0 && head != j ? name(head) : QStringLiteral("the head"));
    return QStringLiteral("%1 waits: %2, but no placement fits it").arg(name(j), need);
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
    if (out)
        out->timeS = t;
    std::vector<int> startsHere;
    for (std::size_t i = first; i < last; ++i)
        if (ev[i].kind == ScheduleEvent::Kind::Started ||
            ev[i].kind == ScheduleEvent::Kind::Resumed)
            startsHere.push_back(int(i));
    auto say = [&](int j, QString sentence) {
        if (!out)
            return;
        if (std::find(out->jobs.begin(), out->jobs.end(), j) == out->jobs.end())
            out->jobs.push_back(j);
        out->sentences << sentence;
    };
    for (std::size_t i = first; i < last; ++i) {
        const ScheduleEvent& e = ev[i];
        const int j = e.job;
        const std::size_t ju = std::size_t(j);
        if (j < 0 || ju >= m_scenario.jobs.size())
            continue;
        const Job& job = m_scenario.jobs[ju];
        switch (e.kind) {
        case ScheduleEvent::Kind::Arrived: {
            s.arrived[ju] = 1;
            s.waiting[ju] = 1;
            if (out) {
                QString text = QStringLiteral("%1 arrives: needs %2, predicted %3")
                                   .arg(name(j), gpusText(job.gpuCount()), size(j, predicted(j)));
                if (isAsrpt(m_policy))
                    text += QStringLiteral("; it joins the virtual machine, which completes it "
                                           "at %1 s")
                                .arg(num(virtualCompletion(j)));
                else if (isGuided(m_policy))
                    text += QStringLiteral("; it joins the virtual machine and may start at once");
                say(j, text);
            }
            break;
        }
        case ScheduleEvent::Kind::Started:
        case ScheduleEvent::Kind::Resumed: {
            const bool resumed = e.kind == ScheduleEvent::Kind::Resumed;
            if (out)
                say(j, QStringLiteral("%1 %2 on %3: %4 and needs %5; %6")
                           .arg(name(j),
                                resumed ? QStringLiteral("resumes") : QStringLiteral("starts"),
                                serversOf(e.gpus), startReason(s, j, t, resumed),
                                gpusText(int(e.gpus.size())), freeOn(s, e.gpus)));
            s.waiting[ju] = 0;
            s.gpusOf[ju] = e.gpus;
            s.runSinceS[ju] = t;
            for (int g : e.gpus)
                --s.freePerServer[std::size_t(c.serverOfGpu(g))];
            s.freeGpus -= int(e.gpus.size());
            break;
        }
        case ScheduleEvent::Kind::Preempted:
        case ScheduleEvent::Kind::Finished: {
            const bool finished = e.kind == ScheduleEvent::Kind::Finished;
            const std::vector<int> gpus = s.gpusOf[ju];
            if (out) {
                if (finished)
                    say(j, QStringLiteral("%1 finishes on %2, freeing %3")
                               .arg(name(j), serversOf(gpus), gpusText(int(gpus.size()))));
                else {
                    int to = -1;
                    for (int k : startsHere) {
                        const auto& sg = ev[std::size_t(k)].gpus;
                        if (std::any_of(gpus.begin(), gpus.end(), [&](int g) {
                                return std::find(sg.begin(), sg.end(), g) != sg.end();
                            })) {
                            to = ev[std::size_t(k)].job;
                            break;
                        }
                    }
                    say(j, QStringLiteral("%1 is preempted: %2")
                               .arg(name(j), preemptReason(s, j, to, t)));
                }
            }
            s.attainedGpuS[ju] += (t - s.runSinceS[ju]) * double(gpus.size());
            const auto& segs = m_segmentsOf[ju];
            if (std::size_t(s.segmentsClosed[ju]) < segs.size())
                s.doneIterations[ju] +=
                    m_schedule.segments[std::size_t(segs[std::size_t(s.segmentsClosed[ju]++)])]
                        .iterations;
            for (int g : gpus)
                ++s.freePerServer[std::size_t(c.serverOfGpu(g))];
            s.freeGpus += int(gpus.size());
            s.gpusOf[ju].clear();
            s.waiting[ju] = finished ? 0 : 1;
            break;
        }
        }
    }
    if (out) {
        out->freeGpusAfter = s.freeGpus;
        // Who still waits, in the policy's order (only the first few are named).
        std::vector<std::pair<std::pair<double, double>, int>> waits;
        for (std::size_t o = 0; o < s.waiting.size(); ++o)
            if (s.waiting[o])
                waits.push_back({{key(s, int(o), t), m_scenario.jobs[o].arrivalS}, int(o)});
        const std::size_t listed = std::min<std::size_t>(waits.size(), kWaitsListed);
        std::partial_sort(waits.begin(), waits.begin() + std::ptrdiff_t(listed), waits.end());
        const int head = waits.empty() ? -1 : waits.front().second;
        for (std::size_t k = 0; k < listed; ++k)
            out->sentences << waitSentence(s, waits[k].second, t, head);
        if (waits.size() > listed)
            out->sentences << QStringLiteral("%1 more jobs wait").arg(waits.size() - listed);
    }
    ++s.nextStep;
}

} // namespace gantry
