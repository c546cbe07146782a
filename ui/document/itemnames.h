#pragma once

#include "model/cluster.h"

#include <QSet>
#include <QString>

namespace gantry::ui {

/// Names for new racks, servers and jobs that do not clash with those already there.
class ItemNames
{
public:
    /// name, or name-2, name-3, ... whichever is not in used.
    static QString fresh(const QString& name, const QSet<QString>& used);
    /// prefix followed by the first number from start that is not in used ("r2").
    static QString numbered(const QString& prefix, const QSet<QString>& used, int start);
    /// The names of c's racks.
    static QSet<QString> racks(const Cluster& c);
    /// The names of c's servers.
    static QSet<QString> servers(const Cluster& c);
};

} // namespace gantry::ui
