#pragma once

#include "document/selection.h"

#include <QObject>
#include <QString>

#include <functional>

namespace gantry::ui {

class ProjectDocument;

/// The Edit menu's commands on the document, without the window: Undo, Redo, Cut, Copy, Paste
/// (through the clipboard), Delete and Select All. While the window is busy (a run or an import
/// of the user's) only Copy and Select All act: the others would change what is being run.
class EditCommands : public QObject
{
    Q_OBJECT

public:
    /// True while the window is busy.
    using BusyCheck = std::function<bool()>;

    /// Edits document.
    explicit EditCommands(ProjectDocument* document, QObject* parent = nullptr);

    /// The commands wait while busy says so (by default never).
    void setBusyCheck(BusyCheck busy) { m_busy = std::move(busy); }

    /// Undoes the last edit.
    void undo();
    /// Redoes the last undone edit.
    void redo();
    /// Puts the selected racks, servers or jobs on the clipboard; says so when nothing is.
    void copy();
    /// Copies the selection, then deletes it.
    void cut();
    /// Pastes what copy() put on the clipboard into the current scenario; false when busy or
    /// when the clipboard holds nothing to paste (failed() says why).
    bool paste();
    /// Removes the selected items.
    void deleteSelection();
    /// Selects every item of kind in the current scenario.
    void selectAll(Selection::Kind kind);

signals:
    /// What was done or not, for the status bar ("Nothing selected to copy.").
    void status(const QString& message);
    /// A paste failed; message says why.
    void failed(const QString& message);

private:
    bool busy() const { return m_busy && m_busy(); }

    ProjectDocument* m_document;
    BusyCheck m_busy;
};

} // namespace gantry::ui
