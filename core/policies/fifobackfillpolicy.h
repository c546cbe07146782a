#pragma once

#include "policies/queuepolicy.h"

namespace gantry::sim {

/// `fifo-backfill`: arrival order, a later job starts when it fits now (first fit).
class FifoBackfillPolicy : public QueuePolicy
{
public:
    FifoBackfillPolicy() : QueuePolicy(Admission::Skip) {}
    QString name() const override { return QStringLiteral("fifo-backfill"); }
    /// A start is the head of the arrival order or passes an earlier job that does not fit.
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override
    {
        if (note.kind != DecisionNote::Kind::Started)
            return QueuePolicy::explain(note, ctx);
        if (note.other < 0)
            return QStringLiteral("it is next in arrival order");
        return QStringLiteral("backfilling lets it pass %1 in arrival order (%2)")
            .arg(ctx.name(note.other), ctx.blocked(note.other));
    }

protected:
    PriorityKey key(const SimState& s, int j) const override
    {
        return {0.0, 0.0, s.state(j).arrival, j};
    }
};

} // namespace gantry::sim
