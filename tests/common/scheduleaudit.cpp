#include "scheduleaudit.h"

namespace gantry::test {

ScheduleAudit::ScheduleAudit(const Scenario& scenario)
    : m_scenario(&scenario), m_owner(std::size_t(scenario.cluster.totalGpus()), -1),
      m_held(scenario.jobs.size()), m_arrival(scenario.jobs.size(), -1),
      m_finished(scenario.jobs.size(), 0), m_virtualEnd(scenario.jobs.size(), -1),
      m_starts(scenario.jobs.size())
{}

void ScheduleAudit::jobArrived(SimTime t, int j)
{
    m_arrival[std::size_t(j)] = t;
    if (t != fromSeconds(m_scenario->jobs[std::size_t(j)].arrivalS))
        m_violations
            << QStringLiteral("job %1 arrived at %2 instead of its arrival time").arg(j).arg(t);
}

void ScheduleAudit::jobStarted(SimTime t, int j, const Mapping& m)
{
    if (m_arrival[std::size_t(j)] < 0 || t < m_arrival[std::size_t(j)])
        m_violations << QStringLiteral("job %1 started at %2 before arriving").arg(j).arg(t);
    if (m_finished[std::size_t(j)])
        m_violations << QStringLiteral("job %1 started after finishing").arg(j);
    if (int(m.gpus.size()) != m_scenario->jobs[std::size_t(j)].gpuCount())
        m_violations << QStringLiteral("job %1 got %2 GPUs").arg(j).arg(m.gpus.size());
    for (int g : m.gpus) {
        if (m_owner[std::size_t(g)] >= 0)
            m_violations << QStringLiteral("GPU %1 given to job %2 while job %3 holds it")
                                .arg(g)
                                .arg(j)
                                .arg(m_owner[std::size_t(g)]);
        m_owner[std::size_t(g)] = j;
    }
    m_held[std::size_t(j)] = m.gpus;
    m_inUse += int(m.gpus.size());
    m_peak = std::max(m_peak, m_inUse);
    if (m_inUse > m_scenario->cluster.totalGpus())
        m_violations << QStringLiteral("%1 GPUs in use, more than exist").arg(m_inUse);
    m_starts[std::size_t(j)].push_back(t);
}

void ScheduleAudit::jobPreempted(SimTime, int j)
{
    for (int g : m_held[std::size_t(j)])
        m_owner[std::size_t(g)] = -1;
    m_inUse -= int(m_held[std::size_t(j)].size());
    m_held[std::size_t(j)].clear();
}

void ScheduleAudit::jobFinished(SimTime t, int j)
{
    jobPreempted(t, j);
    m_finished[std::size_t(j)] = 1;
}

void ScheduleAudit::virtualSegment(SimTime from, SimTime to, int j)
{
    if (!m_segments.empty() && from < m_segments.back().to)
        m_violations << QStringLiteral("virtual machine ran two jobs at once at %1").arg(from);
    m_segments.push_back({from, to, j});
    m_virtualEnd[std::size_t(j)] = to;
}

} // namespace gantry::test
