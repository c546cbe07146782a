#pragma once

#include <QLineEdit>
#include <QString>

namespace gantry::ui {

/// A line edit that, while it does not have the focus, shows a text too long for its width cut
/// with an ellipsis; with the focus it is a plain QLineEdit (the cursor, the selection and the
/// whole text to edit). text() is always the whole text.
class ElidedLineEdit : public QLineEdit
{
    Q_OBJECT

public:
    /// An empty line edit that elides at mode.
    explicit ElidedLineEdit(Qt::TextElideMode mode = Qt::ElideRight, QWidget* parent = nullptr);

    /// The text as shown without the focus at the current width (with the ellipsis where it
    /// is cut).
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QRect textArea() const;

    Qt::TextElideMode m_mode;
};

} // namespace gantry::ui
