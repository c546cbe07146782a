#pragma once

#include "policies/queuepolicy.h"

namespace gantry::sim {

/// `sjf`: smallest predicted processing time first, every job that fits starts, no preemption.
class SjfPolicy : public QueuePolicy
{
public:
    SjfPolicy() : QueuePolicy(Admission::Skip) {}
    QString name() const override { return QStringLiteral("sjf"); }

protected:
    PriorityKey key(const SimState& s, int j) const override
    {
        return {double(s.state(j).predictedProcessing), 0.0, s.state(j).arrival, j};
    }
};

} // namespace gantry::sim
