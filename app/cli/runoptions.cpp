#include "runoptions.h"

#include "mapping/placementregistry.h"
#include "policies/policyregistry.h"
#include "predict/predictorregistry.h"
#include "run/productdefaults.h"

namespace gantry::cli {

namespace {

// The width of the usage lines.
constexpr int UsageWidth = 83;

QString oneOf(const QStringList& names)
{
    return QStringLiteral("one of: ") + names.join(QStringLiteral(", "));
}

} // namespace

QString RunOptions::Option::shown() const
{
    return QStringLiteral("--") + name + QLatin1Char(' ') + value;
}

QList<RunOptions::Option> RunOptions::options(Groups groups)
{
    const RunConfig defaults = ProductDefaults::runConfig();
    QList<Option> list;
    if (groups & Policy)
        list.append({QStringLiteral("policy"), QStringLiteral("P"),
                     QStringLiteral("scheduling policy (default %1; %2)")
                         .arg(defaults.policy, oneOf(PolicyRegistry::names()))});
    if (groups & Engine)
        list.append({
            {QStringLiteral("placement"), QStringLiteral("M"),
             QStringLiteral("GPU placement (default %1; %2)")
                 .arg(defaults.placement, oneOf(PlacementRegistry::names()))},
            {QStringLiteral("predictor"), QStringLiteral("X"),
             QStringLiteral("duration predictor (default %1; %2)")
                 .arg(defaults.predictor, oneOf(PredictorRegistry::names()))},
            {QStringLiteral("seed"), QStringLiteral("N"),
             QStringLiteral("seeds every random choice (default 0)")},
            {QStringLiteral("contention"), QStringLiteral("none|fair"),
             QStringLiteral("network contention model (default: the scenario's, else none)")},
            {QStringLiteral("restart-overhead"), QStringLiteral("S"),
             QStringLiteral("seconds a preempted job loses when it restarts (default: the "
                            "scenario's)")},
            {QStringLiteral("mapping-backend"), QStringLiteral("cpu|cuda|auto"),
             QStringLiteral("back end of the parallel mapping search (default auto: CUDA when a "
                            "GPU is present)")},
        });
    if (groups & Project)
        list.append({
            {QStringLiteral("project"), QStringLiteral("FILE.gantry"),
             QStringLiteral("record the runs in this project (created when missing)")},
            {QStringLiteral("history"), QStringLiteral("FILE.gantry"),
             QStringLiteral("predictors learn first from this project's finished jobs")},
        });
    if (groups & FirstJobs)
        list.append({QStringLiteral("first-jobs"), QStringLiteral("N"),
                     QStringLiteral("keep only the first N jobs by arrival")});
    return list;
}

QStringList RunOptions::names(Groups groups)
{
    QStringList list;
    for (const Option& o : options(groups))
        list << o.name;
    return list;
}

QStringList RunOptions::synopsis(Groups groups)
{
    QStringList items;
    for (const Option& o : options(groups))
        items << QLatin1Char('[') + o.shown() + QLatin1Char(']');
    return items;
}

QString RunOptions::usageLines(const QString& head, const QStringList& items, int indent)
{
    QString lines = head;
    int column = int(head.size());
    for (const QString& item : items) {
        if (column + 1 + item.size() > UsageWidth) {
            lines += QLatin1Char('\n') + QString(indent, QLatin1Char(' '));
            column = indent;
        } else {
            lines += QLatin1Char(' ');
            ++column;
        }
        lines += item;
        column += int(item.size());
    }
    return lines + QLatin1Char('\n');
}

Result<RunConfig> RunOptions::config(const CliArgs& a, RunConfig c)
{
    if (auto v = a.value(QStringLiteral("policy")))
        c.policy = *v;
    if (auto v = a.value(QStringLiteral("placement")))
        c.placement = *v;
    if (auto v = a.value(QStringLiteral("predictor")))
        c.predictor = *v;
    if (auto v = a.value(QStringLiteral("seed"))) {
        bool ok = false;
        c.seed = v->toULongLong(&ok);
        if (!ok)
            return Error::invalid(
                QStringLiteral("--seed: must be a non-negative integer, got \"%1\"").arg(*v));
    }
    if (auto v = a.value(QStringLiteral("contention"))) {
        if (*v == QLatin1String("none"))
            c.contention = Contention::None;
        else if (*v == QLatin1String("fair"))
            c.contention = Contention::Fair;
        else
            return Error::invalid(
                QStringLiteral("--contention: must be none or fair, got \"%1\"").arg(*v));
    }
    if (auto v = a.value(QStringLiteral("mapping-backend"))) {
        if (*v != QLatin1String("cpu") && *v != QLatin1String("cuda") &&
            *v != QLatin1String("auto"))
            return Error::invalid(
                QStringLiteral("--mapping-backend: must be cpu, cuda or auto, got \"%1\"").arg(*v));
        c.mappingBackend = *v;
    }
    if (auto v = a.value(QStringLiteral("restart-overhead"))) {
        bool ok = false;
        const double s = v->toDouble(&ok);
        if (!ok || !(s >= 0.0 && s <= 1e9))
            return Error::invalid(
                QStringLiteral("--restart-overhead: must be seconds from 0 to 1e9, got \"%1\"")
                    .arg(*v));
        c.restartOverheadS = s;
    }
    return c;
}

} // namespace gantry::cli
