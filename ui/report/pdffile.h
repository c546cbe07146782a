#pragma once

#include "report/reportbuilder.h"
#include "util/feedback.h"
#include "util/result.h"

#include <QString>

#include <functional>

class QPainter;
class QPdfWriter;

namespace gantry::ui {

/// Writes one PDF report atomically: a portrait page of the chosen size at ReportBuilder::kDpi
/// without margins, titled and credited to Gantry, painted by a callback. A failed or cancelled
/// report leaves no file and an existing file untouched. The schedule report and the
/// capacity-plan report both write through it.
class PdfFile
{
public:
    /// Paints the whole document on painter (begun on pdf); returns its page count.
    using Paint = std::function<Result<int>(QPdfWriter& pdf, QPainter& painter)>;

    /// Writes path with title through paint; InvalidInput when path cannot be written,
    /// Cancelled when feedback is cancelled, else paint's error. Reports progress 1 at the end.
    static Result<int> write(const QString& path, ReportBuilder::PageSize pageSize,
                             const QString& title, Feedback* feedback, const Paint& paint);
};

} // namespace gantry::ui
