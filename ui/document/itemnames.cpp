#include "itemnames.h"

namespace gantry::ui {

QString ItemNames::fresh(const QString& name, const QSet<QString>& used)
{
    if (!used.contains(name))
        return name;
    for (int n = 2;; ++n) {
        const QString candidate = QStringLiteral("%1-%2").arg(name).arg(n);
        if (!used.contains(candidate))
            return candidate;
    }
}

QString ItemNames::numbered(const QString& prefix, const QSet<QString>& used, int start)
{
    for (int n = start;; ++n) {
        const QString candidate = prefix + QString::number(n);
        if (!used.contains(candidate))
            return candidate;
    }
}

QSet<QString> ItemNames::racks(const Cluster& c)
{
    QSet<QString> s;
    for (const Rack& r : c.racks)
        s.insert(r.name);
    return s;
}

QSet<QString> ItemNames::servers(const Cluster& c)
{
    QSet<QString> s;
    for (const Server& r : c.servers)
        s.insert(r.name);
    return s;
}

} // namespace gantry::ui
