#pragma once

#include "policies/queuepolicy.h"

namespace gantry::sim {

/// `fifo`: arrival order, the head of the line blocks, no preemption.
class FifoPolicy : public QueuePolicy
{
public:
    FifoPolicy() : QueuePolicy(Admission::Strict) {}
    QString name() const override { return QStringLiteral("fifo"); }

protected:
    PriorityKey key(const SimState& s, int j) const override
    {
        return {0.0, 0.0, s.state(j).arrival, j};
    }
};

} // namespace gantry::sim
