#pragma once

#include <QString>

class QFontMetrics;

namespace gantry::ui {

/// Messages that quote what the user typed or named ("\"9999...\" refused: ...", "rack
/// 'rrrr...' has no server"), made to wrap in a label of any sensible width.
class ElidedText
{
public:
    /// text with every word (a run without spaces) wider than maxWidth in fm cut in its middle
    /// with an ellipsis to at most maxWidth; lines and the other words as they were. A label
    /// that wraps the result is never wider than maxWidth. O(length of text).
    static QString words(const QString& text, const QFontMetrics& fm, int maxWidth);
};

} // namespace gantry::ui
