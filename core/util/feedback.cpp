#include "util/feedback.h"

namespace gantry {

void Feedback::progress(double fraction, const QString& step)
{
    if (!m_progress)
        return;
    if (fraction < 1.0 && fraction - m_lastReported < 0.001 && step.isEmpty())
        return;
    m_lastReported = fraction;
    m_progress(fraction, step);
}

} // namespace gantry
