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

} // namespace gantry::cli
