#include "clusteredits.h"

#include "editvalues.h"
#include "fieldlabels.h"
#include "itemnames.h"

#include "io/gpucatalogue.h"

#include <QRegularExpression>

#include <algorithm>

namespace gantry::ui {

namespace {

constexpr double DefaultIntraGBps = 600.0;
constexpr double DefaultNicGbps = 200.0;

// Rebuilds c after removing the servers flagged in drop, keeping the others in order.
void dropServers(Cluster& c, const std::vector<bool>& drop)
{
    std::vector<Server> kept;
    for (std::size_t i = 0; i < c.servers.size(); ++i)
        if (!drop[i])
            kept.push_back(c.servers[i]);
    c.servers = std::move(kept);
}

// Base name and number of a replica name "base-k".
bool replicaName(const QString& name, QString* base, int* k)
{
    static const QRegularExpression re(QStringLiteral(R"(^(.+)-(\d+)$)"));
    const auto m = re.match(name);
    if (!m.hasMatch())
        return false;
    *base = m.captured(1);
    *k = m.captured(2).toInt();
    return true;
}

// Drops the indices outside [0, size) after sorting them.
void keepInRange(std::vector<int>& v, std::size_t size)
{
    EditValues::normalise(v);
    std::erase_if(v, [size](int i) { return i < 0 || i >= int(size); });
}

} // namespace

int ClusterEdits::gpuTypeIndex(Cluster& c, const QString& name,
                               const std::optional<GpuType>& fallback)
{
    for (std::size_t i = 0; i < c.gpuTypes.size(); ++i)
        if (c.gpuTypes[i].name == name)
            return int(i);
    std::optional<GpuType> t = GpuCatalogue::find(name);
    if (!t)
        t = fallback;
    if (!t)
        return -1;
    c.gpuTypes.push_back(*t);
    return int(c.gpuTypes.size()) - 1;
}

int ClusterEdits::endOfRack(const Cluster& c, int rack)
{
    for (int i = int(c.servers.size()) - 1; i >= 0; --i)
        if (c.servers[std::size_t(i)].rack == rack)
            return i + 1;
    return int(c.servers.size());
}

int ClusterEdits::appendRack(Cluster& c)
{
    Rack r;
    r.name = ItemNames::numbered(QStringLiteral("r"), ItemNames::racks(c), int(c.racks.size()));
    r.uplinkGbps = DefaultUplinkGbps;
    c.racks.push_back(r);
    return int(c.racks.size()) - 1;
}

ClusterEdits::Edit ClusterEdits::addRack(const Cluster& c)
{
    Edit e{c, {}, {}};
    const int index = appendRack(e.after);
    e.text = tr("Add rack %1").arg(e.after.racks.back().name);
    e.select = {Selection::Kind::Rack, {index}};
    return e;
}

std::optional<ClusterEdits::Edit> ClusterEdits::addServer(const Cluster& c, int rack,
                                                          const QString& gpuType, int gpus)
{
    Edit e{c, {}, {}};
    const int type = gpuTypeIndex(e.after, gpuType);
    if (type < 0)
        return std::nullopt;
    if (rack < 0 || rack >= int(e.after.racks.size()))
        rack = appendRack(e.after);
    Server s;
    s.name = ItemNames::numbered(QStringLiteral("s"), ItemNames::servers(e.after),
                                 int(e.after.servers.size()));
    s.rack = rack;
    s.gpuType = type;
    s.gpus = gpus;
    s.intraGBps = DefaultIntraGBps;
    s.nicGbps = DefaultNicGbps;
    const int at = endOfRack(e.after, rack);
    e.after.servers.insert(e.after.servers.begin() + at, s);
    e.text = tr("Add server %1 (%2 x %3)").arg(s.name).arg(gpus).arg(gpuType);
    e.select = {Selection::Kind::Server, {at}};
    return e;
}

std::optional<ClusterEdits::Edit> ClusterEdits::removeRacks(const Cluster& c,
                                                            std::vector<int> racks)
{
    keepInRange(racks, c.racks.size());
    if (racks.empty())
        return std::nullopt;
    Edit e{c, {}, {}};
    Cluster& after = e.after;
    std::vector<int> newIndex(after.racks.size(), -1);
    std::vector<Rack> kept;
    for (std::size_t r = 0; r < after.racks.size(); ++r)
        if (!std::binary_search(racks.begin(), racks.end(), int(r))) {
            newIndex[r] = int(kept.size());
            kept.push_back(after.racks[r]);
        }
    std::vector<bool> drop(after.servers.size(), false);
    for (std::size_t i = 0; i < after.servers.size(); ++i) {
        const int r = after.servers[i].rack;
        drop[i] = r < 0 || r >= int(newIndex.size()) || newIndex[std::size_t(r)] < 0;
        if (!drop[i])
            after.servers[i].rack = newIndex[std::size_t(r)];
    }
    dropServers(after, drop);
    after.racks = std::move(kept);
    e.text = racks.size() == 1 ? tr("Remove rack %1").arg(c.racks[std::size_t(racks[0])].name)
                               : tr("Remove %1 racks").arg(racks.size());
    return e;
}

std::optional<ClusterEdits::Edit> ClusterEdits::removeServers(const Cluster& c,
                                                              std::vector<int> servers)
{
    keepInRange(servers, c.servers.size());
    if (servers.empty())
        return std::nullopt;
    Edit e{c, {}, {}};
    std::vector<bool> drop(c.servers.size(), false);
    for (int s : servers)
        drop[std::size_t(s)] = true;
    e.text = servers.size() == 1
                 ? tr("Remove server %1").arg(c.servers[std::size_t(servers[0])].name)
                 : tr("Remove %1 servers").arg(servers.size());
    dropServers(e.after, drop);
    return e;
}

std::optional<ClusterEdits::Edit> ClusterEdits::moveServers(const Cluster& c,
                                                            std::vector<int> servers, int rack)
{
    keepInRange(servers, c.servers.size());
    if (servers.empty() || rack < 0 || rack >= int(c.racks.size()))
        return std::nullopt;
    if (std::all_of(servers.begin(), servers.end(),
                    [&](int s) { return c.servers[std::size_t(s)].rack == rack; }))
        return std::nullopt;
    Edit e{c, {}, {Selection::Kind::Server, {}}};
    std::vector<Server> moved;
    std::vector<bool> drop(c.servers.size(), false);
    for (int s : servers) {
        moved.push_back(c.servers[std::size_t(s)]);
        moved.back().rack = rack;
        drop[std::size_t(s)] = true;
    }
    dropServers(e.after, drop);
    const int at = endOfRack(e.after, rack);
    e.after.servers.insert(e.after.servers.begin() + at, moved.begin(), moved.end());
    for (int k = 0; k < int(moved.size()); ++k)
        e.select.indices.push_back(at + k);
    const QString& to = c.racks[std::size_t(rack)].name;
    e.text = moved.size() == 1 ? tr("Move server %1 to %2").arg(moved[0].name, to)
                               : tr("Move %1 servers to %2").arg(moved.size()).arg(to);
    return e;
}

std::optional<ClusterEdits::Edit> ClusterEdits::setRackField(const Cluster& c, int rack,
                                                             const QString& field,
                                                             const QVariant& value,
                                                             const Selection& keep)
{
    if (rack < 0 || rack >= int(c.racks.size()))
        return std::nullopt;
    Edit e{c, {}, keep};
    Rack& r = e.after.racks[std::size_t(rack)];
    const Rack before = r;
    if (field == QLatin1String("name")) {
        r.name = value.toString();
    } else if (field == QLatin1String("uplink_gbps")) {
        if (!EditValues::toDouble(value, &r.uplinkGbps))
            return std::nullopt;
    } else {
        return std::nullopt;
    }
    if (r == before)
        return std::nullopt;
    e.text = tr("Set %1 of rack %2").arg(FieldLabels::of(field), before.name);
    return e;
}

std::optional<ClusterEdits::Edit>
ClusterEdits::setServerField(const Cluster& c, std::vector<int> servers, const QString& field,
                             const QVariant& value, const Selection& keep)
{
    keepInRange(servers, c.servers.size());
    if (servers.empty())
        return std::nullopt;
    Edit e{c, {}, keep};
    bool any = false;
    for (int index : servers) {
        Server& s = e.after.servers[std::size_t(index)];
        const Server before = s;
        if (field == QLatin1String("name")) {
            if (servers.size() != 1)
                return std::nullopt;
            s.name = value.toString();
        } else if (field == QLatin1String("gpu_type")) {
            const int t = gpuTypeIndex(e.after, value.toString());
            if (t < 0)
                return std::nullopt;
            s.gpuType = t;
        } else if (field == QLatin1String("gpus")) {
            if (!EditValues::toInt(value, &s.gpus))
                return std::nullopt;
        } else if (field == QLatin1String("intra_GBps")) {
            if (!EditValues::toDouble(value, &s.intraGBps))
                return std::nullopt;
        } else if (field == QLatin1String("nic_gbps")) {
            if (!EditValues::toDouble(value, &s.nicGbps))
                return std::nullopt;
        } else {
            return std::nullopt;
        }
        any = any || !(s == before);
    }
    if (!any)
        return std::nullopt;
    const QString who = servers.size() == 1
                            ? tr("server %1").arg(c.servers[std::size_t(servers[0])].name)
                            : tr("%1 servers").arg(servers.size());
    e.text = tr("Set %1 of %2").arg(FieldLabels::of(field), who);
    return e;
}

std::vector<int> ClusterEdits::replicasOf(const Cluster& c, int server)
{
    if (server < 0 || server >= int(c.servers.size()))
        return {};
    const Server& s = c.servers[std::size_t(server)];
    QString base;
    int k = 0;
    if (!replicaName(s.name, &base, &k))
        return {server};
    std::vector<int> group;
    for (std::size_t i = 0; i < c.servers.size(); ++i) {
        Server other = c.servers[i];
        QString otherBase;
        int otherK = 0;
        if (!replicaName(other.name, &otherBase, &otherK) || otherBase != base)
            continue;
        other.name = s.name;
        if (other == s)
            group.push_back(int(i));
    }
    return group;
}

std::optional<ClusterEdits::Edit> ClusterEdits::setServerCount(const Cluster& c, int server,
                                                               int count)
{
    if (server < 0 || server >= int(c.servers.size()) || count < 1 || count > MaxServerCount)
        return std::nullopt;
    const std::vector<int> group = replicasOf(c, server);
    if (int(group.size()) == count)
        return std::nullopt;
    const Server model = c.servers[std::size_t(server)];
    QString base = model.name;
    int k = 0;
    if (!replicaName(model.name, &base, &k))
        base = model.name;
    Edit e{c, {}, {}};
    std::vector<bool> drop(c.servers.size(), false);
    for (int g : group)
        drop[std::size_t(g)] = true;
    const int at = group.front();
    dropServers(e.after, drop);
    // base-0 .. base-(count-1), or base alone; a name another server holds (one split off the
    // group by an edit, say) is replaced by the next free base-k.
    QSet<QString> used = ItemNames::servers(e.after);
    std::vector<Server> replicas;
    int next = 0;
    for (int n = 0; n < count; ++n) {
        Server r = model;
        r.name = count == 1 ? base : QStringLiteral("%1-%2").arg(base).arg(n);
        if (used.contains(r.name)) {
            while (used.contains(QStringLiteral("%1-%2").arg(base).arg(next)))
                ++next;
            r.name = QStringLiteral("%1-%2").arg(base).arg(next);
        }
        used.insert(r.name);
        replicas.push_back(r);
    }
    e.after.servers.insert(e.after.servers.begin() + at, replicas.begin(), replicas.end());
    e.select = {Selection::Kind::Server, {at}};
    e.text = tr("Set server count of %1 to %2").arg(base).arg(count);
    return e;
}

} // namespace gantry::ui
