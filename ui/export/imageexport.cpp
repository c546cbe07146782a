#include "imageexport.h"

#include "charts/chartfactory.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <QSaveFile>
#include <QSvgGenerator>

namespace gantry::ui {

namespace {

Error cannotWrite(const QString& path, const QString& why)
{
    return Error::invalid(QStringLiteral("%1: cannot write: %2").arg(path, why));
}

} // namespace

Result<ImageExport::Format> ImageExport::formatOf(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("png"))
        return Format::Png;
    if (suffix == QLatin1String("svg"))
        return Format::Svg;
    return Error::invalid(
        QStringLiteral("%1: unknown image format \"%2\" (use .png or .svg)").arg(path, suffix));
}

QString ImageExport::withFormatSuffix(const QString& path, const QString& selectedFilter)
{
    if (formatOf(path).ok())
        return path;
    const bool svg = selectedFilter.contains(QLatin1String("*.svg"), Qt::CaseInsensitive);
    return path + (svg ? QStringLiteral(".svg") : QStringLiteral(".png"));
}

Status ImageExport::write(const QString& path, Format format, const QSize& size,
                          const PaintFn& paint, double scale)
{
    if (size.isEmpty() || !(scale > 0.0 && scale <= 16.0))
        return Error::invalid(QStringLiteral("%1: image size %2 x %3 (scale %4) is not valid")
                                  .arg(path)
                                  .arg(size.width())
                                  .arg(size.height())
                                  .arg(scale));
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return cannotWrite(path, file.errorString());
    const QRectF area(QPointF(0, 0), QSizeF(size));
    if (format == Format::Png) {
        QImage image(QSize(qRound(size.width() * scale), qRound(size.height() * scale)),
                     QImage::Format_ARGB32_Premultiplied);
        if (image.isNull())
            return cannotWrite(path, QStringLiteral("the image is too large"));
        image.fill(Qt::white);
        QPainter p(&image);
        p.setRenderHint(QPainter::Antialiasing);
        p.setRenderHint(QPainter::TextAntialiasing);
        p.scale(scale, scale);
        paint(p, area);
        p.end();
        if (!image.save(&file, "PNG"))
            return cannotWrite(path, QStringLiteral("PNG encoding failed"));
    } else {
        QSvgGenerator svg;
        svg.setOutputDevice(&file);
        svg.setSize(size);
        svg.setViewBox(area);
        svg.setTitle(QFileInfo(path).completeBaseName());
        svg.setDescription(QStringLiteral("Gantry"));
        QPainter p;
        if (!p.begin(&svg))
            return cannotWrite(path, QStringLiteral("cannot start the SVG painter"));
        p.fillRect(area, Qt::white);
        paint(p, area);
        p.end();
    }
    if (!file.commit())
        return cannotWrite(path, file.errorString());
    return {};
}

Status ImageExport::write(const QString& path, const QSize& size, const PaintFn& paint,
                          double scale)
{
    auto format = formatOf(path);
    if (!format)
        return format.error();
    return write(path, format.value(), size, paint, scale);
}

Status ImageExport::chart(QChart* chart, const QString& path, const QSize& size, double scale)
{
    auto format = formatOf(path);
    if (!format)
        return format.error();
    if (!chart)
        return Error::invalid(QStringLiteral("%1: no chart to export").arg(path));
    return write(
        path, format.value(), size,
        [chart](QPainter& p, const QRectF& area) { ChartFactory::render(chart, p, area); }, scale);
}

Status ImageExport::gantt(const GanttPainter& gantt, const QString& path, const QSize& size,
                          const GanttPainter::Options& options, double scale, const QString& title)
{
    GanttPainter::Options o = options;
    o.cursorS = -1.0;
    return write(
        path, size,
        [&](QPainter& p, const QRectF& area) {
            constexpr double TitleH = 34.0, KeyH = 26.0;
            p.fillRect(area, Qt::white);
            QFont f = p.font();
            f.setPointSizeF(13.0);
            f.setBold(true);
            p.setFont(f);
            p.setPen(QColor(30, 30, 30));
            // A long scenario name is cut in its middle, not at the image's edge.
            const QRectF titleArea(area.left() + 10, area.top(), area.width() - 20, TitleH);
            p.drawText(titleArea, Qt::AlignLeft | Qt::AlignVCenter,
                       p.fontMetrics().elidedText(
                           title.isEmpty() ? QCoreApplication::translate("gantry::ui::ImageExport",
                                                                         "Gantt chart")
                                           : title,
                           Qt::ElideMiddle, int(titleArea.width())));
            gantt.paint(p, area.adjusted(0, TitleH, 0, -KeyH), o);
            f.setPointSizeF(9.0);
            f.setBold(false);
            p.setFont(f);
            p.setPen(QColor(70, 70, 70));
            QString key = QCoreApplication::translate(
                "gantry::ui::ImageExport",
                "One lane per GPU, grouped by rack and server; one colour per job, named on its "
                "bars where it fits; a red tick ends a preempted segment.");
            if (gantt.hasVirtualMachine() && o.showVirtualMachine)
                key += QCoreApplication::translate(
                    "gantry::ui::ImageExport",
                    " Bottom band: A-SRPT's virtual single machine; a triangle marks a job's "
                    "release to the cluster.");
            p.drawText(QRectF(area.left() + 10, area.bottom() - KeyH, area.width() - 20, KeyH),
                       Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, key);
        },
        scale);
}

} // namespace gantry::ui
