#pragma once

#include "util/feedback.h"
#include "util/result.h"

#include <QtGlobal>

namespace gantry::storage {

/// The rows a save has written out of those it will write: reported to the save's Feedback
/// (when there is one) at every row, which is also where a save is cancelled.
class SaveProgress
{
public:
    /// Progress of a save of totalRows rows (at least 1 is assumed) reported to feedback.
    SaveProgress(Feedback* feedback, qint64 totalRows);

    /// Counts one row written; Error::cancelled() when feedback asks to cancel.
    Status step();

private:
    Feedback* m_feedback;
    qint64 m_total;
    qint64 m_done = 0;
};

} // namespace gantry::storage
