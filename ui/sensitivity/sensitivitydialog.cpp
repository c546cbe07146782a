#include "sensitivitydialog.h"

#include "charts/chartfactory.h"
#include "charts/policykey.h"
#include "format/readabletext.h"
#include "policies/policyregistry.h"
#include "run/productdefaults.h"
#include "sensitivityworker.h"

#include <QChart>
#include <QChartView>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLegend>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

namespace gantry::ui {

namespace {

QChartView* chartView(QChart* chart)
{
    auto* view = new QChartView(chart);
    view->setRenderHint(QPainter::Antialiasing);
    view->setMinimumSize(420, 300);
    return view;
}

// Replaces the chart of view, deleting the old one; the dialog's one key names the policies.
void replaceChart(QChartView* view, QChart* chart)
{
    chart->legend()->hide();
    QChart* old = view->chart();
    view->setChart(chart);
    delete old;
}

} // namespace

SensitivityDialog::SensitivityDialog(const Scenario& scenario, QWidget* parent)
    : QDialog(parent), m_scenario(scenario), m_worker(new SensitivityWorker(this))
{
    setWindowTitle(tr("Prediction sensitivity \u2014 %1")
                       .arg(scenario.name.isEmpty() ? tr("unnamed scenario") : scenario.name));
    auto* intro = new QLabel(
        tr("How each policy's total and p99 JCT change as the job-size predictions get worse: "
           "every policy runs with the noisy:S predictor (true size times a log-normal error of "
           "sigma S) for S = 0 (exact) to 2, placement %1, and each point is the mean over the "
           "seeds. Policies whose lines stay flat do not depend on the predictor.")
            .arg(ProductDefaults::runConfig().placement));
    intro->setWordWrap(true);

    m_seeds = new QSpinBox;
    m_seeds->setObjectName(QStringLiteral("seeds"));
    m_seeds->setRange(1, 10);
    m_seeds->setValue(3);
    m_seeds->setToolTip(tr("Runs per point with seeds 1, 2, ...: more seeds, steadier lines"));
    m_run = new QPushButton(tr("&Run"));
    m_run->setObjectName(QStringLiteral("runSensitivity"));
    connect(m_run, &QPushButton::clicked, this, &SensitivityDialog::start);
    auto* settings = new QHBoxLayout;
    auto* form = new QFormLayout;
    form->addRow(tr("Seeds"), m_seeds);
    settings->addLayout(form);
    settings->addWidget(m_run);
    settings->addStretch(1);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 1000);
    m_progress->setVisible(false);
    const qsizetype runs =
        PolicyRegistry::names().size() * qsizetype(PredictionSensitivity::defaultSigmas().size());
    m_status = new QLabel(
        tr("%1 policies x %2 values of S x the seeds; %3.")
            .arg(PolicyRegistry::names().size())
            .arg(PredictionSensitivity::defaultSigmas().size())
            .arg(ReadableText::count(qint64(scenario.jobs.size()), tr("job"), tr("jobs"))));
    m_status->setToolTip(tr("%1 runs per seed").arg(runs));
    m_status->setWordWrap(true);

    m_total = chartView(ChartFactory::sensitivityTotalJct({}));
    m_p99 = chartView(ChartFactory::sensitivityP99Jct({}));
    m_total->chart()->legend()->hide();
    m_p99->chart()->legend()->hide();
    // One key for both charts: a legend each ran out of room at fourteen policies.
    m_key = new PolicyKey;
    m_key->setObjectName(QStringLiteral("chartKey"));
    m_key->setPolicies(PolicyRegistry::names());
    auto* charts = new QSplitter(Qt::Horizontal);
    charts->addWidget(m_total);
    charts->addWidget(m_p99);
    auto* chartsAndKey = new QWidget;
    auto* keyed = new QVBoxLayout(chartsAndKey);
    keyed->setContentsMargins(0, 0, 0, 0);
    keyed->addWidget(charts, 1);
    keyed->addWidget(m_key);

    m_table = new QTableWidget;
    m_table->setObjectName(QStringLiteral("sensitivityTable"));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->setMinimumHeight(120);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(chartsAndKey);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);

    m_buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &SensitivityDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(settings);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    layout->addWidget(m_buttons);
    resize(1000, 720);

    connect(m_worker, &SensitivityWorker::progress, this, [this](double f, const QString& step) {
        m_progress->setValue(int(f * 1000.0));
        if (!step.isEmpty())
            m_status->setText(tr("Running: %1").arg(step));
    });
    connect(m_worker, &SensitivityWorker::finished, this, [this] {
        setBusy(false);
        showOutcome(m_worker->outcome());
    });
    connect(m_worker, &SensitivityWorker::cancelled, this, [this] {
        setBusy(false);
        m_status->setText(tr("Cancelled."));
    });
    connect(m_worker, &SensitivityWorker::failed, this, [this](const QString& message) {
        setBusy(false);
        m_status->setText(tr("Failed: %1").arg(message));
    });
}

SensitivityDialog::~SensitivityDialog() = default;

SensitivityDialog* SensitivityDialog::showFor(const Scenario& scenario, QWidget* parent)
{
    auto* d = new SensitivityDialog(scenario, parent);
    d->setAttribute(Qt::WA_DeleteOnClose);
    d->show();
    return d;
}

PredictionSensitivity::Request SensitivityDialog::request() const
{
    PredictionSensitivity::Request r;
    r.scenarios = {m_scenario};
    r.policies = PolicyRegistry::names();
    r.sigmas = PredictionSensitivity::defaultSigmas();
    r.seeds.clear();
    for (int s = 1; s <= seeds(); ++s)
        r.seeds.push_back(std::uint64_t(s));
    r.placement = ProductDefaults::runConfig().placement;
    return r;
}

int SensitivityDialog::seeds() const
{
    return m_seeds->value();
}

void SensitivityDialog::setSeeds(int seeds)
{
    m_seeds->setValue(seeds);
}

QChart* SensitivityDialog::totalChart() const
{
    return m_total->chart();
}

QChart* SensitivityDialog::p99Chart() const
{
    return m_p99->chart();
}

QString SensitivityDialog::status() const
{
    return m_status->text();
}

void SensitivityDialog::start()
{
    if (m_worker->isRunning())
        return;
    if (m_scenario.jobs.empty()) {
        m_status->setText(tr("The scenario has no jobs."));
        return;
    }
    if (m_worker->start(request(), QThread::idealThreadCount())) {
        setBusy(true);
        m_status->setText(tr("Running\u2026"));
    }
}

void SensitivityDialog::reject()
{
    // Cancel stops the runs first; a second press (or an idle one) closes.
    if (m_worker->isRunning()) {
        m_worker->cancel();
        return;
    }
    QDialog::reject();
}

void SensitivityDialog::setBusy(bool busy)
{
    m_progress->setValue(0);
    m_progress->setVisible(busy);
    m_run->setEnabled(!busy);
    m_seeds->setEnabled(!busy);
    m_buttons->setStandardButtons(busy ? QDialogButtonBox::Cancel : QDialogButtonBox::Close);
}

void SensitivityDialog::showOutcome(const PredictionSensitivity::Outcome& outcome)
{
    replaceChart(m_total, ChartFactory::sensitivityTotalJct(outcome));
    replaceChart(m_p99, ChartFactory::sensitivityP99Jct(outcome));
    m_key->setPolicies(outcome.policies);
    m_table->clear();
    m_table->setRowCount(int(outcome.policies.size()));
    m_table->setColumnCount(int(outcome.sigmas.size()) + 1);
    QStringList header{tr("policy")};
    for (const double s : outcome.sigmas)
        header << tr("S = %1").arg(s);
    m_table->setHorizontalHeaderLabels(header);
    for (int row = 0; row < outcome.policies.size(); ++row) {
        const QString& policy = outcome.policies[row];
        m_table->setItem(row, 0, new QTableWidgetItem(policy));
        for (std::size_t c = 0; c < outcome.sigmas.size(); ++c) {
            const PredictionSensitivity::Point* p = outcome.find(policy, outcome.sigmas[c]);
            auto* item =
                new QTableWidgetItem(p ? tr("%1 / %2").arg(ReadableText::duration(p->totalJctS),
                                                           ReadableText::duration(p->p99JctS))
                                       : QStringLiteral("-"));
            item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            if (p)
                item->setToolTip(tr("%1 at S = %2: total JCT %3 s, p99 JCT %4 s, average JCT "
                                    "%5 s (mean of %6 runs)")
                                     .arg(policy)
                                     .arg(p->sigma)
                                     .arg(p->totalJctS, 0, 'f', 0)
                                     .arg(p->p99JctS, 0, 'f', 0)
                                     .arg(p->avgJctS, 0, 'f', 0)
                                     .arg(p->runs));
            m_table->setItem(row, int(c) + 1, item);
        }
    }
    m_table->resizeColumnsToContents();
    m_status->setText(tr("Each cell: mean total JCT / mean p99 JCT over %n seed(s); placement %1.",
                         nullptr, outcome.seeds)
                          .arg(outcome.placement));
}

} // namespace gantry::ui
