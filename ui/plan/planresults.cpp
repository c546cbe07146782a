#include "planresults.h"

#include "plandigest.h"
#include "planheatmap.h"
#include "planpointsmodel.h"
#include "planscatter.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace gantry::ui {

PlanResults::PlanResults(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("planResults"));
    auto* layout = new QVBoxLayout(this);
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
    connect(m_scatter, &PlanScatter::pointActivated, this, &PlanResults::pointActivated);
    buildTable();

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
    m_views->addTab(buildHeatmapTab(), tr("Heatmap"));
    m_views->addTab(m_table, tr("Points"));
    layout->addWidget(m_views, 1);
    showSession(nullptr);
}

PlanResults::~PlanResults() = default;

QWidget* PlanResults::buildHeatmapTab()
{
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
    connect(m_heatmap, &PlanHeatmap::pointActivated, this, &PlanResults::pointActivated);
    heatLayout->addWidget(m_heatmap, 1);
    m_caption = new QLabel;
    m_caption->setObjectName(QStringLiteral("planHeatCaption"));
    m_caption->setWordWrap(true);
    heatLayout->addWidget(m_caption);
    return heat;
}

void PlanResults::buildTable()
{
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
        emit pointActivated(std::size_t(m_proxy->mapToSource(index).row()));
    });
    connect(m_model, &QAbstractItemModel::modelReset, m_table,
            [this] { m_table->resizeColumnsToContents(); });
}

std::shared_ptr<const plan::SweepSession> PlanResults::session() const
{
    return m_model->session();
}

void PlanResults::showSession(std::shared_ptr<const plan::SweepSession> session)
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

int PlanResults::currentGroup() const
{
    return m_digest ? m_group->currentIndex() : -1;
}

void PlanResults::setCurrentGroup(int g)
{
    m_group->setCurrentIndex(g);
}

void PlanResults::showGroup()
{
    const int g = currentGroup();
    if (!m_digest || g < 0) {
        m_summary->setText(tr("Plan capacity: pick the servers to vary, the load growth, the "
                              "policies and the target, then Run sweep (or open a sweep file)."));
        m_marginal->clear();
        m_scatter->setGroup(nullptr, -1);
        m_scatterKey->setText(m_scatter->legendText());
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

void PlanResults::showHeatmap()
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

QString PlanResults::summaryText() const
{
    return m_summary->text();
}

} // namespace gantry::ui
