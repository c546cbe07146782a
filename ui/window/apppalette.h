#pragma once

#include <QPalette>

namespace gantry::ui {

/// The application's colours: the platform's own palette or a dark one, chosen with
/// View > Dark Palette (kept in QSettings "darkPalette") or gantry --palette dark. Views that
/// draw on paper of their own (Gantt, heatmap, cluster, charts) keep it and their dark ink.
class AppPalette
{
public:
    /// The dark palette: dark grey windows and fields, light text, blue highlight and links.
    static QPalette dark();
    /// Sets the application palette to dark() or back to the platform's own.
    static void apply(bool dark);
    /// True when apply(true) was the last call.
    static bool isDark();
    /// The choice kept in QSettings (false when none was made).
    static bool saved();
    /// Keeps the choice in QSettings.
    static void save(bool dark);
};

} // namespace gantry::ui
