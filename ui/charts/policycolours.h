#pragma once

#include <QColor>
#include <QString>

namespace gantry::ui {

/// One colour per scheduling policy, the same in every chart, the comparison and the report:
/// policies of the registry take fixed places on a palette that stays apart for colour-blind
/// readers and on a projector; other names get a stable colour from their hash.
class PolicyColours
{
public:
    /// The colour of policy (registry name, e.g. "asrpt-backfill").
    static QColor of(const QString& policy);
};

} // namespace gantry::ui
