#pragma once

#include "policies/queuepolicy.h"

namespace gantry::sim {

/// `fifo-backfill`: arrival order, a later job starts when it fits now (first fit).
class FifoBackfillPolicy : public QueuePolicy
{
public:
    FifoBackfillPolicy() : QueuePolicy(Admission::Skip) {}
    QString name() const override { return QStringLiteral("fifo-backfill"); }

protected:
    PriorityKey key(const SimState& s, int j) const override
    {
        return {0.0, 0.0, s.state(j).arrival, j};
    }
};

} // namespace gantry::sim
