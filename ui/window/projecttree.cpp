#include "projecttree.h"

#include "document/projectdocument.h"
#include "format/readabletext.h"
#include "storage/projectstore.h"

namespace gantry::ui {

namespace {

constexpr int ScenarioRole = Qt::UserRole + 1;
constexpr int RunRole = Qt::UserRole + 2;    // session run index, -1 stored run, -2 scenario,
                                             // -3 stored sweep
constexpr int StoredRole = Qt::UserRole + 3; // index in storedRuns() or storedSweeps()
constexpr int StaleRole = Qt::UserRole + 4;  // true: a stored run of an earlier version

} // namespace

ProjectTree::ProjectTree(const ProjectDocument* document, QWidget* parent)
    : QTreeWidget(parent), m_document(document)
{
    setObjectName(QStringLiteral("projectTree"));
    setHeaderHidden(true);
    auto choose = [this](QTreeWidgetItem* item) {
        if (item)
            emit itemChosen(item->data(0, ScenarioRole).toInt(), item->data(0, RunRole).toInt(),
                            item->toolTip(0));
    };
    connect(this, &QTreeWidget::itemClicked, this, choose);
    connect(this, &QTreeWidget::itemActivated, this, [this, choose](QTreeWidgetItem* item) {
        if (!item)
            return;
        // Read before choose(): choosing another scenario rebuilds the tree, deleting item.
        const int scenario = item->data(0, ScenarioRole).toInt();
        const int run = item->data(0, RunRole).toInt();
        const QVariant stored = item->data(0, StoredRole);
        choose(item);
        // Double-click or Enter on a saved run shows its schedule again ...
        if (run == -1 && !stored.isNull())
            emit storedRunOpened(scenario, stored.toInt());
        // ... and on a saved sweep shows it in the Plan view.
        if (run == -3)
            emit storedSweepOpened(scenario, stored.toInt());
    });
}

void ProjectTree::rebuild()
{
    clear();
    for (int i = 0; i < m_document->scenarioCount(); ++i) {
        const Scenario& s = m_document->scenario(i);
        auto* item = new QTreeWidgetItem(this, {s.name});
        item->setData(0, ScenarioRole, i);
        item->setData(0, RunRole, -2);
        // The tree cuts a long name: the tooltip has it whole.
        item->setToolTip(
            0,
            tr("%1\n%2 jobs on %3 GPUs").arg(s.name).arg(s.jobs.size()).arg(s.cluster.totalGpus()));
        if (i == m_document->currentIndex()) {
            QFont f = item->font(0);
            f.setBold(true);
            item->setFont(0, f);
        }
        const auto& stored = m_document->storedRuns(i);
        // Hashed once per scenario, when the file's open or save did not (it was edited since).
        const storage::LastHashes::Hashes hashes =
            stored.empty() ? storage::LastHashes::Hashes{} : m_document->scenarioHashes(i);
        const QString& content = hashes.contentHash;
        const QString& full = hashes.hash;
        for (std::size_t k = 0; k < stored.size(); ++k) {
            const auto& r = stored[k];
            const bool current = r.scenarioHash == content || r.scenarioHash == full;
            auto* run = new QTreeWidgetItem(
                item, {current ? tr("%1 / %2 / %3 (saved)").arg(r.policy, r.placement, r.predictor)
                               : tr("%1 / %2 / %3 (saved, earlier version)")
                                     .arg(r.policy, r.placement, r.predictor)});
            run->setData(0, ScenarioRole, i);
            run->setData(0, RunRole, -1);
            run->setData(0, StoredRole, int(k));
            run->setData(0, StaleRole, !current);
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
                run->setForeground(0, palette().brush(QPalette::Disabled, QPalette::Text));
                QFont f = run->font(0);
                f.setItalic(true);
                run->setFont(0, f);
            }
        }
        const auto& sweeps = m_document->storedSweeps(i);
        for (std::size_t k = 0; k < sweeps.size(); ++k) {
            const storage::StoredSweep& w = sweeps[k];
            auto* sweep = new QTreeWidgetItem(
                item, {tr("sweep %1, %2 (saved)")
                           .arg(w.name.isEmpty() ? QString::number(w.id) : w.name,
                                ReadableText::count(w.points, tr("point"), tr("points")))});
            sweep->setData(0, ScenarioRole, i);
            sweep->setData(0, RunRole, -3);
            sweep->setData(0, StoredRole, int(k));
            sweep->setToolTip(0, tr("capacity sweep %1, %2 (double-click to show it in Plan)")
                                     .arg(w.id)
                                     .arg(w.createdAt));
        }
        const auto& runs = m_document->runs(i);
        for (std::size_t k = 0; k < runs.size(); ++k) {
            if (runs[k].saved)
                continue;
            const RunConfig& c = runs[k].result->config;
            auto* run = new QTreeWidgetItem(
                item, {tr("%1 / %2 / %3 (not saved)").arg(c.policy, c.placement, c.predictor)});
            run->setData(0, ScenarioRole, i);
            run->setData(0, RunRole, int(k));
            run->setToolTip(0, tr("avg JCT %1 s").arg(runs[k].result->summary.avgJctS));
        }
        item->setExpanded(true);
    }
}

} // namespace gantry::ui
