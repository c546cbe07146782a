#include "sim/simulator.h"

#include "mapping/iterationmodel.h"
#include "mapping/placement.h"
#include "predict/predictor.h"
#include "sim/schedulingpolicy.h"
#include "sim/simobserver.h"

#include <algorithm>
#include <numeric>
#include <utility>

namespace gantry::sim {

Simulator::Simulator(const Scenario& scenario, SchedulingPolicy& policy, Placement& placement,
                     predict::Predictor& predictor, SimTime restartOverhead, Contention contention)
    : m_state(scenario, placement), m_policy(&policy), m_predictor(&predictor),
      m_restartOverhead(restartOverhead), m_contention(contention), m_network(scenario.cluster),
      m_links(contention == Contention::Fair ? scenario.jobs.size() : 0)
{
    m_state.m_restartOverhead = restartOverhead;
    m_state.m_ratesChange = contention == Contention::Fair;
    // Distributions only for a policy that reads them (Simulator::arrive).
    predictor.setKeepsSpread(policy.wantsDistributions());
    const int n = int(scenario.jobs.size());
    m_arrivalOrder.resize(std::size_t(n));
    m_generation.assign(std::size_t(n), 0);
    std::iota(m_arrivalOrder.begin(), m_arrivalOrder.end(), 0);
    for (int j = 0; j < n; ++j) {
        JobState& st = m_state.m_jobs[std::size_t(j)];
        const Job& job = scenario.jobs[std::size_t(j)];
        st.arrival = fromSeconds(job.arrivalS);
        st.order = j;
        st.gpus = job.gpuCount();
        st.remainingIterations = job.trueIterations();
    }
    // Arrivals leave in (time, file position) order.
    std::stable_sort(m_arrivalOrder.begin(), m_arrivalOrder.end(), [this](int a, int b) {
        return m_state.m_jobs[std::size_t(a)].arrival < m_state.m_jobs[std::size_t(b)].arrival;
    });
    m_policy->setObservers(&m_observers);
    const Cluster& cluster = scenario.cluster;
    m_typeOfGpu.resize(std::size_t(cluster.totalGpus()));
    for (int g = 0; g < cluster.totalGpus(); ++g)
        m_typeOfGpu[std::size_t(g)] = cluster.servers[std::size_t(cluster.serverOfGpu(g))].gpuType;
    m_busyByType.assign(cluster.gpuTypes.size(), 0.0);
}

void Simulator::addBusy(const JobState& st)
{
    // Seconds taken as a recorded segment takes them (end - start, each converted), added per
    // GPU, so that the sums match CostModel::busyGpuSeconds on the Schedule bit for bit.
    const double seconds = toSeconds(m_state.m_now) - toSeconds(st.segmentStart);
    for (int g : st.mapping.gpus)
        m_busyByType[std::size_t(m_typeOfGpu[std::size_t(g)])] += seconds;
}

void Simulator::addObserver(SimObserver* observer)
{
    m_observers.push_back(observer);
}

SimTime Simulator::nextTime() const
{
    SimTime t = m_wakeup;
    if (!m_queue.empty())
        t = std::min(t, m_queue.top().time);
    if (m_nextArrival < m_arrivalOrder.size())
        t = std::min(t, m_state.m_jobs[std::size_t(m_arrivalOrder[m_nextArrival])].arrival);
    return t;
}

void Simulator::dropStaleEvents()
{
    while (!m_queue.empty() &&
           m_queue.top().generation != m_generation[std::size_t(m_queue.top().job)])
        m_queue.pop();
}

bool Simulator::step()
{
    if (m_failed || m_finished == m_state.jobCount())
        return false;
    const SimTime t = nextTime();
    if (t == kNever) {
        int waiting = 0;
        for (const JobState& st : m_state.m_jobs)
            waiting += st.phase == JobPhase::Waiting;
        m_error = Error::internal(
            QStringLiteral("deadlock at t=%1 s: %2 jobs are waiting and none can ever start under "
                           "policy %3")
                .arg(toSeconds(m_state.m_now))
                .arg(waiting)
                .arg(m_policy->name()));
        m_failed = true;
        return false;
    }
    accountIdle(t);
    m_state.m_now = t;
    while (!m_queue.empty() && m_queue.top().time == t) {
        const Event e = m_queue.top();
        m_queue.pop();
        if (e.generation != m_generation[std::size_t(e.job)])
            continue;
        ++m_events;
        finish(e.job);
    }
    while (m_nextArrival < m_arrivalOrder.size() &&
           m_state.m_jobs[std::size_t(m_arrivalOrder[m_nextArrival])].arrival == t) {
        ++m_events;
        arrive(m_arrivalOrder[m_nextArrival++]);
    }
    if (m_wakeup == t)
        ++m_events;
    m_decisions.clear();
    m_policy->decide(m_state, m_decisions);
    if (Status s = apply(m_decisions); !s) {
        m_error = s.error();
        m_failed = true;
        return false;
    }
    if (m_networkDirty)
        shareNetwork();
    if (m_failed)
        return false;
    dropStaleEvents();
    m_wakeup = m_policy->nextWakeup(m_state);
    if (m_wakeup <= t) {
        m_error = Error::internal(
            QStringLiteral("policy %1 asked to be woken at %2 s, not after now (%3 s)")
                .arg(m_policy->name())
                .arg(toSeconds(m_wakeup))
                .arg(toSeconds(t)));
        m_failed = true;
        return false;
    }
    return m_finished < m_state.jobCount();
}

Status Simulator::runUntil(SimTime t)
{
    while (!m_failed && m_finished < m_state.jobCount() && nextTime() <= t)
        step();
    if (m_failed)
        return m_error;
    return {};
}

Status Simulator::run(Feedback* feedback)
{
    const int n = m_state.jobCount();
    long long steps = 0;
    while (step()) {
        if (feedback && (++steps & 1023) == 0) {
            if (feedback->cancelled())
                return Error::cancelled();
            feedback->progress(double(m_finished) / double(n));
        }
    }
    if (m_failed)
        return m_error;
    if (feedback)
        feedback->progress(1.0);
    return {};
}

void Simulator::setWaiting(int gpus, int delta)
{
    int& n = m_waitingByGpus[gpus];
    n += delta;
    if (n == 0)
        m_waitingByGpus.erase(gpus);
}

void Simulator::accountIdle(SimTime to)
{
    // Free GPUs and the waiting set are constant between decision points.
    const int free = m_state.m_pool.freeTotal();
    if (to <= m_state.m_now || free == 0 || m_waitingByGpus.empty())
        return;
    long long demand = 0;
    for (const auto& [gpus, count] : m_waitingByGpus) {
        if (gpus > free || demand >= free)
            break;
        demand += (long long)gpus * count;
    }
    m_idleWhileWaitingGpuS +=
        double(std::min<long long>(free, demand)) * toSeconds(to - m_state.m_now);
}

void Simulator::releasePrediction()
{
    m_predictor = nullptr;
    std::vector<predict::IterationDistribution>().swap(m_state.m_distributions);
}

void Simulator::arrive(int j)
{
    JobState& st = m_state.m_jobs[std::size_t(j)];
    const Job& job = m_state.job(j);
    st.phase = JobPhase::Waiting;
    setWaiting(st.gpus, 1);
    double k = m_predictor->predict(job, j);
    if (!(k > 0.0))
        k = 1e-6;
    st.predictedIterations = k;
    if (m_policy->wantsDistributions()) {
        if (m_state.m_distributions.size() != m_state.m_jobs.size())
            m_state.m_distributions.resize(m_state.m_jobs.size());
        m_state.m_distributions[std::size_t(j)] = m_predictor->spread(job, j, k);
    }
    // A pure placement maps jobs of one shape alike: tau0 is found once per shape.
    const bool reuse = m_state.placement().pure();
    if (job.kind == JobKind::Duration) {
        st.referenceIterationS = 1.0;
    } else if (const auto known = reuse ? m_referenceTimes.find(job) : std::nullopt) {
        st.referenceIterationS = *known;
    } else {
        const GpuPool empty(m_state.cluster());
        const auto m = m_state.placement().place(job, empty);
        st.referenceIterationS =
            m ? IterationModel::iterationTimeS(job, *m, m_state.cluster()) : 1.0;
        if (reuse)
            m_referenceTimes.insert(job, st.referenceIterationS);
    }
    st.predictedProcessing = std::max<SimTime>(1, fromSeconds(k * st.referenceIterationS));
    for (SimObserver* o : m_observers)
        o->jobArrived(m_state.m_now, j);
    m_policy->jobArrived(m_state, j);
}

void Simulator::advanceProgress(JobState& st)
{
    const SimTime now = m_state.m_now;
    if (now <= st.progressSince)
        return; // still inside the restart overhead
    const double done =
        std::min(st.remainingIterations, double(now - st.progressSince) / (st.iterationS * 1e6));
    st.remainingIterations -= done;
    st.iterationsDone += done;
    st.crossBytes += done * st.crossBytesPerIteration;
    st.progressSince = now;
}

void Simulator::closeSegment(JobState& st)
{
    advanceProgress(st);
    const SimTime elapsed = m_state.m_now - st.segmentStart;
    st.gpuSeconds += double(st.gpus) * toSeconds(elapsed);
    st.ranBefore += elapsed;
}

void Simulator::shareNetwork()
{
    // Max-min fair shares among running jobs with cross-server traffic; jobs whose share
    // changed have their progress advanced to now and their completion rescheduled.
    m_networkDirty = false;
    std::vector<int> jobs;
    std::vector<std::vector<int>> sets;
    for (int j : m_state.m_running)
        if (!m_links[std::size_t(j)].empty()) {
            jobs.push_back(j);
            sets.push_back(m_links[std::size_t(j)]);
        }
    std::sort(jobs.begin(), jobs.end());
    sets.clear();
    for (int j : jobs)
        sets.push_back(m_links[std::size_t(j)]);
    const std::vector<double> share = m_network.allocate(sets);
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const int j = jobs[i];
        JobState& st = m_state.m_jobs[std::size_t(j)];
        if (share[i] == st.bandwidthShare)
            continue;
        advanceProgress(st);
        st.bandwidthShare = share[i];
        st.iterationS =
            IterationModel::iterationTimeS(m_state.job(j), st.mapping, m_state.cluster(), share[i]);
        ++m_generation[std::size_t(j)];
        scheduleCompletion(j);
        for (SimObserver* o : m_observers)
            o->rateChanged(m_state.m_now, j, st.iterationS);
    }
}

void Simulator::finish(int j)
{
    JobState& st = m_state.m_jobs[std::size_t(j)];
    addBusy(st);
    const SimTime elapsed = m_state.m_now - st.segmentStart;
    st.crossBytes += st.remainingIterations * st.crossBytesPerIteration;
    st.iterationsDone += st.remainingIterations;
    st.remainingIterations = 0.0;
    st.gpuSeconds += double(st.gpus) * toSeconds(elapsed);
    st.ranBefore += elapsed;
    m_state.m_pool.give(st.mapping);
    removeRunning(j);
    if (!m_links.empty() && !m_links[std::size_t(j)].empty()) {
        m_links[std::size_t(j)].clear();
        m_networkDirty = true;
    }
    st.phase = JobPhase::Finished;
    st.finish = m_state.m_now;
    ++m_generation[std::size_t(j)];
    ++m_finished;
    m_predictor->observe(m_state.job(j), m_state.job(j).trueIterations());
    for (SimObserver* o : m_observers)
        o->jobFinished(m_state.m_now, j);
    m_policy->jobFinished(m_state, j);
}

void Simulator::removeRunning(int j)
{
    const int slot = m_state.m_runningSlot[std::size_t(j)];
    const int last = m_state.m_running.back();
    m_state.m_running[std::size_t(slot)] = last;
    m_state.m_runningSlot[std::size_t(last)] = slot;
    m_state.m_running.pop_back();
    m_state.m_runningSlot[std::size_t(j)] = -1;
}

void Simulator::scheduleCompletion(int j)
{
    JobState& st = m_state.m_jobs[std::size_t(j)];
    const double us = st.remainingIterations * st.iterationS * 1e6;
    // Keep the clock far inside int64: beyond ~3000 simulated years the run is meaningless.
    constexpr double kHorizonUs = 1e17;
    if (!(us < kHorizonUs) || double(m_state.m_now) + us > kHorizonUs) {
        m_error = Error::invalid(QStringLiteral("job %1 would finish beyond the simulation horizon "
                                                "(1e11 s); check its size and the GPU speeds")
                                     .arg(m_state.job(j).id));
        m_failed = true;
        return;
    }
    const SimTime left = std::max<SimTime>(1, SimTime(std::llround(us)));
    m_queue.push(std::max(m_state.m_now, st.progressSince) + left, j, m_generation[std::size_t(j)]);
}

void Simulator::startJob(int j, Mapping&& mapping)
{
    JobState& st = m_state.m_jobs[std::size_t(j)];
    const bool resumed = st.firstStart >= 0;
    st.phase = JobPhase::Running;
    setWaiting(st.gpus, -1);
    st.mapping = std::move(mapping);
    const Mapping& m = st.mapping;
    st.segmentStart = m_state.m_now;
    st.overhead = resumed ? m_restartOverhead : 0;
    st.progressSince = m_state.m_now + st.overhead;
    if (!resumed)
        st.firstStart = m_state.m_now;
    st.bandwidthShare = 1.0;
    st.iterationS = IterationModel::iterationTimeS(m_state.job(j), m, m_state.cluster());
    if (m_contention == Contention::Fair) {
        m_links[std::size_t(j)] = m_network.linksOf(m_state.job(j), m);
        m_networkDirty = m_networkDirty || !m_links[std::size_t(j)].empty();
    }
    st.crossBytesPerIteration =
        IterationModel::crossServerBytes(m_state.job(j), m, m_state.cluster());
    m_state.m_pool.take(m);
    m_state.m_runningSlot[std::size_t(j)] = int(m_state.m_running.size());
    m_state.m_running.push_back(j);
    scheduleCompletion(j);
    for (SimObserver* o : m_observers) {
        o->jobStarted(m_state.m_now, j, m);
        o->rateChanged(m_state.m_now, j, st.iterationS);
    }
}

void Simulator::preemptJob(int j)
{
    JobState& st = m_state.m_jobs[std::size_t(j)];
    addBusy(st);
    closeSegment(st);
    m_state.m_pool.give(st.mapping);
    removeRunning(j);
    if (!m_links.empty() && !m_links[std::size_t(j)].empty()) {
        m_links[std::size_t(j)].clear();
        m_networkDirty = true;
    }
    st.phase = JobPhase::Waiting;
    setWaiting(st.gpus, 1);
    ++st.preemptions;
    ++m_generation[std::size_t(j)];
    for (SimObserver* o : m_observers)
        o->jobPreempted(m_state.m_now, j);
}

Status Simulator::apply(Decisions& d)
{
    if (!d.preempt.empty() && !m_policy->preemptive())
        return Error::internal(
            QStringLiteral("non-preemptive policy %1 tried to preempt").arg(m_policy->name()));
    for (int j : d.preempt) {
        if (j < 0 || j >= m_state.jobCount() || m_state.state(j).phase != JobPhase::Running)
            return Error::internal(QStringLiteral("policy %1 preempted a job that is not running")
                                       .arg(m_policy->name()));
        preemptJob(j);
    }
    for (auto& [j, m] : d.start) {
        if (j < 0 || j >= m_state.jobCount() || m_state.state(j).phase != JobPhase::Waiting)
            return Error::internal(QStringLiteral("policy %1 started a job that is not waiting")
                                       .arg(m_policy->name()));
        std::vector<int>& gpus = m_sortedGpus; // reused: no allocation per start
        gpus.assign(m.gpus.begin(), m.gpus.end());
        std::sort(gpus.begin(), gpus.end());
        if (int(gpus.size()) != m_state.state(j).gpus ||
            std::adjacent_find(gpus.begin(), gpus.end()) != gpus.end() ||
            !m_state.m_pool.allFree(m))
            return Error::internal(
                QStringLiteral("policy %1 gave job %2 a mapping that is not %3 distinct free GPUs")
                    .arg(m_policy->name(), m_state.job(j).id)
                    .arg(m_state.state(j).gpus));
        startJob(j, std::move(m));
        if (m_failed)
            return m_error;
    }
    return {};
}

} // namespace gantry::sim
