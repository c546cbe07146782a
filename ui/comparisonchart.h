#pragma once

#include <QChartView>
#include <QList>
#include <QPointer>
#include <QStringList>

class QBarCategoryAxis;
class QHorizontalStackedBarSeries;
class QValueAxis;

namespace gantry::ui {

class ComparisonModel;

/// Bar chart of the average JCT per policy; rebuilds itself whenever its model changes.
/// Animations are off so that grabs and reports show the final bars.
class ComparisonChart : public QChartView
{
    Q_OBJECT

public:
    /// An empty chart; call setModel() to fill it.
    explicit ComparisonChart(QWidget* parent = nullptr);

    /// Follows model (not owned); nullptr empties the chart.
    void setModel(ComparisonModel* model);
    /// The model the chart follows, if any.
    ComparisonModel* model() const { return m_model; }
    /// Category labels (policy names) of the bars, left to right.
    QStringList categories() const { return m_categories; }
    /// Bar heights (average JCT in seconds), left to right.
    QList<qreal> values() const { return m_values; }
    /// The bar series now shown, nullptr while the model is empty; replaced on every rebuild.
    QHorizontalStackedBarSeries* series() const { return m_series; }

public slots:
    /// Throws away series and axes and builds them again from the model.
    void rebuild();

private:
    QPointer<ComparisonModel> m_model;
    QHorizontalStackedBarSeries* m_series = nullptr; // owned by the chart
    QBarCategoryAxis* m_names = nullptr;             // the policies (labels in the table)
    QValueAxis* m_time = nullptr;                    // average JCT in a time unit
    QStringList m_categories;
    QList<qreal> m_values;
};

} // namespace gantry::ui
