#pragma once

#include <QProxyStyle>

namespace gantry::ui {

/// The application's style: the platform's, plus a visible frame around check boxes on dark
/// palettes. Fusion outlines an unticked box in a shade of the window colour, which on a dark
/// palette is the colour of the field behind it, so the box disappears (the Plan view's server
/// table, the policy list). AppPalette installs it.
class AppStyle : public QProxyStyle
{
    Q_OBJECT

public:
    AppStyle();

    void drawPrimitive(PrimitiveElement element, const QStyleOption* option, QPainter* painter,
                       const QWidget* widget = nullptr) const override;
};

} // namespace gantry::ui
