#include "heatmap/heatmapview.h"

#include "model/sharedscenario.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

namespace gantry::ui {

HeatmapView::HeatmapView(QWidget* parent) : QWidget(parent)
{
    auto* column = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    column->addLayout(row);
    column->addStretch(1);
    m_levelBox = new QComboBox(this);
    m_levelBox->addItem(tr("Server x server"));
    m_levelBox->addItem(tr("GPU x GPU"));
    m_spanBox = new QComboBox(this);
    m_spanBox->addItem(tr("Whole run"));
    m_spanBox->addItem(tr("Window around the cursor"));
    m_windowBox = new QDoubleSpinBox(this);
    m_windowBox->setRange(1.0, 1e9);
    m_windowBox->setDecimals(0);
    m_windowBox->setSuffix(tr(" s"));
    m_windowBox->setValue(m_window);
    m_windowBox->setEnabled(false);
    row->addWidget(m_levelBox);
    row->addWidget(m_spanBox);
    row->addWidget(new QLabel(tr("window"), this));
    row->addWidget(m_windowBox);
    row->addStretch(1);
    connect(m_levelBox, &QComboBox::currentIndexChanged, this,
            [this](int i) { setLevel(i == 0 ? Level::Server : Level::Gpu); });
    connect(m_spanBox, &QComboBox::currentIndexChanged, this,
            [this](int i) { setSpan(i == 0 ? Span::WholeRun : Span::AroundCursor); });
    connect(m_windowBox, &QDoubleSpinBox::valueChanged, this, &HeatmapView::setWindow);
    setMinimumSize(320, 280);
}

void HeatmapView::setSchedule(const Scenario& scenario, const Schedule& schedule)
{
    setSchedule(scenario, std::make_shared<const Schedule>(schedule));
}

void HeatmapView::setSchedule(const Scenario& scenario, std::shared_ptr<const Schedule> schedule)
{
    setSchedule(SharedScenario::copy(scenario), std::move(schedule));
}

void HeatmapView::setSchedule(std::shared_ptr<const Scenario> scenario,
                              std::shared_ptr<const Schedule> schedule)
{
    m_scenario = SharedScenario::finalized(std::move(scenario));
    m_schedule = std::move(schedule);
    rebuild();
}

void HeatmapView::setLevel(Level level)
{
    m_level = level;
    m_levelBox->setCurrentIndex(level == Level::Server ? 0 : 1);
    rebuild();
}

void HeatmapView::setSpan(Span span)
{
    m_span = span;
    m_spanBox->setCurrentIndex(span == Span::WholeRun ? 0 : 1);
    m_windowBox->setEnabled(span == Span::AroundCursor);
    rebuild();
}

void HeatmapView::setWindow(double seconds)
{
    if (seconds <= 0.0 || seconds == m_window)
        return;
    m_window = seconds;
    m_windowBox->setValue(seconds);
    rebuild();
}

void HeatmapView::setCursorTime(double timeS)
{
    m_cursor = timeS;
    if (m_span == Span::AroundCursor)
        rebuild();
}

void HeatmapView::rebuild()
{
    if (!m_schedule)
        return;
    double from = 0.0, to = 0.0; // the whole run
    if (m_span == Span::AroundCursor) {
        from = m_cursor - m_window / 2.0;
        to = m_cursor + m_window / 2.0;
    }
    const TrafficMatrix m = m_level == Level::Gpu
                                ? TrafficMatrix::byGpu(*m_scenario, *m_schedule, from, to)
                                : TrafficMatrix::byServer(*m_scenario, *m_schedule, from, to);
    m_painter = std::make_unique<HeatmapPainter>(m);
    update();
}

QRectF HeatmapView::canvasRect() const
{
    const int top = m_levelBox->geometry().bottom() + 6;
    return QRectF(0, top, width(), std::max(0, height() - top));
}

QString HeatmapView::describe(int row, int column) const
{
    if (!m_painter || row < 0 || column < 0)
        return QString();
    const TrafficMatrix& m = m_painter->matrix();
    return tr("%1 → %2: %3 (%4 B)")
        .arg(m.labels[std::size_t(row)], m.labels[std::size_t(column)],
             HeatmapPainter::formatBytes(m.at(row, column)))
        .arg(m.at(row, column), 0, 'g', 8);
}

void HeatmapView::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    const QRectF r = canvasRect();
    if (!m_painter) {
        p.drawText(r, Qt::AlignCenter, tr("No run to show"));
        return;
    }
    m_painter->paint(p, r);
}

bool HeatmapView::event(QEvent* e)
{
    if (e->type() == QEvent::ToolTip && m_painter) {
        auto* help = static_cast<QHelpEvent*>(e);
        const auto [row, column] = m_painter->cellAt(canvasRect(), help->pos());
        const QString text = describe(row, column);
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(e);
}

} // namespace gantry::ui
