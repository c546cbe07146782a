#include "policies/asrptgittinspolicy.h"

#include "sim/notecontext.h"
#include "sim/simobserver.h"

#include <algorithm>
#include <limits>

namespace gantry::sim {

AsrptGittinsPolicy::AsrptGittinsPolicy() : AsrptGittinsPolicy(Options{}) {}

AsrptGittinsPolicy::AsrptGittinsPolicy(Options options)
    : GittinsPolicy(options.service, options.margin), m_virtual(options.stretch),
      m_earliestFinish(options.earliestFinish), m_promotion(options.promote),
      m_gate([this](const SimState& state, int r, double done) {
          return likelyEnd(state, r, done, EarliestFinishGate::kEndQuantile);
      }),
      m_move(options.move), m_faster([this](const SimState& state, int j,
                                            double done) { return likelyEnd(state, j, done, 0.5); },
                                     [this](int j) { return m_virtual.due(j); })
{
    m_guard = &m_virtual;
    if (m_earliestFinish)
        setStartGate(
            [this](const SimState& state, int j, const GpuPool& pool, const Mapping& m,
                   std::size_t others) { return m_gate.accept(state, j, pool, m, others); });
    m_virtual.setSegmentCallback([this](SimTime from, SimTime to, int job) {
        if (m_observers)
            for (SimObserver* o : *m_observers)
                o->virtualSegment(from, to, job);
    });
}

QString AsrptGittinsPolicy::name() const
{
    if (m_earliestFinish && m_promotion.enabled())
        return m_move ? QStringLiteral("asrpt-gittins-move") : QStringLiteral("asrpt-gittins-fair");
    if (m_earliestFinish)
        return QStringLiteral("asrpt-gittins-eft");
    return GittinsPolicy::name() == QLatin1String("gittins-prior")
               ? QStringLiteral("asrpt-gittins-prior")
               : QStringLiteral("asrpt-gittins");
}

void AsrptGittinsPolicy::jobArrived(const SimState& state, int j)
{
    m_virtual.arrived(state, j);
    GittinsPolicy::jobArrived(state, j);
}

void AsrptGittinsPolicy::jobFinished(const SimState& state, int j)
{
    m_virtual.finished(state, j);
    GittinsPolicy::jobFinished(state, j);
}

void AsrptGittinsPolicy::decide(const SimState& state, Decisions& out)
{
    m_becameDue.clear();
    m_virtual.advance(state, m_becameDue);
    m_promotion.advance(state.now(), m_becameDue); // waiting jobs only: requeued with key()
    for (int j : m_becameDue)
        requeue(state, j); // running ones are re-keyed by the walk
    // Without promotion (every name but asrpt-gittins-fair) the two loops below change nothing.
    const std::size_t firstStart = out.start.size(), firstPreempt = out.preempt.size();
    GittinsPolicy::decide(state, out);
    for (std::size_t i = firstStart; i < out.start.size(); ++i)
        m_promotion.started(out.start[i].first);
    for (std::size_t i = firstPreempt; i < out.preempt.size(); ++i) {
        const int j = out.preempt[i];
        m_promotion.preempted(j, state.now(), state.state(j).ranTime(state.now()));
        // It waits with its rank for now (its key was taken before its promotion was set).
    }
    if (m_move)
        move(state, out);
}

void AsrptGittinsPolicy::move(const SimState& state, Decisions& out)
{
    const auto waitingMemory = [&](std::vector<double>& memory) {
        for (const WaitingQueue::Entry& e : waiting().ordered()) {
            if (int(memory.size()) == FasterMove::kGuarded)
                break;
            memory.push_back(state.job(e.job).memoryPerGpuGb());
        }
    };
    for (const FasterMove::Move& m : m_faster.find(state, out, waitingMemory)) {
        out.preempt.push_back(m.job);
        out.start.emplace_back(m.job, m.to);
        restarted(m.job);
        if (explaining())
            for (const auto kind : {DecisionNote::Kind::Preempted, DecisionNote::Kind::Started}) {
                DecisionNote n;
                n.kind = kind;
                n.reason = kMoved;
                n.job = m.job;
                n.value = m.fromS;
                n.value2 = m.toS;
                note(state, n);
            }
    }
}

PriorityKey AsrptGittinsPolicy::key(const SimState& s, int j) const
{
    if (m_promotion.promoted(j) && !m_virtual.due(j))
        return {std::numeric_limits<double>::lowest(), double(m_promotion.promotionAt(j)),
                s.state(j).arrival, j};
    return GittinsPolicy::key(s, j);
}

SimTime AsrptGittinsPolicy::nextWakeup(const SimState& state) const
{
    (void)state;
    return std::min(m_virtual.nextWakeup(), m_promotion.nextWakeup());
}

void AsrptGittinsPolicy::annotate(const SimState& state, DecisionNote& note) const
{
    if (note.reason == kMoved)
        return; // its figures are the move's
    GittinsPolicy::annotate(state, note);
    if (note.job >= 0 && note.kind != DecisionNote::Kind::Arrived && m_virtual.due(note.job)) {
        note.reason = kDue;
        note.value = toSeconds(m_virtual.virtualCompletion(note.job));
        note.value2 = toSeconds(m_virtual.dueAt(note.job));
        return;
    }
    if ((note.kind == DecisionNote::Kind::Started || note.kind == DecisionNote::Kind::Waits) &&
        m_promotion.promoted(note.job)) {
        note.reason = kPromoted;
        note.value = toSeconds(m_promotion.ranBefore(note.job));
        note.value2 = m_promotion.factor();
        return;
    }
    const EarliestFinishGate::Refusal& r = m_gate.lastRefusal();
    if (note.kind == DecisionNote::Kind::Waits && note.job == r.job && r.at == state.now()) {
        note.reason = kFasterSoon;
        note.value = r.waitS;
        note.value2 = r.awaitedS > 0.0 ? r.offeredS / r.awaitedS : 0.0;
    }
}

QString AsrptGittinsPolicy::explain(const DecisionNote& note, const NoteContext& ctx) const
{
    if (note.reason == kFasterSoon && note.kind == DecisionNote::Kind::Waits)
        return QStringLiteral("the free GPUs would run it %1 times slower than those a running job "
                              "is likely to free in %2, so it is likely to finish earlier by "
                              "waiting")
            .arg(QString::number(note.value2, 'f', 1), NoteContext::seconds(note.value));
    if (note.reason == kMoved) {
        // The explainer writes "J is preempted: ..." and "J resumes on server S: ... and needs".
        if (note.kind == DecisionNote::Kind::Preempted)
            return QStringLiteral("it moves to faster free GPUs (an iteration there takes %1 "
                                  "instead of %2), which likely saves more than the restart costs")
                .arg(NoteContext::seconds(note.value2), NoteContext::seconds(note.value));
        return QStringLiteral(
                   "it moved from slower GPUs (an iteration here takes %1 instead of %2)")
            .arg(NoteContext::seconds(note.value2), NoteContext::seconds(note.value));
    }
    if (note.reason == kPromoted) {
        const QString why =
            QStringLiteral("it was preempted after running %1 and has waited %2 times that since, "
                           "so it goes before every ranked job")
                .arg(NoteContext::seconds(note.value), QString::number(note.value2, 'g', 3));
        if (note.kind == DecisionNote::Kind::Started)
            return why;
        if (note.kind == DecisionNote::Kind::Waits)
            return QStringLiteral("%1, but it does not fit on the free GPUs").arg(why);
    }
    if (note.reason != kDue)
        return GittinsPolicy::explain(note, ctx);
    const QString late =
        QStringLiteral("the virtual machine completed it at %1 and it is due since %2, so it goes "
                       "before every job not due")
            .arg(NoteContext::seconds(note.value), NoteContext::seconds(note.value2));
    if (note.kind == DecisionNote::Kind::Started)
        return QStringLiteral("%1 starts: %2.").arg(ctx.name(note.job), late);
    if (note.kind == DecisionNote::Kind::Waits)
        return QStringLiteral("%1 waits although %2: it does not fit on the free GPUs.")
            .arg(ctx.name(note.job), late);
    return GittinsPolicy::explain(note, ctx);
}

} // namespace gantry::sim
