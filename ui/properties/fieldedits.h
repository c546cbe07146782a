#pragma once

#include "document/selection.h"

#include <QString>
#include <QVariant>

#include <vector>

namespace gantry::ui {

class ProjectDocument;
class PropertyPage;

/// What the property panel's fields do to the document, and the problems shown under them:
/// typed text is checked with FieldRules before it becomes an undo command, a refused value
/// stays on its page as a refusal, and each field shows its refusal and the scenario's problems
/// of the selected items that name it.
class FieldEdits
{
public:
    /// Text typed in field key of page: a value FieldRules takes is committed, a refused one
    /// kept as the field's refusal ("\"x\" refused: why").
    static void typed(ProjectDocument* document, PropertyPage& page, const QString& key,
                      const QString& text);
    /// Sets field key of the selection of kind to value through document (an undo command);
    /// nothing without a document. A rack's or a server's name, and a server's count, change
    /// only when one item is selected; a job's fields likewise.
    static void commit(ProjectDocument* document, Selection::Kind kind, const QString& key,
                       const QVariant& value);
    /// Shows under page's fields their refusals and the document's problems of the items
    /// indices (the scenario's page: every problem of the scenario itself).
    static void showErrors(const ProjectDocument* document, PropertyPage& page,
                           const std::vector<int>& indices);
};

} // namespace gantry::ui
