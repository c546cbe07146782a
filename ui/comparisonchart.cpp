#include "comparisonchart.h"

#include "comparisonmodel.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QPainter>
#include <QValueAxis>

#include <algorithm>

namespace gantry::ui {

// The view owns a chart passed to its constructor; setChart() would orphan its default one.
ComparisonChart::ComparisonChart(QWidget* parent) : QChartView(new QChart, parent)
{
    chart()->setAnimationOptions(QChart::NoAnimation);
    chart()->setTitle(tr("Average JCT per policy"));
    chart()->legend()->hide();
    setRenderHint(QPainter::Antialiasing);
    setMinimumHeight(200);
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

    auto* set = new QBarSet(tr("Avg JCT (s)"));
    qreal top = 0.0;
    for (int row = 0; row < rows; ++row) {
        const qreal v = m_model->value(row, ComparisonModel::AvgJct);
        m_categories << m_model->policy(row);
        m_values << v;
        *set << v;
        top = std::max(top, v);
    }

    m_series = new QBarSeries;
    m_series->append(set);
    c->addSeries(m_series);

    // Qt 6.4: addAxis + attachAxis (setAxisX is deprecated).
    auto* x = new QBarCategoryAxis;
    x->append(m_categories);
    x->setTitleText(tr("Policy"));
    c->addAxis(x, Qt::AlignBottom);
    m_series->attachAxis(x);

    auto* y = new QValueAxis;
    y->setRange(0.0, top > 0.0 ? top * 1.05 : 1.0);
    y->applyNiceNumbers();
    y->setLabelFormat(y->max() >= 10.0 ? QStringLiteral("%.0f") : QStringLiteral("%.2f"));
    y->setTitleText(tr("Avg JCT (s)"));
    c->addAxis(y, Qt::AlignLeft);
    m_series->attachAxis(y);
}

} // namespace gantry::ui
