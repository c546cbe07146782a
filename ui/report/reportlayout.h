#pragma once

#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

class QPagedPaintDevice;
class QPainter;

namespace gantry {
class Feedback;
}

namespace gantry::ui {

/// Flows report content down the pages of a paged device (a QPdfWriter): running header and
/// footer with the page number, headings, word-wrapped paragraphs that break across pages,
/// tables whose header row repeats on every page and reserved blocks for figures. Coordinates
/// are device units; the device's resolution decides how many make an inch.
class ReportLayout
{
public:
    /// A table: one header row, then rows of cells; widths are relative column widths.
    struct Table
    {
        QStringList header;               ///< column titles, repeated on every page
        std::vector<double> widths;       ///< relative widths, one per column
        std::vector<Qt::Alignment> align; ///< per column (default: first left, others right)
        std::vector<QStringList> rows;    ///< cells; short rows leave the rest empty
        double fontPt = 7.5;              ///< cell font size in points
        QString continued;                ///< caption drawn above the header on later pages
    };

    /// Lays out on device through painter (already begun on it); title is the running header.
    ReportLayout(QPagedPaintDevice& device, QPainter& painter, const QString& title);

    /// Draws the first page's header and footer. Call once, before anything else.
    void begin();
    /// Starts a new page; section names the running header's right side from now on.
    void newPage(const QString& section = {});
    /// Starts a new page unless at least height is left on this one.
    void ensure(double height);
    /// Number of pages so far.
    int pages() const { return m_pages; }
    /// Area for content on every page (inside the margins, between header and footer).
    QRectF content() const { return m_content; }
    /// Current vertical position.
    double y() const { return m_y; }
    /// Height left on this page below y().
    double remaining() const { return m_content.bottom() - m_y; }
    /// Moves the position down by dy (stays on the page).
    void skip(double dy);

    /// A heading of level 1 (section) or 2 (subsection).
    void heading(const QString& text, int level = 1);
    /// Word-wrapped text over the content width, breaking across pages when needed.
    void paragraph(const QString& text, double pointSize = 9.0, bool bold = false);
    /// Label and value lines ("label: value") in two aligned columns.
    void keyValues(const std::vector<std::pair<QString, QString>>& rows, double pointSize = 9.0);
    /// The table; rows that do not fit go to the next page with the header repeated. With
    /// feedback, returns false as soon as it is cancelled (the table is cut there) and, when
    /// progressTo > progressFrom, reports progress from one to the other over the rows.
    bool table(const Table& table, Feedback* feedback = nullptr, double progressFrom = 0.0,
               double progressTo = 0.0);
    /// Reserves a block of height over the content width (a new page first if it does not fit)
    /// and returns it; y() moves below it.
    QRectF block(double height);

    /// A font of the report's family.
    static QFont font(double pointSize, bool bold = false);

private:
    void decorate();
    double lineHeight(const QFont& f) const;

    QPagedPaintDevice& m_device;
    QPainter& m_painter;
    QString m_title;
    QString m_section;
    QRectF m_page;
    QRectF m_content;
    double m_y = 0.0;
    int m_pages = 0;
};

} // namespace gantry::ui
