#pragma once

#include "model/scenario.h"
#include "sim/simobserver.h"

#include <QStringList>

#include <vector>

namespace gantry::test {

/// An observer that checks a schedule as it happens: no GPU is ever given to two jobs, no job
/// starts before it arrives or after it finished, and it records the virtual machine's segments.
class ScheduleAudit : public sim::SimObserver
{
public:
    /// An audit of a run of scenario.
    explicit ScheduleAudit(const Scenario& scenario);

    void jobArrived(SimTime t, int j) override;
    void jobStarted(SimTime t, int j, const Mapping& m) override;
    void jobPreempted(SimTime t, int j) override;
    void jobFinished(SimTime t, int j) override;
    void virtualSegment(SimTime from, SimTime to, int j) override;

    /// Every violation seen, empty when the schedule was sound.
    const QStringList& violations() const { return m_violations; }
    /// Largest number of GPUs in use at once.
    int peakGpusInUse() const { return m_peak; }
    /// Virtual-machine completion per job (end of its last segment), -1 if none.
    const std::vector<SimTime>& virtualCompletion() const { return m_virtualEnd; }
    /// Virtual-machine segments (from, to, job) in the order they ended.
    struct Segment
    {
        SimTime from, to;
        int job;
    };
    /// The recorded segments.
    const std::vector<Segment>& segments() const { return m_segments; }
    /// Real start times of each job's segments.
    const std::vector<std::vector<SimTime>>& starts() const { return m_starts; }

private:
    const Scenario* m_scenario;
    std::vector<int> m_owner;
    std::vector<std::vector<int>> m_held;
    std::vector<SimTime> m_arrival;
    std::vector<char> m_finished;
    std::vector<SimTime> m_virtualEnd;
    std::vector<Segment> m_segments;
    std::vector<std::vector<SimTime>> m_starts;
    QStringList m_violations;
    int m_inUse = 0;
    int m_peak = 0;
};

} // namespace gantry::test
