#include "windowbuilder.h"

#include "mainwindow.h"
#include "plan/planview.h"
#include "properties/problemslist.h"
#include "properties/propertypanel.h"
#include "sensitivity/sensitivitydialog.h"
#include "welcome/welcomebanner.h"
#include "window/apppalette.h"
#include "window/editmenu.h"
#include "window/filemenu.h"
#include "window/helpmenu.h"
#include "window/planlink.h"
#include "window/runmenu.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QStatusBar>
#include <QToolBar>

namespace gantry::ui {

void WindowBuilder::build(MainWindow& window)
{
    buildActions(window);
    buildWidgets(window);
}

void WindowBuilder::buildActions(MainWindow& w)
{
    MainWindow* const window = &w;
    w.m_fileMenu = new FileMenu(w.menuBar()->addMenu(MainWindow::tr("&File")), window);
    QObject::connect(w.m_fileMenu, &FileMenu::newRequested, window,
                     [window] { window->newProject(); });
    QObject::connect(w.m_fileMenu, &FileMenu::openRequested, window, [window] {
        if (const QString path = FileMenu::askOpenPath(window, window->scenarioPath());
            !path.isEmpty())
            window->openFile(path);
    });
    QObject::connect(w.m_fileMenu, &FileMenu::openRecentRequested, window,
                     [window](const QString& path) { window->openFile(path); });
    QObject::connect(w.m_fileMenu, &FileMenu::saveRequested, window,
                     [window] { window->saveProject(); });
    QObject::connect(w.m_fileMenu, &FileMenu::saveAsRequested, window,
                     [window] { window->m_project->askSaveAs(); });
    QObject::connect(w.m_fileMenu, &FileMenu::importRequested, window,
                     &MainWindow::showImportDialog);
    QObject::connect(w.m_fileMenu, &FileMenu::exportReportRequested, window, [window] {
        window->m_results->exportReport(window->scenario(), window->reportCoverage());
    });
    QObject::connect(w.m_fileMenu, &FileMenu::exportImageRequested, window,
                     [window] { window->m_results->exportImage(); });
    QObject::connect(w.m_fileMenu, &FileMenu::exportAnimationRequested, window,
                     [window] { window->m_results->exportAnimation(); });

    w.m_editMenu = new EditMenu(w.menuBar()->addMenu(MainWindow::tr("&Edit")), window);
    QObject::connect(w.m_editMenu, &EditMenu::undoRequested, window, &MainWindow::undo);
    QObject::connect(w.m_editMenu, &EditMenu::redoRequested, window, &MainWindow::redo);
    QObject::connect(w.m_editMenu, &EditMenu::cutRequested, window, &MainWindow::cut);
    QObject::connect(w.m_editMenu, &EditMenu::copyRequested, window, &MainWindow::copy);
    QObject::connect(w.m_editMenu, &EditMenu::pasteRequested, window,
                     [window] { window->paste(); });
    QObject::connect(w.m_editMenu, &EditMenu::deleteRequested, window,
                     &MainWindow::deleteSelection);
    QObject::connect(w.m_editMenu, &EditMenu::selectAllRequested, window, &MainWindow::selectAll);

    w.m_viewMenu = w.menuBar()->addMenu(MainWindow::tr("&View"));

    w.m_runMenu = new RunMenu(w.menuBar()->addMenu(MainWindow::tr("&Run")), window);
    QObject::connect(w.m_runMenu, &RunMenu::runRequested, window, [window] { window->startRun(); });
    QObject::connect(w.m_runMenu, &RunMenu::showSavedRequested, window,
                     [window] { window->showSavedRuns(window->m_document->currentIndex()); });
    QObject::connect(w.m_runMenu, &RunMenu::sensitivityRequested, window,
                     [window] { SensitivityDialog::showFor(window->scenario(), window); });
    QObject::connect(w.m_runMenu, &RunMenu::planRequested, window, &MainWindow::showPlan);
    QObject::connect(w.m_runMenu, &RunMenu::cancelRequested, window, &MainWindow::cancelRun);

    auto* help = new HelpMenu(w.menuBar()->addMenu(MainWindow::tr("&Help")), window);
    QObject::connect(help, &HelpMenu::gettingStartedRequested, window,
                     [window] { window->welcomeBanner()->reopen(); });
    QObject::connect(help, &HelpMenu::documentationMissing, window, &MainWindow::reportError);

    QToolBar* bar = w.addToolBar(MainWindow::tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->addAction(w.m_fileMenu->newAction());
    bar->addAction(w.m_fileMenu->openAction());
    bar->addAction(w.m_fileMenu->saveAction());
    bar->addSeparator();
    bar->addAction(w.m_editMenu->undoAction());
    bar->addAction(w.m_editMenu->redoAction());
    bar->addSeparator();
    bar->addAction(w.m_runMenu->runAction());
    bar->addAction(w.m_runMenu->cancelAction());
    bar->addSeparator();
    bar->addAction(w.m_runMenu->planAction());
}

void WindowBuilder::buildWidgets(MainWindow& w)
{
    using Tab = MainWindow::Tab;
    MainWindow* const window = &w;
    auto addDock = [window](const QString& title, const QString& name, QWidget* content,
                            Qt::DockWidgetArea area) {
        auto* dock = new QDockWidget(title, window);
        dock->setObjectName(name);
        dock->setWidget(content);
        window->addDockWidget(area, dock);
        window->m_viewMenu->addAction(dock->toggleViewAction());
        return dock;
    };

    w.m_tree = new ProjectTree(w.m_document);
    QObject::connect(w.m_tree, &ProjectTree::itemChosen, window, &MainWindow::onTreeItemChosen);
    QObject::connect(
        w.m_tree, &ProjectTree::storedSweepOpened, window,
        [window](int scenario, int stored) { window->openStoredSweep(scenario, stored); });
    QObject::connect(w.m_tree, &ProjectTree::storedRunOpened, window,
                     [window](int scenario, int stored) {
                         if (!window->busy())
                             window->showStoredRun(scenario, stored);
                     });
    QDockWidget* projectDock = addDock(MainWindow::tr("Project"), QStringLiteral("projectDock"),
                                       w.m_tree, Qt::LeftDockWidgetArea);
    w.m_runPanel = new RunPanel;
    QObject::connect(w.m_runPanel, &RunPanel::scenarioActivated, window,
                     [window](int i) { window->selectScenario(i); });
    QObject::connect(w.m_runPanel, &RunPanel::runClicked, window, [window] { window->startRun(); });
    QObject::connect(w.m_runPanel, &RunPanel::cancelClicked, window, &MainWindow::cancelRun);
    QDockWidget* runDock = addDock(MainWindow::tr("Run"), QStringLiteral("runDock"), w.m_runPanel,
                                   Qt::LeftDockWidgetArea);
    w.splitDockWidget(projectDock, runDock, Qt::Vertical);

    w.m_properties = new PropertyPanel(w.m_document);
    w.m_properties->setObjectName(QStringLiteral("propertyPanel"));
    addDock(MainWindow::tr("Properties"), QStringLiteral("propertiesDock"), w.m_properties,
            Qt::RightDockWidgetArea);
    w.m_problems = new ProblemsList(w.m_document);
    addDock(MainWindow::tr("Problems"), QStringLiteral("problemsDock"), w.m_problems,
            Qt::RightDockWidgetArea);
    QObject::connect(w.m_problems, &ProblemsList::problemActivated, window,
                     [window](const Problem& p) {
                         if (p.target == Selection::Kind::Job)
                             window->showTab(Tab::Jobs);
                         else if (p.target != Selection::Kind::None)
                             window->showTab(Tab::Cluster);
                         window->m_properties->focusField(p.field);
                     });

    w.m_central = new CentralTabs(w.m_document, w.m_session);
    w.m_results = w.m_central->results();
    QObject::connect(w.m_results, &ResultsTab::failed, window, &MainWindow::reportError);
    QObject::connect(w.m_results, &ResultsTab::status, window, [window](const QString& message) {
        window->statusBar()->showMessage(message);
    });
    w.m_planLink = new PlanLink(w.planView(), w.m_document, window);
    QObject::connect(w.planView(), &PlanView::pointOpened, window,
                     [window](std::size_t row) { window->openPlanPoint(row); });
    QObject::connect(w.m_central, &CentralTabs::planShown, window, &MainWindow::updatePlanBase);
    // A sweep that outlived its scenario (another project cancels it, another scenario lets it
    // end) kept the view from taking the current one meanwhile: it takes it once the sweep ends.
    QObject::connect(w.planView(), &PlanView::sweepEnded, window, [window] {
        if (window->m_central->currentTab() == Tab::Plan)
            window->updatePlanBase();
    });
    QObject::connect(w.m_central, &CentralTabs::runStepRequested, window, [window, runDock] {
        window->m_runPanel->runButton()->setFocus();
        runDock->raise();
    });
    w.setCentralWidget(w.m_central);
    // Cut/Copy/Paste/Delete/Select All apply where the editors are.
    w.m_central->addEditorActions(w.m_editMenu->itemActions());

    w.m_viewMenu->addSeparator();
    QAction* dark = w.m_viewMenu->addAction(MainWindow::tr("&Dark Palette"));
    dark->setObjectName(QStringLiteral("darkPaletteAction"));
    dark->setCheckable(true);
    dark->setChecked(AppPalette::isDark());
    QObject::connect(dark, &QAction::toggled, window, [](bool on) {
        AppPalette::apply(on);
        AppPalette::save(on);
    });
    w.resize(1280, 800);
}

} // namespace gantry::ui
