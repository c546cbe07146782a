#include "resultstab.h"

#include "comparisonchart.h"
#include "comparisonmodel.h"
#include "export/animationworker.h"
#include "export/imageexport.h"
#include "format/readabletext.h"
#include "model/sharedscenario.h"
#include "report/reportdialog.h"
#include "results/resultspanel.h"
#include "util/result.h"
#include "window/runsession.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHeaderView>
#include <QProgressDialog>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <memory>

namespace gantry::ui {

ResultsTab::ResultsTab(const RunSession* session, QWidget* parent)
    : QWidget(parent), m_session(session)
{
    m_model = new ComparisonModel(this);

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
    auto* split = new QSplitter(Qt::Vertical);
    split->setObjectName(QStringLiteral("resultsSplit"));
    split->addWidget(m_results);
    split->addWidget(comparison);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    // A quarter of the height to the comparison from the start, not what the run views' size
    // hints leave it (its chart's axis was squeezed under its title in a 1600x1000 window).
    split->setSizes({3 * 1000, 1000});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);

    m_animation = new AnimationWorker(this);
    connect(m_animation, &AnimationWorker::finished, this, [this](const QString& path, int n) {
        const QString message =
            tr("Wrote %1 (%2)").arg(path, ReadableText::count(n, tr("frame"), tr("frames")));
        emit status(message);
        emit animationEnded(true, message);
    });
    connect(m_animation, &AnimationWorker::cancelled, this, [this] {
        emit animationEnded(false, tr("Animation export cancelled; no file was written."));
    });
    connect(m_animation, &AnimationWorker::failed, this, [this](const QString& message) {
        emit failed(message);
        emit animationEnded(false, message);
    });
}

void ResultsTab::clearComparison()
{
    m_model->clear();
}

void ResultsTab::clear(const Scenario& scenario)
{
    m_model->clear();
    // Without runs the panel reads the scenario's name and cluster only: its jobs, a million
    // of them maybe, are not copied.
    Scenario jobless;
    jobless.name = scenario.name;
    jobless.cluster = scenario.cluster;
    jobless.models = scenario.models;
    jobless.options = scenario.options;
    m_results->setRuns(jobless, {}, std::vector<std::shared_ptr<const Schedule>>{});
}

void ResultsTab::addRun(const DocumentRun& run)
{
    m_model->addResult(run.result);
}

void ResultsTab::showRuns(const Scenario& fallback, bool openOnVirtualMachine)
{
    const std::vector<DocumentRun>& batch = m_session->batch();
    if (batch.empty())
        return;
    // Shared with the session: the panel copies no run's results.
    std::vector<std::shared_ptr<const RunResult>> results;
    std::vector<std::shared_ptr<const Schedule>> schedules;
    for (const DocumentRun& r : batch) {
        results.push_back(r.result);
        schedules.push_back(r.schedule);
    }
    m_results->setRuns(m_session->scenario() ? m_session->scenario()
                                             : SharedScenario::copy(fallback),
                       std::move(results), std::move(schedules));
    if (openOnVirtualMachine)
        for (std::size_t k = 0; k < batch.size(); ++k)
            if (!batch[k].schedule->virtualSlices.empty()) {
                m_results->setCurrentRun(int(k));
                break;
            }
}

int ResultsTab::runIndex(const RunConfig& config, bool savedOnly) const
{
    const std::vector<DocumentRun>& batch = m_session->batch();
    for (std::size_t k = 0; k < batch.size(); ++k)
        if ((batch[k].saved || !savedOnly) && batch[k].result->config == config)
            return int(k);
    return -1;
}

void ResultsTab::selectRun(int index)
{
    m_results->setCurrentRun(index);
}

void ResultsTab::exportReport(const Scenario& fallback, const QString& coverage)
{
    const std::vector<DocumentRun>& batch = m_session->batch();
    if (batch.empty()) {
        emit failed(tr("Run a comparison first: the report shows its runs."));
        return;
    }
    ReportBuilder::Input input;
    input.scenario = batch.front().ranOn ? *batch.front().ranOn : fallback;
    for (const DocumentRun& r : batch) {
        input.runs.push_back(*r.result);
        input.schedules.push_back(*r.schedule);
    }
    ReportDialog dialog(input, window());
    dialog.setCoverage(coverage);
    connect(&dialog, &ReportDialog::reportWritten, this, [this](const QString& path, int pages) {
        emit status(
            tr("Wrote %1 (%2)").arg(path, ReadableText::count(pages, tr("page"), tr("pages"))));
    });
    dialog.exec();
}

void ResultsTab::exportImage()
{
    if (m_session->batch().empty()) {
        emit failed(tr("Run a comparison first: the images show its runs."));
        return;
    }
    QDialog dialog(window());
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
    QString path =
        QFileDialog::getSaveFileName(window(), tr("Export image"), QString(),
                                     tr("PNG image (*.png);;SVG image (*.svg)"), &filter);
    if (path.isEmpty())
        return;
    path = ImageExport::withFormatSuffix(path, filter);
    if (const Status s = m_results->exportView(view->currentIndex(), path); !s) {
        emit failed(s.error().message);
        return;
    }
    emit status(tr("Wrote %1").arg(path));
}

bool ResultsTab::startAnimationExport(const QString& path,
                                      const PlaybackAnimation::Options& options)
{
    const std::vector<DocumentRun>& batch = m_session->batch();
    const int k = m_results->currentRun();
    if (batch.empty() || k < 0 || k >= int(batch.size())) {
        emit failed(tr("Run a comparison first: the animation plays one of its runs."));
        return false;
    }
    if (m_animation->isRunning()) {
        emit failed(tr("An animation is being written; wait for it or cancel it."));
        return false;
    }
    const DocumentRun& run = batch[std::size_t(k)];
    const Scenario* scenario = run.ranOn               ? run.ranOn.get()
                               : m_session->scenario() ? m_session->scenario().get()
                                                       : nullptr;
    if (!scenario) {
        emit failed(tr("The run shown has no scenario to animate."));
        return false;
    }
    return m_animation->start(*scenario, *run.schedule, *run.result, options, path);
}

void ResultsTab::exportAnimation()
{
    if (m_session->batch().empty()) {
        emit failed(tr("Run a comparison first: the animation plays one of its runs."));
        return;
    }
    QDialog dialog(window());
    dialog.setWindowTitle(tr("Export animation"));
    auto* form = new QFormLayout(&dialog);
    auto* size = new QComboBox(&dialog);
    const QList<QSize> sizes = {QSize(1280, 720), QSize(1920, 1080), QSize(960, 540),
                                QSize(1024, 768)};
    for (const QSize& s : sizes)
        size->addItem(tr("%1 × %2").arg(s.width()).arg(s.height()));
    form->addRow(tr("Size (pixels)"), size);
    auto* frames = new QSpinBox(&dialog);
    frames->setRange(0, PlaybackAnimation::MaxFrames);
    frames->setSpecialValueText(tr("one per decision step"));
    form->addRow(tr("Frames"), frames);
    auto* delay = new QDoubleSpinBox(&dialog);
    delay->setRange(PlaybackAnimation::MinDelayMs / 1000.0, PlaybackAnimation::MaxDelayMs / 1000.0);
    delay->setDecimals(2);
    delay->setSuffix(tr(" s"));
    delay->setValue(PlaybackAnimation::Options{}.delayMs / 1000.0);
    form->addRow(tr("Seconds per frame"), delay);
    auto* captions = new QCheckBox(tr("Explain each step in a caption"), &dialog);
    captions->setChecked(true);
    form->addRow(QString(), captions);
    auto* dark = new QCheckBox(tr("Dark title and caption"), &dialog);
    form->addRow(QString(), dark);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    form->addRow(buttons);
    if (dialog.exec() != QDialog::Accepted)
        return;
    PlaybackAnimation::Options options;
    options.size = sizes[size->currentIndex()];
    options.frames = frames->value();
    options.delayMs = qRound(delay->value() * 1000.0);
    options.captions = captions->isChecked();
    options.dark = dark->isChecked();
    QString path = QFileDialog::getSaveFileName(window(), tr("Export animation"), QString(),
                                                tr("Animated GIF (*.gif)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QLatin1String(".gif"), Qt::CaseInsensitive))
        path += QStringLiteral(".gif");

    auto* progress =
        new QProgressDialog(tr("Writing the animation..."), tr("Cancel"), 0, 1000, window());
    progress->setWindowTitle(tr("Export animation"));
    progress->setWindowModality(Qt::WindowModal);
    progress->setMinimumDuration(0);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    connect(m_animation, &AnimationWorker::progress, progress,
            [progress](double fraction, const QString& step) {
                progress->setValue(qRound(fraction * 1000));
                progress->setLabelText(tr("Writing the animation: %1").arg(step));
            });
    connect(progress, &QProgressDialog::canceled, m_animation, &AnimationWorker::cancel);
    connect(this, &ResultsTab::animationEnded, progress, &QObject::deleteLater);
    if (!startAnimationExport(path, options)) {
        progress->deleteLater();
        return;
    }
    progress->show();
}

} // namespace gantry::ui
