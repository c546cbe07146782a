#include "format/elidedlineedit.h"

#include <QPainter>
#include <QStyle>
#include <QStyleOptionFrame>

namespace gantry::ui {

namespace {

// QLineEdit's own margin between its contents rectangle and its text, in pixels.
constexpr int kHorizontalMargin = 2;

} // namespace

ElidedLineEdit::ElidedLineEdit(Qt::TextElideMode mode, QWidget* parent)
    : QLineEdit(parent), m_mode(mode)
{}

QRect ElidedLineEdit::textArea() const
{
    QStyleOptionFrame panel;
    initStyleOption(&panel);
    const QRect r = style()->subElementRect(QStyle::SE_LineEditContents, &panel, this);
    return r.marginsRemoved(textMargins()).adjusted(kHorizontalMargin, 0, -kHorizontalMargin, 0);
}

QString ElidedLineEdit::shownText() const
{
    return fontMetrics().elidedText(displayText(), m_mode, textArea().width());
}

void ElidedLineEdit::paintEvent(QPaintEvent* event)
{
    const QString shown = shownText();
    if (hasFocus() || shown == displayText()) {
        QLineEdit::paintEvent(event);
        return;
    }
    QPainter p(this);
    QStyleOptionFrame panel;
    initStyleOption(&panel);
    style()->drawPrimitive(QStyle::PE_PanelLineEdit, &panel, &p, this);
    p.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::Text));
    p.drawText(textArea(), Qt::AlignLeft | Qt::AlignVCenter, shown);
}

} // namespace gantry::ui
