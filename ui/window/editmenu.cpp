#include "editmenu.h"

#include <QAction>
#include <QKeySequence>
#include <QMenu>
#include <QUndoStack>

namespace gantry::ui {

EditMenu::EditMenu(QMenu* menu, QObject* parent) : QObject(parent)
{
    const auto add = [&](const QString& text, void (EditMenu::*signal)(),
                         QKeySequence::StandardKey key, const char* name) {
        QAction* a = menu->addAction(text, this, signal);
        a->setShortcut(key);
        a->setObjectName(QLatin1String(name));
        return a;
    };
    m_undo = add(tr("&Undo"), &EditMenu::undoRequested, QKeySequence::Undo, "undoAction");
    m_redo = add(tr("&Redo"), &EditMenu::redoRequested, QKeySequence::Redo, "redoAction");
    // Every key the platform gives undo and redo, not just the first (Ctrl+Y, but also
    // Ctrl+Shift+Z; Ctrl+Z, but also Alt+Backspace): a text field lets these keys through to
    // the window (PropertyPanel), and one without an action here undid the field's own text.
    m_undo->setShortcuts(QKeySequence::Undo);
    m_redo->setShortcuts(QKeySequence::Redo);
    menu->addSeparator();
    m_cut = add(tr("Cu&t"), &EditMenu::cutRequested, QKeySequence::Cut, "cutAction");
    m_copy = add(tr("&Copy"), &EditMenu::copyRequested, QKeySequence::Copy, "copyAction");
    m_paste = add(tr("&Paste"), &EditMenu::pasteRequested, QKeySequence::Paste, "pasteAction");
    m_delete = add(tr("&Delete"), &EditMenu::deleteRequested, QKeySequence::Delete, "deleteAction");
    menu->addSeparator();
    m_selectAll = add(tr("Select &All"), &EditMenu::selectAllRequested, QKeySequence::SelectAll,
                      "selectAllAction");
    // Text fields keep their own shortcuts: these act on the editors' views only.
    for (QAction* a : itemActions())
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
}

QList<QAction*> EditMenu::itemActions() const
{
    return {m_cut, m_copy, m_paste, m_delete, m_selectAll};
}

void EditMenu::update(const QUndoStack& stack, bool idle, bool selected)
{
    m_undo->setEnabled(idle && stack.canUndo());
    m_redo->setEnabled(idle && stack.canRedo());
    m_undo->setText(stack.canUndo() ? tr("&Undo %1").arg(stack.undoText()) : tr("&Undo"));
    m_redo->setText(stack.canRedo() ? tr("&Redo %1").arg(stack.redoText()) : tr("&Redo"));
    // The toolbar keeps short, fixed labels (a label that grows with the undo text resized the
    // docks); the whole text is in the menu and the tooltip.
    m_undo->setIconText(tr("Undo"));
    m_redo->setIconText(tr("Redo"));
    m_undo->setToolTip(QString(m_undo->text()).remove(QLatin1Char('&')));
    m_redo->setToolTip(QString(m_redo->text()).remove(QLatin1Char('&')));
    m_cut->setEnabled(idle && selected);
    m_copy->setEnabled(selected);
    m_delete->setEnabled(idle && selected);
    m_paste->setEnabled(idle);
}

} // namespace gantry::ui
