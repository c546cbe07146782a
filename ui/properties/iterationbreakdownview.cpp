#include "iterationbreakdownview.h"

#include <QEvent>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>

namespace gantry::ui {

namespace {

constexpr int Gap = 4;

QString gb(double v)
{
    QString text = QString::number(v, 'f', v < 10.0 ? 2 : 1);
    if (text.endsWith(QLatin1String(".0"))) // a GPU's 80 GB, not 80.0 GB
        text.chop(2);
    return QStringLiteral("%1 GB").arg(text);
}

QColor failColour(bool dark)
{
    return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xc6, 0x28, 0x28);
}

QColor fitColour(bool dark)
{
    return dark ? QColor(0x81, 0xc7, 0x84) : QColor(0x2e, 0x7d, 0x32);
}

// Which parts the legend lists: those some type spends time on (compute always).
std::vector<int> shownParts(const IterationBreakdown& b)
{
    std::vector<int> parts;
    for (int i = 0; i < IterationBreakdown::kParts; ++i) {
        bool any = i == 0;
        for (const IterationBreakdown::OnType& t : b.types())
            any = any || IterationBreakdown::part(t.time, i) > 0.0;
        if (any)
            parts.push_back(i);
    }
    return parts;
}

} // namespace

IterationBreakdownView::IterationBreakdownView(QWidget* parent) : QWidget(parent)
{
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
    setAccessibleName(tr("Iteration breakdown"));
}

void IterationBreakdownView::setBreakdown(std::optional<IterationBreakdown> breakdown,
                                          const QString& note)
{
    m_breakdown = std::move(breakdown);
    m_note = m_breakdown ? QString() : note;
    setAccessibleDescription(text());
    fitHeight();
    updateGeometry();
    update();
}

QColor IterationBreakdownView::partColour(int i, bool dark)
{
    // Tableau-like hues, one apart from the next; lighter on dark paper. Bubble (idle) is grey.
    static constexpr std::array<QRgb, IterationBreakdown::kParts> light = {
        0x4e79a7, 0x9cc3e4, 0x9d9d9d, 0xf28e2b, 0xe15759, 0x59a89c, 0xb07aa1, 0xd4b000};
    static constexpr std::array<QRgb, IterationBreakdown::kParts> onDark = {
        0x6f9fd8, 0xb5d4ef, 0x8a8a8a, 0xf7a450, 0xf07a7c, 0x76c7bb, 0xcb9cc0, 0xedc948};
    const auto& table = dark ? onDark : light;
    return QColor::fromRgb(table[std::size_t(std::clamp(i, 0, IterationBreakdown::kParts - 1))]);
}

QColor IterationBreakdownView::memoryColour(int i, bool dark)
{
    // No red among them: red marks a GPU the job does not fit.
    static constexpr std::array<QRgb, IterationBreakdown::kMemoryParts> light = {
        0x2f6b9a, 0x59a14f, 0xb6992d, 0x8e6cc9};
    static constexpr std::array<QRgb, IterationBreakdown::kMemoryParts> onDark = {
        0x5b9bd5, 0x7cc36f, 0xd9bb4a, 0xb39ddb};
    const auto& table = dark ? onDark : light;
    return QColor::fromRgb(
        table[std::size_t(std::clamp(i, 0, IterationBreakdown::kMemoryParts - 1))]);
}

bool IterationBreakdownView::dark() const
{
    return palette().color(QPalette::Window).lightness() < 128;
}

QString IterationBreakdownView::text() const
{
    if (!m_breakdown)
        return m_note;
    const IterationBreakdown& b = *m_breakdown;
    QStringList lines{tr("Time per iteration")};
    for (const IterationBreakdown::OnType& t : b.types()) {
        QStringList parts;
        for (int i = 0; i < IterationBreakdown::kParts; ++i) {
            const double s = IterationBreakdown::part(t.time, i);
            if (s > 0.0 || i == 0)
                parts << QStringLiteral("%1 %2").arg(IterationBreakdown::partName(i),
                                                     IterationBreakdown::seconds(s));
        }
        lines << tr("%1: %2 (%3)")
                     .arg(t.name, IterationBreakdown::seconds(t.time.iterationS),
                          parts.join(QStringLiteral(", ")));
    }
    QStringList memory;
    for (int i = 0; i < IterationBreakdown::kMemoryParts; ++i)
        memory << QStringLiteral("%1 %2").arg(IterationBreakdown::memoryPartName(i),
                                              gb(IterationBreakdown::memoryPart(b.cost(), i)));
    lines << tr("Memory per GPU: %1 (%2)").arg(gb(b.memoryGb()), memory.join(QStringLiteral(", ")));
    for (const IterationBreakdown::OnType& t : b.types())
        lines << (t.fits ? tr("fits %1 (%2)") : tr("does not fit %1 (%2)"))
                     .arg(t.name, gb(t.memoryGb));
    return lines.join(QLatin1Char('\n'));
}

QSize IterationBreakdownView::sizeHint() const
{
    const int w = 280;
    return {w, heightForWidth(w)};
}

QSize IterationBreakdownView::minimumSizeHint() const
{
    const int w = 160;
    return {w, heightForWidth(w)};
}

int IterationBreakdownView::heightForWidth(int width) const
{
    return render(nullptr, std::max(80, width));
}

void IterationBreakdownView::fitHeight()
{
    const int h = heightForWidth(width() > 0 ? width() : sizeHint().width());
    if (h != minimumHeight() || h != maximumHeight())
        setFixedHeight(h);
}

void IterationBreakdownView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitHeight();
}

void IterationBreakdownView::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange ||
        event->type() == QEvent::StyleChange) {
        fitHeight();
        update();
    }
}

bool IterationBreakdownView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        for (const auto& [area, tip] : m_tips)
            if (area.contains(help->pos())) {
                QToolTip::showText(help->globalPos(), tip, this, area.toAlignedRect());
                return true;
            }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

void IterationBreakdownView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing, false);
    render(&p, width());
}

int IterationBreakdownView::render(QPainter* p, int width) const
{
    if (p)
        m_tips.clear();
    const bool onDark = dark();
    const QColor ink = palette().color(QPalette::WindowText);
    const QColor track = palette().color(QPalette::Base);
    const QColor edge = palette().color(QPalette::Mid);
    QFont plain = font();
    QFont bold = plain;
    bold.setBold(true);
    const QFontMetrics fm(plain);
    const QFontMetrics fmBold(bold);
    const int lh = fm.height();
    int y = 0;

    auto wrapped = [&](const QString& text, const QColor& colour, bool strong) {
        const QFontMetrics& m = strong ? fmBold : fm;
        const QRect box =
            m.boundingRect(QRect(0, y, width, 100000), Qt::TextWordWrap | Qt::AlignLeft, text);
        if (p) {
            p->setFont(strong ? bold : plain);
            p->setPen(colour);
            p->drawText(QRect(0, y, width, box.height()), Qt::TextWordWrap | Qt::AlignLeft, text);
        }
        y += box.height();
    };
    auto heading = [&](const QString& left, const QString& right) {
        if (p) {
            p->setFont(bold);
            p->setPen(ink);
            p->drawText(QRect(0, y, width, lh), Qt::AlignLeft | Qt::AlignVCenter, left);
            if (!right.isEmpty())
                p->drawText(QRect(0, y, width, lh), Qt::AlignRight | Qt::AlignVCenter, right);
        }
        y += lh + 2;
    };

    if (!m_breakdown) {
        if (!m_note.isEmpty())
            wrapped(m_note, palette().color(QPalette::PlaceholderText), false);
        return y;
    }
    const IterationBreakdown& b = *m_breakdown;
    const auto& types = b.types();

    // One bar per GPU type, all on the scale of the slowest.
    heading(tr("Time per iteration"), {});
    int nameW = 0, valueW = 0;
    for (const IterationBreakdown::OnType& t : types) {
        nameW = std::max(nameW, fm.horizontalAdvance(t.name));
        valueW =
            std::max(valueW, fm.horizontalAdvance(IterationBreakdown::seconds(t.time.iterationS)));
    }
    nameW = std::min(nameW, width * 2 / 5);
    const int barX = nameW + Gap * 2;
    const int barW = std::max(20, width - barX - valueW - Gap * 2);
    const double slowest = b.slowestS();
    const int barH = std::max(8, lh - 4);
    for (const IterationBreakdown::OnType& t : types) {
        if (p) {
            p->setFont(plain);
            p->setPen(t.fits ? ink : failColour(onDark));
            p->drawText(QRect(0, y, nameW, lh), Qt::AlignLeft | Qt::AlignVCenter,
                        fm.elidedText(t.name, Qt::ElideMiddle, nameW));
            const QRectF bar(barX, y + (lh - barH) / 2.0, barW, barH);
            p->fillRect(bar, track);
            double x = bar.left();
            for (int i = 0; i < IterationBreakdown::kParts; ++i) {
                const double s = IterationBreakdown::part(t.time, i);
                const double w = slowest > 0.0 ? s / slowest * barW : 0.0;
                if (w <= 0.0)
                    continue;
                QColor c = partColour(i, onDark);
                if (!t.fits)
                    c.setAlphaF(0.35);
                const QRectF seg(x, bar.top(), w, bar.height());
                p->fillRect(seg, c);
                m_tips.push_back(
                    {seg, tr("%1 on %2: %3 (%4 of %5)\n%6")
                              .arg(IterationBreakdown::partName(i), t.name,
                                   IterationBreakdown::seconds(s))
                              .arg(QStringLiteral("%1%").arg(
                                  t.time.iterationS > 0.0 ? 100.0 * s / t.time.iterationS : 0.0, 0,
                                  'f', 0))
                              .arg(IterationBreakdown::seconds(t.time.iterationS),
                                   IterationBreakdown::partDescription(i))});
                x += w;
            }
            p->setPen(edge);
            p->setBrush(Qt::NoBrush);
            p->drawRect(bar.adjusted(0, 0, -1, -1));
            p->setPen(t.fits ? ink : failColour(onDark));
            p->drawText(QRect(width - valueW, y, valueW, lh), Qt::AlignRight | Qt::AlignVCenter,
                        IterationBreakdown::seconds(t.time.iterationS));
            if (!t.fits)
                m_tips.push_back(
                    {QRectF(0, y, width, lh), tr("%1: the job's %2 per GPU does not fit its %3")
                                                  .arg(t.name, gb(b.memoryGb()), gb(t.memoryGb))});
        }
        y += lh + 2;
    }
    y += Gap;

    // The legend: a swatch and name per part, its seconds on each type in a column.
    const std::vector<int> parts = shownParts(b);
    const int swatch = std::max(8, lh - 6);
    int partW = 0;
    for (int i : parts)
        partW = std::max(partW, fm.horizontalAdvance(IterationBreakdown::partName(i)));
    const int columnsX = swatch + Gap + partW + Gap * 2;
    const int n = int(types.size());
    int columnW = 0;
    for (const IterationBreakdown::OnType& t : types) {
        columnW = std::max(columnW, fm.horizontalAdvance(t.name));
        for (int i : parts)
            columnW = std::max(columnW, fm.horizontalAdvance(IterationBreakdown::seconds(
                                            IterationBreakdown::part(t.time, i))));
    }
    columnW = std::min(columnW + Gap * 2, std::max(1, (width - columnsX) / std::max(1, n)));
    auto column = [&](int k) { return QRect(width - (n - k) * columnW, y, columnW, lh); };
    if (n > 1) {
        if (p) {
            p->setFont(plain);
            p->setPen(ink);
            for (int k = 0; k < n; ++k)
                p->drawText(
                    column(k), Qt::AlignRight | Qt::AlignVCenter,
                    fm.elidedText(types[std::size_t(k)].name, Qt::ElideMiddle, columnW - Gap));
        }
        y += lh;
    }
    for (int i : parts) {
        if (p) {
            p->setFont(plain);
            const QRectF box(0, y + (lh - swatch) / 2.0, swatch, swatch);
            p->fillRect(box, partColour(i, onDark));
            p->setPen(ink);
            p->drawText(QRect(swatch + Gap, y, partW + Gap, lh), Qt::AlignLeft | Qt::AlignVCenter,
                        IterationBreakdown::partName(i));
            for (int k = 0; k < n; ++k)
                p->drawText(column(k), Qt::AlignRight | Qt::AlignVCenter,
                            IterationBreakdown::seconds(
                                IterationBreakdown::part(types[std::size_t(k)].time, i)));
            m_tips.push_back({QRectF(0, y, width, lh), IterationBreakdown::partDescription(i)});
        }
        y += lh;
    }
    y += Gap * 2;

    // Memory per GPU by part, on a scale that holds the need and every type's memory.
    heading(tr("Memory per GPU"), gb(b.memoryGb()));
    double scale = b.memoryGb();
    for (const IterationBreakdown::OnType& t : types)
        scale = std::max(scale, t.memoryGb);
    const int memH = std::max(8, lh - 4);
    const QRectF bar(0, y + 2, width - 1, memH);
    if (p && scale > 0.0) {
        p->fillRect(bar, track);
        double x = bar.left();
        for (int i = 0; i < IterationBreakdown::kMemoryParts; ++i) {
            const double v = IterationBreakdown::memoryPart(b.cost(), i);
            const double w = v / scale * bar.width();
            if (w <= 0.0)
                continue;
            const QRectF seg(x, bar.top(), w, bar.height());
            p->fillRect(seg, memoryColour(i, onDark));
            m_tips.push_back(
                {seg, QStringLiteral("%1: %2").arg(IterationBreakdown::memoryPartName(i), gb(v))});
            x += w;
        }
        p->setPen(edge);
        p->setBrush(Qt::NoBrush);
        p->drawRect(bar.adjusted(0, 0, -1, -1));
    }
    y += memH + 4;
    // A marker per distinct GPU memory, labelled below where the label has room.
    {
        std::vector<std::pair<double, QStringList>> marks;
        for (const IterationBreakdown::OnType& t : types) {
            auto it = std::find_if(marks.begin(), marks.end(),
                                   [&](const auto& m) { return m.first == t.memoryGb; });
            if (it == marks.end())
                marks.push_back({t.memoryGb, {t.name}});
            else
                it->second << t.name;
        }
        std::sort(marks.begin(), marks.end(),
                  [](const auto& a, const auto& c) { return a.first < c.first; });
        double freeFrom = -1e9;
        for (const auto& [memory, names] : marks) {
            if (scale <= 0.0)
                break;
            const double x = std::min(bar.right() - 1.0, memory / scale * bar.width());
            const bool fits = b.memoryGb() <= memory;
            const QString label = gb(memory);
            const int w = fm.horizontalAdvance(label);
            const double left = std::clamp(x - w / 2.0, 0.0, double(width - w));
            if (p) {
                // A halo in the paper's colour keeps the marker clear of the bar's colours.
                p->setPen(QPen(palette().color(QPalette::Window), 4));
                p->drawLine(QPointF(x, bar.top() - 3), QPointF(x, bar.bottom() + 3));
                p->setPen(QPen(fits ? ink : failColour(onDark), 2));
                p->drawLine(QPointF(x, bar.top() - 3), QPointF(x, bar.bottom() + 3));
                m_tips.push_back(
                    {QRectF(x - 4, bar.top() - 3, 8, bar.height() + 6),
                     tr("%1: %2 per GPU").arg(names.join(QStringLiteral(", ")), gb(memory))});
                if (left >= freeFrom) {
                    p->setFont(plain);
                    p->setPen(fits ? ink : failColour(onDark));
                    p->drawText(QRectF(left, y, w, lh), Qt::AlignCenter, label);
                }
            }
            if (left >= freeFrom)
                freeFrom = left + w + Gap;
        }
        y += lh + 2;
    }
    // The memory legend, flowing over as many lines as it needs.
    {
        int x = 0;
        for (int i = 0; i < IterationBreakdown::kMemoryParts; ++i) {
            const QString label =
                QStringLiteral("%1 %2").arg(IterationBreakdown::memoryPartName(i),
                                            gb(IterationBreakdown::memoryPart(b.cost(), i)));
            const int w = swatch + Gap + fm.horizontalAdvance(label);
            if (x > 0 && x + w > width) {
                x = 0;
                y += lh;
            }
            if (p) {
                p->fillRect(QRectF(x, y + (lh - swatch) / 2.0, swatch, swatch),
                            memoryColour(i, onDark));
                p->setFont(plain);
                p->setPen(ink);
                p->drawText(QRect(x + swatch + Gap, y, w, lh), Qt::AlignLeft | Qt::AlignVCenter,
                            label);
            }
            x += w + Gap * 3;
        }
        y += lh + Gap;
    }
    // Where it fits, where it does not.
    QStringList fit, noFit;
    for (const IterationBreakdown::OnType& t : types)
        (t.fits ? fit : noFit) << QStringLiteral("%1 (%2)").arg(t.name, gb(t.memoryGb));
    if (!noFit.isEmpty())
        wrapped(tr("Does not fit: %1").arg(noFit.join(QStringLiteral(", "))), failColour(onDark),
                true);
    if (!fit.isEmpty())
        wrapped(tr("Fits: %1").arg(fit.join(QStringLiteral(", "))), fitColour(onDark), false);
    return y + 2;
}

} // namespace gantry::ui
