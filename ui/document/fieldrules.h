#pragma once

#include "selection.h"

#include <QString>
#include <QVariant>

namespace gantry::ui {

/// The limits of every field the property panel edits (a rack's, a server's, a job's, the
/// scenario's), the same the scenario reader enforces, so that a value taken in the window is a
/// value the file format takes. The panel checks typed text with them before anything reaches
/// the document, and the document checks every value again before it makes an undo command.
/// What depends on the rest of the scenario (a duplicate name, a job larger than the cluster, a
/// model that fits no GPU) is not checked here: the document's problems show it.
class FieldRules
{
public:
    /// What check() made of an input: the value to store, or why it is refused.
    struct Outcome
    {
        QVariant value; ///< int, double, bool or QString; invalid for "none" (an empty optional
                        ///< field)
        QString error;  ///< empty when the input is taken, else e.g. "must be a positive integer"

        /// True when the input is taken.
        bool ok() const { return error.isEmpty(); }
    };

    /// Checks input (typed text, or a number) for field of an item of kind (None: the
    /// scenario). Never throws; NaN, infinities, fractions where integers belong, numbers out of
    /// range, empty text where a value is required and unknown fields are refused. O(length).
    static Outcome check(Selection::Kind kind, const QString& field, const QVariant& input);
    /// True when field of kind takes numbers (the others take text, a choice or true/false).
    static bool isNumeric(Selection::Kind kind, const QString& field);
};

} // namespace gantry::ui
