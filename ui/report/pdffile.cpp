#include "report/pdffile.h"

#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>

namespace gantry::ui {

Result<int> PdfFile::write(const QString& path, ReportBuilder::PageSize pageSize,
                           const QString& title, Feedback* feedback, const Paint& paint)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    int pages = 0;
    {
        QPdfWriter pdf(&file);
        pdf.setResolution(ReportBuilder::kDpi);
        pdf.setPageLayout(
            QPageLayout(QPageSize(pageSize == ReportBuilder::PageSize::Letter ? QPageSize::Letter
                                                                              : QPageSize::A4),
                        QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
        pdf.setTitle(title);
        pdf.setCreator(QStringLiteral("Gantry %1").arg(QStringLiteral(GANTRY_VERSION)));
        QPainter painter;
        if (!painter.begin(&pdf)) {
            file.cancelWriting();
            return Error::internal(QStringLiteral("%1: cannot start the PDF writer").arg(path));
        }
        painter.setRenderHint(QPainter::Antialiasing);
        const Result<int> painted = paint(pdf, painter);
        painter.end();
        if (!painted) {
            file.cancelWriting();
            return painted.error();
        }
        pages = painted.value();
    }
    if (feedback && feedback->cancelled()) {
        file.cancelWriting();
        return Error::cancelled();
    }
    if (!file.commit())
        return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, file.errorString()));
    if (feedback)
        feedback->progress(1.0, QStringLiteral("report written"));
    return pages;
}

} // namespace gantry::ui
