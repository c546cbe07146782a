#pragma once

namespace gantry::ui {

class MainWindow;

/// Builds MainWindow's parts and connects them to it: the menus (FileMenu, EditMenu, the View
/// menu, RunMenu, HelpMenu) and the main tool bar, the docks (ProjectTree, RunPanel, the property
/// panel and the problems list) and CentralTabs with its PlanLink. What the parts ask for goes to
/// the window's own functions; the window keeps the parts (a friend of MainWindow).
class WindowBuilder
{
public:
    /// Builds window's menus, tool bar, docks and central tabs, in that order.
    static void build(MainWindow& window);

private:
    static void buildActions(MainWindow& window);
    static void buildWidgets(MainWindow& window);
};

} // namespace gantry::ui
