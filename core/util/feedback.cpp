#include "util/feedback.h"

#include <algorithm>

namespace gantry {

Feedback::Feedback(Feedback* parent, double from, double span, QString step)
    : m_parent(parent), m_forward(parent), m_from(from), m_span(span), m_step(std::move(step))
{}

void Feedback::progress(double fraction, const QString& step)
{
    if (!m_progress && !m_forward)
        return;
    std::unique_lock lock(m_mutex);
    if (fraction < 1.0 && fraction - m_lastReported < 0.001 && step.isEmpty())
        return;
    m_lastReported = fraction;
    if (m_progress) {
        m_progress(fraction, step);
        return;
    }
    // Forwarded under the lock, so that reports from several threads reach the parent in the
    // order they passed the check above and the parent never sees the fraction go back.
    m_forward->progress(m_from + m_span * std::clamp(fraction, 0.0, 1.0),
                        m_step.isEmpty() ? step : m_step);
}

} // namespace gantry
