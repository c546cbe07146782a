#include "policies/asrptguidedpolicy.h"

#include "sim/simobserver.h"

#include <algorithm>
#include <cmath>

namespace gantry::sim {

AsrptGuidedPolicy::AsrptGuidedPolicy() : m_options(Options{}) {}

void AsrptGuidedPolicy::advance(const SimState& state)
{
    m_completed.clear();
    m_vsm.advanceTo(state.now(), m_completed);
    for (int j : m_completed) {
        // Completions are not wake-ups (alpha = 0): the time is its last segment's end.
        const SimTime cv = m_segmentEnd[std::size_t(j)];
        m_virtualCompletion[std::size_t(j)] = cv;
        if (state.state(j).phase == JobPhase::Waiting)
            m_finishedWaiting.insert({cv, j});
    }
    if (m_vsm.current() >= 0)
        m_touched.push_back(m_vsm.current());
    for (int j : m_touched)
        makeStartable(state, j);
    m_touched.clear();
}

void AsrptGuidedPolicy::makeStartable(const SimState& state, int j)
{
    if (m_startable[std::size_t(j)] >= 0 || state.state(j).phase != JobPhase::Waiting)
        return;
    // Virtual work left: 0 once done; the current job's open segment is read from the machine
    // (nextCompletion - now after advanceTo(now)).
    SimTime left = m_work[std::size_t(j)] - m_done[std::size_t(j)];
    if (m_virtualCompletion[std::size_t(j)] >= 0)
        left = 0;
    else if (j == m_vsm.current())
        left = m_vsm.nextCompletion() - state.now();
    if ((long double)left > (1.0L - m_options.alpha) * (long double)m_work[std::size_t(j)])
        return;
    m_startable[std::size_t(j)] = state.now();
    const JobState& st = state.state(j);
    m_queue.insert(j, PriorityKey{double(st.predictedProcessing), 0.0, st.arrival, j}, st.gpus);
}

double AsrptGuidedPolicy::calibration() const
{
    if (!m_options.calibrate || m_predictedS <= 0.0L)
        return 1.0;
    return std::clamp(double(m_ranS / m_predictedS), 1.0 / 64.0, 64.0);
}

void AsrptGuidedPolicy::jobArrived(const SimState& state, int j)
{
    if (!m_connected) {
        m_connected = true;
        const std::size_t n = std::size_t(state.jobCount());
        m_work.assign(n, 0);
        m_done.assign(n, 0);
        m_virtualCompletion.assign(n, -1);
        m_startable.assign(n, -1);
        m_segmentEnd.assign(n, 0);
        // Closed virtual segments count as work done (and go to the observers' timeline).
        m_vsm.setSegmentCallback([this](SimTime from, SimTime to, int job) {
            m_done[std::size_t(job)] += to - from;
            m_segmentEnd[std::size_t(job)] = to;
            m_touched.push_back(job);
            if (m_observers)
                for (SimObserver* o : *m_observers)
                    o->virtualSegment(from, to, job);
        });
    }
    advance(state);
    const JobState& st = state.state(j);
    const long double w = calibration() * (long double)st.gpus *
                          (long double)st.predictedProcessing /
                          (long double)state.cluster().totalGpus();
    const SimTime work = std::max<SimTime>(1, SimTime(std::llround(w)));
    m_work[std::size_t(j)] = work;
    m_vsm.release(state.now(), j, work, j);
    makeStartable(state, j);
}

void AsrptGuidedPolicy::jobFinished(const SimState& state, int j)
{
    m_ends.finished(j);
    const JobState& st = state.state(j);
    m_ranS += (long double)toSeconds(st.ranBefore);
    m_predictedS += (long double)toSeconds(st.predictedProcessing);
}

SimTime AsrptGuidedPolicy::virtualCompletion(int j) const
{
    return j < int(m_virtualCompletion.size()) ? m_virtualCompletion[std::size_t(j)] : -1;
}

double AsrptGuidedPolicy::virtualWaitS(const SimState& state) const
{
    double sum = 0.0;
    for (int j = 0; j < int(m_startable.size()); ++j)
        if (m_startable[std::size_t(j)] >= 0)
            sum += toSeconds(m_startable[std::size_t(j)] - state.state(j).arrival);
    return sum;
}

int AsrptGuidedPolicy::dueJob(const SimState& state)
{
    while (!m_finishedWaiting.empty()) {
        const auto [cv, j] = *m_finishedWaiting.begin();
        if (state.state(j).phase != JobPhase::Waiting || !m_queue.contains(j)) {
            m_finishedWaiting.erase(m_finishedWaiting.begin()); // started since
            continue;
        }
        const SimTime late =
            SimTime(m_options.stretch * double(state.state(j).predictedProcessing));
        return state.now() - cv >= late ? j : -1;
    }
    return -1;
}

void AsrptGuidedPolicy::decide(const SimState& state, Decisions& out)
{
    advance(state);
    if (m_queue.empty() || state.pool().freeTotal() == 0)
        return;
    GpuPool pool = state.pool();
    const std::size_t before = out.start.size();
    int due = dueJob(state);
    while (due >= 0 && m_queue.tryStart(state, due, pool, out)) {
        m_finishedWaiting.erase(m_finishedWaiting.begin());
        due = dueJob(state);
    }
    if (due >= 0)
        m_ends.backfill(state, due, m_queue, pool, out);
    else
        m_queue.admitSkip(state, pool, out);
    m_ends.recordStarts(state, out, before);
}

SimTime AsrptGuidedPolicy::nextWakeup(const SimState&) const
{
    // With alpha > 0 the current virtual job becomes startable when its virtual work left falls
    // to (1 - alpha) x its size. With alpha = 0 every job is startable at arrival; being due
    // only matters when GPUs change hands, at real decision points.
    const int j = m_vsm.current();
    if (m_options.alpha <= 0.0 || j < 0)
        return kNever;
    if (m_startable[std::size_t(j)] >= 0)
        return m_vsm.nextCompletion(); // the next job on the machine may then cross its mark
    const long double keep = (1.0L - m_options.alpha) * (long double)m_work[std::size_t(j)];
    return m_vsm.nextCompletion() - SimTime(std::floor(keep));
}

} // namespace gantry::sim
