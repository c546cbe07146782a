#include "mainwindow.h"

#include "comparisonchart.h"
#include "comparisonmodel.h"
#include "io/scenarioreader.h"
#include "mapping/placementregistry.h"
#include "policies/policyregistry.h"
#include "predict/predictorregistry.h"
#include "runworker.h"
#include "storage/projectstore.h"
#include "util/result.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTableView>
#include <QVBoxLayout>

#include <cstdio>
#include <exception>
#include <limits>
#include <optional>

namespace gantry::ui {

namespace {

constexpr int ProgressRange = 1000;
constexpr int MaxRecentFiles = 8;
const QString RecentFilesKey = QStringLiteral("recentFiles");

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
    setWindowTitle(tr("Gantry"));

    m_model = new ComparisonModel(this);
    buildActions();
    buildWidgets();

    m_worker = new RunWorker; // no parent: it moves to m_thread
    m_worker->moveToThread(&m_thread);
    m_thread.setObjectName(QStringLiteral("gantry-run-worker"));

    connect(this, &MainWindow::runRequested, m_worker, &RunWorker::run, Qt::QueuedConnection);
    connect(m_worker, &RunWorker::progress, this, &MainWindow::onProgress, Qt::QueuedConnection);
    connect(m_worker, &RunWorker::runFinished, this, &MainWindow::onRunFinished,
            Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::allFinished, this,
        [this] {
            endRun(Outcome::Completed,
                   tr("Finished %n run(s) in %1 s", nullptr, m_model->rowCount())
                       .arg(double(m_runClock.elapsed()) / 1000.0, 0, 'f', 2));
        },
        Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::cancelled, this,
        [this] { endRun(Outcome::Cancelled, tr("Cancelled")); }, Qt::QueuedConnection);
    connect(
        m_worker, &RunWorker::failed, this,
        [this](const QString& message) {
            const QString text = tr("Run failed: %1").arg(message);
            m_lastError = text;
            endRun(Outcome::Failed, text); // the window is idle before the box shows
            showErrorBox(text);
        },
        Qt::QueuedConnection);

    m_thread.start();
    updateActions();
    statusBar()->showMessage(tr("Open a scenario to begin (File > Open)."));
}

MainWindow::~MainWindow()
{
    m_worker->cancel();
    m_thread.quit();
    m_thread.wait();
    delete m_worker; // its thread has stopped, so deleting it here is safe
}

void MainWindow::buildActions()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    m_newAction = file->addAction(tr("&New Project"), this, [this] { newProject(); });
    m_newAction->setShortcut(QKeySequence::New);
    m_openAction = file->addAction(tr("&Open..."), this, &MainWindow::showOpenDialog);
    m_openAction->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_saveAction = file->addAction(tr("&Save"), this, [this] { saveProject(); });
    m_saveAction->setShortcut(QKeySequence::Save);
    m_saveAsAction = file->addAction(tr("Save &As..."), this, &MainWindow::showSaveAsDialog);
    m_saveAsAction->setShortcut(QKeySequence::SaveAs);
    rebuildRecentMenu();
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
}

void MainWindow::buildWidgets()
{
    auto* panel = new QWidget;
    auto* panelLayout = new QVBoxLayout(panel);

    panelLayout->addWidget(new QLabel(tr("Scenario")));
    m_scenarioCombo = new QComboBox;
    m_scenarioCombo->setObjectName(QStringLiteral("scenarioCombo"));
    panelLayout->addWidget(m_scenarioCombo);
    connect(m_scenarioCombo, &QComboBox::activated, this, [this](int i) { selectScenario(i); });

    panelLayout->addWidget(new QLabel(tr("Policies")));
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
    selectText(m_placementCombo, QStringLiteral("graph")); // A-SRPT's mapping, as gantry-cli
    form->addRow(tr("Placement"), m_placementCombo);

    m_predictorCombo = new QComboBox;
    m_predictorCombo->setObjectName(QStringLiteral("predictorCombo"));
    m_predictorCombo->addItems(PredictorRegistry::names());
    m_predictorCombo->setEditable(true); // parameterised names such as noisy:0.5
    m_predictorCombo->setInsertPolicy(QComboBox::NoInsert);
    selectText(m_predictorCombo, RunConfig{}.predictor);
    form->addRow(tr("Predictor"), m_predictorCombo);

    m_seedSpin = new QSpinBox;
    m_seedSpin->setObjectName(QStringLiteral("seedSpin"));
    m_seedSpin->setRange(0, std::numeric_limits<int>::max());
    form->addRow(tr("Seed"), m_seedSpin);
    panelLayout->addLayout(form);

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

    auto* centre = new QSplitter(Qt::Vertical);
    centre->addWidget(m_table);
    centre->addWidget(m_chart);
    centre->setStretchFactor(1, 1);

    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(panel);
    split->addWidget(centre);
    split->setStretchFactor(1, 1);
    setCentralWidget(split);
    resize(1100, 700);

    connect(m_runButton, &QPushButton::clicked, this, [this] { startRun(); });
    connect(m_cancelButton, &QPushButton::clicked, this, &MainWindow::cancelRun);
}

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
    QString path = QFileDialog::getSaveFileName(this, tr("Save project as"), m_projectPath,
                                                tr("Projects (*.gantry)"));
    if (path.isEmpty())
        return;
    if (!isProjectFile(path))
        path += QStringLiteral(".gantry");
    saveProjectAs(path);
}

bool MainWindow::openFile(const QString& path)
{
    return isProjectFile(path) ? openProject(path) : openScenario(path);
}

bool MainWindow::newProject()
{
    if (m_running) {
        reportError(tr("Cannot start a new project while a run is in progress."));
        return false;
    }
    m_projectPath.clear();
    m_projectScenarios.clear();
    m_unsavedRuns.clear();
    m_scenario = Scenario{};
    m_scenarioPath.clear();
    m_hasScenario = false;
    m_scenarioCombo->clear();
    m_model->clear();
    m_progressBar->setValue(0);
    m_lastError.clear();
    setModified(false);
    statusBar()->showMessage(tr("New project: open a scenario to add (File > Open)."));
    updateActions();
    return true;
}

bool MainWindow::openProject(const QString& path)
{
    if (m_running) {
        reportError(tr("Cannot open %1 while a run is in progress.").arg(path));
        return false;
    }
    auto store = storage::ProjectStore::open(path);
    if (!store) {
        reportError(store.error().message);
        return false;
    }
    auto stored = store.value()->scenarios();
    if (!stored) {
        reportError(stored.error().message);
        return false;
    }
    m_projectPath = path;
    m_projectScenarios.clear();
    for (const auto& s : stored.value())
        m_projectScenarios.push_back(s.scenario);
    m_unsavedRuns.clear();
    m_scenarioCombo->clear();
    for (const Scenario& s : m_projectScenarios)
        m_scenarioCombo->addItem(s.name);
    m_lastError.clear();
    setModified(false);
    addRecentFile(path);
    if (m_projectScenarios.empty()) {
        m_hasScenario = false;
        m_scenario = Scenario{};
        m_scenarioPath = path;
        m_model->clear();
        statusBar()->showMessage(tr("Opened %1: no scenarios yet").arg(QFileInfo(path).fileName()));
        updateActions();
        return true;
    }
    showScenario(0);
    auto runs = store.value()->runs();
    statusBar()->showMessage(tr("Opened %1: %2 scenario(s), %3 recorded run(s)")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(m_projectScenarios.size())
                                 .arg(runs ? runs.value().size() : 0));
    return true;
}

bool MainWindow::selectScenario(int index)
{
    if (m_running || index < 0 || index >= int(m_projectScenarios.size()))
        return false;
    showScenario(index);
    return true;
}

void MainWindow::showScenario(int index)
{
    m_scenario = m_projectScenarios[std::size_t(index)];
    m_scenarioPath = m_projectPath;
    m_hasScenario = true;
    m_outcome = Outcome::None;
    m_model->clear();
    m_progressBar->setValue(0);
    m_scenarioCombo->setCurrentIndex(index);
    updateTitle();
    updateActions();
}

int MainWindow::unsavedRunCount() const
{
    int n = 0;
    for (const auto& r : m_unsavedRuns)
        n += int(r.results.size());
    return n;
}

bool MainWindow::saveProject()
{
    if (m_projectPath.isEmpty()) {
        if (m_interactive) {
            showSaveAsDialog();
            return !m_projectPath.isEmpty() && !m_modified;
        }
        reportError(tr("The project has no file yet: use File > Save As."));
        return false;
    }
    auto store = storage::ProjectStore::open(m_projectPath,
                                             storage::ProjectStore::OpenMode::CreateIfMissing);
    if (!store) {
        reportError(store.error().message);
        return false;
    }
    storage::ProjectChanges changes;
    changes.addScenarios = m_projectScenarios;
    changes.runs = m_unsavedRuns;
    auto saved = store.value()->save(changes);
    if (!saved) {
        reportError(saved.error().message);
        return false;
    }
    m_unsavedRuns.clear();
    setModified(false);
    addRecentFile(m_projectPath);
    statusBar()->showMessage(
        tr("Saved %1 (%n run(s) recorded)", nullptr, int(saved.value().runIds.size()))
            .arg(QFileInfo(m_projectPath).fileName()));
    return true;
}

bool MainWindow::saveProjectAs(const QString& path)
{
    // Written under a temporary name and renamed over path: a failure leaves path as it was.
    const QString tmp = path + QStringLiteral(".saving");
    for (const QString& f : {tmp, tmp + QStringLiteral("-wal"), tmp + QStringLiteral("-shm")})
        QFile::remove(f);
    Status status;
    if (!m_projectPath.isEmpty() && QFileInfo::exists(m_projectPath)) {
        auto current = storage::ProjectStore::open(m_projectPath);
        status = current ? current.value()->copyTo(tmp) : Status(current.error());
    }
    if (status) {
        auto store =
            storage::ProjectStore::open(tmp, storage::ProjectStore::OpenMode::CreateIfMissing);
        if (!store) {
            status = store.error();
        } else {
            storage::ProjectChanges changes;
            changes.addScenarios = m_projectScenarios;
            changes.runs = m_unsavedRuns;
            auto saved = store.value()->save(changes);
            if (!saved)
                status = saved.error();
        }
    }
    if (status) {
        QFile::remove(path + QStringLiteral("-wal"));
        QFile::remove(path + QStringLiteral("-shm"));
        if (std::rename(QFile::encodeName(tmp).constData(), QFile::encodeName(path).constData()) !=
            0)
            status = Error::invalid(tr("%1: cannot be written").arg(path));
    }
    if (!status) {
        QFile::remove(tmp);
        reportError(QString(status.error().message).replace(tmp, path));
        return false;
    }
    m_projectPath = path;
    m_scenarioPath = path;
    m_unsavedRuns.clear();
    setModified(false);
    addRecentFile(path);
    statusBar()->showMessage(tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
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
    m_recentMenu->setEnabled(!files.isEmpty());
}

void MainWindow::setModified(bool modified)
{
    m_modified = modified;
    updateTitle();
}

void MainWindow::updateTitle()
{
    QString name = m_projectPath.isEmpty() ? tr("untitled") : QFileInfo(m_projectPath).fileName();
    if (m_hasScenario)
        name = tr("%1 [%2]").arg(name, m_scenario.name);
    setWindowTitle(tr("%1%2 - Gantry").arg(name, m_modified ? QStringLiteral("*") : QString()));
}

bool MainWindow::openScenario(const QString& path)
{
    if (m_running) {
        reportError(tr("Cannot open %1 while a run is in progress.").arg(path));
        return false;
    }
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

    m_scenario = std::move(*read).value();
    if (m_scenario.name.isEmpty())
        m_scenario.name = QFileInfo(path).completeBaseName();
    // A scenario opens as an untitled project holding it; Save As makes it a .gantry file.
    m_projectPath.clear();
    m_projectScenarios = {m_scenario};
    m_unsavedRuns.clear();
    m_scenarioCombo->clear();
    m_scenarioCombo->addItem(m_scenario.name);
    m_scenarioPath = path;
    m_hasScenario = true;
    m_lastError.clear();
    m_outcome = Outcome::None;
    m_model->clear();
    m_progressBar->setValue(0);
    setModified(true);
    addRecentFile(path);
    statusBar()->showMessage(tr("Opened %1: %2 jobs on %3 GPUs")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(m_scenario.jobs.size())
                                 .arg(m_scenario.cluster.totalGpus()));
    updateActions();
    return true;
}

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
    for (const QString& policy : policies) {
        RunConfig config;
        config.policy = policy;
        config.placement = m_placementCombo->currentText();
        config.predictor = m_predictorCombo->currentText().trimmed();
        config.seed = std::uint64_t(m_seedSpin->value());
        configs << config;
    }
    return configs;
}

bool MainWindow::startRun()
{
    if (m_running) {
        reportError(tr("A run is already in progress."));
        return false;
    }
    if (!m_hasScenario) {
        reportError(tr("Open a scenario before running (File > Open)."));
        return false;
    }
    const QList<RunConfig> configs = runConfigs();
    if (configs.isEmpty()) {
        reportError(tr("Check at least one policy to run."));
        return false;
    }

    m_lastError.clear();
    m_model->clear();
    m_progressBar->setValue(0);
    m_worker->clearCancel(); // before queuing, so that a quick cancelRun() is not lost
    m_runClock.start();
    setRunning(true);
    statusBar()->showMessage(tr("Running %n policy(ies)...", nullptr, int(configs.size())));
    emit runRequested(m_scenario, configs);
    return true;
}

void MainWindow::cancelRun()
{
    if (!m_running)
        return;
    m_worker->cancel();
    m_cancelButton->setEnabled(false);
    statusBar()->showMessage(tr("Cancelling..."));
}

void MainWindow::onProgress(double fraction, const QString& step)
{
    if (!m_running)
        return;
    m_progressBar->setValue(int(fraction * ProgressRange + 0.5));
    if (!m_worker->cancelRequested())
        statusBar()->showMessage(tr("Running %1").arg(step));
}

void MainWindow::onRunFinished(const gantry::RunResult& result)
{
    if (!m_running)
        return;
    m_model->addResult(result);
    // Kept for the next save, which records it in the project and adds the jobs to its history.
    if (m_unsavedRuns.empty() || !(m_unsavedRuns.back().scenario == m_scenario))
        m_unsavedRuns.push_back({m_scenario, {}, true});
    m_unsavedRuns.back().results.push_back(result);
    setModified(true);
}

void MainWindow::endRun(Outcome outcome, const QString& message)
{
    m_outcome = outcome;
    if (outcome == Outcome::Completed)
        m_progressBar->setValue(ProgressRange);
    if (!message.isEmpty())
        statusBar()->showMessage(message);
    setRunning(false);
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
    m_openAction->setEnabled(!m_running);
    m_newAction->setEnabled(!m_running);
    m_recentMenu->setEnabled(!m_running && !recentFiles().isEmpty());
    m_saveAction->setEnabled(!m_running);
    m_saveAsAction->setEnabled(!m_running);
    m_scenarioCombo->setEnabled(!m_running);
    m_runButton->setEnabled(!m_running && m_hasScenario);
    m_cancelButton->setEnabled(m_running);
    m_policyList->setEnabled(!m_running);
    m_placementCombo->setEnabled(!m_running);
    m_predictorCombo->setEnabled(!m_running);
    m_seedSpin->setEnabled(!m_running);
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
