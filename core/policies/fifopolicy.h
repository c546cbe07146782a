#pragma once

#include "policies/queuepolicy.h"

namespace gantry::sim {

/// `fifo`: arrival order, the head of the line blocks, no preemption.
class FifoPolicy : public QueuePolicy
{
public:
    FifoPolicy() : QueuePolicy(Admission::Strict) {}
    QString name() const override { return QStringLiteral("fifo"); }
    /// A start is the head of the arrival order.
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override
    {
        if (note.kind == DecisionNote::Kind::Started)
            return QStringLiteral("it is next in arrival order");
        return QueuePolicy::explain(note, ctx);
    }

protected:
    PriorityKey key(const SimState& s, int j) const override
    {
        return {0.0, 0.0, s.state(j).arrival, j};
    }
};

} // namespace gantry::sim
