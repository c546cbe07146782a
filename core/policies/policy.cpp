#include "policies/policy.h"

#include "sim/simobserver.h"

namespace gantry::sim {

bool Policy::explaining() const
{
    if (!m_observers)
        return false;
    for (const SimObserver* o : *m_observers)
        if (o->wantsNotes())
            return true;
    return false;
}

void Policy::note(const SimState& state, DecisionNote n) const
{
    if (!m_observers)
        return;
    n.timeS = toSeconds(state.now());
    annotate(state, n);
    for (SimObserver* o : *m_observers)
        if (o->wantsNotes())
            o->decisionNote(n);
}

void Policy::noteArrival(const SimState& state, int j, double value) const
{
    if (!explaining())
        return;
    DecisionNote n;
    n.kind = DecisionNote::Kind::Arrived;
    n.job = j;
    n.value = value;
    note(state, n);
}

void Policy::noteWaiting(const SimState& state, const WaitingQueue& queue) const
{
    int listed = 0;
    int head = -1;
    for (const WaitingQueue::Entry& e : queue.ordered()) {
        if (listed++ == kNotedWaits)
            break;
        if (head < 0)
            head = e.job;
        DecisionNote n;
        n.kind = DecisionNote::Kind::Waits;
        n.job = e.job;
        n.other = head;
        n.value = e.key.primary;
        n.value2 = e.key.secondary;
        note(state, n);
    }
}

QString Policy::explain(const DecisionNote& n, const NoteContext& ctx) const
{
    switch (n.kind) {
    case DecisionNote::Kind::Arrived:
        return {};
    case DecisionNote::Kind::Started:
        return n.other < 0 ? QStringLiteral("it is first in %1's order").arg(name())
                           : QStringLiteral("it is the first job in %1's order that fits (%2)")
                                 .arg(name(), ctx.blocked(n.other));
    case DecisionNote::Kind::Preempted:
        return preemptedFor(ctx, QStringLiteral("a higher priority"));
    case DecisionNote::Kind::Waits:
        break;
    }
    if (ctx.demand(n.job) > ctx.freeGpus())
        return ctx.need(n.job);
    return QStringLiteral("%1, but no placement fits it").arg(ctx.need(n.job));
}

QString Policy::ranked(const DecisionNote& n, const NoteContext& ctx, const QString& measure,
                       const QString& figure)
{
    if (n.other < 0)
        return QStringLiteral("it has the %1 of the waiting jobs (%2)").arg(measure, figure);
    return QStringLiteral("it has the %1 of the jobs that fit (%2; %3)")
        .arg(measure, figure, ctx.blocked(n.other));
}

QString Policy::waitsBehindHead(const DecisionNote& n, const NoteContext& ctx)
{
    if (ctx.demand(n.job) > ctx.freeGpus())
        return ctx.need(n.job);
    if (n.other >= 0 && n.other != n.job)
        return QStringLiteral("%1, but %2 is ahead of it and must start first")
            .arg(ctx.need(n.job), ctx.name(n.other));
    return QStringLiteral("%1, but no placement fits it").arg(ctx.need(n.job));
}

QString Policy::preemptedFor(const NoteContext& ctx, const QString& why) const
{
    if (ctx.taker() < 0)
        return QStringLiteral("%1 puts jobs with %2 first").arg(name(), why);
    return QStringLiteral("%1 gives its GPUs to %2, which has %3")
        .arg(name(), ctx.name(ctx.taker()), why);
}

} // namespace gantry::sim
