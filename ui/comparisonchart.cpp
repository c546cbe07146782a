#include "comparisonchart.h"

#include "charts/chartfactory.h"
#include "charts/policycolours.h"
#include "comparisonmodel.h"
#include "planreport/nicescale.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QHorizontalStackedBarSeries>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>

namespace gantry::ui {

// The view owns a chart passed to its constructor; setChart() would orphan its default one.
ComparisonChart::ComparisonChart(QWidget* parent) : QChartView(new QChart, parent)
{
    chart()->setAnimationOptions(QChart::NoAnimation);
    chart()->setTitle(tr("Average JCT"));
    chart()->legend()->hide();
    chart()->setMargins(QMargins(2, 2, 2, 2));
    setRenderHint(QPainter::Antialiasing);
    // Wide enough for its title and the JCT axis, low enough for the Results tab to leave the
    // run views their room on a 1280x800 screen.
    setMinimumSize(240, 140);
    // The axes stay for the chart's life: one removed while shown leaves its labels on screen
    // until the event loop deletes its items, and rows come in one at a time.
    // The names are in the table beside the chart, each with its colour: a narrow chart would
    // cut them to "...".
    m_names = new QBarCategoryAxis;
    m_names->setLabelsVisible(false);
    m_names->setGridLineVisible(false);
    chart()->addAxis(m_names, Qt::AlignLeft);
    m_time = new QValueAxis;
    chart()->addAxis(m_time, Qt::AlignBottom);
    rebuild();
}

void ComparisonChart::setModel(ComparisonModel* model)
{
    if (m_model == model)
        return;
    if (m_model)
        disconnect(m_model, nullptr, this, nullptr);
    m_model = model;
    if (m_model) {
        connect(m_model, &QAbstractItemModel::modelReset, this, &ComparisonChart::rebuild);
        connect(m_model, &QAbstractItemModel::rowsInserted, this, &ComparisonChart::rebuild);
        connect(m_model, &QAbstractItemModel::rowsRemoved, this, &ComparisonChart::rebuild);
        connect(m_model, &QAbstractItemModel::dataChanged, this, &ComparisonChart::rebuild);
        connect(m_model, &QAbstractItemModel::layoutChanged, this, &ComparisonChart::rebuild);
    }
    rebuild();
}

void ComparisonChart::rebuild()
{
    QChart* c = chart();
    c->removeAllSeries(); // deletes them
    m_series = nullptr;
    m_categories.clear();
    m_values.clear();
    m_names->clear();
    const int rows = m_model ? m_model->rowCount() : 0;
    // No axes without bars: an empty category axis draws a stray title.
    m_names->setVisible(rows > 0);
    m_time->setVisible(rows > 0);
    if (rows == 0)
        return;

    // One set per policy, each with its value at its own place, so that every bar has its
    // policy's colour (the same in every chart and the report).
    m_series = new QHorizontalStackedBarSeries;
    qreal top = 0.0;
    for (int row = 0; row < rows; ++row) {
        const qreal v = m_model->value(row, ComparisonModel::AvgJct);
        m_categories << m_model->policy(row);
        m_values << v;
        top = std::max(top, v);
    }
    // The largest time unit that keeps the ticks short, at round values: in seconds, a Philly
    // trace's averages ran to "250000..." in this small chart.
    const ChartFactory::TimeUnit unit = ChartFactory::timeUnit(top);
    // Policies top to bottom in table order: Qt draws the first category lowest.
    for (int row = 0; row < rows; ++row) {
        auto* set = new QBarSet(m_categories[row]);
        for (int k = rows - 1; k >= 0; --k)
            *set << (k == row ? m_values[row] / unit.seconds : 0.0);
        set->setColor(PolicyColours::of(m_categories[row]));
        set->setBorderColor(Qt::transparent);
        m_series->append(set);
    }
    c->addSeries(m_series);

    QStringList ordered = m_categories;
    std::reverse(ordered.begin(), ordered.end());
    m_names->append(ordered);
    m_series->attachAxis(m_names);

    const NiceScale::Range scale = NiceScale::of(0.0, top > 0.0 ? top / unit.seconds : 1.0, 4);
    m_time->setRange(0.0, scale.hi);
    m_time->setTickCount(int(scale.ticks.size()));
    m_time->setLabelFormat(scale.step >= 1.0   ? QStringLiteral("%.0f")
                           : scale.step >= 0.1 ? QStringLiteral("%.1f")
                                               : QStringLiteral("%.2f"));
    m_time->setTitleText(tr("JCT (%1)").arg(unit.name));
    m_series->attachAxis(m_time);
}

} // namespace gantry::ui
