#pragma once

#include "document/iterationbreakdown.h"

#include <QColor>
#include <QRectF>
#include <QString>
#include <QWidget>

#include <optional>
#include <utility>
#include <vector>

class QPainter;

namespace gantry::ui {

/// A model job's time per iteration on each GPU type of the cluster as stacked horizontal bars
/// (compute, recompute, bubble, data, tensor, pipeline, context, expert; one common scale), a
/// legend with each part's seconds per type, and the memory per GPU by part against each type's
/// memory, with the types it does not fit named in red. Drawn in the application palette's
/// colours (light or dark); a tool tip names the part under the mouse. The property panel shows
/// it on a model job's page.
class IterationBreakdownView : public QWidget
{
    Q_OBJECT

public:
    explicit IterationBreakdownView(QWidget* parent = nullptr);

    /// Shows breakdown; without one, the note why there is none.
    void setBreakdown(std::optional<IterationBreakdown> breakdown, const QString& note = {});
    /// What is shown (nothing when a note is).
    const std::optional<IterationBreakdown>& breakdown() const { return m_breakdown; }
    /// The figures as lines of text: each type's iteration and its parts, the memory per GPU by
    /// part and where it fits (or the note). The accessible description holds the same.
    QString text() const;

    /// Colour of iteration part i (IterationBreakdown::part) on a light or dark palette.
    static QColor partColour(int i, bool dark);
    /// Colour of memory part i (IterationBreakdown::memoryPart).
    static QColor memoryColour(int i, bool dark);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool event(QEvent* event) override;

private:
    /// Lays the figures out over width and returns the height used; draws them with painter
    /// (and records the tool-tip areas) when one is given.
    int render(QPainter* painter, int width) const;
    bool dark() const;
    void fitHeight();

    std::optional<IterationBreakdown> m_breakdown;
    QString m_note;
    mutable std::vector<std::pair<QRectF, QString>> m_tips;
};

} // namespace gantry::ui
