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
    m_queue.insert(j, PriorityKey{double(st.predictedProcessing), 0.0, st.arrival, j}, st.gpus,
                   st.predictedProcessing);
}

double AsrptGuidedPolicy::calibration() const
{
    return m_options.calibrate ? m_calibration.factor() : 1.0;
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
        m_queue.reserve(state.jobCount());
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
    noteArrival(state, j, toSeconds(work));
}

void AsrptGuidedPolicy::jobFinished(const SimState& state, int j)
{
    m_ends.finished(j);
    m_calibration.finished(state.state(j));
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
    const std::size_t before = out.start.size();
    if (m_queue.empty() || state.pool().freeTotal() == 0) {
        if (explaining())
            noteDecision(state, out, before, m_queue.empty() ? -1 : dueJob(state));
        return;
    }
    GpuPool& pool = scratchPool(state);
    int due = dueJob(state);
    while (due >= 0 && m_queue.tryStart(state, due, pool, out)) {
        m_finishedWaiting.erase(m_finishedWaiting.begin());
        due = dueJob(state);
    }
    const std::size_t dueStarts = out.start.size();
    if (due >= 0)
        m_ends.backfill(state, due, m_queue, pool, out);
    else
        m_queue.admitSkip(state, pool, out);
    m_ends.recordStarts(state, out, before);
    if (explaining())
        noteDecision(state, out, dueStarts, due);
}

void AsrptGuidedPolicy::noteDecision(const SimState& state, const Decisions& out,
                                     std::size_t dueStarts, int due) const
{
    for (std::size_t i = 0; i < out.start.size(); ++i) {
        const int j = out.start[i].first;
        DecisionNote n;
        n.kind = DecisionNote::Kind::Started;
        n.job = j;
        n.value = toSeconds(state.state(j).predictedProcessing);
        if (i < dueStarts) {
            n.reason = Due;
            n.value = toSeconds(virtualCompletion(j));
            n.value2 = m_options.stretch;
        } else if (due >= 0) {
            n.reason = Beside;
            n.other = due;
        } else {
            n.reason = Ranked;
            const PriorityKey& mine = m_queue.keyOf(j);
            if (!m_queue.empty() && m_queue.front().key < mine)
                n.other = m_queue.front().job;
        }
        note(state, n);
    }
    // The due job first (it holds the reservation), then the startable jobs by predicted size,
    // then (alpha > 0) those still on the virtual machine in its order.
    int listed = 0;
    auto wait = [&](int j, std::uint8_t reason) {
        DecisionNote n;
        n.kind = DecisionNote::Kind::Waits;
        n.reason = reason;
        n.job = j;
        n.other = due;
        n.value = reason == NotStartable ? m_options.alpha : 0.0;
        note(state, n);
        ++listed;
    };
    if (due >= 0)
        wait(due, DueWaiting);
    for (const WaitingQueue::Entry& e : m_queue.ordered()) {
        if (listed == kNotedWaits)
            return;
        if (e.job != due)
            wait(e.job, Startable);
    }
    m_vsm.visitInOrder([&](int j) {
        if (listed == kNotedWaits)
            return false;
        if (m_startable[std::size_t(j)] < 0 && state.state(j).phase == JobPhase::Waiting)
            wait(j, NotStartable);
        return true;
    });
}

QString AsrptGuidedPolicy::explain(const DecisionNote& n, const NoteContext& ctx) const
{
    switch (n.kind) {
    case DecisionNote::Kind::Arrived:
        if (m_options.alpha <= 0.0)
            return QStringLiteral("it joins the virtual machine and may start at once");
        return QStringLiteral("it joins the virtual machine and may start once %1% of its "
                              "virtual work is done")
            .arg(NoteContext::number(100.0 * m_options.alpha));
    case DecisionNote::Kind::Started:
        if (n.reason == Due)
            return QStringLiteral("it is due: the virtual machine finished it at %1 and it has "
                                  "since waited more than %2 times its predicted size")
                .arg(NoteContext::seconds(n.value), NoteContext::number(n.value2));
        if (n.reason == Beside)
            return QStringLiteral("it fits beside the reservation of %1, which is due, and ends "
                                  "before %1 needs its GPUs or uses others")
                .arg(ctx.name(n.other));
        return ranked(n, ctx, QStringLiteral("smallest predicted size"),
                      NoteContext::seconds(n.value));
    case DecisionNote::Kind::Preempted:
        break;
    case DecisionNote::Kind::Waits:
        if (n.reason == NotStartable)
            return QStringLiteral("it is still on the virtual machine until %1% of its virtual "
                                  "work is done")
                .arg(NoteContext::number(100.0 * n.value));
        if (n.reason == DueWaiting)
            return QStringLiteral("%1; it is due and holds a reservation").arg(ctx.need(n.job));
        if (n.other >= 0 && ctx.demand(n.job) <= ctx.freeGpus())
            return QStringLiteral("%1, but starting it would delay %2, which is due")
                .arg(ctx.need(n.job), ctx.name(n.other));
        break;
    }
    return Policy::explain(n, ctx);
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
