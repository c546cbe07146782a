#pragma once

#include <QVariant>

#include <vector>

namespace gantry::ui {

/// Small conversions shared by the document's edits: field values to numbers and index lists
/// to sorted sets.
class EditValues
{
public:
    /// Sorts v and drops repeated indices.
    static void normalise(std::vector<int>& v);
    /// v as a number into *out; false (out untouched) when it is none.
    static bool toDouble(const QVariant& v, double* out);
    /// v as an int into *out; false (out untouched) when it is none or out of int's range.
    static bool toInt(const QVariant& v, int* out);
};

} // namespace gantry::ui
