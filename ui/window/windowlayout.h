#pragma once

class QMainWindow;

namespace gantry::ui {

/// The window's geometry and the places of its docks and toolbar, kept in QSettings
/// ("mainWindow/geometry", "mainWindow/state") from one session to the next.
class WindowLayout
{
public:
    /// Puts window back as save() kept it; leaves it as it is when nothing was kept. True when
    /// it put the docks back.
    static bool restore(QMainWindow& window);
    /// Keeps window's geometry and the places of its docks and toolbar.
    static void save(const QMainWindow& window);
};

} // namespace gantry::ui
