#pragma once

#include <QFrame>

class QLabel;

namespace gantry::ui {

/// A short guide above the central tabs for a first run: the four things to try (change the
/// cluster, add a job, run, step through decisions in teaching mode), each a link that opens
/// the place to do it. Not modal; closing it is remembered (QSettings "welcomeDismissed") and
/// Help > Getting Started shows it again.
class WelcomeBanner : public QFrame
{
    Q_OBJECT

public:
    /// The four steps of the guide, in order (the targets of stepRequested).
    enum class Step
    {
        Cluster,  ///< the cluster editor
        Jobs,     ///< the job editor
        Run,      ///< the run panel
        Teaching, ///< teaching mode in Results
    };
    Q_ENUM(Step)

    /// The banner; hidden from the start when the user closed it before.
    explicit WelcomeBanner(QWidget* parent = nullptr);

    /// True when the user closed it (persists across sessions).
    static bool dismissed();

public slots:
    /// Shows the banner again and forgets that it was closed.
    void reopen();
    /// Hides the banner and remembers it.
    void dismiss();

signals:
    /// The user followed the link of step.
    void stepRequested(gantry::ui::WelcomeBanner::Step step);
};

} // namespace gantry::ui
