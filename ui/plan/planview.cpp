#include "planview.h"

#include "format/readabletext.h"
#include "plan/sweeppoints.h"
#include "planform.h"
#include "planheatmap.h"
#include "planpointsmodel.h"
#include "planreport/planreportworker.h"
#include "planresults.h"
#include "planscatter.h"
#include "planspecbuilder.h"
#include "planworker.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace gantry::ui {

PlanView::PlanView(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("planView"));
    m_worker = new PlanWorker(this);
    connect(
        m_worker, &PlanWorker::progress, this,
        [this](double f, const QString& step) {
            if (!m_worker->isRunning())
                return;
            m_progress->setValue(int(std::clamp(f, 0.0, 0.999) * 1000.0));
            if (!step.isEmpty())
                setStatus(step);
        },
        Qt::QueuedConnection);
    connect(m_worker, &PlanWorker::finished, this, [this] {
        if (std::exchange(m_discard, false)) {
            end(Outcome::Cancelled, tr("Cancelled: nothing is shown."));
            return;
        }
        m_results->showSession(m_worker->session());
        const std::size_t points = m_worker->session()->pointCount();
        QString message = tr("%1 points in the sweep").arg(points);
        if (m_source == Source::File) {
            // The file is read in the worker: its request is known once it has run.
            const QString unsaid = takeInRequest(m_worker->session()->spec());
            message = tr("%1 points of the sweep file %2, on its own base %3; the form shows its "
                         "axes, target and costs.")
                          .arg(points)
                          .arg(QFileInfo(m_file).fileName(), m_worker->session()->spec().base) +
                      unsaid;
        } else if (m_source == Source::Project) {
            message = storedComparison() + m_unsaid;
        }
        end(Outcome::Completed, message);
    });
    connect(m_worker, &PlanWorker::cancelled, this, [this] {
        m_discard = false;
        end(Outcome::Cancelled, tr("Cancelled: nothing is shown."));
    });
    connect(m_worker, &PlanWorker::failed, this, [this](const QString& message) {
        m_discard = false;
        m_lastError = message;
        end(Outcome::Failed, message);
    });
    m_report = new PlanReportWorker(this);
    connect(
        m_report, &PlanReportWorker::progress, this,
        [this](double f, const QString& step) {
            if (!m_report->isRunning())
                return;
            m_progress->setValue(int(std::clamp(f, 0.0, 0.999) * 1000.0));
            if (!step.isEmpty())
                setStatus(step);
        },
        Qt::QueuedConnection);
    connect(m_report, &PlanReportWorker::finished, this, [this](const QString& path, int pages) {
        endReport(
            true, path, pages,
            tr("Wrote %1 (%2).").arg(path, ReadableText::count(pages, tr("page"), tr("pages"))));
    });
    connect(m_report, &PlanReportWorker::cancelled, this,
            [this] { endReport(false, {}, 0, tr("Export cancelled: no file was written.")); });
    connect(m_report, &PlanReportWorker::failed, this, [this](const QString& message) {
        m_lastError = message;
        endReport(false, {}, 0, message);
    });

    m_form = new PlanForm;
    m_results = new PlanResults;
    connect(m_results, &PlanResults::pointActivated, this,
            [this](std::size_t row) { openPoint(row); });
    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("planSplit"));
    split->addWidget(buildColumn());
    split->addWidget(m_results);
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({340, 1000});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
}

PlanView::~PlanView() = default;

// The left column: the form, which scrolls when the window is short, and under it, always in
// view, the buttons, the progress bar and the status line (where an error is said).
QWidget* PlanView::buildColumn()
{
    auto* inner = new QWidget;
    auto* innerLayout = new QVBoxLayout(inner);
    innerLayout->addWidget(m_form);
    innerLayout->addStretch(1);
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("planFormScroll"));
    scroll->setWidget(inner);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(inner->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width() +
                            2 * scroll->frameWidth());
    auto* column = new QWidget;
    auto* layout = new QVBoxLayout(column);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll, 1);

    m_runButton = new QPushButton(tr("Run sweep"));
    m_runButton->setObjectName(QStringLiteral("planRunButton"));
    m_runButton->setDefault(true);
    m_runButton->setEnabled(false); // until there is a scenario to plan for
    connect(m_runButton, &QPushButton::clicked, this, [this] { startSweep(); });
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setObjectName(QStringLiteral("planCancelButton"));
    m_cancelButton->setEnabled(false);
    connect(m_cancelButton, &QPushButton::clicked, this, &PlanView::cancel);
    m_openButton = new QPushButton(tr("Open sweep file..."));
    m_openButton->setObjectName(QStringLiteral("planOpenButton"));
    connect(m_openButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Open sweep file"), QString(),
                                                          tr("Sweep (*.json)"));
        if (!path.isEmpty())
            openSweepFile(path);
    });
    m_exportButton = new QPushButton(tr("Export PDF..."));
    m_exportButton->setObjectName(QStringLiteral("planExportButton"));
    m_exportButton->setToolTip(tr("Writes the capacity-plan report of the sweep shown: the "
                                  "question, the recommendations and their cost, the Pareto "
                                  "charts, the heatmaps and the table of points"));
    m_exportButton->setEnabled(false); // until a sweep has finished
    connect(m_exportButton, &QPushButton::clicked, this, &PlanView::askExportPath);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_runButton, 1);
    buttons->addWidget(m_cancelButton);
    layout->addLayout(buttons);
    auto* files = new QHBoxLayout;
    files->addWidget(m_openButton, 1);
    files->addWidget(m_exportButton, 1);
    layout->addLayout(files);
    m_progress = new QProgressBar;
    m_progress->setObjectName(QStringLiteral("planProgress"));
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(false);
    layout->addWidget(m_progress);
    m_status = new QLabel;
    m_status->setObjectName(QStringLiteral("planStatus"));
    m_status->setWordWrap(true);
    layout->addWidget(m_status);
    return column;
}

void PlanView::setBaseScenario(const Scenario& scenario, const RunConfig& run)
{
    m_form->setBaseScenario(scenario, run);
    updateButtons();
}

bool PlanView::hasBaseScenario() const
{
    return m_form->hasBaseScenario();
}

PlanRequest PlanView::request() const
{
    return m_form->request();
}

void PlanView::setRequest(const PlanRequest& request)
{
    m_form->setRequest(request);
}

Result<plan::SweepSpec> PlanView::buildSpec() const
{
    return m_form->buildSpec();
}

void PlanView::reset()
{
    if (isRunning()) {
        m_discard = true;
        m_worker->cancel();
    }
    if (isExporting())
        m_report->cancel();
    m_results->showSession(nullptr);
    m_form->reset();
    m_file.clear();
    m_source = Source::None;
    m_storedResult = {};
    m_storedLabel.clear();
    m_unsaid.clear();
    m_outcome = Outcome::None;
    m_lastError.clear();
    m_progress->setValue(0);
    setStatus(isRunning() || isExporting() ? tr("Cancelling...") : QString());
    updateButtons();
}

bool PlanView::isRunning() const
{
    return m_worker->isRunning();
}

bool PlanView::busy()
{
    if (!isRunning() && !isExporting())
        return false;
    m_lastError = isRunning() ? tr("A sweep is already running.")
                              : tr("Wait for the report to be written (or cancel it).");
    return true;
}

bool PlanView::isExporting() const
{
    return m_report->isRunning();
}

void PlanView::updateButtons()
{
    const bool busy = isRunning() || isExporting();
    m_runButton->setEnabled(!busy && hasBaseScenario());
    m_openButton->setEnabled(!busy);
    m_exportButton->setEnabled(!busy && session() != nullptr);
    m_cancelButton->setEnabled(busy);
}

bool PlanView::begin()
{
    m_results->showSession(nullptr); // nothing of an earlier sweep stays on screen
    m_lastError.clear();
    m_progress->setValue(0);
    emit runningChanged(true);
    return true;
}

bool PlanView::startSweep()
{
    if (busy())
        return false;
    Result<plan::SweepSpec> spec = buildSpec();
    if (!spec) {
        // Nothing of an earlier sweep stays under the error, as if it answered this form.
        m_results->showSession(nullptr);
        m_progress->setValue(0);
        m_lastError = spec.error().message;
        setStatus(m_lastError);
        updateButtons();
        return false;
    }
    m_file.clear();
    m_source = Source::Form;
    begin();
    setStatus(tr("Running %1 points on %2 threads...")
                  .arg(plan::SweepPoints::count(spec.value()))
                  .arg(QThread::idealThreadCount()));
    const bool started = m_worker->start(std::move(spec).value(), QThread::idealThreadCount());
    updateButtons();
    return started;
}

bool PlanView::openSweepFile(const QString& path)
{
    if (busy())
        return false;
    m_file = path;
    m_source = Source::File;
    begin();
    setStatus(tr("Running %1 on %2 threads...").arg(path).arg(QThread::idealThreadCount()));
    const bool started = m_worker->startFile(path, QThread::idealThreadCount());
    updateButtons();
    return started;
}

bool PlanView::openStoredSweep(plan::SweepSpec spec, const QJsonObject& storedResult,
                               const QString& label)
{
    if (busy())
        return false;
    m_file.clear();
    m_source = Source::Project;
    m_storedResult = storedResult;
    m_storedLabel = label;
    const long long points = plan::SweepPoints::count(spec);
    m_unsaid = takeInRequest(spec);
    begin();
    setStatus(tr("Running the saved sweep %1 again (%2 points on %3 threads)...")
                  .arg(label)
                  .arg(points)
                  .arg(QThread::idealThreadCount()) +
              m_unsaid);
    const bool started = m_worker->start(std::move(spec), QThread::idealThreadCount());
    updateButtons();
    return started;
}

QString PlanView::takeInRequest(const plan::SweepSpec& spec)
{
    QStringList unsaid;
    const PlanRequest request = PlanSpecBuilder::requestOf(spec, &unsaid);
    setRequest(request);
    const PlanRequest shown = this->request();
    for (const PlanRequest::ServerRange& r : request.servers)
        if (std::none_of(shown.servers.begin(), shown.servers.end(),
                         [&r](const auto& s) { return s.server == r.server; }))
            unsaid << tr("no server entry %1 in the scenario planned for").arg(r.server);
    return unsaid.isEmpty() ? QString()
                            : tr(" The form cannot say all of this sweep: %1.")
                                  .arg(unsaid.join(QStringLiteral("; ")));
}

QString PlanView::storedComparison() const
{
    const auto s = session();
    if (!s)
        return {};
    const QJsonObject now = QJsonDocument::fromJson(s->sweepJson()).object();
    const QString points = QStringLiteral("points");
    const bool same = now.value(points) == m_storedResult.value(points);
    return same ? tr("The saved sweep %1, run again: its %2 points equal the saved ones.")
                      .arg(m_storedLabel)
                      .arg(s->pointCount())
                : tr("The saved sweep %1, run again: its points differ from the saved ones "
                     "(this version of Gantry computes them differently); the figures shown are "
                     "this version's.")
                      .arg(m_storedLabel);
}

void PlanView::cancel()
{
    if (isExporting())
        m_report->cancel();
    else if (isRunning())
        m_worker->cancel();
    else
        return;
    m_cancelButton->setEnabled(false);
    setStatus(tr("Cancelling..."));
}

void PlanView::askExportPath()
{
    const std::shared_ptr<const plan::SweepSession> s = session();
    if (!s)
        return;
    const QString name = s->spec().name.isEmpty() ? QStringLiteral("capacity-plan")
                                                  : s->spec().name + QStringLiteral("-plan");
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export capacity-plan PDF"), name + QStringLiteral(".pdf"), tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    CapacityPlanReport::Options options;
    // Letter where the system measures in inches, A4 elsewhere.
    if (QLocale::system().measurementSystem() == QLocale::ImperialUSSystem)
        options.pageSize = ReportBuilder::PageSize::Letter;
    exportReport(path.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)
                     ? path
                     : path + QStringLiteral(".pdf"),
                 options);
}

bool PlanView::exportReport(const QString& path, const CapacityPlanReport::Options& options)
{
    if (isRunning() || isExporting()) {
        m_lastError = isRunning() ? tr("Wait for the sweep to finish before exporting.")
                                  : tr("A report is already being written.");
        return false;
    }
    const std::shared_ptr<const plan::SweepSession> s = session();
    if (!s) {
        m_lastError = tr("Run a sweep first: the report shows its points.");
        setStatus(m_lastError);
        return false;
    }
    m_lastError.clear();
    m_progress->setValue(0);
    setStatus(tr("Writing %1...").arg(path));
    const bool started = m_report->start(s, options, path);
    updateButtons();
    return started;
}

void PlanView::endReport(bool ok, const QString& path, int pages, const QString& message)
{
    m_progress->setValue(ok ? 1000 : 0);
    updateButtons();
    setStatus(message);
    emit reportEnded(ok, path, pages, message);
}

void PlanView::end(Outcome outcome, const QString& message)
{
    m_outcome = outcome;
    m_progress->setValue(outcome == Outcome::Completed ? 1000 : 0);
    updateButtons();
    setStatus(message);
    emit runningChanged(false);
    emit sweepEnded(outcome);
}

void PlanView::setStatus(const QString& text)
{
    m_status->setText(text);
}

std::shared_ptr<const plan::SweepSession> PlanView::session() const
{
    return m_results->session();
}

int PlanView::currentGroup() const
{
    return m_results->currentGroup();
}

void PlanView::setCurrentGroup(int g)
{
    m_results->setCurrentGroup(g);
}

QString PlanView::summaryText() const
{
    return m_results->summaryText();
}

PlanPointsModel* PlanView::pointsModel() const
{
    return m_results->pointsModel();
}

QTableView* PlanView::table() const
{
    return m_results->table();
}

PlanScatter* PlanView::scatter() const
{
    return m_results->scatter();
}

PlanHeatmap* PlanView::heatmap() const
{
    return m_results->heatmap();
}

QTabWidget* PlanView::viewTabs() const
{
    return m_results->viewTabs();
}

bool PlanView::openPoint(std::size_t row)
{
    const auto s = session();
    if (!s || row >= s->pointCount())
        return false;
    if (!s->point(row).feasible) {
        setStatus(tr("Point %1 cannot run: %2").arg(row).arg(s->point(row).infeasibleReason));
        return false;
    }
    emit pointOpened(row);
    return true;
}

} // namespace gantry::ui
