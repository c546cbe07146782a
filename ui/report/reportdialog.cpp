#include "reportdialog.h"

#include "format/readabletext.h"
#include "reportworker.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>

namespace gantry::ui {

ReportDialog::ReportDialog(const ReportBuilder::Input& input, QWidget* parent)
    : QDialog(parent), m_input(input), m_worker(new ReportWorker(this))
{
    setWindowTitle(tr("Export report"));
    auto* form = new QFormLayout;
    m_path = new QLineEdit;
    m_path->setText(
        QStringLiteral("%1-report.pdf")
            .arg(input.scenario.name.isEmpty() ? QStringLiteral("gantry") : input.scenario.name));
    auto* browseButton = new QToolButton;
    browseButton->setText(QStringLiteral("\u2026"));
    connect(browseButton, &QToolButton::clicked, this, &ReportDialog::browse);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);
    form->addRow(tr("File"), pathRow);
    m_pageSize = new QComboBox;
    m_pageSize->addItem(tr("A4"), int(ReportBuilder::PageSize::A4));
    m_pageSize->addItem(tr("Letter"), int(ReportBuilder::PageSize::Letter));
    form->addRow(tr("Page size"), m_pageSize);
    m_baseline = new QComboBox;
    for (const RunResult& r : input.runs)
        m_baseline->addItem(r.summary.policy);
    form->addRow(tr("Baseline"), m_baseline);
    m_sensitivity = new QCheckBox(tr("Prediction sensitivity"));
    m_sensitivity->setObjectName(QStringLiteral("sensitivity"));
    m_sensitivity->setToolTip(
        tr("Adds a section with total and p99 JCT of each policy as the prediction error grows "
           "(noisy:S for S = 0 to 2, mean of %1 seeds): %2 more runs per policy")
            .arg(ReportBuilder::kSensitivitySeeds)
            .arg(ReportBuilder::kSensitivitySeeds *
                 int(PredictionSensitivity::defaultSigmas().size())));
    form->addRow(tr("Sections"), m_sensitivity);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    // Shown only while a report is written: an idle, empty bar reads as a text field.
    m_progress->setTextVisible(true);
    m_progress->setVisible(false);
    m_status = new QLabel(
        input.runs.empty()
            ? tr("Run at least one policy first.")
            : tr("%1 in the report.")
                  .arg(ReadableText::count(qint64(input.runs.size()), tr("run"), tr("runs"))));
    m_status->setWordWrap(true);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Cancel);
    m_export = m_buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    m_export->setEnabled(!input.runs.empty());
    connect(m_export, &QPushButton::clicked, this, &ReportDialog::exportReport);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ReportDialog::reject);

    m_coverage = new QLabel;
    m_coverage->setWordWrap(true);
    m_coverage->setVisible(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_coverage);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    connect(m_worker, &ReportWorker::progress, this, [this](double f, const QString& step) {
        m_progress->setValue(int(f * 1000.0));
        if (!step.isEmpty())
            m_status->setText(step);
    });
    connect(m_worker, &ReportWorker::finished, this, [this](const QString& path, int pages) {
        setBusy(false);
        m_progress->setValue(1000);
        m_status->setText(
            tr("Wrote %1 (%2).").arg(path, ReadableText::count(pages, tr("page"), tr("pages"))));
        emit reportWritten(path, pages);
        accept(); // the report is written: the window's status bar says where
    });
    connect(m_worker, &ReportWorker::cancelled, this, [this] {
        setBusy(false);
        m_progress->setValue(0);
        m_status->setText(tr("Cancelled; no file was written."));
    });
    connect(m_worker, &ReportWorker::failed, this, [this](const QString& message) {
        setBusy(false);
        m_progress->setValue(0);
        m_status->setText(tr("Failed: %1").arg(message));
    });
}

ReportDialog::~ReportDialog() = default;

QString ReportDialog::path() const
{
    return m_path->text();
}

void ReportDialog::setPath(const QString& path)
{
    m_path->setText(path);
}

ReportBuilder::PageSize ReportDialog::pageSize() const
{
    return ReportBuilder::PageSize(m_pageSize->currentData().toInt());
}

void ReportDialog::setPageSize(ReportBuilder::PageSize size)
{
    m_pageSize->setCurrentIndex(m_pageSize->findData(int(size)));
}

QString ReportDialog::baseline() const
{
    return m_baseline->currentText();
}

bool ReportDialog::sensitivity() const
{
    return m_sensitivity->isChecked();
}

void ReportDialog::setSensitivity(bool on)
{
    m_sensitivity->setChecked(on);
}

void ReportDialog::browse()
{
    const QString file =
        QFileDialog::getSaveFileName(this, tr("Export report"), path(), tr("PDF files (*.pdf)"));
    if (!file.isEmpty())
        setPath(file);
}

void ReportDialog::exportReport()
{
    if (m_worker->isRunning())
        return;
    if (path().trimmed().isEmpty()) {
        m_status->setText(tr("Choose a file first."));
        return;
    }
    ReportBuilder::Options options;
    options.pageSize = pageSize();
    options.baseline = baseline();
    options.sensitivity = sensitivity();
    // A name typed without the suffix still gives a PDF file named as one.
    QString file = path().trimmed();
    if (!file.endsWith(QLatin1String(".pdf"), Qt::CaseInsensitive)) {
        file += QStringLiteral(".pdf");
        setPath(file);
    }
    if (m_worker->start(m_input, options, file)) {
        setBusy(true);
        m_status->setText(tr("Writing the report\u2026"));
    }
}

void ReportDialog::reject()
{
    // Cancel stops a report in progress first; a second Cancel (or an idle one) closes.
    if (m_worker->isRunning()) {
        m_worker->cancel();
        return;
    }
    QDialog::reject();
}

void ReportDialog::setBusy(bool busy)
{
    if (busy) {
        m_progress->setValue(0);
        m_progress->setVisible(true);
        m_buttons->button(QDialogButtonBox::Cancel)->setText(tr("Cancel"));
    } else {
        m_progress->setVisible(false);
    }
    m_export->setEnabled(!busy && !m_input.runs.empty());
    m_path->setEnabled(!busy);
    m_pageSize->setEnabled(!busy);
    m_baseline->setEnabled(!busy);
    m_sensitivity->setEnabled(!busy);
}

void ReportDialog::setCoverage(const QString& text)
{
    m_coverage->setText(text);
    m_coverage->setVisible(!text.isEmpty());
}

QString ReportDialog::coverage() const
{
    return m_coverage->text();
}

} // namespace gantry::ui
