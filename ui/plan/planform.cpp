#include "planform.h"

#include "plan/sweepreader.h"
#include "plandigest.h"
#include "planspecbuilder.h"
#include "policies/policyregistry.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

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

PlanForm::PlanForm(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("planForm"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* servers = new QGroupBox(tr("Servers to vary (count from, to, step)"));
    auto* serversLayout = new QVBoxLayout(servers);
    m_servers = new QTableWidget(0, 4);
    m_servers->setObjectName(QStringLiteral("planServers"));
    m_servers->setHorizontalHeaderLabels({tr("Entry"), tr("From"), tr("To"), tr("Step")});
    m_servers->verticalHeader()->hide();
    m_servers->horizontalHeader()->setSectionResizeMode(EntryColumn, QHeaderView::Stretch);
    for (int c : {MinColumn, MaxColumn, StepColumn})
        m_servers->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Fixed);
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
}

void PlanForm::setBaseScenario(const Scenario& scenario, const RunConfig& run)
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
}

void PlanForm::reset()
{
    m_base = Scenario{};
    m_servers->setRowCount(0);
    setRequest(PlanRequest{});
}

void PlanForm::fillServerRows()
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
    // The count columns as wide as a count box: sized to their contents, they took the width
    // of the empty items alone when the rows were made while the form was hidden.
    const std::unique_ptr<QSpinBox> probe(countBox(plan::SweepReader::kMaxCount, 0));
    probe->ensurePolished();
    for (int c : {MinColumn, MaxColumn, StepColumn})
        m_servers->horizontalHeader()->resizeSection(c, probe->sizeHint().width());
    m_servers->resizeRowsToContents();
    // As tall as its rows (up to eight), so that the form stays short.
    int height = m_servers->horizontalHeader()->sizeHint().height() + 2 * m_servers->frameWidth();
    for (int i = 0; i < std::min(8, m_servers->rowCount()); ++i)
        height += m_servers->rowHeight(i);
    m_servers->setFixedHeight(height + 2);
}

PlanRequest PlanForm::request() const
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

void PlanForm::setRequest(const PlanRequest& r)
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

Result<plan::SweepSpec> PlanForm::buildSpec() const
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

} // namespace gantry::ui
