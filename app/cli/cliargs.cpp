#include "cliargs.h"

namespace gantry::cli {

Result<CliArgs> CliArgs::parse(const QStringList& args, const QStringList& valueOptions,
                               const QStringList& flags)
{
    CliArgs out;
    for (int i = 0; i < args.size(); ++i) {
        const QString& a = args[i];
        if (!a.startsWith(QLatin1String("-")) || a == QLatin1String("-")) {
            out.m_positional << a;
            continue;
        }
        QString name = a;
        while (name.startsWith(QLatin1Char('-')))
            name.remove(0, 1);
        QString value;
        bool inlineValue = false;
        if (const int eq = name.indexOf(QLatin1Char('=')); eq >= 0) {
            value = name.mid(eq + 1);
            name = name.left(eq);
            inlineValue = true;
        }
        if (flags.contains(name) && !inlineValue) {
            out.m_flags << name;
        } else if (valueOptions.contains(name)) {
            if (!inlineValue) {
                if (i + 1 >= args.size())
                    return Error::invalid(QStringLiteral("option %1 needs a value").arg(a));
                value = args[++i];
            }
            out.m_values.append({name, value});
        } else {
            return Error::invalid(QStringLiteral("unknown option %1").arg(a));
        }
    }
    return out;
}

bool CliArgs::asksForHelp(const QStringList& args)
{
    return args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"));
}

std::optional<QString> CliArgs::value(const QString& name) const
{
    for (auto it = m_values.crbegin(); it != m_values.crend(); ++it)
        if (it->first == name)
            return it->second;
    return std::nullopt;
}

Result<RunConfig> CliArgs::runConfig(RunConfig c) const
{
    if (auto v = value(QStringLiteral("policy")))
        c.policy = *v;
    if (auto v = value(QStringLiteral("placement")))
        c.placement = *v;
    if (auto v = value(QStringLiteral("predictor")))
        c.predictor = *v;
    if (auto v = value(QStringLiteral("seed"))) {
        bool ok = false;
        c.seed = v->toULongLong(&ok);
        if (!ok)
            return Error::invalid(
                QStringLiteral("--seed: must be a non-negative integer, got \"%1\"").arg(*v));
    }
    if (auto v = value(QStringLiteral("contention"))) {
        if (*v == QLatin1String("none"))
            c.contention = Contention::None;
        else if (*v == QLatin1String("fair"))
            c.contention = Contention::Fair;
        else
            return Error::invalid(
                QStringLiteral("--contention: must be none or fair, got \"%1\"").arg(*v));
    }
    if (auto v = value(QStringLiteral("mapping-backend"))) {
        if (*v != QLatin1String("cpu") && *v != QLatin1String("cuda") &&
            *v != QLatin1String("auto"))
            return Error::invalid(
                QStringLiteral("--mapping-backend: must be cpu, cuda or auto, got \"%1\"").arg(*v));
        c.mappingBackend = *v;
    }
    if (auto v = value(QStringLiteral("restart-overhead"))) {
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
