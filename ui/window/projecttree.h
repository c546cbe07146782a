#pragma once

#include <QTreeWidget>

namespace gantry::ui {

class ProjectDocument;

/// The window's Project dock: one item per scenario of the document (the current one in bold),
/// under it the runs recorded in the project file (greyed when they ran an earlier version of
/// the scenario), the capacity sweeps stored with it and the runs of this session not saved
/// yet.
class ProjectTree : public QTreeWidget
{
    Q_OBJECT

public:
    /// An empty tree showing document once rebuild() is called.
    explicit ProjectTree(const ProjectDocument* document, QWidget* parent = nullptr);

    /// Lists the document's scenarios and runs again.
    void rebuild();

signals:
    /// An item was clicked or activated: its scenario and, for a run of this session not
    /// saved yet, its index in ProjectDocument::runs() (-1 for a saved run, -2 for the
    /// scenario itself). text: the item's tooltip.
    void itemChosen(int scenario, int sessionRun, const QString& text);
    /// A saved run was double-clicked (or Enter pressed on it): index stored in
    /// ProjectDocument::storedRuns(scenario).
    void storedRunOpened(int scenario, int stored);
    /// A saved capacity sweep was double-clicked (or Enter pressed on it): index stored in
    /// ProjectDocument::storedSweeps(scenario).
    void storedSweepOpened(int scenario, int stored);

private:
    const ProjectDocument* m_document;
};

} // namespace gantry::ui
