#include "format/elidedtext.h"

#include <QFontMetrics>

namespace gantry::ui {

QString ElidedText::words(const QString& text, const QFontMetrics& fm, int maxWidth)
{
    QString out;
    out.reserve(text.size());
    qsizetype start = 0;
    // Words end at any space (a wrapping label breaks lines there), the text at its end.
    for (qsizetype i = 0; i <= text.size(); ++i) {
        if (i < text.size() && !text.at(i).isSpace())
            continue;
        const QString word = text.mid(start, i - start);
        out += fm.horizontalAdvance(word) > maxWidth
                   ? fm.elidedText(word, Qt::ElideMiddle, maxWidth)
                   : word;
        if (i < text.size())
            out += text.at(i);
        start = i + 1;
    }
    return out;
}

} // namespace gantry::ui
