#pragma once

#include "gantt/ganttpainter.h"
#include "util/result.h"

#include <QRectF>
#include <QSize>
#include <QString>

#include <functional>

class QChart;
class QPainter;

namespace gantry::ui {

/// Writes charts and the Gantt chart to PNG (raster) and SVG (vector) files. Every write is
/// atomic: a failed export leaves no file behind and an existing file untouched. Errors are
/// ErrorKind::InvalidInput naming the file.
class ImageExport
{
public:
    /// Image format of an export.
    enum class Format
    {
        Png, ///< raster, white background
        Svg, ///< vector, text as text
    };
    /// Paints an image of the given area (origin 0, 0; pixels or SVG user units).
    using PaintFn = std::function<void(QPainter& painter, const QRectF& area)>;

    /// The format a file name asks for (.png or .svg, case-insensitive), if any.
    static Result<Format> formatOf(const QString& path);
    /// path as a save dialog should finish it: unchanged when its suffix names a format, else
    /// with the suffix of the filter the user chose ("PNG image (*.png)" gives ".png"; no
    /// filter: ".png"). File dialogs do not add it everywhere.
    static QString withFormatSuffix(const QString& path, const QString& selectedFilter);

    /// Writes what paint draws on an area of size to path as format. A PNG is painted at
    /// scale x size pixels (scale 2 gives a sharper image for slides).
    static Status write(const QString& path, Format format, const QSize& size, const PaintFn& paint,
                        double scale = 1.0);
    /// write() with the format that path's suffix asks for.
    static Status write(const QString& path, const QSize& size, const PaintFn& paint,
                        double scale = 1.0);
    /// A chart (not owned) to path; the format follows the suffix.
    static Status chart(QChart* chart, const QString& path, const QSize& size = QSize(720, 420),
                        double scale = 1.0);
    /// The Gantt chart painted with options to path under title, with a key to its marks
    /// below; the format follows the suffix. Never the playback cursor: an image is of the run.
    static Status gantt(const GanttPainter& gantt, const QString& path,
                        const QSize& size = QSize(1600, 900),
                        const GanttPainter::Options& options = {}, double scale = 1.0,
                        const QString& title = {});
};

} // namespace gantry::ui
