#include "comparisonchart.h"

#include "charts/policycolours.h"
#include "comparisonmodel.h"

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
    // Wide enough for its title and the JCT axis.
    setMinimumSize(240, 200);
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
    const QList<QAbstractAxis*> axes = c->axes();
    for (QAbstractAxis* axis : axes) {
        c->removeAxis(axis);
        delete axis;
    }

    m_categories.clear();
    m_values.clear();
    const int rows = m_model ? m_model->rowCount() : 0;
    if (rows == 0)
        return; // no axes either: an empty category axis draws a stray title

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
    // Policies top to bottom in table order: Qt draws the first category lowest.
    for (int row = 0; row < rows; ++row) {
        auto* set = new QBarSet(m_categories[row]);
        for (int k = rows - 1; k >= 0; --k)
            *set << (k == row ? m_values[row] : 0.0);
        set->setColor(PolicyColours::of(m_categories[row]));
        set->setBorderColor(Qt::transparent);
        m_series->append(set);
    }
    c->addSeries(m_series);

    // Qt 6.4: addAxis + attachAxis (setAxisX is deprecated). The names are in the table
    // beside the chart, each with its colour: a narrow chart would cut them to "...".
    auto* names = new QBarCategoryAxis;
    QStringList ordered = m_categories;
    std::reverse(ordered.begin(), ordered.end());
    names->append(ordered);
    names->setLabelsVisible(false);
    names->setGridLineVisible(false);
    c->addAxis(names, Qt::AlignLeft);
    m_series->attachAxis(names);

    auto* x = new QValueAxis;
    x->setRange(0.0, top > 0.0 ? top * 1.05 : 1.0);
    x->applyNiceNumbers();
    x->setTickCount(3);
    x->setLabelFormat(x->max() >= 10.0 ? QStringLiteral("%.0f") : QStringLiteral("%.2f"));
    x->setTitleText(tr("seconds"));
    c->addAxis(x, Qt::AlignBottom);
    m_series->attachAxis(x);
}

} // namespace gantry::ui
