#pragma once

#include "sim/decisionnote.h"
#include "sim/notelog.h"

#include <QString>

#include <cstdint>
#include <span>
#include <vector>

namespace gantry {

/// One stretch of time a job held a fixed set of GPUs: from a start or resume to its
/// preemption or completion. Times in seconds.
struct ScheduleSegment
{
    /// Why the segment ended.
    enum class End
    {
        Finished,  ///< the job completed
        Preempted, ///< the policy stopped the job; it resumes later
        Cut,       ///< the run stopped first (cancelled or failed)
    };
    int job = 0;                ///< index in the scenario's job list
    double startS = 0.0;        ///< start or resume
    double endS = 0.0;          ///< preemption or completion
    std::uint32_t gpuFirst = 0; ///< its GPUs (global, per worker) are Schedule::eventGpus from here
    int gpuCount = 0;           ///< ... this many (Schedule::gpusOf)
    double iterations = 0.0;    ///< iterations done in the segment (rate pieces integrated)
    End end = End::Finished;    ///< how it ended
};

/// One slice of the A-SRPT virtual single machine's SRPT timeline.
struct VirtualSlice
{
    int job = 0;        ///< index in the scenario's job list
    double fromS = 0.0; ///< slice start, seconds
    double toS = 0.0;   ///< slice end, seconds
};

/// The cluster's counters after the events at one instant.
struct CounterSample
{
    double timeS = 0.0;  ///< instant, seconds
    int freeGpus = 0;    ///< GPUs not held by a running job
    int queueLength = 0; ///< jobs arrived and not running (waiting or preempted)
    int running = 0;     ///< jobs running
};

/// One scheduling event, in the order the simulator applied them.
struct ScheduleEvent
{
    /// What happened.
    enum class Kind
    {
        Arrived,   ///< the job was submitted
        Started,   ///< the job started on gpus
        Resumed,   ///< a preempted job started again on gpus
        Preempted, ///< the job was stopped, progress kept
        Finished,  ///< the job completed
    };
    double timeS = 0.0;         ///< when, seconds
    Kind kind = Kind::Arrived;  ///< what
    int job = 0;                ///< index in the scenario's job list
    std::uint32_t gpuFirst = 0; ///< Started/Resumed: its GPUs are Schedule::eventGpus from here
    int gpuCount = 0;           ///< ... this many (0 for the other kinds)
    int freeGpusAfter = 0;      ///< free GPUs once the event is applied
};

/// Everything a run did over time, for the Gantt chart, playback, the heatmap, teaching mode
/// and trace exports. Segments are ordered by end time, events by simulation order.
struct Schedule
{
    int totalGpus = 0;                       ///< GPUs of the cluster
    std::vector<ScheduleSegment> segments;   ///< every job segment
    std::vector<VirtualSlice> virtualSlices; ///< asrpt's virtual machine (empty otherwise)
    std::vector<CounterSample> counters;     ///< one sample per distinct event time
    std::vector<ScheduleEvent> events;       ///< arrivals, starts, preemptions, completions
    /// The GPUs of the start events, one after another (gpusOf()); a segment reads those of the
    /// start that began it.
    std::vector<int> eventGpus;
    NoteLog notes; ///< the policy's reasons, in time order (teaching)

    /// The GPUs a Started or Resumed event e of this schedule started its job on (empty for
    /// the other kinds). Kept in one array for all events, not a vector per event: a
    /// million-job run has a million starts.
    std::span<const int> gpusOf(const ScheduleEvent& e) const
    {
        return {eventGpus.data() + e.gpuFirst, std::size_t(e.gpuCount)};
    }
    /// The GPUs segment s of this schedule ran on (global numbering, one per worker).
    std::span<const int> gpusOf(const ScheduleSegment& s) const
    {
        return {eventGpus.data() + s.gpuFirst, std::size_t(s.gpuCount)};
    }
    /// Appends a segment of job on gpus (added to eventGpus), for a schedule put together by
    /// hand (a test, a cut of another schedule). O(gpus).
    void addSegment(int job, double startS, double endS, std::span<const int> gpus,
                    double iterations, ScheduleSegment::End end)
    {
        const auto first = std::uint32_t(eventGpus.size());
        eventGpus.insert(eventGpus.end(), gpus.begin(), gpus.end());
        segments.push_back({job, startS, endS, first, int(gpus.size()), iterations, end});
    }
};

} // namespace gantry
