#pragma once

#include "policies/queuepolicy.h"

namespace gantry::sim {

/// `sjf`: smallest predicted processing time first, every job that fits starts, no preemption.
class SjfPolicy : public QueuePolicy
{
public:
    SjfPolicy() : QueuePolicy(Admission::Skip) {}
    QString name() const override { return QStringLiteral("sjf"); }
    /// A start has the smallest predicted processing time (the note's key, microseconds).
    QString explain(const DecisionNote& note, const NoteContext& ctx) const override
    {
        if (note.kind != DecisionNote::Kind::Started)
            return QueuePolicy::explain(note, ctx);
        return ranked(note, ctx, QStringLiteral("smallest predicted size"),
                      NoteContext::seconds(note.value / double(kSecond)));
    }

protected:
    PriorityKey key(const SimState& s, int j) const override
    {
        return {double(s.state(j).predictedProcessing), 0.0, s.state(j).arrival, j};
    }
};

} // namespace gantry::sim
