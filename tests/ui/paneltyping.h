#pragma once

// Typing into the property panel as a user does, shared by the panel and fuzz tests.
#include "properties/propertypanel.h"

#include <QLineEdit>
#include <QTest>

#include <algorithm>

namespace gantry::test {

// Types text into the panel's field: select all, delete, type, Enter. False when the page shown
// has no such editable line.
inline bool typeIntoField(ui::PropertyPanel* panel, const QString& field, const QString& text)
{
    auto* edit = qobject_cast<QLineEdit*>(panel->editor(field));
    if (!edit || !edit->isEnabled() || edit->isReadOnly())
        return false;
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Delete);
    const bool ascii =
        std::all_of(text.begin(), text.end(), [](QChar c) { return c.unicode() < 128; });
    if (ascii) {
        QTest::keyClicks(edit, text);
    } else { // as an input method delivers it (key clicks know only ASCII)
        edit->insert(text);
        edit->setModified(true);
    }
    QTest::keyClick(edit, Qt::Key_Return);
    return true;
}

// The text the panel's field shows (empty when the page has no such line).
inline QString fieldText(ui::PropertyPanel* panel, const QString& field)
{
    auto* edit = qobject_cast<QLineEdit*>(panel->editor(field));
    return edit ? edit->text() : QString();
}

} // namespace gantry::test
