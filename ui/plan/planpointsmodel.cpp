#include "planpointsmodel.h"

#include "plandigest.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace gantry::ui {

namespace {
// The run metrics the table shows besides the target's.
const QStringList KeyMetrics{
    QStringLiteral("avg_jct_s"),         QStringLiteral("p99_jct_s"),
    QStringLiteral("makespan_s"),        QStringLiteral("avg_queue_delay_s"),
    QStringLiteral("p99_queue_delay_s"), QStringLiteral("gpu_utilization")};
const QString Cost = QStringLiteral("cost_usd");
const QString Cloud = QStringLiteral("cloud_cost_usd");
const QString Feasible = QStringLiteral("feasible");
const QString Meets = QStringLiteral("meets_target");
} // namespace

PlanPointsModel::PlanPointsModel(QObject* parent) : QAbstractTableModel(parent) {}

void PlanPointsModel::setSession(std::shared_ptr<const plan::SweepSession> session)
{
    beginResetModel();
    m_session = std::move(session);
    m_highlighted.clear();
    m_columns.clear();
    m_axisCount = 0;
    if (m_session) {
        for (const plan::SweepAxis& a : m_session->spec().axes)
            m_columns << a.name;
        m_axisCount = int(m_columns.size());
        QStringList metrics = KeyMetrics;
        const QString target = m_session->spec().target.metric;
        if (!metrics.contains(target))
            metrics << target;
        m_columns << metrics << Cost << Cloud << Feasible << Meets;
    }
    endResetModel();
}

void PlanPointsModel::setHighlighted(std::vector<std::size_t> rows)
{
    m_highlighted.assign(std::size_t(rowCount()), false);
    for (std::size_t r : rows)
        if (r < m_highlighted.size())
            m_highlighted[r] = true;
    if (rowCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1),
                         {Qt::BackgroundRole, Qt::ForegroundRole, Qt::FontRole});
}

int PlanPointsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_session ? 0 : int(m_session->pointCount());
}

int PlanPointsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_columns.size());
}

QVariant PlanPointsModel::data(const QModelIndex& index, int role) const
{
    if (!m_session || !index.isValid() || index.row() >= rowCount())
        return {};
    const std::size_t row = std::size_t(index.row());
    const int col = index.column();
    const QString& name = m_columns.at(col);
    const plan::SweepPoint& p = m_session->point(row);
    const auto& r = m_session->result(row);
    const bool feasible = r && r->feasible;
    if (role == Qt::ToolTipRole && !feasible && r)
        return tr("Not run: %1").arg(r->infeasibleReason);
    if (role == Qt::TextAlignmentRole)
        return col < m_axisCount && !p.values[std::size_t(col)].isDouble()
                   ? QVariant(int(Qt::AlignLeft | Qt::AlignVCenter))
                   : QVariant(int(Qt::AlignRight | Qt::AlignVCenter));
    const bool highlighted = row < m_highlighted.size() && m_highlighted[row];
    if (role == Qt::BackgroundRole && highlighted)
        return QBrush(QColor(0xff, 0xe0, 0x82)); // the recommendation's star colour, lighter
    if (role == Qt::ForegroundRole && highlighted)
        return QBrush(QColor(0x21, 0x21, 0x21)); // dark on the light highlight, in any palette
    if (role == Qt::ForegroundRole && !feasible)
        return QBrush(QColor(128, 128, 128));
    if (role == Qt::ToolTipRole && highlighted)
        return tr("The recommended cluster");
    if (role != Qt::DisplayRole && role != SortRole)
        return {};
    const bool sort = role == SortRole;
    if (col < m_axisCount) {
        const QJsonValue& v = p.values[std::size_t(col)];
        if (sort)
            return v.isDouble() ? QVariant(v.toDouble()) : QVariant(v.toString());
        return PlanDigest::valueText(v);
    }
    if (name == Feasible)
        return sort ? QVariant(feasible) : QVariant(feasible ? tr("yes") : tr("no"));
    if (name == Meets) {
        const bool meets =
            feasible && m_session->spec().target.meets(r->metric(m_session->spec().target.metric));
        return sort ? QVariant(meets) : QVariant(meets ? tr("yes") : tr("no"));
    }
    if (!feasible)
        return sort ? QVariant() : QVariant(QStringLiteral("—"));
    double v = 0.0;
    if (name == Cost)
        v = r->costUsd;
    else if (name == Cloud)
        v = r->cloudCostUsd;
    else
        v = r->metric(name);
    if (sort)
        return v;
    if (name == Cost || name == Cloud)
        return QStringLiteral("$%1").arg(QLocale(QLocale::English).toString(v, 'f', 0));
    return PlanDigest::metricValue(name, v);
}

QVariant PlanPointsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= m_columns.size())
        return {};
    const QString& name = m_columns.at(section);
    if (section < m_axisCount)
        return role == Qt::DisplayRole ? QVariant(name) : QVariant();
    // Each cell says its own unit ("45 min", "3.2 h", "85 %", "$1,240,000"): the header names
    // the quantity, and its tooltip the key of the sweep's files.
    if (role == Qt::DisplayRole) {
        if (name == Cost)
            return tr("cost ($)");
        if (name == Cloud)
            return tr("cloud cost ($)");
        if (name == Feasible)
            return tr("feasible");
        if (name == Meets)
            return tr("meets target");
        return PlanDigest::metricLabel(name);
    }
    if (role == Qt::ToolTipRole)
        return tr("%1 in the sweep's points.csv and sweep.json").arg(name);
    return {};
}

} // namespace gantry::ui
