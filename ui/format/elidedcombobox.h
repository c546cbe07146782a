#pragma once

#include <QComboBox>
#include <QString>

namespace gantry::ui {

/// A combo box for names the user chose or the registries list (scenarios, runs, policies,
/// predictors): closed, it shows as much of the current text as its width allows, cut with an
/// ellipsis, and its tooltip is always the whole current text. Its size hint holds
/// minimumContentsLength() characters (MinChars unless set) whatever the names' length, its
/// minimum size MinChars, so that a long name never widens the dock or the window that holds
/// it. Editable, its line edit elides the same way while it does not have the focus
/// (ElidedLineEdit).
class ElidedComboBox : public QComboBox
{
    Q_OBJECT

public:
    /// An empty combo box that elides at mode (Qt::ElideRight keeps the start, ElideMiddle
    /// both ends).
    explicit ElidedComboBox(Qt::TextElideMode mode = Qt::ElideRight, QWidget* parent = nullptr);

    /// Makes the combo box editable with an eliding line edit (use this rather than
    /// QComboBox::setEditable, whose line edit does not elide).
    void setEditable(bool editable);

    /// The current text as the closed combo box shows it at its current width (with the
    /// ellipsis where it is cut).
    QString shownText() const;
    /// True when the current width cuts the current text.
    bool isElided() const { return shownText() != currentText(); }

    /// Room for MinChars characters (less than sizeHint() when minimumContentsLength() is
    /// more).
    QSize minimumSizeHint() const override;

    /// Characters minimumSizeHint() asks room for.
    static constexpr int MinChars = 8;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QString elided(const QStyleOptionComboBox& option) const;
    void itemsChanged();

    Qt::TextElideMode m_mode;
};

} // namespace gantry::ui
