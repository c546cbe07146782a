#include "editcommands.h"

#include "document/projectdocument.h"
#include "util/result.h"

#include <QApplication>
#include <QClipboard>
#include <QMimeData>
#include <QUndoStack>

namespace gantry::ui {

EditCommands::EditCommands(ProjectDocument* document, QObject* parent)
    : QObject(parent), m_document(document)
{}

void EditCommands::undo()
{
    if (!busy())
        m_document->undoStack()->undo();
}

void EditCommands::redo()
{
    if (!busy())
        m_document->undoStack()->redo();
}

void EditCommands::copy()
{
    QMimeData* data = m_document->copySelection();
    if (!data) {
        emit status(tr("Nothing selected to copy."));
        return;
    }
    QApplication::clipboard()->setMimeData(data);
}

void EditCommands::cut()
{
    if (busy() || m_document->selection().isEmpty())
        return;
    copy();
    m_document->deleteSelection();
}

bool EditCommands::paste()
{
    if (busy())
        return false;
    const Status pasted = m_document->paste(QApplication::clipboard()->mimeData());
    if (!pasted) {
        emit failed(pasted.error().message);
        return false;
    }
    return true;
}

void EditCommands::deleteSelection()
{
    if (!busy())
        m_document->deleteSelection();
}

void EditCommands::selectAll(Selection::Kind kind)
{
    m_document->selectAll(kind);
}

} // namespace gantry::ui
