#pragma once

#include "sim/schedule.h"
#include "sim/simobserver.h"

#include <vector>

namespace gantry {

struct Scenario;

/// A SimObserver that records a run's Schedule. Attach it to Runner::run and call take()
/// afterwards; segments still open when the run stopped early end at the last event as Cut.
/// It also keeps the policy's DecisionNotes (teaching mode) unless told not to.
class ScheduleRecorder : public sim::SimObserver
{
public:
    /// Whether the policy's reasons are kept.
    enum class Notes
    {
        Record, ///< keep them in Schedule::notes (a few numbers per decision)
        Skip,   ///< leave them out (exports that never explain)
    };
    /// Records runs of scenario (kept by reference: it must outlive the recorder's use).
    explicit ScheduleRecorder(const Scenario& scenario, Notes notes = Notes::Record);

    void jobArrived(SimTime t, int j) override;
    void jobStarted(SimTime t, int j, const Mapping& m) override;
    void jobPreempted(SimTime t, int j) override;
    void jobFinished(SimTime t, int j) override;
    void rateChanged(SimTime t, int j, double iterationTimeS) override;
    void virtualSegment(SimTime from, SimTime to, int j) override;
    bool wantsNotes() const override { return m_notes == Notes::Record; }
    void decisionNote(const DecisionNote& note) override;

    /// The recorded schedule; the recorder is empty afterwards. O(segments).
    Schedule take();

private:
    struct Open
    {
        bool running = false;
        bool startedBefore = false;
        double startS = 0.0;
        double rateSinceS = 0.0;
        double iterationS = 0.0;
        double iterations = 0.0;
        double doneBefore = 0.0;
        std::uint32_t gpuFirst = 0; // its start event's GPUs in the schedule's eventGpus
        int gpuCount = 0;
    };
    void accrue(Open& o, double nowS);
    void close(int j, double nowS, ScheduleSegment::End end);
    void sample(double nowS);
    void event(double nowS, ScheduleEvent::Kind kind, int j, const std::vector<int>& gpus = {});

    const Scenario& m_scenario;
    Notes m_notes;
    Schedule m_schedule;
    std::vector<Open> m_open;
    int m_free = 0;
    int m_waiting = 0;
    int m_running = 0;
    double m_lastS = 0.0;
};

} // namespace gantry
