#pragma once

#include <QString>

namespace gantry::ui {

/// What the window calls each editable field of the scenario file ("intra_GBps" is shown as
/// "Intra (GB/s)"): one table for the property panel, the undo texts and the problems list.
class FieldLabels
{
public:
    /// The label of field (a scenario-file key); the key itself when it has none.
    static QString of(const QString& field);
};

} // namespace gantry::ui
