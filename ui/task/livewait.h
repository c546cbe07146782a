#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace gantry::ui {

/// Runs a short piece of work that the caller must wait for (a save) on a thread of its own,
/// with the window live meanwhile: it paints and its timers run, while the user's input waits
/// until the work has ended (so nothing the work reads can change). After a moment a busy
/// dialog over the window names what it is doing. For long work with progress and cancel, see
/// BackgroundTask.
class LiveWait
{
public:
    /// How long the work runs before the busy dialog shows.
    static constexpr int kDialogDelayMs = 400;

    /// Runs work on a new thread and returns once it has returned, processing the application's
    /// events (but not user input) meanwhile; an exception thrown by work is thrown again here.
    /// window (may be null: no dialog) is what the dialog opens over, label what it says.
    static void run(QWidget* window, const QString& label, const std::function<void()>& work);
};

} // namespace gantry::ui
