#pragma once

#include "explain/decisionexplainer.h"
#include "model/scenario.h"
#include "run/runresult.h"
#include "sim/schedule.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QImage>
#include <QSize>
#include <QString>

#include <memory>
#include <vector>

class QPainter;
class QRectF;

namespace gantry::ui {

/// A run's playback as an animation for slides: frame by frame, the Gantt chart as the window's
/// GanttPainter draws it at a moment (what had happened up to then, the A-SRPT virtual machine
/// band up to then, the time cursor, on an axis that grows with it) under a title line and over a
/// caption strip with the explanation of the decision step at that moment (DecisionExplainer).
/// Frames are rendered off screen on demand, on any one thread at a time; write() makes an animated
/// GIF.
class PlaybackAnimation
{
public:
    /// What the animation shows and how.
    struct Options
    {
        QSize size{1280, 720}; ///< pixels of each frame
        int frames = 0;       ///< evenly spaced frames from 0 to the end (0: one per decision step)
        int delayMs = 1500;   ///< how long each frame shows (the last one three times as long)
        bool captions = true; ///< the step's explanation under the chart
        bool dark = false;    ///< dark title and caption strips (the chart keeps its light panel)
    };
    /// Limits of the options (inclusive).
    static constexpr int MinSide = 320, MaxSide = 4096, MaxFrames = 1000;
    /// Limits of the delay per frame, milliseconds (inclusive).
    static constexpr int MinDelayMs = 20, MaxDelayMs = 60000;

    /// The animation of schedule, a run of scenario with result (result.config.policy names the
    /// policy whose notes the schedule holds; result.jobs give the predictions). Copies them.
    PlaybackAnimation(const Scenario& scenario, const Schedule& schedule, const RunResult& result,
                      const Options& options);
    ~PlaybackAnimation();
    PlaybackAnimation(const PlaybackAnimation&) = delete;
    PlaybackAnimation& operator=(const PlaybackAnimation&) = delete;

    /// InvalidInput naming the option when options cannot make an animation.
    static Status check(const Options& options);

    /// Number of frames (at least 1).
    int frameCount() const { return int(m_times.size()); }
    /// Moment of frame i, seconds.
    double frameTime(int i) const { return m_times[std::size_t(i)]; }
    /// How long frame i shows, milliseconds.
    int frameDelayMs(int i) const;
    /// The decision step shown in frame i's caption (-1: before the first).
    int frameStep(int i) const;
    /// Right edge of the time axis in a frame at timeS (its left edge is 0), seconds.
    double visibleUntil(double timeS) const;
    /// The caption strip's text of frame i: a heading with the step, its moment and the free
    /// GPUs, and the body with one bulleted line per sentence. Its times are written as the
    /// sentences and the window's teaching panel write them (NoteContext::seconds), so that a
    /// caption never mixes units. O(events up to the step).
    struct Caption
    {
        QString heading; ///< "Decision 3 of 12 at 40 s · 4 GPUs free after it"
        QString body;    ///< "• j2 starts ..." lines
    };
    /// Caption of frame i.
    Caption caption(int i) const;
    /// Frame i rendered. O(segments of the schedule).
    QImage frame(int i) const;
    /// The schedule as it stood at timeS: segments and virtual slices cut at timeS, the events,
    /// counters and notes up to it. O(size of schedule).
    static Schedule scheduleAt(const Schedule& schedule, double timeS);

    /// Writes the animation to path as an animated GIF, atomically: a failure or a cancel
    /// through feedback leaves no file and an existing file untouched. Options are checked first
    /// (InvalidInput); a file that cannot be written is an Internal error naming it; a cancel
    /// is ErrorKind::Cancelled. Progress goes from 0 to 1 over the frames.
    Status write(const QString& path, Feedback* feedback = nullptr) const;

private:
    void paintCaption(QPainter& p, const QRectF& area, const Caption& caption, bool dark) const;

    Scenario m_scenario;
    Schedule m_schedule;
    RunResult m_result;
    Options m_options;
    std::unique_ptr<DecisionExplainer> m_explainer; // reads m_scenario and m_schedule
    std::vector<double> m_times;
    double m_endS = 0.0;
};

} // namespace gantry::ui
