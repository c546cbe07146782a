#include "saveprogress.h"

#include <algorithm>

namespace gantry::storage {

SaveProgress::SaveProgress(Feedback* feedback, qint64 totalRows)
    : m_feedback(feedback), m_total(std::max<qint64>(1, totalRows))
{}

Status SaveProgress::step()
{
    ++m_done;
    if (m_feedback) {
        if (m_feedback->cancelled())
            return Error::cancelled();
        m_feedback->progress(double(m_done) / double(m_total), QStringLiteral("saving"));
    }
    return {};
}

} // namespace gantry::storage
