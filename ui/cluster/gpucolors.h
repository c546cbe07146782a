#pragma once

#include <QColor>
#include <QString>

namespace gantry::ui {

/// The colour of a GPU type in the cluster editor and its palette: fixed for the catalogue's
/// types, derived from the name (the same on every run) for others.
class GpuColors
{
public:
    /// Fill colour of GPU cells of type name.
    static QColor of(const QString& name);
};

} // namespace gantry::ui
