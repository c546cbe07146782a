#include "format/elidedlabel.h"

#include <QEvent>
#include <QFontMetrics>
#include <QPainter>
#include <QStyle>

#include <algorithm>

namespace gantry::ui {

ElidedLabel::ElidedLabel(Qt::TextElideMode mode, QWidget* parent) : QFrame(parent), m_mode(mode)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void ElidedLabel::setText(const QString& text)
{
    QString line = text;
    line.replace(QLatin1Char('\n'), QLatin1Char(' '));
    if (line == m_text)
        return;
    m_text = line;
    textChanged();
}

QString ElidedLabel::shownText() const
{
    return fontMetrics().elidedText(m_text, m_mode, std::max(0, contentsRect().width()));
}

QSize ElidedLabel::sizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    const int width =
        std::min(fm.horizontalAdvance(m_text), MaxHintChars * fm.averageCharWidth()) + 1;
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), fm.height() + m.top() + m.bottom()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    const QFontMetrics fm = fontMetrics();
    const int width =
        std::min(fm.horizontalAdvance(m_text), fm.horizontalAdvance(QStringLiteral("Xxx\u2026"))) +
        1;
    const QMargins m = contentsMargins();
    return {width + m.left() + m.right(), fm.height() + m.top() + m.bottom()};
}

void ElidedLabel::paintEvent(QPaintEvent* event)
{
    QFrame::paintEvent(event);
    QPainter p(this);
    style()->drawItemText(&p, contentsRect(), int(Qt::AlignLeft | Qt::AlignVCenter), palette(),
                          isEnabled(), shownText(), foregroundRole());
}

void ElidedLabel::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    setToolTip(isElided() ? m_text : QString());
}

void ElidedLabel::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        textChanged();
}

void ElidedLabel::textChanged()
{
    setToolTip(isElided() ? m_text : QString());
    updateGeometry();
    update();
}

} // namespace gantry::ui
