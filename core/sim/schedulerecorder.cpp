#include "sim/schedulerecorder.h"

#include "model/scenario.h"

#include <algorithm>

namespace gantry {

ScheduleRecorder::ScheduleRecorder(const Scenario& scenario, Notes notes)
    : m_scenario(scenario), m_notes(notes)
{
    m_schedule.totalGpus = scenario.cluster.totalGpus();
    m_free = m_schedule.totalGpus;
    m_open.resize(scenario.jobs.size());
}

void ScheduleRecorder::accrue(Open& o, double nowS)
{
    if (o.iterationS > 0.0 && nowS > o.rateSinceS)
        o.iterations += (nowS - o.rateSinceS) / o.iterationS;
    o.rateSinceS = nowS;
}

void ScheduleRecorder::close(int j, double nowS, ScheduleSegment::End end)
{
    Open& o = m_open[std::size_t(j)];
    accrue(o, nowS);
    // The integral ignores a restart overhead; the job's true iterations bound it.
    const double left =
        std::max(0.0, m_scenario.jobs[std::size_t(j)].trueIterations() - o.doneBefore);
    const double done = end == ScheduleSegment::End::Finished ? left : std::min(o.iterations, left);
    o.doneBefore += done;
    m_schedule.segments.push_back(
        ScheduleSegment{j, o.startS, nowS, o.gpuFirst, o.gpuCount, done, end});
    o.running = false;
    o.iterations = 0.0;
    o.iterationS = 0.0;
    m_free += o.gpuCount;
    --m_running;
}

void ScheduleRecorder::sample(double nowS)
{
    m_lastS = std::max(m_lastS, nowS);
    const CounterSample c{nowS, m_free, m_waiting, m_running};
    auto& counters = m_schedule.counters;
    if (!counters.empty() && counters.back().timeS == nowS)
        counters.back() = c;
    else
        counters.push_back(c);
}

void ScheduleRecorder::event(double nowS, ScheduleEvent::Kind kind, int j,
                             const std::vector<int>& gpus)
{
    const auto first = std::uint32_t(m_schedule.eventGpus.size());
    m_schedule.eventGpus.insert(m_schedule.eventGpus.end(), gpus.begin(), gpus.end());
    m_schedule.events.push_back(ScheduleEvent{nowS, kind, j, first, int(gpus.size()), m_free});
    sample(nowS);
}

void ScheduleRecorder::jobArrived(SimTime t, int j)
{
    ++m_waiting;
    event(toSeconds(t), ScheduleEvent::Kind::Arrived, j);
}

void ScheduleRecorder::jobStarted(SimTime t, int j, const Mapping& m)
{
    const double now = toSeconds(t);
    Open& o = m_open[std::size_t(j)];
    const bool resumed = o.startedBefore;
    o.running = true;
    o.startedBefore = true;
    o.startS = now;
    o.rateSinceS = now;
    o.iterations = 0.0;
    o.gpuFirst = std::uint32_t(m_schedule.eventGpus.size()); // where event() puts them below
    o.gpuCount = int(m.gpus.size());
    m_free -= int(m.gpus.size());
    --m_waiting;
    ++m_running;
    event(now, resumed ? ScheduleEvent::Kind::Resumed : ScheduleEvent::Kind::Started, j, m.gpus);
}

void ScheduleRecorder::jobPreempted(SimTime t, int j)
{
    const double now = toSeconds(t);
    close(j, now, ScheduleSegment::End::Preempted);
    ++m_waiting;
    event(now, ScheduleEvent::Kind::Preempted, j);
}

void ScheduleRecorder::jobFinished(SimTime t, int j)
{
    const double now = toSeconds(t);
    close(j, now, ScheduleSegment::End::Finished);
    event(now, ScheduleEvent::Kind::Finished, j);
}

void ScheduleRecorder::rateChanged(SimTime t, int j, double iterationTimeS)
{
    Open& o = m_open[std::size_t(j)];
    accrue(o, toSeconds(t));
    o.iterationS = iterationTimeS;
}

void ScheduleRecorder::virtualSegment(SimTime from, SimTime to, int j)
{
    auto& v = m_schedule.virtualSlices;
    const double a = toSeconds(from), b = toSeconds(to);
    // Consecutive slices of the same job merge, so the timeline stays compact.
    if (!v.empty() && v.back().job == j && v.back().toS == a)
        v.back().toS = b;
    else
        v.push_back(VirtualSlice{j, a, b});
}

Schedule ScheduleRecorder::take()
{
    for (std::size_t j = 0; j < m_open.size(); ++j)
        if (m_open[j].running)
            close(int(j), m_lastS, ScheduleSegment::End::Cut);
    Schedule out = std::move(m_schedule);
    m_schedule = Schedule{};
    m_schedule.totalGpus = out.totalGpus;
    m_free = out.totalGpus;
    m_waiting = m_running = 0;
    m_lastS = 0.0;
    for (Open& o : m_open)
        o = Open{};
    return out;
}

void ScheduleRecorder::decisionNote(const DecisionNote& note)
{
    m_schedule.notes.push_back(note);
}

} // namespace gantry
