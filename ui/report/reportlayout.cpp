#include "reportlayout.h"

#include "util/feedback.h"

#include <QFontMetricsF>
#include <QPagedPaintDevice>
#include <QPainter>
#include <QTextLayout>

#include <algorithm>
#include <numeric>

namespace gantry::ui {

namespace {
const QColor kInk(0x20, 0x20, 0x20);
const QColor kMuted(0x70, 0x70, 0x70);
const QColor kRule(0xb0, 0xb0, 0xb0);
const QColor kHeaderFill(0xe4, 0xe8, 0xee);
const QColor kStripe(0xf4, 0xf5, 0xf7);

// Rows of a table measured for its column widths: enough to know a column's values, bounded
// for a trace's per-job appendix (a cell wider than the rest is cut in its middle).
constexpr std::size_t kMeasuredRows = 2000;

// The longest run of a header that wrapping cannot break (its longest word).
double longestWord(const QString& text, const QFontMetricsF& fm)
{
    double widest = 0.0;
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts))
        widest = std::max(widest, fm.horizontalAdvance(word));
    return widest;
}
} // namespace

ReportLayout::ReportLayout(QPagedPaintDevice& device, QPainter& painter, const QString& title)
    : m_device(device), m_painter(painter), m_title(title)
{
    m_page = QRectF(0, 0, device.width(), device.height());
    const double inch = device.logicalDpiY();
    const double margin = 0.6 * inch;
    // Room for the running header (top) and the page number (bottom).
    m_content = m_page.adjusted(margin, margin + 0.25 * inch, -margin, -(margin + 0.2 * inch));
    m_y = m_content.top();
}

QFont ReportLayout::font(double pointSize, bool bold)
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setStyleHint(QFont::SansSerif);
    // No shaping: ligatures would turn "fi" into one glyph and break text search and copy.
    f.setStyleStrategy(QFont::PreferNoShaping);
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    return f;
}

double ReportLayout::lineHeight(const QFont& f) const
{
    return QFontMetricsF(f, &m_device).lineSpacing();
}

void ReportLayout::begin()
{
    m_pages = 1;
    m_y = m_content.top();
    decorate();
}

void ReportLayout::newPage(const QString& section)
{
    if (!section.isNull())
        m_section = section;
    m_device.newPage();
    ++m_pages;
    m_y = m_content.top();
    decorate();
}

void ReportLayout::ensure(double height)
{
    if (remaining() < height && m_y > m_content.top())
        newPage();
}

void ReportLayout::skip(double dy)
{
    m_y = std::min(m_content.bottom(), m_y + dy);
}

void ReportLayout::decorate()
{
    m_painter.save();
    const QFont f = font(7.0);
    m_painter.setFont(f);
    m_painter.setPen(kMuted);
    const double inch = m_device.logicalDpiY();
    const QRectF head(m_content.left(), m_content.top() - 0.4 * inch, m_content.width(),
                      0.2 * inch);
    // A long scenario name in the title is cut in its middle before the section's name.
    const QFontMetricsF fm(f, &m_device);
    const double titleRoom = head.width() - fm.horizontalAdvance(m_section) - 0.3 * inch;
    m_painter.drawText(head, Qt::AlignLeft | Qt::AlignVCenter,
                       fm.elidedText(m_title, Qt::ElideMiddle, std::max(0.0, titleRoom)));
    m_painter.drawText(head, Qt::AlignRight | Qt::AlignVCenter, m_section);
    m_painter.setPen(QPen(kRule, 0.5));
    m_painter.drawLine(QPointF(head.left(), head.bottom() + 2),
                       QPointF(head.right(), head.bottom() + 2));
    const QRectF foot(m_content.left(), m_content.bottom() + 0.15 * inch, m_content.width(),
                      0.2 * inch);
    m_painter.setPen(kMuted);
    m_painter.drawText(foot, Qt::AlignHCenter | Qt::AlignVCenter,
                       QStringLiteral("page %1").arg(m_pages));
    m_painter.restore();
}

void ReportLayout::heading(const QString& text, int level)
{
    const QFont f = font(level <= 1 ? 15.0 : 11.0, true);
    const double h = lineHeight(f);
    // Keep a heading with at least a few lines of what follows.
    ensure(h * 1.6 + 6.0 * lineHeight(font(9.0)));
    if (m_y > m_content.top())
        skip(h * (level <= 1 ? 0.6 : 0.4));
    m_painter.save();
    m_painter.setFont(f);
    m_painter.setPen(kInk);
    m_painter.drawText(QRectF(m_content.left(), m_y, m_content.width(), h),
                       Qt::AlignLeft | Qt::AlignVCenter, text);
    m_painter.restore();
    m_y += h * (level <= 1 ? 1.3 : 1.15);
}

void ReportLayout::paragraph(const QString& text, double pointSize, bool bold)
{
    const QFont f = font(pointSize, bold);
    QTextLayout layout(text, f, &m_device);
    QTextOption option;
    // A name longer than the line (a scenario's, a job's) breaks rather than runs off the page.
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    double y = 0.0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(m_content.width());
        line.setPosition(QPointF(0.0, y));
        y += line.height();
    }
    layout.endLayout();
    m_painter.save();
    m_painter.setPen(kInk);
    for (int i = 0; i < layout.lineCount(); ++i) {
        const QTextLine line = layout.lineAt(i);
        ensure(line.height());
        line.draw(&m_painter, QPointF(m_content.left(), m_y - line.y()));
        m_y += line.height();
    }
    m_painter.restore();
    m_y += lineHeight(f) * 0.45;
}

void ReportLayout::keyValues(const std::vector<std::pair<QString, QString>>& rows, double pointSize)
{
    const QFont keyFont = font(pointSize, true);
    const QFont valueFont = font(pointSize);
    const double h = lineHeight(valueFont) * 1.15;
    double keyWidth = 0.0;
    const QFontMetricsF km(keyFont, &m_device);
    for (const auto& row : rows)
        keyWidth = std::max(keyWidth, km.horizontalAdvance(row.first));
    keyWidth = std::min(keyWidth + 12.0, m_content.width() * 0.4);
    m_painter.save();
    m_painter.setPen(kInk);
    for (const auto& [key, value] : rows) {
        const QRectF valueRect(m_content.left() + keyWidth, 0.0, m_content.width() - keyWidth, 1e6);
        m_painter.setFont(valueFont);
        const QRectF needed = m_painter.boundingRect(valueRect, Qt::TextWordWrap, value);
        const double rowH = std::max(h, needed.height());
        ensure(rowH);
        m_painter.setFont(keyFont);
        m_painter.drawText(QRectF(m_content.left(), m_y, keyWidth, h), Qt::AlignLeft | Qt::AlignTop,
                           key);
        m_painter.setFont(valueFont);
        m_painter.drawText(QRectF(valueRect.left(), m_y, valueRect.width(), rowH),
                           Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, value);
        m_y += rowH;
    }
    m_painter.restore();
    m_y += h * 0.4;
}

bool ReportLayout::table(const Table& t, Feedback* feedback, double progressFrom, double progressTo)
{
    const int columns = int(t.header.size());
    if (columns == 0)
        return true;
    const QFont cellFont = font(t.fontPt);
    const QFont headFont = font(t.fontPt, true);
    const QFontMetricsF cm(cellFont, &m_device);
    const QFontMetricsF hm(headFont, &m_device);
    const double rowH = lineHeight(cellFont) * 1.35;
    const double pad = cm.averageCharWidth() * 0.6;

    // Every column is at least as wide as its header's longest word and its widest cell (a
    // header word wider than its column was drawn over its neighbour's, "akespan", and a value
    // was cut, "+4...5%"); what is left goes by the relative widths. When that is too wide, a
    // column that fits its relative share keeps its width and the wider ones share the rest
    // (their cells are cut in the middle).
    std::vector<double> relative = t.widths;
    relative.resize(std::size_t(columns), 1.0);
    std::vector<double> least(std::size_t(columns), 0.0);
    for (int c = 0; c < columns; ++c)
        least[std::size_t(c)] = longestWord(t.header[c], hm);
    for (std::size_t r = 0; r < t.rows.size() && r < kMeasuredRows; ++r)
        for (int c = 0; c < columns && c < t.rows[r].size(); ++c)
            least[std::size_t(c)] =
                std::max(least[std::size_t(c)], cm.horizontalAdvance(t.rows[r][c]));
    for (double& w : least)
        w += 2.0 * pad + 1.0;
    const double room = m_content.width();
    const double need = std::accumulate(least.begin(), least.end(), 0.0);
    const double sum = std::accumulate(relative.begin(), relative.end(), 0.0);
    std::vector<double> widths(static_cast<std::size_t>(columns));
    if (need <= room) {
        for (std::size_t i = 0; i < widths.size(); ++i)
            widths[i] = least[i] + (room - need) * relative[i] / sum;
    } else {
        double kept = 0.0, over = 0.0;
        for (std::size_t i = 0; i < widths.size(); ++i) {
            widths[i] = std::min(least[i], room * relative[i] / sum);
            kept += widths[i];
            over += least[i] - widths[i];
        }
        for (std::size_t i = 0; i < widths.size(); ++i)
            widths[i] += (room - kept) * (least[i] - widths[i]) / over;
    }
    std::vector<double> x(std::size_t(columns) + 1, m_content.left());
    for (int c = 0; c < columns; ++c)
        x[std::size_t(c) + 1] = x[std::size_t(c)] + widths[std::size_t(c)];
    auto alignment = [&](int c) {
        if (std::size_t(c) < t.align.size())
            return t.align[std::size_t(c)];
        return c == 0 ? Qt::Alignment(Qt::AlignLeft) : Qt::Alignment(Qt::AlignRight);
    };
    // Header cells may wrap onto two lines.
    m_painter.save();
    m_painter.setFont(headFont);
    double headH = rowH;
    for (int c = 0; c < columns; ++c) {
        const QRectF r(0, 0, x[std::size_t(c) + 1] - x[std::size_t(c)] - 2 * pad, 1e6);
        headH = std::max(headH, m_painter.boundingRect(r, Qt::TextWordWrap, t.header[c]).height() +
                                    rowH - lineHeight(cellFont));
    }
    m_painter.restore();

    auto drawHeader = [&](bool continued) {
        m_painter.save();
        if (continued && !t.continued.isEmpty()) {
            m_painter.setFont(font(t.fontPt + 0.5, true));
            m_painter.setPen(kMuted);
            const double h = lineHeight(m_painter.font()) * 1.3;
            m_painter.drawText(QRectF(m_content.left(), m_y, m_content.width(), h),
                               Qt::AlignLeft | Qt::AlignVCenter, t.continued);
            m_y += h;
        }
        m_painter.fillRect(QRectF(x.front(), m_y, x.back() - x.front(), headH), kHeaderFill);
        m_painter.setFont(headFont);
        m_painter.setPen(kInk);
        for (int c = 0; c < columns; ++c) {
            const QRectF r(x[std::size_t(c)] + pad, m_y,
                           x[std::size_t(c) + 1] - x[std::size_t(c)] - 2 * pad, headH);
            m_painter.drawText(r, alignment(c) | Qt::AlignVCenter | Qt::TextWordWrap, t.header[c]);
        }
        m_y += headH;
        m_painter.setPen(QPen(kRule, 0.6));
        m_painter.drawLine(QPointF(x.front(), m_y), QPointF(x.back(), m_y));
        m_painter.restore();
    };

    ensure(headH + 3 * rowH);
    drawHeader(false);
    m_painter.save();
    m_painter.setFont(cellFont);
    m_painter.setPen(kInk);
    for (std::size_t r = 0; r < t.rows.size(); ++r) {
        if (feedback && (r % 64) == 0) {
            if (feedback->cancelled()) {
                m_painter.restore();
                return false;
            }
            if (progressTo > progressFrom)
                feedback->progress(progressFrom + (progressTo - progressFrom) * double(r) /
                                                      double(t.rows.size()),
                                   QStringLiteral("per-job table"));
        }
        if (remaining() < rowH) {
            m_painter.restore();
            newPage();
            drawHeader(true);
            m_painter.save();
            m_painter.setFont(cellFont);
            m_painter.setPen(kInk);
        }
        if (r % 2 == 1)
            m_painter.fillRect(QRectF(x.front(), m_y, x.back() - x.front(), rowH), kStripe);
        const QStringList& row = t.rows[r];
        for (int c = 0; c < columns && c < row.size(); ++c) {
            const double w = x[std::size_t(c) + 1] - x[std::size_t(c)] - 2 * pad;
            const QRectF cell(x[std::size_t(c)] + pad, m_y, w, rowH);
            m_painter.drawText(cell, alignment(c) | Qt::AlignVCenter,
                               cm.elidedText(row[c], Qt::ElideMiddle, w));
        }
        m_y += rowH;
    }
    m_painter.setPen(QPen(kRule, 0.6));
    m_painter.drawLine(QPointF(x.front(), m_y), QPointF(x.back(), m_y));
    m_painter.restore();
    m_y += rowH * 0.6;
    return true;
}

QRectF ReportLayout::block(double height)
{
    height = std::min(height, m_content.height());
    ensure(height);
    const QRectF r(m_content.left(), m_y, m_content.width(), height);
    m_y += height;
    return r;
}

} // namespace gantry::ui
