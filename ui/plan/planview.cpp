#include "planview.h"

#include "format/readabletext.h"
#include "plan/sweeppoints.h"
#include "plan/sweepreader.h"
#include "plandigest.h"
#include "planheatmap.h"
#include "planpointsmodel.h"
#include "planreport/planreportworker.h"
#include "planscatter.h"
#include "planspecbuilder.h"
#include "planworker.h"
#include "policies/policyregistry.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace gantry::ui {

namespace {
enum ServerColumn
{
    EntryColumn,
    MinColumn,
    MaxColumn,
    StepColumn,
};

QSpinBox* countBox(int value, int minimum)
{
    auto* box = new QSpinBox;
    box->setRange(minimum, plan::SweepReader::kMaxCount);
    box->setValue(value);
    box->setFrame(false);
    return box;
}

// "1, 1.5 2" as numbers; false when a part is not a number.
template <typename T, typename Parse>
bool parseList(const QString& text, std::vector<T>& out, Parse parse)
{
    out.clear();
    const QStringList parts =
        text.split(QRegularExpression(QStringLiteral("[,;\\s]+")), Qt::SkipEmptyParts);
    for (const QString& part : parts) {
        bool ok = false;
        const T v = parse(part, &ok);
        if (!ok)
            return false;
        out.push_back(v);
    }
    return true;
}

QString joinNumbers(const std::vector<double>& values)
{
    QStringList parts;
    for (double v : values)
        parts << QString::number(v, 'g', 10);
    return parts.join(QStringLiteral(", "));
}
} // namespace

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
        showSession(m_worker->session());
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

    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("planSplit"));
    auto* scroll = new QScrollArea;
    QWidget* form = buildForm();
    scroll->setWidget(form);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(form->minimumSizeHint().width() +
                            scroll->verticalScrollBar()->sizeHint().width() +
                            2 * scroll->frameWidth());
    split->addWidget(scroll);
    split->addWidget(buildResults());
    split->setStretchFactor(0, 0);
    split->setStretchFactor(1, 1);
    split->setSizes({340, 1000});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(split);
    showSession(nullptr);
}

PlanView::~PlanView() = default;

QWidget* PlanView::buildForm()
{
    auto* form = new QWidget;
    auto* layout = new QVBoxLayout(form);

    auto* servers = new QGroupBox(tr("Servers to vary (count from, to, step)"));
    auto* serversLayout = new QVBoxLayout(servers);
    m_servers = new QTableWidget(0, 4);
    m_servers->setObjectName(QStringLiteral("planServers"));
    m_servers->setHorizontalHeaderLabels({tr("Entry"), tr("From"), tr("To"), tr("Step")});
    m_servers->verticalHeader()->hide();
    m_servers->horizontalHeader()->setSectionResizeMode(EntryColumn, QHeaderView::Stretch);
    for (int c : {MinColumn, MaxColumn, StepColumn})
        m_servers->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    m_servers->setSelectionMode(QAbstractItemView::NoSelection);
    serversLayout->addWidget(m_servers);
    layout->addWidget(servers);

    auto* workload = new QGroupBox(tr("Workload and policies"));
    auto* wl = new QFormLayout(workload);
    m_loads = new QLineEdit(QStringLiteral("1"));
    m_loads->setObjectName(QStringLiteral("planLoads"));
    m_loads->setToolTip(tr("Load growth: each value divides every arrival time (2 = the same "
                           "jobs arriving twice as fast). Separate values with commas."));
    wl->addRow(tr("Load growth ×"), m_loads);
    m_policies = new QListWidget;
    m_policies->setObjectName(QStringLiteral("planPolicies"));
    for (const QString& name : PolicyRegistry::names()) {
        auto* item = new QListWidgetItem(name, m_policies);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
        item->setToolTip(PolicyRegistry::description(name));
    }
    m_policies->setMaximumHeight(110);
    wl->addRow(tr("Policies"), m_policies);
    m_seeds = new QLineEdit(QStringLiteral("0"));
    m_seeds->setObjectName(QStringLiteral("planSeeds"));
    m_seeds->setToolTip(tr("Seeds, separated by commas: a cluster's metric is averaged over them"));
    wl->addRow(tr("Seeds"), m_seeds);
    layout->addWidget(workload);

    auto* target = new QGroupBox(tr("Target"));
    auto* tl = new QFormLayout(target);
    m_metric = new QComboBox;
    m_metric->setObjectName(QStringLiteral("planMetric"));
    for (const QString& m : plan::SweepReader::metricNames())
        m_metric->addItem(PlanDigest::metricLabel(m), m);
    m_direction = new QComboBox;
    m_direction->addItem(tr("at most"), false);
    m_direction->addItem(tr("at least"), true);
    m_bound = new QDoubleSpinBox;
    m_bound->setObjectName(QStringLiteral("planBound"));
    m_bound->setRange(-1e15, 1e15);
    m_bound->setDecimals(3);
    m_bound->setValue(3600.0);
    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] {
        const bool utilisation =
            m_metric->currentData().toString() == QLatin1String("gpu_utilization");
        m_direction->setCurrentIndex(utilisation ? 1 : 0);
        m_bound->setSuffix(m_metric->currentData().toString().endsWith(QLatin1String("_s"))
                               ? QStringLiteral(" s")
                               : QString());
    });
    m_metric->setCurrentIndex(m_metric->findData(QStringLiteral("p99_queue_delay_s")));
    tl->addRow(tr("Metric"), m_metric);
    auto* boundRow = new QHBoxLayout;
    boundRow->addWidget(m_direction);
    boundRow->addWidget(m_bound, 1);
    tl->addRow(tr("must be"), boundRow);
    layout->addWidget(target);

    auto* cost = new QGroupBox(tr("Cost"));
    auto* cl = new QFormLayout(cost);
    const plan::CostParams defaults;
    m_horizon = new QDoubleSpinBox;
    m_horizon->setRange(0.1, 100.0);
    m_horizon->setValue(defaults.horizonYears);
    m_horizon->setSuffix(tr(" years"));
    m_price = new QDoubleSpinBox;
    m_price->setRange(0.0, 10.0);
    m_price->setDecimals(3);
    m_price->setValue(defaults.electricityUsdPerKwh);
    m_price->setPrefix(QStringLiteral("$"));
    m_price->setSuffix(tr(" per kWh"));
    m_pue = new QDoubleSpinBox;
    m_pue->setRange(1.0, 10.0);
    m_pue->setSingleStep(0.05);
    m_pue->setValue(defaults.pue);
    cl->addRow(tr("Horizon"), m_horizon);
    cl->addRow(tr("Energy"), m_price);
    cl->addRow(tr("PUE"), m_pue);
    layout->addWidget(cost);

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
    layout->addStretch(1);
    return form;
}

QWidget* PlanView::buildResults()
{
    auto* results = new QWidget;
    auto* layout = new QVBoxLayout(results);
    layout->setContentsMargins(4, 4, 4, 0);
    m_summary = new QLabel;
    m_summary->setObjectName(QStringLiteral("planSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont big = m_summary->font();
    big.setPointSizeF(big.pointSizeF() * 1.35);
    big.setBold(true);
    m_summary->setFont(big);
    layout->addWidget(m_summary);
    m_marginal = new QLabel;
    m_marginal->setObjectName(QStringLiteral("planMarginal"));
    m_marginal->setWordWrap(true);
    m_marginal->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_marginal);

    auto* groupRow = new QHBoxLayout;
    m_group = new QComboBox;
    m_group->setObjectName(QStringLiteral("planGroup"));
    m_group->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_group, &QComboBox::currentIndexChanged, this, [this] { showGroup(); });
    groupRow->addWidget(new QLabel(tr("Answer for:")));
    groupRow->addWidget(m_group);
    groupRow->addStretch(1);
    layout->addLayout(groupRow);

    m_scatter = new PlanScatter;
    m_scatter->setObjectName(QStringLiteral("planScatter"));
    connect(m_scatter, &PlanScatter::pointActivated, this,
            [this](std::size_t row) { openPoint(row); });

    auto* heat = new QWidget;
    auto* heatLayout = new QVBoxLayout(heat);
    heatLayout->setContentsMargins(0, 0, 0, 0);
    auto* axes = new QHBoxLayout;
    m_heatX = new QComboBox;
    m_heatX->setObjectName(QStringLiteral("planHeatX"));
    m_heatY = new QComboBox;
    m_heatY->setObjectName(QStringLiteral("planHeatY"));
    for (QComboBox* box : {m_heatX, m_heatY})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    axes->addWidget(new QLabel(tr("Heatmap: across")));
    axes->addWidget(m_heatX);
    axes->addWidget(new QLabel(tr("up")));
    axes->addWidget(m_heatY);
    axes->addStretch(1);
    heatLayout->addLayout(axes);
    for (QComboBox* box : {m_heatX, m_heatY})
        connect(box, &QComboBox::currentIndexChanged, this, [this] { showHeatmap(); });
    m_heatmap = new PlanHeatmap;
    m_heatmap->setObjectName(QStringLiteral("planHeatmap"));
    connect(m_heatmap, &PlanHeatmap::pointActivated, this,
            [this](std::size_t row) { openPoint(row); });
    heatLayout->addWidget(m_heatmap, 1);
    m_caption = new QLabel;
    m_caption->setObjectName(QStringLiteral("planHeatCaption"));
    m_caption->setWordWrap(true);
    heatLayout->addWidget(m_caption);

    m_model = new PlanPointsModel(this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(PlanPointsModel::SortRole);
    m_table = new QTableView;
    m_table->setObjectName(QStringLiteral("planTable"));
    m_table->setModel(m_proxy);
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->verticalHeader()->hide();
    m_table->setToolTip(tr("Double-click a point to open its run in Results"));
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& index) {
        openPoint(std::size_t(m_proxy->mapToSource(index).row()));
    });
    connect(m_model, &QAbstractItemModel::modelReset, m_table,
            [this] { m_table->resizeColumnsToContents(); });

    // One view at a time, each with the whole area: they stay legible on a small screen.
    m_views = new QTabWidget;
    m_views->setObjectName(QStringLiteral("planViews"));
    auto* scatterTab = new QWidget;
    auto* scatterLayout = new QVBoxLayout(scatterTab);
    scatterLayout->setContentsMargins(0, 0, 0, 4);
    scatterLayout->addWidget(m_scatter, 1);
    m_scatterKey = new QLabel;
    m_scatterKey->setObjectName(QStringLiteral("planScatterKey"));
    m_scatterKey->setTextFormat(Qt::RichText);
    m_scatterKey->setWordWrap(true);
    m_scatterKey->setAlignment(Qt::AlignHCenter);
    scatterLayout->addWidget(m_scatterKey);
    m_views->addTab(scatterTab, tr("Cost and target"));
    m_views->addTab(heat, tr("Heatmap"));
    m_views->addTab(m_table, tr("Points"));
    layout->addWidget(m_views, 1);
    return results;
}

void PlanView::setBaseScenario(const Scenario& scenario, const RunConfig& run)
{
    const bool sameEntries = PlanSpecBuilder::serverEntries(scenario).size() ==
                                 PlanSpecBuilder::serverEntries(m_base).size() &&
                             m_servers->rowCount() > 0;
    std::vector<QString> before, after;
    for (const auto& r : PlanSpecBuilder::serverEntries(m_base))
        before.push_back(r.server);
    for (const auto& r : PlanSpecBuilder::serverEntries(scenario))
        after.push_back(r.server);
    m_base = scenario;
    m_run = run;
    if (!(sameEntries && before == after))
        fillServerRows();
    // A first scenario: the run's policy is checked.
    bool anyChecked = false;
    for (int i = 0; i < m_policies->count(); ++i)
        anyChecked = anyChecked || m_policies->item(i)->checkState() == Qt::Checked;
    if (!anyChecked)
        for (int i = 0; i < m_policies->count(); ++i)
            if (m_policies->item(i)->text() == run.policy)
                m_policies->item(i)->setCheckState(Qt::Checked);
    updateButtons();
}

void PlanView::reset()
{
    if (isRunning()) {
        m_discard = true;
        m_worker->cancel();
    }
    if (isExporting())
        m_report->cancel();
    showSession(nullptr);
    m_base = Scenario{};
    m_servers->setRowCount(0);
    setRequest(PlanRequest{});
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

void PlanView::fillServerRows()
{
    const std::vector<PlanRequest::ServerRange> entries = PlanSpecBuilder::serverEntries(m_base);
    m_servers->setRowCount(int(entries.size()));
    for (int i = 0; i < int(entries.size()); ++i) {
        const PlanRequest::ServerRange& e = entries[std::size_t(i)];
        auto* item = new QTableWidgetItem(e.server);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
        // The first two entries are varied from none to twice what the scenario has.
        item->setCheckState(i < 2 ? Qt::Checked : Qt::Unchecked);
        item->setToolTip(
            tr("Vary the count of server entry \"%1\" (now %2)").arg(e.server).arg(e.min));
        m_servers->setItem(i, EntryColumn, item);
        const int top = std::max(1, e.max);
        m_servers->setCellWidget(i, MinColumn, countBox(0, 0));
        m_servers->setCellWidget(i, MaxColumn, countBox(top, 0));
        m_servers->setCellWidget(i, StepColumn, countBox(std::max(1, top / 4), 1));
    }
    m_servers->resizeRowsToContents();
    // As tall as its rows (up to eight), so that the form stays short.
    int height = m_servers->horizontalHeader()->sizeHint().height() + 2 * m_servers->frameWidth();
    for (int i = 0; i < std::min(8, m_servers->rowCount()); ++i)
        height += m_servers->rowHeight(i);
    m_servers->setFixedHeight(height + 2);
}

PlanRequest PlanView::request() const
{
    PlanRequest r;
    r.name = m_base.name.isEmpty() ? QStringLiteral("plan") : m_base.name + QStringLiteral(" plan");
    for (int i = 0; i < m_servers->rowCount(); ++i) {
        if (m_servers->item(i, EntryColumn)->checkState() != Qt::Checked)
            continue;
        auto value = [this, i](int c) {
            return static_cast<QSpinBox*>(m_servers->cellWidget(i, c))->value();
        };
        r.servers.push_back({m_servers->item(i, EntryColumn)->text(), value(MinColumn),
                             value(MaxColumn), value(StepColumn)});
    }
    const QLocale c = QLocale::c();
    parseList<double>(m_loads->text(), r.loadScales,
                      [&c](const QString& s, bool* ok) { return c.toDouble(s, ok); });
    parseList<std::uint64_t>(m_seeds->text(), r.seeds,
                             [&c](const QString& s, bool* ok) { return c.toULongLong(s, ok); });
    for (int i = 0; i < m_policies->count(); ++i)
        if (m_policies->item(i)->checkState() == Qt::Checked)
            r.policies << m_policies->item(i)->text();
    r.metric = m_metric->currentData().toString();
    r.atLeast = m_direction->currentData().toBool();
    r.bound = m_bound->value();
    r.cost = m_cost; // what the form does not show (the idle power) stays as it was given
    r.cost.horizonYears = m_horizon->value();
    r.cost.electricityUsdPerKwh = m_price->value();
    r.cost.pue = m_pue->value();
    r.run = m_run;
    r.run.history.clear();
    return r;
}

void PlanView::setRequest(const PlanRequest& r)
{
    for (int i = 0; i < m_servers->rowCount(); ++i) {
        const QString name = m_servers->item(i, EntryColumn)->text();
        const auto it = std::find_if(r.servers.begin(), r.servers.end(),
                                     [&name](const auto& s) { return s.server == name; });
        m_servers->item(i, EntryColumn)
            ->setCheckState(it != r.servers.end() ? Qt::Checked : Qt::Unchecked);
        if (it == r.servers.end())
            continue;
        static_cast<QSpinBox*>(m_servers->cellWidget(i, MinColumn))->setValue(it->min);
        static_cast<QSpinBox*>(m_servers->cellWidget(i, MaxColumn))->setValue(it->max);
        static_cast<QSpinBox*>(m_servers->cellWidget(i, StepColumn))->setValue(it->step);
    }
    // The server axes follow the scenario's entry order, whatever the request's order.
    m_loads->setText(joinNumbers(r.loadScales));
    QStringList seeds;
    for (std::uint64_t s : r.seeds)
        seeds << QString::number(s);
    m_seeds->setText(seeds.join(QStringLiteral(", ")));
    for (int i = 0; i < m_policies->count(); ++i)
        m_policies->item(i)->setCheckState(
            r.policies.contains(m_policies->item(i)->text()) ? Qt::Checked : Qt::Unchecked);
    m_metric->setCurrentIndex(m_metric->findData(r.metric));
    m_direction->setCurrentIndex(r.atLeast ? 1 : 0);
    m_bound->setValue(r.bound);
    m_horizon->setValue(r.cost.horizonYears);
    m_price->setValue(r.cost.electricityUsdPerKwh);
    m_pue->setValue(r.cost.pue);
    m_cost = r.cost;
    m_run = r.run;
}

Result<plan::SweepSpec> PlanView::buildSpec() const
{
    if (!hasBaseScenario())
        return Error::invalid(tr("Open a scenario with servers before planning (File > Open)."));
    std::vector<double> loads;
    std::vector<std::uint64_t> seeds;
    const QLocale c = QLocale::c();
    if (!parseList<double>(m_loads->text(), loads,
                           [&c](const QString& s, bool* ok) { return c.toDouble(s, ok); }) ||
        loads.empty())
        return Error::invalid(tr("Load growth: give numbers above 0, separated by commas."));
    if (!parseList<std::uint64_t>(
            m_seeds->text(), seeds,
            [&c](const QString& s, bool* ok) { return c.toULongLong(s, ok); }) ||
        seeds.empty())
        return Error::invalid(tr("Seeds: give whole numbers from 0, separated by commas."));
    return PlanSpecBuilder::build(m_base, request());
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
    showSession(nullptr); // nothing of an earlier sweep stays on screen
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
        showSession(nullptr);
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
    return m_model->session();
}

void PlanView::showSession(std::shared_ptr<const plan::SweepSession> session)
{
    // The views let go of the old digest before it goes.
    m_scatter->setGroup(nullptr, -1);
    m_heatmap->setGrid(nullptr, {});
    m_digest = session ? std::make_unique<PlanDigest>(session) : nullptr;
    m_model->setSession(session);
    const QSignalBlocker g(m_group), x(m_heatX), y(m_heatY);
    m_group->clear();
    m_heatX->clear();
    m_heatY->clear();
    if (m_digest) {
        for (int i = 0; i < m_digest->groupCount(); ++i)
            m_group->addItem(m_digest->groupLabel(i));
        const auto& axes = m_digest->session().spec().axes;
        for (int a : m_digest->heatmapAxes()) {
            m_heatX->addItem(axes[std::size_t(a)].name, a);
            m_heatY->addItem(axes[std::size_t(a)].name, a);
        }
        // Default: the first two server count axes (else the first two axes).
        std::vector<int> counts;
        for (int a : m_digest->heatmapAxes())
            if (axes[std::size_t(a)].changesCluster())
                counts.push_back(a);
        for (int a : m_digest->heatmapAxes())
            if (counts.size() < 2 && std::find(counts.begin(), counts.end(), a) == counts.end())
                counts.push_back(a);
        if (!counts.empty())
            m_heatX->setCurrentIndex(m_heatX->findData(counts[0]));
        if (counts.size() > 1)
            m_heatY->setCurrentIndex(m_heatY->findData(counts[1]));
        m_group->setEnabled(m_digest->groupCount() > 1);
    }
    showGroup();
}

int PlanView::currentGroup() const
{
    return m_digest ? m_group->currentIndex() : -1;
}

void PlanView::setCurrentGroup(int g)
{
    m_group->setCurrentIndex(g);
}

void PlanView::showGroup()
{
    const int g = currentGroup();
    if (!m_digest || g < 0) {
        m_summary->setText(tr("Plan capacity: pick the servers to vary, the load growth, the "
                              "policies and the target, then Run sweep (or open a sweep file)."));
        m_marginal->clear();
        m_scatter->setGroup(nullptr, -1);
        m_scatterKey->clear();
        showHeatmap();
        return;
    }
    m_summary->setText(m_digest->summary(g));
    const QStringList marginal = m_digest->marginalLines(g);
    m_marginal->setText(
        marginal.isEmpty()
            ? QString()
            : tr("One step more of each server type: %1").arg(marginal.join(QStringLiteral("; "))));
    m_scatter->setGroup(m_digest.get(), g);
    m_scatterKey->setText(m_scatter->legendText());
    // The recommended cluster's rows (every seed) stand out in the table.
    std::vector<std::size_t> rows;
    if (const auto& point = m_digest->recommendation(g).point) {
        const auto& axes = m_digest->session().spec().axes;
        const plan::SweepPoint& p = m_digest->session().point(*point);
        for (std::size_t i = 0; i < m_digest->session().pointCount(); ++i) {
            bool same = true;
            for (std::size_t a = 0; a < axes.size() && same; ++a)
                same = axes[a].kind == plan::SweepAxis::Kind::Seed ||
                       m_digest->session().point(i).values[a] == p.values[a];
            if (same)
                rows.push_back(i);
        }
    }
    m_model->setHighlighted(rows);
    showHeatmap();
}

void PlanView::showHeatmap()
{
    const int g = currentGroup();
    if (!m_digest || g < 0) {
        m_heatmap->setGrid(nullptr, {});
        m_caption->clear();
        return;
    }
    PlanDigest::Grid grid =
        m_digest->grid(g, m_heatX->currentData().toInt(), m_heatY->currentData().toInt());
    m_caption->setText(grid.caption);
    m_heatmap->setGrid(m_digest.get(), std::move(grid));
}

QString PlanView::summaryText() const
{
    return m_summary->text();
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
