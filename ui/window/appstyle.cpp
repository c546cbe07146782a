#include "appstyle.h"

#include <QPainter>
#include <QStyleOption>

namespace gantry::ui {

AppStyle::AppStyle() : QProxyStyle() {}

void AppStyle::drawPrimitive(PrimitiveElement element, const QStyleOption* option,
                             QPainter* painter, const QWidget* widget) const
{
    QProxyStyle::drawPrimitive(element, option, painter, widget);
    const bool box = element == PE_IndicatorCheckBox || element == PE_IndicatorItemViewItemCheck;
    if (!box || option->palette.color(QPalette::Window).lightness() >= 128)
        return;
    // The outline in the colour of muted text: as visible as a placeholder on any dark field.
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing, false);
    painter->setPen(option->palette.color(QPalette::PlaceholderText));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(option->rect.adjusted(0, 0, -1, -1));
    painter->restore();
}

} // namespace gantry::ui
