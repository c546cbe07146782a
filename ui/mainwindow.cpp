#include "mainwindow.h"

#include "cluster/clustereditor.h"
#include "document/projectdocument.h"
#include "jobs/jobseditor.h"
#include "plan/planview.h"
#include "properties/problemslist.h"
#include "properties/propertypanel.h"
#include "storage/runconfigjson.h"
#include "util/result.h"
#include "window/editmenu.h"
#include "window/filemenu.h"
#include "window/planlink.h"
#include "window/reportcoverage.h"
#include "window/runmenu.h"
#include "window/runorder.h"
#include "window/traceimportdialog.h"
#include "window/windowbuilder.h"
#include "window/windowlayout.h"

#include <QCloseEvent>
#include <QDialog>
#include <QDockWidget>
#include <QEventLoop>
#include <QFileInfo>
#include <QMessageBox>
#include <QShowEvent>
#include <QStatusBar>
#include <QTimer>
#include <QUndoStack>

#include <algorithm>
#include <utility>

namespace gantry::ui {

namespace {

// Progress short of full: full only once every result is in.
constexpr double AlmostDone = 1.0 - 1.0 / RunPanel::ProgressRange;

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    registerMetaTypes();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Gantry"));

    m_document = new ProjectDocument(this);
    m_session = new RunSession(this);
    m_imports = new ImportSession(m_document, this);
    m_edits = new EditCommands(m_document, this);
    m_edits->setBusyCheck([this] { return busy(); });
    connect(m_edits, &EditCommands::status, this,
            [this](const QString& message) { statusBar()->showMessage(message); });
    connect(m_edits, &EditCommands::failed, this, &MainWindow::reportError);
    WindowBuilder::build(*this);

    // The project's file life cycle: the window shows what it says and follows what it opens.
    m_project = new ProjectSession(m_document, m_fileMenu->recentFiles(), this, this);
    m_project->setBusyCheck([this] { return busy() ? busyWith() : QString(); });
    connect(m_project, &ProjectSession::replacing, this, [this] { yieldReplay(); });
    connect(m_project, &ProjectSession::opened, this, [this] {
        m_lastError.clear();
        updateTitle();
        updateActions();
    });
    connect(m_project, &ProjectSession::status, this,
            [this](const QString& message) { statusBar()->showMessage(message); });
    connect(m_project, &ProjectSession::failed, this, &MainWindow::reportError);

    connect(m_session, &RunSession::progress, this, &MainWindow::onProgress);
    connect(m_session, &RunSession::runAdded, this, &MainWindow::onRunAdded);
    connect(m_session, &RunSession::ending, this, &MainWindow::onRunEnding);
    connect(m_session, &RunSession::ended, this, &MainWindow::onRunEnded);

    connect(m_imports, &ImportSession::progress, this,
            [this](double fraction, const QString& step) {
                m_runPanel->setProgress(std::min(fraction, AlmostDone));
                statusBar()->showMessage(step);
            });
    connect(m_imports, &ImportSession::adding, this, &MainWindow::onImportAdding);
    connect(m_imports, &ImportSession::ended, this, &MainWindow::onImportEnded);

    connect(m_document, &ProjectDocument::changed, this, &MainWindow::onDocumentChanged);
    connect(m_document, &ProjectDocument::modifiedChanged, this, [this] { updateTitle(); });
    connect(m_document, &ProjectDocument::problemsChanged, this, [this] { updateActions(); });
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, [this] { updateActions(); });
    connect(m_document, &ProjectDocument::selectionChanged, this, [this] { updateActions(); });

    m_sizeDocks = !WindowLayout::restore(*this);
    m_tree->rebuild();
    updateActions();
    updateTitle();
    statusBar()->showMessage(tr("Open a project or scenario (File > Open), or draw a cluster."));
}

MainWindow::~MainWindow()
{
    // The document goes before the widgets that show it: they must not hear from it meanwhile.
    disconnect(m_document, nullptr, this, nullptr);
    disconnect(m_document->undoStack(), nullptr, this, nullptr);
    // The workers stop with their owners (children), before the widgets go.
    delete m_session;
    delete m_imports;
    saveLayout();
}

// --- window events --------------------------------------------------------------------------

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // Shown for the first time without a kept layout: the property panel as wide as it asks
    // where the window has the room (a model job's breakdown reads well); it would keep what
    // the smallest window leaves it, its minimum.
    // Once the window is laid out at the size it is shown at (the first layout would undo it).
    if (std::exchange(m_sizeDocks, false))
        QTimer::singleShot(0, this, [this] {
            resizeDocks({findChild<QDockWidget*>(QStringLiteral("propertiesDock"))},
                        {m_properties->sizeHint().width()}, Qt::Horizontal);
        });
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_project->isBusyWithFile() || !m_project->maySaveChanges()) {
        event->ignore();
        return;
    }
    saveLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::setInteractive(bool interactive)
{
    m_interactive = interactive;
    m_project->setInteractive(interactive);
}

// --- project (ProjectSession) ---------------------------------------------------------------

void MainWindow::updateTitle()
{
    setWindowTitle(m_project->windowTitle());
}

bool MainWindow::selectScenario(int index)
{
    if (index < 0 || index >= m_document->scenarioCount() || !yieldReplay())
        return false;
    m_document->setCurrentIndex(index);
    return true;
}

// --- imports (ImportSession) ----------------------------------------------------------------

void MainWindow::showImportDialog()
{
    TraceImportDialog dialog(hasScenario() ? scenario().name : QString(), this);
    if (dialog.exec() == QDialog::Accepted && !dialog.path().isEmpty())
        startImport(dialog.format(), dialog.path(), dialog.limit());
}

bool MainWindow::startImport(const QString& format, const QString& path, int limit)
{
    if (isImporting() || !yieldReplay()) {
        reportError(isImporting() ? tr("An import is already in progress.")
                                  : tr("Cannot import while a run is in progress."));
        return false;
    }
    m_lastError.clear();
    m_imports->start(format, path, limit);
    m_runPanel->setProgress(0);
    statusBar()->showMessage(tr("Importing %1...").arg(QFileInfo(path).fileName()));
    updateActions();
    return true;
}

bool MainWindow::importTrace(const QString& format, const QString& path, int limit)
{
    if (!startImport(format, path, limit))
        return false;
    bool added = false;
    QEventLoop loop;
    connect(this, &MainWindow::importEnded, &loop, [&](bool ok) {
        added = ok;
        loop.quit();
    });
    if (isImporting())
        loop.exec();
    return added;
}

void MainWindow::onImportAdding(const QString& status)
{
    m_lastError.clear();
    m_runPanel->setCancellable(false);
    m_runMenu->setCancellable(false);
    statusBar()->showMessage(status);
    statusBar()->repaint();
    m_runPanel->repaint();
}

void MainWindow::onImportEnded(ImportSession::Outcome outcome, const QString& message)
{
    const bool added = outcome == ImportSession::Outcome::Added;
    if (outcome == ImportSession::Outcome::Failed)
        m_lastError = message;
    m_runPanel->setIdle(added, added ? tr("Imported") : tr("Not imported"));
    statusBar()->showMessage(message);
    updateActions();
    emit importEnded(added);
    if (outcome == ImportSession::Outcome::Failed)
        showErrorBox(message); // the window is idle before the box shows
}

// --- what the window shows ------------------------------------------------------------------

QString MainWindow::reportCoverage() const
{
    return ReportCoverage::text(m_session->batch(), *m_document, m_session->scenarioIndex());
}

void MainWindow::onDocumentChanged(const DocumentChange& change)
{
    using K = DocumentChange::Kind;
    if ((change.kind == K::Current || change.kind == K::Project) && yieldReplay()) {
        clearComparison();
        showSavedRuns(m_document->currentIndex());
    }
    // An edit of a scenario with saved runs may make them stale (or current again, by undo).
    const bool marksRuns = (change.kind == K::Cluster || change.kind == K::Jobs) &&
                           change.scenario >= 0 && change.scenario < m_document->scenarioCount() &&
                           !m_document->storedRuns(change.scenario).empty();
    if (change.kind == K::Project || change.kind == K::Scenarios || change.kind == K::Current ||
        change.kind == K::Runs || marksRuns) {
        m_tree->rebuild();
        rebuildScenarioCombo();
    }
    // The Plan view plans for the scenario on screen: another project (new, open) or another
    // scenario drops what it shows; a sweep of a closed project is cancelled.
    if (change.kind == K::Project || (change.kind == K::Current && !planView()->isRunning()))
        planView()->reset();
    if (m_central->currentTab() == Tab::Plan)
        updatePlanBase();
    updateTitle();
    updateActions();
}

void MainWindow::rebuildScenarioCombo()
{
    QStringList names;
    for (int i = 0; i < m_document->scenarioCount(); ++i)
        names << m_document->scenario(i).name;
    m_runPanel->setScenarios(names, m_document->currentIndex());
}

void MainWindow::onTreeItemChosen(int s, int run, const QString& text)
{
    if (s != m_document->currentIndex())
        selectScenario(s);
    if (run >= 0 && s == m_document->currentIndex() && run < int(m_document->runs(s).size())) {
        showTab(Tab::Results);
        const int shown =
            m_results->runIndex(m_document->runs(s)[std::size_t(run)].result->config, false);
        if (shown >= 0)
            m_results->selectRun(shown);
    } else if (run == -1) {
        statusBar()->showMessage(text);
    }
}

void MainWindow::clearComparison()
{
    m_session->clear();
    m_results->clear(scenario());
    m_runPanel->setIdle(false, tr("Ready"));
}

// --- runs (RunSession) ----------------------------------------------------------------------

bool MainWindow::startRun()
{
    if (!yieldReplay()) {
        reportError(isImporting() ? tr("Wait for the import to end (or cancel it) before running.")
                                  : tr("A run is already in progress."));
        return false;
    }
    auto order = RunOrder::userRun(*m_document, runConfigs());
    if (!order) {
        reportError(order.error().message);
        return false;
    }
    return beginRun(std::move(order).value());
}

bool MainWindow::yieldReplay()
{
    if (isImporting())
        return false;
    if (!m_session->isRunning())
        return true;
    if (!m_session->isReplaying())
        return false;
    // Showing saved runs gives way to whatever the user asks for: the request is dropped, and
    // nothing it still sends is heard.
    m_session->abandon();
    m_results->clearComparison();
    m_runPanel->setIdle(false, tr("Ready"));
    setRunning(false);
    return true;
}

int MainWindow::showSavedRuns(int scenarioIndex)
{
    if (scenarioIndex < 0 || scenarioIndex >= m_document->scenarioCount() || !yieldReplay())
        return 0;
    RunOrder order = RunOrder::savedRuns(*m_document, scenarioIndex);
    const int count = int(order.request.configs.size());
    return count > 0 && beginRun(std::move(order)) ? count : 0;
}

void MainWindow::showStoredRun(int scenarioIndex, int stored)
{
    // Already among the runs shown (showSavedRuns): select it there.
    if (scenarioIndex == m_session->scenarioIndex() && stored >= 0 &&
        stored < int(m_document->storedRuns(scenarioIndex).size())) {
        const auto config = storage::RunConfigJson::fromJson(
            m_document->storedRuns(scenarioIndex)[std::size_t(stored)].config);
        if (const int shown = config ? m_results->runIndex(config.value(), true) : -1; shown >= 0) {
            showTab(Tab::Results);
            m_results->selectRun(shown);
            return;
        }
    }
    replayStoredRun(scenarioIndex, stored);
}

bool MainWindow::replayStoredRun(int scenarioIndex, int stored)
{
    if (!yieldReplay()) {
        reportError(tr("A run is already in progress."));
        return false;
    }
    if (scenarioIndex < 0 || scenarioIndex >= m_document->scenarioCount() || stored < 0 ||
        stored >= int(m_document->storedRuns(scenarioIndex).size()))
        return false;
    auto order = RunOrder::savedRun(*m_document, scenarioIndex, stored);
    if (!order) {
        reportError(order.error().message);
        return false;
    }
    // Showing that scenario shows its saved runs, which this request then replaces.
    if (scenarioIndex != m_document->currentIndex())
        selectScenario(scenarioIndex);
    return beginRun(std::move(order).value());
}

bool MainWindow::beginRun(RunOrder order)
{
    m_lastError.clear();
    m_results->clearComparison();
    m_runPanel->setProgress(0);
    // A request started while saved runs are shown replaces them: the window stays running.
    const bool wasRunning = m_session->isRunning();
    if (!m_session->start(std::move(order.request)))
        return false;
    if (!wasRunning)
        setRunning(true);
    statusBar()->showMessage(order.status);
    return true;
}

void MainWindow::cancelRun()
{
    if (isImporting()) {
        cancelImport();
        return;
    }
    if (!m_session->isRunning())
        return;
    m_session->cancel();
    m_runPanel->setCancellable(false);
    m_runMenu->setCancellable(false);
    statusBar()->showMessage(tr("Cancelling..."));
}

void MainWindow::onProgress(double fraction, const QString& step)
{
    // Full only once every result is in (onRunEnding): the last run still has work after its
    // simulation ends.
    m_runPanel->setProgress(std::min(fraction, AlmostDone));
    if (!m_session->cancelRequested())
        statusBar()->showMessage(tr("Running %1").arg(step));
}

void MainWindow::onRunAdded(const DocumentRun& run)
{
    m_results->addRun(run);
    // Kept for the next save, which records it in the project and adds the jobs to its history;
    // a saved run shown again is in the project already, a Plan point is not of the project.
    if (m_session->origin() == RunRequest::Origin::User)
        m_document->addRun(m_session->scenarioIndex(), run);
}

void MainWindow::onRunEnding(Outcome outcome)
{
    // A cancelled or failed run has no progress worth showing: the bar empties and says why.
    m_runPanel->setIdle(outcome == Outcome::Completed,
                        outcome == Outcome::Completed   ? tr("Finished")
                        : outcome == Outcome::Cancelled ? tr("Cancelled")
                                                        : tr("Failed"));
    // Saved runs shown again open on the first A-SRPT run, whose virtual machine is the
    // teaching point of the comparison.
    m_results->showRuns(scenario(), m_session->origin() == RunRequest::Origin::Replay &&
                                        outcome == Outcome::Completed);
}

void MainWindow::onRunEnded(Outcome outcome, const QString& text)
{
    if (outcome == Outcome::Failed)
        m_lastError = text;
    statusBar()->showMessage(text);
    setRunning(false);
    if (outcome == Outcome::Completed &&
        (m_interactive || m_session->origin() == RunRequest::Origin::PlanPoint))
        showTab(Tab::Results);
    emit runEnded(outcome);
    if (outcome == Outcome::Failed)
        showErrorBox(text); // the window is idle before the box shows
}

// --- plan (PlanLink) ------------------------------------------------------------------------

bool MainWindow::openStoredSweep(int scenario, int stored)
{
    if (scenario < 0 || scenario >= m_document->scenarioCount() || stored < 0 ||
        stored >= int(m_document->storedSweeps(scenario).size()))
        return false;
    auto plan = m_planLink->loadStoredSweep(scenario, stored);
    if (!plan) {
        reportError(plan.error().message);
        return false;
    }
    // The sweep is shown with the scenario it was stored with, as the Plan view shows a sweep.
    if (scenario != m_document->currentIndex() && !selectScenario(scenario)) {
        reportError(tr("Wait for the run to end (or cancel it) first."));
        return false;
    }
    showTab(Tab::Plan);
    StoredPlan p = std::move(plan).value();
    return planView()->openStoredSweep(std::move(p.spec), p.result, p.label);
}

void MainWindow::showPlan()
{
    updatePlanBase();
    showTab(Tab::Plan);
}

void MainWindow::updatePlanBase()
{
    m_planLink->updateBase(runConfigs());
}

bool MainWindow::openPlanPoint(std::size_t row)
{
    auto order = m_planLink->pointRun(row);
    if (!order) {
        reportError(order.error().message);
        return false;
    }
    if (!yieldReplay()) {
        reportError(isImporting() ? tr("Wait for the import to end (or cancel it) first.")
                                  : tr("A run is already in progress."));
        return false;
    }
    return beginRun(std::move(order).value());
}

// --- editing (EditCommands) -----------------------------------------------------------------

void MainWindow::selectAll()
{
    m_edits->selectAll(m_central->currentTab() == Tab::Jobs ? Selection::Kind::Job
                                                            : Selection::Kind::Server);
}

// --- state ----------------------------------------------------------------------------------

void MainWindow::setRunning(bool running)
{
    updateActions();
    emit runningChanged(running);
}

void MainWindow::updateActions()
{
    if (!m_runPanel)
        return;
    const bool idle = !busy();
    const int problems = hasScenario() ? int(m_document->problems().size()) : 0;
    m_fileMenu->setStates(idle, !m_session->batch().empty());
    m_editMenu->update(*m_document->undoStack(), idle, !m_document->selection().isEmpty());
    clusterEditor()->setEnabled(idle);
    jobsEditor()->setEnabled(idle);
    m_properties->setEnabled(idle);
    const bool canRun = idle && hasScenario() && problems == 0;
    m_runPanel->setStates(idle, canRun);
    m_runMenu->setStates(canRun, idle && hasScenario() &&
                                     !m_document->storedRuns(m_document->currentIndex()).empty());
    m_runPanel->setCancellable(m_session->isRunning() || isImporting());
    m_runMenu->setCancellable(m_session->isRunning() || isImporting());
    m_runPanel->setProblemCount(problems);
}

QString MainWindow::busyWith() const
{
    return isImporting() ? tr("an import") : tr("a run");
}

void MainWindow::reportError(const QString& message)
{
    m_lastError = message;
    statusBar()->showMessage(message);
    showErrorBox(message);
}

void MainWindow::showErrorBox(const QString& message)
{
    if (m_interactive)
        QMessageBox::warning(this, tr("Gantry"), message);
}

} // namespace gantry::ui
