#include "documentclipboard.h"

#include "fieldrules.h"
#include "itemnames.h"
#include "projectdocument.h"

#include "io/scenarioreader.h"
#include "io/scenariowriter.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMimeData>
#include <QSet>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

QMimeData* DocumentClipboard::copy(const Scenario& sc, const Selection& selection)
{
    if (selection.isEmpty())
        return nullptr;
    const Cluster& c = sc.cluster;
    QJsonObject clip;
    QJsonArray racks, servers, types;
    QSet<int> typeSet;
    auto addServer = [&](const Server& s) {
        servers.append(QJsonObject{{"name", s.name},
                                   {"rack", c.racks[std::size_t(s.rack)].name},
                                   {"gpu_type", c.gpuTypes[std::size_t(s.gpuType)].name},
                                   {"gpus", s.gpus},
                                   {"intra_GBps", s.intraGBps},
                                   {"nic_gbps", s.nicGbps}});
        if (!typeSet.contains(s.gpuType)) {
            typeSet.insert(s.gpuType);
            const GpuType& t = c.gpuTypes[std::size_t(s.gpuType)];
            types.append(QJsonObject{{"name", t.name},
                                     {"tflops", t.tflops},
                                     {"memory_gb", t.memoryGb},
                                     {"speed", t.speed}});
        }
    };
    switch (selection.kind) {
    case Selection::Kind::Rack:
        clip.insert("kind", "racks");
        for (int r : selection.indices) {
            racks.append(QJsonObject{{"name", c.racks[std::size_t(r)].name},
                                     {"uplink_gbps", c.racks[std::size_t(r)].uplinkGbps}});
            for (const Server& s : c.servers)
                if (s.rack == r)
                    addServer(s);
        }
        break;
    case Selection::Kind::Server:
        clip.insert("kind", "servers");
        for (int i : selection.indices)
            addServer(c.servers[std::size_t(i)]);
        break;
    case Selection::Kind::Job: {
        clip.insert("kind", "jobs");
        Scenario jobsOnly;
        jobsOnly.models = sc.models;
        for (int i : selection.indices)
            jobsOnly.jobs.push_back(sc.jobs[std::size_t(i)]);
        const QJsonObject written = ScenarioWriter::toJsonObject(jobsOnly);
        clip.insert("jobs", written.value("jobs"));
        if (written.contains("models"))
            clip.insert("models", written.value("models"));
        break;
    }
    case Selection::Kind::None:
        return nullptr;
    }
    clip.insert("racks", racks);
    clip.insert("servers", servers);
    clip.insert("gpu_types", types);
    auto* data = new QMimeData;
    const QByteArray json = QJsonDocument(clip).toJson(QJsonDocument::Compact);
    data->setData(ProjectDocument::ClipMimeType, json);
    data->setText(QString::fromUtf8(json));
    return data;
}

bool DocumentClipboard::canPaste(const QMimeData* data)
{
    return data && data->hasFormat(ProjectDocument::ClipMimeType);
}

Result<QJsonObject> DocumentClipboard::read(const QMimeData* data)
{
    if (!canPaste(data))
        return Error::invalid(tr("The clipboard holds no racks, servers or jobs."));
    QJsonParseError pe;
    const QJsonDocument doc =
        QJsonDocument::fromJson(data->data(ProjectDocument::ClipMimeType), &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject())
        return Error::invalid(tr("clipboard: invalid data: %1").arg(pe.errorString()));
    return doc.object();
}

QString DocumentClipboard::kind(const QJsonObject& clip)
{
    return clip.value("kind").toString();
}

Result<std::vector<Job>> DocumentClipboard::jobs(const QJsonObject& clip)
{
    // The jobs go through the scenario reader on a roomy stand-in cluster: it checks and
    // expands them (model graphs) whatever state the edited cluster is in.
    double need = 1.0; // in double: the clipboard's degrees may be anything
    const QJsonArray jobs = clip.value("jobs").toArray();
    for (const QJsonValue& v : jobs) {
        const QJsonObject o = v.toObject();
        const QJsonObject par = o.value("parallelism").toObject();
        need = std::max(need, o.value("gpus").toDouble(1));
        need = std::max(need, par.value("dp").toDouble(1) * par.value("pp").toDouble(1) *
                                  par.value("tp").toDouble(1) * par.value("cp").toDouble(1));
        need =
            std::max(need, double(o.value("graph").toObject().value("workers").toArray().size()));
    }
    const QJsonObject standIn{
        {"racks", QJsonArray{QJsonObject{{"name", "r"}, {"uplink_gbps", 1}}}},
        {"servers",
         QJsonArray{QJsonObject{{"name", "s"},
                                {"rack", "r"},
                                {"gpu_type", "H200"},
                                {"gpus", 1024},
                                {"intra_GBps", 1},
                                {"nic_gbps", 1},
                                // the reader's 10 million GPUs at most
                                {"count", std::clamp(std::ceil(need / 1024), 1.0, 9765.0)}}}}};
    QJsonObject root{
        {"format", "gantry-scenario"}, {"version", 1}, {"cluster", standIn}, {"jobs", jobs}};
    if (clip.contains("models"))
        root.insert("models", clip.value("models"));
    auto read = ScenarioReader::readJson(QJsonDocument(root).toJson(), tr("clipboard"));
    if (!read)
        return read.error();
    return std::move(read).value().jobs;
}

QString DocumentClipboard::refusal(const QJsonObject& clip)
{
    const auto refusalOf = [&clip](const char* list, Selection::Kind itemKind,
                                   std::initializer_list<const char*> keys) {
        const QJsonArray items = clip.value(QLatin1String(list)).toArray();
        for (qsizetype i = 0; i < items.size(); ++i)
            for (const char* key : keys) {
                const QJsonValue value = items[i].toObject().value(QLatin1String(key));
                FieldRules::Outcome checked =
                    FieldRules::check(itemKind, QLatin1String(key), value.toVariant());
                if (checked.ok() && FieldRules::isNumeric(itemKind, QLatin1String(key)) &&
                    !value.isDouble())
                    checked.error = QStringLiteral("must be a number");
                if (!checked.ok())
                    return tr("clipboard: %1[%2].%3: %4")
                        .arg(QLatin1String(list))
                        .arg(i)
                        .arg(QLatin1String(key), checked.error);
            }
        return QString();
    };
    const QString refused = refusalOf("racks", Selection::Kind::Rack, {"name", "uplink_gbps"});
    if (!refused.isEmpty())
        return refused;
    return refusalOf("servers", Selection::Kind::Server,
                     {"name", "gpus", "intra_GBps", "nic_gbps"});
}

ClusterEdits::Edit DocumentClipboard::pasteItems(const Cluster& cluster, const QJsonObject& clip,
                                                 const Selection& selection)
{
    QHash<QString, GpuType> clipTypes;
    for (const QJsonValue& v : clip.value("gpu_types").toArray()) {
        const QJsonObject o = v.toObject();
        clipTypes.insert(o.value("name").toString(),
                         GpuType{o.value("name").toString(), o.value("tflops").toDouble(),
                                 o.value("memory_gb").toDouble(), o.value("speed").toDouble(1.0)});
    }
    ClusterEdits::Edit e{cluster, {}, {}};
    Cluster& c = e.after;
    Selection& sel = e.select;
    const bool racks = kind(clip) == QLatin1String("racks");
    QSet<QString> rNames = ItemNames::racks(c);
    QSet<QString> sNames = ItemNames::servers(c);
    QHash<QString, int> rackOf; // clip rack name -> index in c
    if (racks) {
        sel.kind = Selection::Kind::Rack;
        for (const QJsonValue& v : clip.value("racks").toArray()) {
            const QJsonObject o = v.toObject();
            Rack r;
            r.name = ItemNames::fresh(o.value("name").toString(), rNames);
            r.uplinkGbps = o.value("uplink_gbps").toDouble();
            rNames.insert(r.name);
            rackOf.insert(o.value("name").toString(), int(c.racks.size()));
            sel.indices.push_back(int(c.racks.size()));
            c.racks.push_back(r);
        }
    } else {
        sel.kind = Selection::Kind::Server;
        // Into the selected rack, or the selected server's rack, else the last rack.
        int target = int(c.racks.size()) - 1;
        if (selection.kind == Selection::Kind::Rack && !selection.indices.empty())
            target = selection.indices.front();
        else if (selection.kind == Selection::Kind::Server && !selection.indices.empty())
            target = c.servers[std::size_t(selection.indices.front())].rack;
        if (target < 0)
            target = ClusterEdits::appendRack(c);
        for (const QJsonValue& v : clip.value("servers").toArray())
            rackOf.insert(v.toObject().value("rack").toString(), target);
    }
    std::vector<Server> added;
    for (const QJsonValue& v : clip.value("servers").toArray()) {
        const QJsonObject o = v.toObject();
        const QString type = o.value("gpu_type").toString();
        Server s;
        s.name = ItemNames::fresh(o.value("name").toString(), sNames);
        sNames.insert(s.name);
        s.rack = rackOf.value(o.value("rack").toString(), -1);
        s.gpuType = ClusterEdits::gpuTypeIndex(
            c, type,
            clipTypes.contains(type) ? std::optional<GpuType>(clipTypes[type]) : std::nullopt);
        s.gpus = o.value("gpus").toInt();
        s.intraGBps = o.value("intra_GBps").toDouble();
        s.nicGbps = o.value("nic_gbps").toDouble();
        if (s.rack < 0 || s.gpuType < 0)
            continue;
        added.push_back(s);
    }
    for (const Server& s : added) {
        const int at = ClusterEdits::endOfRack(c, s.rack);
        c.servers.insert(c.servers.begin() + at, s);
        if (sel.kind == Selection::Kind::Server) {
            for (int& i : sel.indices)
                if (i >= at)
                    ++i;
            sel.indices.push_back(at);
        }
    }
    e.text = racks ? tr("Paste %n rack(s)", nullptr, int(sel.indices.size()))
                   : tr("Paste %n server(s)", nullptr, int(added.size()));
    return e;
}

} // namespace gantry::ui
