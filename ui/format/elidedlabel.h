#pragma once

#include <QFrame>
#include <QString>

namespace gantry::ui {

/// A one-line label for text the user chose (a rack, server, job or scenario name): it shows as
/// much of the text as its width allows, cut with an ellipsis, and the whole text in its
/// tooltip when it is cut. Its size hints stay short whatever the text's length, so that a long
/// name never widens the dock or the window that holds it.
class ElidedLabel : public QFrame
{
    Q_OBJECT

public:
    /// An empty label that elides at mode (Qt::ElideRight keeps the start, ElideMiddle both ends).
    explicit ElidedLabel(Qt::TextElideMode mode = Qt::ElideRight, QWidget* parent = nullptr);

    /// Shows text (one line; line breaks read as spaces).
    void setText(const QString& text);
    /// The whole text, as set.
    QString text() const { return m_text; }
    /// The text as shown at the current width (with the ellipsis where it is cut).
    QString shownText() const;
    /// True when the current width cuts the text.
    bool isElided() const { return shownText() != m_text; }

    /// Wide enough for the text, up to MaxHintChars average characters.
    QSize sizeHint() const override;
    /// A few characters and the ellipsis.
    QSize minimumSizeHint() const override;

    /// Most average characters sizeHint() asks room for.
    static constexpr int MaxHintChars = 40;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void textChanged();

    QString m_text;
    Qt::TextElideMode m_mode;
};

} // namespace gantry::ui
