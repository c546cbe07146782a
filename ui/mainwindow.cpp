#include "mainwindow.h"

#include "export/imageexport.h"

#include "cluster/clustereditor.h"
#include "comparisonchart.h"
#include "comparisonmodel.h"
#include "document/projectdocument.h"
#include "io/import/traceimporterregistry.h"
#include "io/scenarioreader.h"
#include "jobs/jobseditor.h"
#include "mapping/placementregistry.h"
#include "policies/policyregistry.h"
#include "predict/predictorregistry.h"
#include "properties/problemslist.h"
#include "properties/propertypanel.h"
#include "report/reportdialog.h"
#include "results/resultspanel.h"
#include "runworker.h"
#include "sensitivity/sensitivitydialog.h"
#include "sim/productdefaults.h"
#include "storage/projectstore.h"
#include "storage/runconfigjson.h"
#include "util/result.h"
#include "welcome/welcomebanner.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QComboBox>
#include <QDesktopServices>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QToolBar>
#include <QTreeWidget>
#include <QUndoStack>
#include <QUrl>
#include <QVBoxLayout>

#include <exception>
#include <limits>
#include <optional>

namespace gantry::ui {

namespace {

constexpr int ProgressRange = 1000;
constexpr int MaxRecentFiles = 8;
const QString RecentFilesKey = QStringLiteral("recentFiles");
const QString GeometryKey = QStringLiteral("mainWindow/geometry");
const QString StateKey = QStringLiteral("mainWindow/state");
constexpr int TreeScenarioRole = Qt::UserRole + 1;
constexpr int TreeRunRole = Qt::UserRole + 2;    // session run index, or -1 for a stored run
constexpr int TreeStoredRole = Qt::UserRole + 3; // index in storedRuns() of a stored run
constexpr int TreeStaleRole = Qt::UserRole + 4;  // true: a stored run of an earlier version

bool isProjectFile(const QString& path)
{
    return path.endsWith(QLatin1String(".gantry"), Qt::CaseInsensitive);
}

// Selects text in combo if it is there; returns whether it was.
bool selectText(QComboBox* combo, const QString& text)
{
    const int i = combo->findText(text);
    if (i >= 0)
        combo->setCurrentIndex(i);
    return i >= 0;
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent)
{
    registerMetaTypes();
    setObjectName(QStringLiteral("mainWindow"));
    setWindowTitle(tr("Gantry"));

    m_document = new ProjectDocument(this);
    m_model = new ComparisonModel(this);
    buildActions();
    buildWidgets();

    m_worker = new RunWorker; // no parent: it moves to m_thread
    m_worker->moveToThread(&m_thread);
    m_thread.setObjectName(QStringLiteral("gantry-run-worker"));

    connect(this, &MainWindow::runRequested, m_worker, &RunWorker::run, Qt::QueuedConnection);
    // Signals of a request that is no longer the window's (cancelled and superseded) are
    // dropped: each names its ticket.
    connect(
        m_worker, &RunWorker::progress, this,
        [this](quint64 ticket, double fraction, const QString& step) {
            if (ticket == m_ticket)
                onProgress(fraction, step);
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::runFinished, this,
        [this](quint64 ticket, const gantry::RunResult& result, const gantry::Schedule& schedule) {
            if (ticket == m_ticket)
                onRunFinished(result, schedule);
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::allFinished, this,
        [this](quint64 ticket) {
            if (ticket == m_ticket)
                endRun(Outcome::Completed, {});
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::cancelled, this,
        [this](quint64 ticket) {
            if (ticket == m_ticket)
                endRun(Outcome::Cancelled, tr("Cancelled"));
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::failed, this,
        [this](quint64 ticket, const QString& message) {
            if (ticket != m_ticket)
                return;
            const QString text = tr("Run failed: %1").arg(message);
            m_lastError = text;
            endRun(Outcome::Failed, text); // the window is idle before the box shows
            showErrorBox(text);
        },
        Qt::QueuedConnection);

    connect(m_document, &ProjectDocument::changed, this, &MainWindow::onDocumentChanged);
    connect(m_document, &ProjectDocument::modifiedChanged, this, [this] { updateTitle(); });
    connect(m_document, &ProjectDocument::problemsChanged, this, [this] { updateActions(); });
    connect(m_document->undoStack(), &QUndoStack::indexChanged, this, [this] { updateActions(); });
    connect(m_document, &ProjectDocument::selectionChanged, this, [this] { updateActions(); });

    m_thread.start();
    restoreLayout();
    rebuildTree();
    updateActions();
    updateTitle();
    statusBar()->showMessage(tr("Open a project or scenario (File > Open), or draw a cluster."));
}

MainWindow::~MainWindow()
{
    // The document goes before the widgets that show it: they must not hear from it meanwhile.
    disconnect(m_document, nullptr, this, nullptr);
    disconnect(m_document->undoStack(), nullptr, this, nullptr);
    m_worker->cancel(m_ticket);
    m_thread.quit();
    m_thread.wait();
    delete m_worker; // its thread has stopped, so deleting it here is safe
    saveLayout();
}

// --- building -------------------------------------------------------------------------------

void MainWindow::buildActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_newAction = file->addAction(tr("&New Project"), this, [this] { newProject(); });
    m_newAction->setShortcut(QKeySequence::New);
    m_newAction->setObjectName(QStringLiteral("newAction"));
    m_openAction = file->addAction(tr("&Open..."), this, &MainWindow::showOpenDialog);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setObjectName(QStringLiteral("openAction"));
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_recentMenu->setObjectName(QStringLiteral("recentMenu"));
    m_saveAction = file->addAction(tr("&Save"), this, [this] { saveProject(); });
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAction->setObjectName(QStringLiteral("saveAction"));
    m_saveAsAction = file->addAction(tr("Save &As..."), this, &MainWindow::showSaveAsDialog);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    m_saveAsAction->setObjectName(QStringLiteral("saveAsAction"));
    file->addSeparator();
    m_importAction = file->addAction(tr("&Import Trace..."), this, &MainWindow::showImportDialog);
    m_importAction->setObjectName(QStringLiteral("importAction"));
    m_exportAction = file->addAction(tr("&Export Report..."), this, &MainWindow::showExportReport);
    m_exportAction->setObjectName(QStringLiteral("exportReportAction"));
    m_exportImageAction =
        file->addAction(tr("Export I&mage..."), this, &MainWindow::showExportImage);
    m_exportImageAction->setObjectName(QStringLiteral("exportImageAction"));
    rebuildRecentMenu();
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    m_undoAction = edit->addAction(tr("&Undo"), this, &MainWindow::undo);
    m_undoAction->setShortcut(QKeySequence::Undo);
    m_undoAction->setObjectName(QStringLiteral("undoAction"));
    m_redoAction = edit->addAction(tr("&Redo"), this, &MainWindow::redo);
    m_redoAction->setShortcut(QKeySequence::Redo);
    m_redoAction->setObjectName(QStringLiteral("redoAction"));
    edit->addSeparator();
    m_cutAction = edit->addAction(tr("Cu&t"), this, &MainWindow::cut);
    m_cutAction->setShortcut(QKeySequence::Cut);
    m_cutAction->setObjectName(QStringLiteral("cutAction"));
    m_copyAction = edit->addAction(tr("&Copy"), this, &MainWindow::copy);
    m_copyAction->setShortcut(QKeySequence::Copy);
    m_copyAction->setObjectName(QStringLiteral("copyAction"));
    m_pasteAction = edit->addAction(tr("&Paste"), this, [this] { paste(); });
    m_pasteAction->setShortcut(QKeySequence::Paste);
    m_pasteAction->setObjectName(QStringLiteral("pasteAction"));
    m_deleteAction = edit->addAction(tr("&Delete"), this, &MainWindow::deleteSelection);
    m_deleteAction->setShortcut(QKeySequence::Delete);
    m_deleteAction->setObjectName(QStringLiteral("deleteAction"));
    edit->addSeparator();
    m_selectAllAction = edit->addAction(tr("Select &All"), this, &MainWindow::selectAll);
    m_selectAllAction->setShortcut(QKeySequence::SelectAll);
    m_selectAllAction->setObjectName(QStringLiteral("selectAllAction"));
    // Text fields keep their own shortcuts: these act on the editors' views only.
    for (QAction* a : {m_cutAction, m_copyAction, m_pasteAction, m_deleteAction, m_selectAllAction})
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);

    m_viewMenu = menuBar()->addMenu(tr("&View"));

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    m_runAction = run->addAction(tr("&Run"), this, [this] { startRun(); });
    m_runAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_runAction->setObjectName(QStringLiteral("runAction"));
    m_showSavedAction = run->addAction(tr("Show &Saved Runs"), this,
                                       [this] { showSavedRuns(m_document->currentIndex()); });
    m_showSavedAction->setObjectName(QStringLiteral("showSavedRunsAction"));
    m_showSavedAction->setToolTip(
        tr("Shows every saved run of this scenario in Results, as one comparison"));
    run->addAction(tr("Prediction Se&nsitivity..."), this,
                   [this] { SensitivityDialog::showFor(scenario(), this); })
        ->setObjectName(QStringLiteral("sensitivityAction"));
    m_cancelAction = run->addAction(tr("&Cancel"), this, &MainWindow::cancelRun);
    m_cancelAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancelAction->setObjectName(QStringLiteral("cancelAction"));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Getting Started"), this, [this] { m_welcome->reopen(); })
        ->setObjectName(QStringLiteral("gettingStartedAction"));
    help->addAction(
            tr("&Documentation"), this,
            [this] {
                const QString readme = documentationFile();
                if (readme.isEmpty() || !QDesktopServices::openUrl(QUrl::fromLocalFile(readme)))
                    reportError(tr("The documentation is not installed with this Gantry: see the "
                                   "README and docs/ of its sources."));
            })
        ->setObjectName(QStringLiteral("documentationAction"));
    help->addSeparator();
    help->addAction(tr("&About Gantry"), this, &MainWindow::showAbout)
        ->setObjectName(QStringLiteral("aboutAction"));

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->addAction(m_newAction);
    bar->addAction(m_openAction);
    bar->addAction(m_saveAction);
    bar->addSeparator();
    bar->addAction(m_undoAction);
    bar->addAction(m_redoAction);
    bar->addSeparator();
    bar->addAction(m_runAction);
    bar->addAction(m_cancelAction);
}

QWidget* MainWindow::buildRunPanel()
{
    auto* panel = new QWidget;
    auto* panelLayout = new QVBoxLayout(panel);

    panelLayout->addWidget(new QLabel(tr("Scenario")));
    m_scenarioCombo = new QComboBox;
    m_scenarioCombo->setObjectName(QStringLiteral("scenarioCombo"));
    panelLayout->addWidget(m_scenarioCombo);
    connect(m_scenarioCombo, &QComboBox::activated, this, [this](int i) { selectScenario(i); });

    panelLayout->addWidget(new QLabel(tr("Policies to compare")));
    m_policyList = new QListWidget;
    m_policyList->setObjectName(QStringLiteral("policyList"));
    const QStringList policies = PolicyRegistry::names();
    for (const QString& name : policies) {
        auto* item = new QListWidgetItem(name, m_policyList);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
        item->setCheckState(Qt::Checked);
        item->setToolTip(PolicyRegistry::description(name));
    }
    panelLayout->addWidget(m_policyList, 1);

    auto* form = new QFormLayout;
    m_placementCombo = new QComboBox;
    m_placementCombo->setObjectName(QStringLiteral("placementCombo"));
    m_placementCombo->addItems(PlacementRegistry::names());
    selectText(m_placementCombo, ProductDefaults::runConfig().placement);
    form->addRow(tr("Placement"), m_placementCombo);

    m_predictorCombo = new QComboBox;
    m_predictorCombo->setObjectName(QStringLiteral("predictorCombo"));
    m_predictorCombo->addItems(PredictorRegistry::names());
    m_predictorCombo->setEditable(true); // parameterised names such as noisy:0.5
    m_predictorCombo->setInsertPolicy(QComboBox::NoInsert);
    selectText(m_predictorCombo, ProductDefaults::runConfig().predictor);
    form->addRow(tr("Predictor"), m_predictorCombo);

    m_seedSpin = new QSpinBox;
    m_seedSpin->setObjectName(QStringLiteral("seedSpin"));
    m_seedSpin->setRange(0, std::numeric_limits<int>::max());
    form->addRow(tr("Seed"), m_seedSpin);

    m_contentionCombo = new QComboBox;
    m_contentionCombo->setObjectName(QStringLiteral("contentionCombo"));
    m_contentionCombo->addItem(tr("as the scenario says"), QString());
    m_contentionCombo->addItem(QStringLiteral("none"), QStringLiteral("none"));
    m_contentionCombo->addItem(QStringLiteral("fair"), QStringLiteral("fair"));
    form->addRow(tr("Contention"), m_contentionCombo);
    panelLayout->addLayout(form);

    m_problemLabel = new QLabel;
    m_problemLabel->setObjectName(QStringLiteral("problemLabel"));
    m_problemLabel->setStyleSheet(QStringLiteral("color: #c62828;"));
    m_problemLabel->setWordWrap(true);
    m_problemLabel->hide();
    panelLayout->addWidget(m_problemLabel);

    auto* buttons = new QHBoxLayout;
    m_runButton = new QPushButton(tr("Run"));
    m_runButton->setObjectName(QStringLiteral("runButton"));
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setObjectName(QStringLiteral("cancelButton"));
    buttons->addWidget(m_runButton);
    buttons->addWidget(m_cancelButton);
    panelLayout->addLayout(buttons);

    m_progressBar = new QProgressBar;
    m_progressBar->setObjectName(QStringLiteral("progressBar"));
    m_progressBar->setRange(0, ProgressRange);
    m_progressBar->setValue(0);
    panelLayout->addWidget(m_progressBar);

    connect(m_runButton, &QPushButton::clicked, this, [this] { startRun(); });
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancelRun);
    return panel;
}

void MainWindow::buildWidgets()
{
    auto addDock = [this](const QString& title, const QString& name, QWidget* content,
                          Qt::DockWidgetArea area) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        dock->setWidget(content);
        addDockWidget(area, dock);
        m_viewMenu->addAction(dock->toggleViewAction());
        return dock;
    };

    m_tree = new QTreeWidget;
    m_tree->setObjectName(QStringLiteral("projectTree"));
    m_tree->setHeaderHidden(true);
    connect(m_tree, &QTreeWidget::itemClicked, this,
            [this](QTreeWidgetItem* item) { onTreeItemActivated(item); });
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
        onTreeItemActivated(item);
        // Double-click or Enter on a saved run shows its schedule again.
        if (item && item->data(0, TreeRunRole).toInt() == -1 &&
            !item->data(0, TreeStoredRole).isNull() && !busy())
            showStoredRun(item->data(0, TreeScenarioRole).toInt(),
                          item->data(0, TreeStoredRole).toInt());
    });
    QDockWidget* projectDock =
        addDock(tr("Project"), QStringLiteral("projectDock"), m_tree, Qt::LeftDockWidgetArea);
    QDockWidget* runDock =
        addDock(tr("Run"), QStringLiteral("runDock"), buildRunPanel(), Qt::LeftDockWidgetArea);
    splitDockWidget(projectDock, runDock, Qt::Vertical);

    m_properties = new PropertyPanel(m_document);
    m_properties->setObjectName(QStringLiteral("propertyPanel"));
    addDock(tr("Properties"), QStringLiteral("propertiesDock"), m_properties,
            Qt::RightDockWidgetArea);
    m_problems = new ProblemsList(m_document);
    addDock(tr("Problems"), QStringLiteral("problemsDock"), m_problems, Qt::RightDockWidgetArea);
    connect(m_problems, &ProblemsList::problemActivated, this, [this](const Problem& p) {
        if (p.target == Selection::Kind::Job)
            showTab(Tab::Jobs);
        else if (p.target != Selection::Kind::None)
            showTab(Tab::Cluster);
        m_properties->focusField(p.field);
    });

    m_clusterEditor = new ClusterEditor(m_document);
    m_clusterEditor->setObjectName(QStringLiteral("clusterEditor"));
    m_jobsEditor = new JobsEditor(m_document);
    m_jobsEditor->setObjectName(QStringLiteral("jobsEditor"));

    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("comparisonTable"));
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    // ResizeToContents alone does not follow inserted rows; size the columns on every change.
    auto fitColumns = [this] { m_table->resizeColumnsToContents(); };
    connect(m_model, &QAbstractItemModel::rowsInserted, m_table, fitColumns);
    connect(m_model, &QAbstractItemModel::modelReset, m_table, fitColumns);
    fitColumns();

    m_chart = new ComparisonChart;
    m_chart->setObjectName(QStringLiteral("comparisonChart"));
    m_chart->setModel(m_model);

    m_results = new ResultsPanel;
    m_results->setObjectName(QStringLiteral("resultsPanel"));

    auto* comparison = new QSplitter(Qt::Horizontal);
    comparison->addWidget(m_table);
    comparison->addWidget(m_chart);
    comparison->setStretchFactor(0, 3);
    comparison->setStretchFactor(1, 2);
    auto* resultsSplit = new QSplitter(Qt::Vertical);
    resultsSplit->setObjectName(QStringLiteral("resultsSplit"));
    resultsSplit->addWidget(m_results);
    resultsSplit->addWidget(comparison);
    resultsSplit->setStretchFactor(0, 3);
    resultsSplit->setStretchFactor(1, 1);

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("centralTabs"));
    m_tabs->addTab(m_clusterEditor, tr("Cluster"));
    m_tabs->addTab(m_jobsEditor, tr("Jobs"));
    m_tabs->addTab(resultsSplit, tr("Results"));
    // A first-run guide above the tabs; each of its steps opens the place to do it.
    m_welcome = new WelcomeBanner;
    connect(m_welcome, &WelcomeBanner::stepRequested, this, [this](WelcomeBanner::Step step) {
        switch (step) {
        case WelcomeBanner::Step::Cluster:
            showTab(Tab::Cluster);
            break;
        case WelcomeBanner::Step::Jobs:
            showTab(Tab::Jobs);
            break;
        case WelcomeBanner::Step::Run:
            if (m_runButton)
                m_runButton->setFocus();
            if (auto* dock = findChild<QDockWidget*>(QStringLiteral("runDock")))
                dock->raise();
            break;
        case WelcomeBanner::Step::Teaching:
            showTab(Tab::Results);
            m_results->tabs()->setCurrentIndex(m_results->tabs()->count() - 1);
            break;
        }
    });
    auto* central = new QWidget;
    auto* centralLayout = new QVBoxLayout(central);
    centralLayout->setContentsMargins(0, 0, 0, 0);
    centralLayout->setSpacing(2);
    centralLayout->addWidget(m_welcome);
    centralLayout->addWidget(m_tabs, 1);
    setCentralWidget(central);
    // Cut/Copy/Paste/Delete/Select All apply where the editors are.
    for (QAction* a : {m_cutAction, m_copyAction, m_pasteAction, m_deleteAction, m_selectAllAction})
        m_tabs->addAction(a);
    resize(1280, 800);
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    const QByteArray geometry = settings.value(GeometryKey).toByteArray();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    const QByteArray state = settings.value(StateKey).toByteArray();
    if (!state.isEmpty())
        restoreState(state);
}

void MainWindow::saveLayout() const
{
    QSettings settings;
    settings.setValue(GeometryKey, saveGeometry());
    settings.setValue(StateKey, saveState());
}

bool MainWindow::maySaveChanges()
{
    if (!m_interactive || !isModified())
        return true;
    const int unsaved = unsavedRunCount();
    QString text = tr("The project has unsaved changes");
    if (unsaved > 0)
        text += tr(" and %n run(s) not recorded yet", nullptr, unsaved);
    text += tr(". Save them?");
    const auto answer = QMessageBox::question(
        this, tr("Gantry"), text, QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
        QMessageBox::Save);
    if (answer == QMessageBox::Discard)
        return true;
    return answer == QMessageBox::Save && saveProject();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maySaveChanges()) {
        event->ignore();
        return;
    }
    saveLayout();
    QMainWindow::closeEvent(event);
}

void MainWindow::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

// --- dialogs --------------------------------------------------------------------------------

void MainWindow::showOpenDialog()
{
    const QString dir = m_scenarioPath.isEmpty() ? QString() : QFileInfo(m_scenarioPath).path();
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open project or scenario"), dir,
        tr("Projects and scenarios (*.gantry *.json);;Projects (*.gantry);;Scenarios (*.json);;"
           "All files (*)"));
    if (!path.isEmpty())
        openFile(path);
}

void MainWindow::showSaveAsDialog()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Save project as"), projectPath(),
                                                tr("Projects (*.gantry)"));
    if (path.isEmpty())
        return;
    if (!isProjectFile(path))
        path += QStringLiteral(".gantry");
    saveProjectAs(path);
}

void MainWindow::showImportDialog()
{
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Import trace"));
    auto* format = new QComboBox;
    format->addItems(TraceImporterRegistry::formats());
    auto* path = new QLineEdit;
    auto* browse = new QPushButton(tr("Browse..."));
    connect(browse, &QPushButton::clicked, &dialog, [&] {
        const QString f = QFileDialog::getOpenFileName(&dialog, tr("Trace file"), QString(),
                                                       tr("Traces (*.csv *.json);;All files (*)"));
        if (!f.isEmpty())
            path->setText(f);
    });
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(path, 1);
    fileRow->addWidget(browse);
    auto* limit = new QSpinBox;
    limit->setRange(0, 10'000'000);
    limit->setSpecialValueText(tr("all jobs"));
    auto* note =
        new QLabel(hasScenario() ? tr("Jobs land on the cluster of \"%1\".").arg(scenario().name)
                                 : tr("No cluster open: only formats that bring their "
                                      "own cluster can be imported."));
    note->setWordWrap(true);
    auto* form = new QFormLayout;
    form->addRow(tr("Format"), format);
    form->addRow(tr("File"), fileRow);
    form->addRow(tr("Keep at most"), limit);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* layout = new QVBoxLayout(&dialog);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
    if (dialog.exec() == QDialog::Accepted && !path->text().trimmed().isEmpty())
        importTrace(format->currentText(), path->text().trimmed(), limit->value());
}

void MainWindow::showExportReport()
{
    if (m_batch.empty()) {
        reportError(tr("Run a comparison first: the report shows its runs."));
        return;
    }
    ReportBuilder::Input input;
    input.scenario = m_batch.front().ranOn ? *m_batch.front().ranOn : scenario();
    for (const DocumentRun& r : m_batch) {
        input.runs.push_back(r.result);
        input.schedules.push_back(r.schedule);
    }
    ReportDialog dialog(input, this);
    dialog.setCoverage(reportCoverage());
    connect(&dialog, &ReportDialog::reportWritten, this, [this](const QString& path, int pages) {
        statusBar()->showMessage(tr("Wrote %1 (%n page(s))", nullptr, pages).arg(path));
    });
    dialog.exec();
}

QString MainWindow::reportCoverage() const
{
    QStringList shown;
    for (const DocumentRun& r : m_batch)
        shown << r.result.config.policy;
    QString text =
        tr("The report covers the %n run(s) shown in Results: %1.", nullptr, int(m_batch.size()))
            .arg(shown.join(QStringLiteral(", ")));
    const int s = m_runScenarioIndex;
    if (s < 0 || s >= m_document->scenarioCount())
        return text;
    const auto inBatch = [this](const RunConfig& c) {
        return std::any_of(m_batch.begin(), m_batch.end(),
                           [&](const DocumentRun& r) { return r.result.config == c; });
    };
    int others = 0;
    for (const storage::StoredRun& r : m_document->storedRuns(s)) {
        const auto config = storage::RunConfigJson::fromJson(r.config);
        others += !config || !inBatch(config.value());
    }
    for (const DocumentRun& r : m_document->runs(s))
        others += !r.saved && !inBatch(r.result.config);
    if (others > 0)
        text += tr(" %n other run(s) of \"%1\" are not in it: Run > Show Saved Runs puts the "
                   "saved ones on screen, and a new comparison runs the policies you check.",
                   nullptr, others)
                    .arg(m_document->scenario(s).name);
    return text;
}

void MainWindow::showExportImage()
{
    if (m_batch.empty()) {
        reportError(tr("Run a comparison first: the images show its runs."));
        return;
    }
    QDialog dialog(this);
    dialog.setWindowTitle(tr("Export image"));
    auto* form = new QFormLayout(&dialog);
    auto* view = new QComboBox(&dialog);
    view->addItems(m_results->exportableViews());
    form->addRow(tr("View"), view);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return;
    QString filter;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export image"), QString(), tr("PNG image (*.png);;SVG image (*.svg)"), &filter);
    if (path.isEmpty())
        return;
    path = ImageExport::withFormatSuffix(path, filter);
    if (const Status s = m_results->exportView(view->currentIndex(), path); !s) {
        reportError(s.error().message);
        return;
    }
    statusBar()->showMessage(tr("Wrote %1").arg(path));
}

QString MainWindow::documentationFile()
{
    // Installed beside the program (share/doc/gantry), else the source tree it was built from.
    const QDir bin(QCoreApplication::applicationDirPath());
    for (const QString& candidate : {bin.filePath(QStringLiteral("../share/doc/gantry/README.md")),
                                     QStringLiteral(GANTRY_SOURCE_README)})
        if (QFileInfo::exists(candidate))
            return QFileInfo(candidate).canonicalFilePath();
    return {};
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Gantry"),
                       tr("<b>Gantry %1</b><p>A planner for GPU clusters that train deep-learning "
                          "models: draw a cluster and its jobs, run A-SRPT and its competitors, "
                          "and compare them by eye.</p>"
                          "<p>Documentation: Help &gt; Documentation (%2); "
                          "<tt>gantry-cli --help</tt> for the command line.</p>"
                          "<p>Gantry ships parts under their own licences: Qt %3 (LGPL 3), "
                          "xgboost (Apache 2.0), SQLite (public domain), and the Microsoft "
                          "Philly trace in its sample data (CC BY 4.0; Jeon et al., USENIX ATC "
                          "2019).</p>")
                           .arg(QCoreApplication::applicationVersion(),
                                documentationFile().isEmpty()
                                    ? tr("the README and docs/ of the sources")
                                    : documentationFile().toHtmlEscaped(),
                                QString::fromLatin1(qVersion())));
}

// --- project --------------------------------------------------------------------------------

bool MainWindow::openFile(const QString& path)
{
    return isProjectFile(path) ? openProject(path) : openScenario(path);
}

void MainWindow::clearComparison()
{
    m_model->clear();
    m_batch.clear();
    m_results->setRuns(scenario(), {}, {});
    m_progressBar->setValue(0);
    m_outcome = Outcome::None;
}

bool MainWindow::newProject()
{
    if (busy()) {
        reportError(tr("Cannot start a new project while a run is in progress."));
        return false;
    }
    if (!maySaveChanges())
        return false; // the user kept the project
    yieldReplay();
    m_document->clear(); // clears the comparison (onDocumentChanged)
    m_scenarioPath.clear();
    m_lastError.clear();
    statusBar()->showMessage(
        tr("New project: open a scenario (File > Open) or add racks and servers."));
    updateActions();
    return true;
}

bool MainWindow::openProject(const QString& path)
{
    if (busy()) {
        reportError(tr("Cannot open %1 while a run is in progress.").arg(path));
        return false;
    }
    if (!maySaveChanges())
        return false; // the user kept the project
    yieldReplay();
    const Status opened = m_document->openProject(path);
    if (!opened) {
        reportError(opened.error().message);
        return false;
    }
    m_scenarioPath = path;
    m_lastError.clear();
    addRecentFile(path);
    int runs = 0;
    for (int i = 0; i < m_document->scenarioCount(); ++i)
        runs += int(m_document->storedRuns(i).size());
    QString message = m_document->scenarioCount() == 0
                          ? tr("Opened %1: no scenarios yet").arg(QFileInfo(path).fileName())
                          : tr("Opened %1: %2 scenario(s), %3 recorded run(s)")
                                .arg(QFileInfo(path).fileName())
                                .arg(m_document->scenarioCount())
                                .arg(runs);
    if (m_document->isReadOnly())
        message += tr(" - read-only (the file is not writable): use Save As to keep changes");
    statusBar()->showMessage(message);
    updateTitle();
    updateActions();
    return true;
}

bool MainWindow::openScenario(const QString& path)
{
    if (busy()) {
        reportError(tr("Cannot open %1 while a run is in progress.").arg(path));
        return false;
    }
    if (!maySaveChanges())
        return false; // the user kept the project
    yieldReplay();
    std::optional<Result<Scenario>> read;
    try {
        read.emplace(ScenarioReader::readFile(path));
    } catch (const std::exception& e) {
        read.emplace(Error::internal(QString::fromLocal8Bit(e.what())));
    } catch (...) {
        read.emplace(Error::internal(tr("unknown exception")));
    }
    if (!read->ok()) {
        QString message = read->error().message;
        if (!message.contains(path) && !message.contains(QFileInfo(path).fileName()))
            message = tr("%1: %2").arg(path, message);
        reportError(message);
        return false;
    }

    Scenario s = std::move(*read).value();
    if (s.name.isEmpty())
        s.name = QFileInfo(path).completeBaseName();
    // A scenario opens as an untitled project holding it; Save As makes it a .gantry file.
    m_document->resetToScenario(s);
    m_scenarioPath = path;
    m_lastError.clear();
    addRecentFile(path);
    statusBar()->showMessage(tr("Opened %1: %2 jobs on %3 GPUs")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(scenario().jobs.size())
                                 .arg(scenario().cluster.totalGpus()));
    updateActions();
    return true;
}

bool MainWindow::selectScenario(int index)
{
    if (index < 0 || index >= m_document->scenarioCount() || !yieldReplay())
        return false;
    m_document->setCurrentIndex(index);
    return true;
}

bool MainWindow::saveProject()
{
    if (projectPath().isEmpty()) {
        if (m_interactive) {
            showSaveAsDialog();
            return !projectPath().isEmpty() && !isModified();
        }
        reportError(tr("The project has no file yet: use File > Save As."));
        return false;
    }
    if (m_document->isReadOnly()) {
        if (m_interactive) {
            showSaveAsDialog();
            return !m_document->isReadOnly() && !isModified();
        }
        reportError(tr("%1 is open read-only (the file is not writable): use File > Save As.")
                        .arg(projectPath()));
        return false;
    }
    const auto saved = m_document->save();
    if (!saved) {
        reportError(saved.error().message);
        return false;
    }
    addRecentFile(projectPath());
    statusBar()->showMessage(tr("Saved %1 (%n run(s) recorded)", nullptr, saved.value())
                                 .arg(QFileInfo(projectPath()).fileName()));
    return true;
}

bool MainWindow::saveProjectAs(const QString& path)
{
    const Status saved = m_document->saveAs(path);
    if (!saved) {
        reportError(saved.error().message);
        return false;
    }
    m_scenarioPath = path;
    addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
}

bool MainWindow::importTrace(const QString& format, const QString& path, int limit)
{
    if (!yieldReplay()) {
        reportError(tr("Cannot import while a run is in progress."));
        return false;
    }
    std::optional<Cluster> cluster;
    if (hasScenario() && !scenario().cluster.servers.empty())
        cluster = scenario().cluster;
    ImportOptions options;
    options.limit = limit;
    const auto imported = TraceImporterRegistry::import(format, path, cluster, options);
    if (!imported) {
        reportError(imported.error().message);
        return false;
    }
    const QStringList summary = imported.value().report.summaryLines();
    if (imported.value().scenario.jobs.empty()) {
        // As on the command line: nothing is added, and the message says what was dropped.
        reportError(tr("%1: no job left to import as a %2 trace, nothing added (%3). Is it a "
                       "%2 file?")
                        .arg(path, format,
                             summary.isEmpty() ? tr("the file holds no job") : summary.first()));
        return false;
    }
    Scenario s = imported.value().scenario;
    if (s.name.isEmpty())
        s.name = QFileInfo(path).completeBaseName();
    m_document->addScenario(s, tr("Import %1 trace %2").arg(format, QFileInfo(path).fileName()));
    m_lastError.clear();
    statusBar()->showMessage(summary.isEmpty() ? tr("Imported %1").arg(path) : summary.first());
    return true;
}

QString MainWindow::projectPath() const
{
    return m_document->path();
}

bool MainWindow::isModified() const
{
    return m_document->isModified();
}

std::vector<Scenario> MainWindow::projectScenarios() const
{
    return m_document->scenarios();
}

int MainWindow::unsavedRunCount() const
{
    return m_document->unsavedRunCount();
}

bool MainWindow::hasScenario() const
{
    return m_document->hasCurrent();
}

const Scenario& MainWindow::scenario() const
{
    return m_document->current();
}

QStringList MainWindow::recentFiles() const
{
    return QSettings().value(RecentFilesKey).toStringList();
}

void MainWindow::addRecentFile(const QString& path)
{
    QStringList files = recentFiles();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > MaxRecentFiles)
        files.removeLast();
    QSettings().setValue(RecentFilesKey, files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = recentFiles();
    for (const QString& f : files)
        m_recentMenu->addAction(QFileInfo(f).fileName(), this, [this, f] { openFile(f); })
            ->setToolTip(f);
    m_recentMenu->setEnabled(!busy() && !files.isEmpty());
}

void MainWindow::updateTitle()
{
    QString name = projectPath().isEmpty() ? tr("untitled") : QFileInfo(projectPath()).fileName();
    if (hasScenario())
        name = tr("%1 [%2]").arg(name, scenario().name);
    if (m_document->isReadOnly())
        name = tr("%1 (read-only)").arg(name);
    setWindowTitle(tr("%1%2 - Gantry").arg(name, isModified() ? QStringLiteral("*") : QString()));
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
        rebuildTree();
        rebuildScenarioCombo();
    }
    updateTitle();
    updateActions();
}

void MainWindow::rebuildScenarioCombo()
{
    const QSignalBlocker block(m_scenarioCombo);
    m_scenarioCombo->clear();
    for (int i = 0; i < m_document->scenarioCount(); ++i)
        m_scenarioCombo->addItem(m_document->scenario(i).name);
    m_scenarioCombo->setCurrentIndex(m_document->currentIndex());
}

void MainWindow::rebuildTree()
{
    m_tree->clear();
    for (int i = 0; i < m_document->scenarioCount(); ++i) {
        const Scenario& s = m_document->scenario(i);
        auto* item = new QTreeWidgetItem(m_tree, {s.name});
        item->setData(0, TreeScenarioRole, i);
        item->setData(0, TreeRunRole, -2);
        item->setToolTip(0, tr("%1 jobs on %2 GPUs").arg(s.jobs.size()).arg(s.cluster.totalGpus()));
        if (i == m_document->currentIndex()) {
            QFont f = item->font(0);
            f.setBold(true);
            item->setFont(0, f);
        }
        const auto& stored = m_document->storedRuns(i);
        // Hashed once per scenario: a trace-sized scenario takes a while.
        const QString content = stored.empty() ? QString() : storage::ProjectStore::contentHash(s);
        const QString full = stored.empty() ? QString() : storage::ProjectStore::scenarioHash(s);
        for (std::size_t k = 0; k < stored.size(); ++k) {
            const auto& r = stored[k];
            const bool current = r.scenarioHash == content || r.scenarioHash == full;
            auto* run = new QTreeWidgetItem(
                item, {current ? tr("%1 / %2 / %3 (saved)").arg(r.policy, r.placement, r.predictor)
                               : tr("%1 / %2 / %3 (saved, earlier version)")
                                     .arg(r.policy, r.placement, r.predictor)});
            run->setData(0, TreeScenarioRole, i);
            run->setData(0, TreeRunRole, -1);
            run->setData(0, TreeStoredRole, int(k));
            run->setData(0, TreeStaleRole, !current);
            const QString about = tr("run %1, seed %2, %3, avg JCT %4 s")
                                      .arg(r.id)
                                      .arg(r.seed)
                                      .arg(r.createdAt)
                                      .arg(r.summary.value(QStringLiteral("avg_jct_s")).toDouble());
            if (current) {
                run->setToolTip(0, tr("%1 (double-click to show it)").arg(about));
            } else {
                // Its figures stay readable, but it ran the scenario before the edits since.
                run->setToolTip(0, tr("%1; it ran an earlier version of this scenario, so its "
                                      "schedule cannot be shown again")
                                       .arg(about));
                run->setForeground(0, m_tree->palette().brush(QPalette::Disabled, QPalette::Text));
                QFont f = run->font(0);
                f.setItalic(true);
                run->setFont(0, f);
            }
        }
        const auto& runs = m_document->runs(i);
        for (std::size_t k = 0; k < runs.size(); ++k) {
            if (runs[k].saved)
                continue;
            const RunConfig& c = runs[k].result.config;
            auto* run = new QTreeWidgetItem(
                item, {tr("%1 / %2 / %3 (not saved)").arg(c.policy, c.placement, c.predictor)});
            run->setData(0, TreeScenarioRole, i);
            run->setData(0, TreeRunRole, int(k));
            run->setToolTip(0, tr("avg JCT %1 s").arg(runs[k].result.summary.avgJctS));
        }
        item->setExpanded(true);
    }
}

void MainWindow::onTreeItemActivated(QTreeWidgetItem* item)
{
    if (!item)
        return;
    const int s = item->data(0, TreeScenarioRole).toInt();
    const int run = item->data(0, TreeRunRole).toInt();
    if (s != m_document->currentIndex())
        selectScenario(s);
    if (run >= 0 && s == m_document->currentIndex() && run < int(m_document->runs(s).size())) {
        showTab(Tab::Results);
        if (!m_batch.empty())
            for (std::size_t k = 0; k < m_batch.size(); ++k)
                if (m_batch[k].result.config == m_document->runs(s)[std::size_t(run)].result.config)
                    m_results->setCurrentRun(int(k));
    } else if (run == -1) {
        statusBar()->showMessage(item->toolTip(0));
    }
}

bool MainWindow::yieldReplay()
{
    if (!m_running)
        return true;
    if (!m_replaying)
        return false;
    // Showing saved runs gives way to whatever the user asks for: the request is cancelled and
    // its late signals, which carry the old ticket, are dropped.
    m_worker->cancel(m_ticket);
    ++m_ticket;
    m_replaying = false;
    m_batch.clear();
    m_model->clear();
    m_progressBar->setValue(0);
    m_outcome = Outcome::Cancelled;
    setRunning(false);
    return true;
}

int MainWindow::showSavedRuns(int scenarioIndex)
{
    if (scenarioIndex < 0 || scenarioIndex >= m_document->scenarioCount() || !yieldReplay())
        return 0;
    const Scenario& s = m_document->scenario(scenarioIndex);
    const auto& stored = m_document->storedRuns(scenarioIndex);
    QList<RunConfig> configs;
    int skipped = 0;
    for (const storage::StoredRun& r : stored) {
        int historyJobs = 0;
        auto config = storage::RunConfigJson::fromJson(r.config, &historyJobs);
        // Runs of an earlier version, or trained on a history the project does not keep
        // apart, cannot be shown exactly; the tree still lists them.
        if (!config || historyJobs > 0 || !storage::ProjectStore::ranOn(r, s)) {
            ++skipped;
            continue;
        }
        configs << config.value();
    }
    if (configs.isEmpty())
        return 0;
    QString status =
        tr("Showing %n saved run(s) of %1 again...", nullptr, int(configs.size())).arg(s.name);
    if (skipped > 0)
        status +=
            tr(" (%n cannot be shown: earlier version or trained on history)", nullptr, skipped);
    beginRun(scenarioIndex, configs, true, status);
    return int(configs.size());
}

void MainWindow::showStoredRun(int scenarioIndex, int stored)
{
    // Already among the runs shown (showSavedRuns): select it there.
    if (scenarioIndex == m_runScenarioIndex && stored >= 0 &&
        stored < int(m_document->storedRuns(scenarioIndex).size())) {
        int historyJobs = 0;
        const auto config = storage::RunConfigJson::fromJson(
            m_document->storedRuns(scenarioIndex)[std::size_t(stored)].config, &historyJobs);
        for (std::size_t k = 0; config && k < m_batch.size(); ++k)
            if (m_batch[k].saved && m_batch[k].result.config == config.value()) {
                showTab(Tab::Results);
                m_results->setCurrentRun(int(k));
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
    const storage::StoredRun& r = m_document->storedRuns(scenarioIndex)[std::size_t(stored)];
    const Scenario& s = m_document->scenario(scenarioIndex);
    if (!storage::ProjectStore::ranOn(r, s)) {
        reportError(tr("Saved run %1 ran an earlier version of %2: its schedule cannot be shown "
                       "again (run the scenario anew).")
                        .arg(r.id)
                        .arg(s.name));
        return false;
    }
    int historyJobs = 0;
    auto config = storage::RunConfigJson::fromJson(r.config, &historyJobs);
    if (!config) {
        reportError(tr("Saved run %1: %2").arg(r.id).arg(config.error().message));
        return false;
    }
    if (historyJobs > 0) {
        reportError(tr("Saved run %1 trained its predictor on %2 history jobs that the project "
                       "does not keep apart: its schedule cannot be shown again exactly.")
                        .arg(r.id)
                        .arg(historyJobs));
        return false;
    }
    if (scenarioIndex != m_document->currentIndex())
        selectScenario(scenarioIndex);
    beginRun(scenarioIndex, {config.value()}, true, tr("Showing saved run %1 again...").arg(r.id));
    return true;
}

// --- editing --------------------------------------------------------------------------------

void MainWindow::undo()
{
    if (!busy())
        m_document->undoStack()->undo();
}

void MainWindow::redo()
{
    if (!busy())
        m_document->undoStack()->redo();
}

void MainWindow::copy()
{
    QMimeData* data = m_document->copySelection();
    if (!data) {
        statusBar()->showMessage(tr("Nothing selected to copy."));
        return;
    }
    QApplication::clipboard()->setMimeData(data);
}

void MainWindow::cut()
{
    if (busy() || m_document->selection().isEmpty())
        return;
    copy();
    m_document->deleteSelection();
}

bool MainWindow::paste()
{
    if (busy())
        return false;
    const Status pasted = m_document->paste(QApplication::clipboard()->mimeData());
    if (!pasted) {
        reportError(pasted.error().message);
        return false;
    }
    return true;
}

void MainWindow::deleteSelection()
{
    if (!busy())
        m_document->deleteSelection();
}

void MainWindow::selectAll()
{
    m_document->selectAll(m_tabs->currentIndex() == int(Tab::Jobs) ? Selection::Kind::Job
                                                                   : Selection::Kind::Server);
}

// --- runs -----------------------------------------------------------------------------------

void MainWindow::setCheckedPolicies(const QStringList& policies)
{
    for (int i = 0; i < m_policyList->count(); ++i) {
        QListWidgetItem* item = m_policyList->item(i);
        item->setCheckState(policies.contains(item->text()) ? Qt::Checked : Qt::Unchecked);
    }
}

QStringList MainWindow::checkedPolicies() const
{
    QStringList names;
    for (int i = 0; i < m_policyList->count(); ++i) {
        const QListWidgetItem* item = m_policyList->item(i);
        if (item->checkState() == Qt::Checked)
            names << item->text();
    }
    return names;
}

bool MainWindow::setPlacementAndPredictor(const QString& placement, const QString& predictor)
{
    if (m_placementCombo->findText(placement) < 0 || predictor.trimmed().isEmpty())
        return false;
    selectText(m_placementCombo, placement);
    if (!selectText(m_predictorCombo, predictor))
        m_predictorCombo->setCurrentText(predictor);
    return true;
}

void MainWindow::setSeed(int seed)
{
    m_seedSpin->setValue(seed);
}

QList<RunConfig> MainWindow::runConfigs() const
{
    QList<RunConfig> configs;
    const QStringList policies = checkedPolicies();
    const QString contention = m_contentionCombo->currentData().toString();
    for (const QString& policy : policies) {
        RunConfig config;
        config.policy = policy;
        config.placement = m_placementCombo->currentText();
        config.predictor = m_predictorCombo->currentText().trimmed();
        config.seed = std::uint64_t(m_seedSpin->value());
        if (contention == QLatin1String("none"))
            config.contention = Contention::None;
        else if (contention == QLatin1String("fair"))
            config.contention = Contention::Fair;
        configs << config;
    }
    return configs;
}

bool MainWindow::startRun()
{
    if (!yieldReplay()) {
        reportError(tr("A run is already in progress."));
        return false;
    }
    if (!hasScenario()) {
        reportError(tr("Open a scenario before running (File > Open)."));
        return false;
    }
    const auto& problems = m_document->problems();
    if (!problems.empty()) {
        reportError(tr("Cannot run: %n problem(s) to fix first; %1", nullptr, int(problems.size()))
                        .arg(problems.front().text()));
        return false;
    }
    const QList<RunConfig> configs = runConfigs();
    if (configs.isEmpty()) {
        reportError(tr("Check at least one policy to run."));
        return false;
    }

    beginRun(m_document->currentIndex(), configs, false,
             tr("Running %n policy(ies)...", nullptr, int(configs.size())));
    return true;
}

void MainWindow::beginRun(int scenarioIndex, const QList<RunConfig>& configs, bool replay,
                          const QString& status)
{
    m_lastError.clear();
    m_model->clear();
    m_batch.clear();
    m_progressBar->setValue(0);
    m_runScenario = std::make_shared<const Scenario>(m_document->scenario(scenarioIndex));
    m_runScenarioIndex = scenarioIndex;
    m_replaying = replay;
    ++m_ticket;
    m_runClock.start();
    setRunning(true);
    statusBar()->showMessage(status);
    emit runRequested(m_ticket, *m_runScenario, configs);
}

void MainWindow::cancelRun()
{
    if (!m_running)
        return;
    m_worker->cancel(m_ticket);
    m_cancelButton->setEnabled(false);
    m_cancelAction->setEnabled(false);
    statusBar()->showMessage(tr("Cancelling..."));
}

void MainWindow::onProgress(double fraction, const QString& step)
{
    if (!m_running)
        return;
    // Full only once every result is in (endRun): the last run still has work after its
    // simulation ends.
    m_progressBar->setValue(std::min(ProgressRange - 1, int(fraction * ProgressRange + 0.5)));
    if (!m_worker->cancelRequested(m_ticket))
        statusBar()->showMessage(tr("Running %1").arg(step));
}

void MainWindow::onRunFinished(const gantry::RunResult& result, const gantry::Schedule& schedule)
{
    if (!m_running)
        return;
    m_model->addResult(result);
    DocumentRun run{result, schedule, m_runScenario, m_replaying};
    m_batch.push_back(run);
    // Kept for the next save, which records it in the project and adds the jobs to its history;
    // a saved run shown again is in the project already.
    if (!m_replaying)
        m_document->addRun(m_runScenarioIndex, std::move(run));
}

void MainWindow::showBatchInResults()
{
    std::vector<RunResult> results;
    std::vector<Schedule> schedules;
    for (const DocumentRun& r : m_batch) {
        results.push_back(r.result);
        schedules.push_back(r.schedule);
    }
    m_results->setRuns(m_runScenario ? *m_runScenario : scenario(), results, schedules);
}

void MainWindow::endRun(Outcome outcome, const QString& message)
{
    m_outcome = outcome;
    const bool replayed = m_replaying;
    m_replaying = false;
    // A cancelled or failed run has no progress worth showing: the bar empties.
    m_progressBar->setValue(outcome == Outcome::Completed ? ProgressRange : 0);
    if (!m_batch.empty())
        showBatchInResults();
    // Saved runs shown again open on the first A-SRPT run, whose virtual machine is the
    // teaching point of the comparison.
    if (replayed && outcome == Outcome::Completed)
        for (std::size_t k = 0; k < m_batch.size(); ++k)
            if (!m_batch[k].schedule.virtualSlices.empty()) {
                m_results->setCurrentRun(int(k));
                break;
            }
    // Measured after the results are on screen: that is when the user has them.
    QString text = message;
    if (outcome == Outcome::Completed && text.isEmpty())
        text = (replayed ? tr("Showing %n saved run(s) again (%1 s)", nullptr, int(m_batch.size()))
                         : tr("Finished %n run(s) in %1 s", nullptr, int(m_batch.size())))
                   .arg(double(m_runClock.elapsed()) / 1000.0, 0, 'f', 2);
    if (!text.isEmpty())
        statusBar()->showMessage(text);
    setRunning(false);
    if (outcome == Outcome::Completed && m_interactive)
        showTab(Tab::Results);
    emit runEnded(outcome);
}

void MainWindow::setRunning(bool running)
{
    if (m_running == running)
        return;
    m_running = running;
    updateActions();
    emit runningChanged(running);
}

void MainWindow::updateActions()
{
    if (!m_runButton)
        return;
    const bool idle = !busy();
    const int problems = hasScenario() ? int(m_document->problems().size()) : 0;
    m_openAction->setEnabled(idle);
    m_newAction->setEnabled(idle);
    m_recentMenu->setEnabled(idle && !recentFiles().isEmpty());
    m_saveAction->setEnabled(idle);
    m_saveAsAction->setEnabled(idle);
    m_importAction->setEnabled(idle);
    m_exportAction->setEnabled(idle && !m_batch.empty());
    m_exportImageAction->setEnabled(idle && !m_batch.empty());
    m_undoAction->setEnabled(idle && m_document->undoStack()->canUndo());
    m_redoAction->setEnabled(idle && m_document->undoStack()->canRedo());
    m_undoAction->setText(m_document->undoStack()->canUndo()
                              ? tr("&Undo %1").arg(m_document->undoStack()->undoText())
                              : tr("&Undo"));
    m_redoAction->setText(m_document->undoStack()->canRedo()
                              ? tr("&Redo %1").arg(m_document->undoStack()->redoText())
                              : tr("&Redo"));
    // The toolbar keeps short, fixed labels (a label that grows with the undo text resized the
    // docks); the whole text is in the menu and the tooltip.
    m_undoAction->setIconText(tr("Undo"));
    m_redoAction->setIconText(tr("Redo"));
    m_undoAction->setToolTip(QString(m_undoAction->text()).remove(QLatin1Char('&')));
    m_redoAction->setToolTip(QString(m_redoAction->text()).remove(QLatin1Char('&')));
    const bool selected = !m_document->selection().isEmpty();
    m_cutAction->setEnabled(idle && selected);
    m_copyAction->setEnabled(selected);
    m_deleteAction->setEnabled(idle && selected);
    m_pasteAction->setEnabled(idle);
    m_scenarioCombo->setEnabled(idle);
    m_clusterEditor->setEnabled(idle);
    m_jobsEditor->setEnabled(idle);
    m_properties->setEnabled(idle);
    const bool canRun = idle && hasScenario() && problems == 0;
    m_runButton->setEnabled(canRun);
    m_runAction->setEnabled(canRun);
    m_showSavedAction->setEnabled(idle && hasScenario() &&
                                  !m_document->storedRuns(m_document->currentIndex()).empty());
    m_cancelButton->setEnabled(m_running);
    m_cancelAction->setEnabled(m_running);
    m_policyList->setEnabled(idle);
    m_placementCombo->setEnabled(idle);
    m_predictorCombo->setEnabled(idle);
    m_seedSpin->setEnabled(idle);
    m_contentionCombo->setEnabled(idle);
    m_problemLabel->setVisible(problems > 0);
    m_problemLabel->setText(tr("%n problem(s) block the run (see Problems).", nullptr, problems));
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
