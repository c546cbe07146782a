#pragma once

#include <QColor>

namespace gantry::ui {

/// The colour of a job's bars on the Gantt chart and its virtual-machine band: golden-angle
/// hues, so that neighbouring job indices stay apart.
class JobColours
{
public:
    /// Colour of job's bars.
    static QColor of(int job);
};

} // namespace gantry::ui
