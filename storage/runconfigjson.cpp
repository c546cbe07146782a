#include "runconfigjson.h"

namespace gantry::storage {

QJsonObject RunConfigJson::toJson(const RunConfig& c)
{
    QJsonObject o{{"policy", c.policy},
                  {"placement", c.placement},
                  {"predictor", c.predictor},
                  {"seed", QString::number(c.seed)},
                  {"mapping_backend", c.mappingBackend},
                  {"default_iterations", c.defaultIterations},
                  {"history_jobs", int(c.history.size())}};
    if (c.contention)
        o.insert("contention", *c.contention == Contention::Fair ? "fair" : "none");
    if (c.restartOverheadS)
        o.insert("restart_overhead_s", *c.restartOverheadS);
    return o;
}

Result<RunConfig> RunConfigJson::fromJson(const QJsonObject& o, int* historyJobs)
{
    const auto bad = [](const char* field, const QString& why) {
        return Error::invalid(
            QStringLiteral("stored run configuration: %1 %2").arg(QLatin1String(field), why));
    };
    RunConfig c;
    for (const auto& [field, target] :
         {std::pair{"policy", &c.policy}, std::pair{"placement", &c.placement},
          std::pair{"predictor", &c.predictor}}) {
        const QJsonValue v = o.value(QLatin1String(field));
        if (!v.isString() || v.toString().isEmpty())
            return bad(field, QStringLiteral("is missing"));
        *target = v.toString();
    }
    bool ok = false;
    c.seed = o.value(QLatin1String("seed")).toString().toULongLong(&ok);
    if (!ok)
        return bad("seed", QStringLiteral("is not a whole number"));
    if (o.contains(QLatin1String("mapping_backend")))
        c.mappingBackend = o.value(QLatin1String("mapping_backend")).toString();
    if (o.contains(QLatin1String("default_iterations"))) {
        const double d = o.value(QLatin1String("default_iterations")).toDouble(-1.0);
        if (!(d > 0.0))
            return bad("default_iterations", QStringLiteral("is not a number > 0"));
        c.defaultIterations = d;
    }
    if (o.contains(QLatin1String("contention"))) {
        const QString v = o.value(QLatin1String("contention")).toString();
        if (v != QLatin1String("fair") && v != QLatin1String("none"))
            return bad("contention", QStringLiteral("is neither fair nor none"));
        c.contention = v == QLatin1String("fair") ? Contention::Fair : Contention::None;
    }
    if (o.contains(QLatin1String("restart_overhead_s"))) {
        const double r = o.value(QLatin1String("restart_overhead_s")).toDouble(-1.0);
        if (!(r >= 0.0))
            return bad("restart_overhead_s", QStringLiteral("is not a number >= 0"));
        c.restartOverheadS = r;
    }
    if (historyJobs)
        *historyJobs = o.value(QLatin1String("history_jobs")).toInt(0);
    return c;
}

} // namespace gantry::storage
