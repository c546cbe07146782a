#include "format/elidedcombobox.h"

#include "format/elidedlineedit.h"

#include <QAbstractItemModel>
#include <QStyleOptionComboBox>
#include <QStylePainter>

#include <algorithm>

namespace gantry::ui {

ElidedComboBox::ElidedComboBox(Qt::TextElideMode mode, QWidget* parent)
    : QComboBox(parent), m_mode(mode)
{
    // The size hint holds minimumContentsLength() characters, not the longest name.
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(MinChars);
    connect(this, &QComboBox::currentTextChanged, this, &QWidget::setToolTip);
    QAbstractItemModel* items = model();
    connect(items, &QAbstractItemModel::rowsInserted, this, &ElidedComboBox::itemsChanged);
    connect(items, &QAbstractItemModel::rowsRemoved, this, &ElidedComboBox::itemsChanged);
    connect(items, &QAbstractItemModel::dataChanged, this, &ElidedComboBox::itemsChanged);
    connect(items, &QAbstractItemModel::modelReset, this, &ElidedComboBox::itemsChanged);
}

void ElidedComboBox::setEditable(bool editable)
{
    if (editable == isEditable())
        return;
    if (editable)
        setLineEdit(new ElidedLineEdit(m_mode)); // the combo box owns it
    else
        QComboBox::setEditable(false);
}

void ElidedComboBox::itemsChanged()
{
    setToolTip(currentText());
    update();
}

QString ElidedComboBox::elided(const QStyleOptionComboBox& option) const
{
    const QRect field =
        style()->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this);
    // The style draws the label one pixel in from each side, after the icon and its gap.
    int width = field.width() - 2;
    if (!option.currentIcon.isNull())
        width -= option.iconSize.width() + 4;
    return fontMetrics().elidedText(option.currentText, m_mode, std::max(0, width));
}

QString ElidedComboBox::shownText() const
{
    if (const auto* edit = qobject_cast<const ElidedLineEdit*>(lineEdit()))
        return edit->shownText();
    QStyleOptionComboBox option;
    initStyleOption(&option);
    return elided(option);
}

QSize ElidedComboBox::minimumSizeHint() const
{
    // Qt's minimum is its size hint, minimumContentsLength() characters wide: fewer here.
    QSize hint = QComboBox::minimumSizeHint();
    const int character = fontMetrics().horizontalAdvance(QLatin1Char('X'));
    hint.rwidth() -= std::max(0, minimumContentsLength() - MinChars) * character;
    return hint;
}

void ElidedComboBox::paintEvent(QPaintEvent* event)
{
    Q_UNUSED(event);
    // The current item may change with signals blocked (a view refilling its choices).
    if (toolTip() != currentText())
        setToolTip(currentText());
    // As QComboBox paints itself, with the label elided to the edit field.
    QStylePainter painter(this);
    painter.setPen(palette().color(QPalette::Text));
    QStyleOptionComboBox option;
    initStyleOption(&option);
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    if (currentIndex() < 0 && !placeholderText().isEmpty()) {
        option.palette.setBrush(QPalette::ButtonText, option.palette.placeholderText());
        option.currentText = placeholderText();
    }
    option.currentText = elided(option);
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

} // namespace gantry::ui
