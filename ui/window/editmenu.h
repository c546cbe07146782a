#pragma once

#include <QList>
#include <QObject>

class QAction;
class QMenu;
class QUndoStack;

namespace gantry::ui {

/// The Edit menu: Undo and Redo (named after what they undo), Cut, Copy, Paste, Delete and
/// Select All. Cut to Select All act on the editors' views only (text fields keep their own
/// shortcuts). It says what the user asked for; the window does it.
class EditMenu : public QObject
{
    Q_OBJECT

public:
    /// Fills menu.
    EditMenu(QMenu* menu, QObject* parent);

    /// Names Undo and Redo after the commands of stack (the menu and tooltip say what they
    /// undo; the toolbar keeps short fixed labels) and enables what can be done: idle (no run
    /// or import of the user's in progress), selected (something is selected).
    void update(const QUndoStack& stack, bool idle, bool selected);
    /// Undo (also on the toolbar).
    QAction* undoAction() const { return m_undo; }
    /// Redo (also on the toolbar).
    QAction* redoAction() const { return m_redo; }
    /// Cut, Copy, Paste, Delete and Select All, which belong where the editors are.
    QList<QAction*> itemActions() const;

signals:
    /// Undo.
    void undoRequested();
    /// Redo.
    void redoRequested();
    /// Cut.
    void cutRequested();
    /// Copy.
    void copyRequested();
    /// Paste.
    void pasteRequested();
    /// Delete.
    void deleteRequested();
    /// Select All.
    void selectAllRequested();

private:
    QAction* m_undo = nullptr;
    QAction* m_redo = nullptr;
    QAction* m_cut = nullptr;
    QAction* m_copy = nullptr;
    QAction* m_paste = nullptr;
    QAction* m_delete = nullptr;
    QAction* m_selectAll = nullptr;
};

} // namespace gantry::ui
