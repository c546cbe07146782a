#include "policies/gittinspolicy.h"

#include "sim/notecontext.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gantry::sim {

QString GittinsPolicy::name() const
{
    switch (m_service) {
    case Service::WallTime:
        return QStringLiteral("gittins");
    case Service::Progress:
        return QStringLiteral("gittins-progress");
    case Service::Prior:
        break;
    }
    return QStringLiteral("gittins-prior");
}

int GittinsPolicy::priorSnapshot(const predict::IterationDistribution& d)
{
    const auto& samples = d.samples();
    if (!samples)
        return 0; // the point 1: the job's scale is its size
    const auto it = m_priorOf.find(samples.get());
    if (it != m_priorOf.end())
        return it->second;
    const int snap = m_priors.addSnapshot(*samples);
    m_priorOf.emplace(samples.get(), snap);
    m_priorKept.push_back(samples);
    return snap;
}

void GittinsPolicy::jobArrived(const SimState& state, int j)
{
    if (m_snapshot.size() != std::size_t(state.jobCount())) {
        m_snapshot.assign(std::size_t(state.jobCount()), 0);
        if (m_service == Service::Prior)
            m_scale.assign(std::size_t(state.jobCount()), 1.0);
    }
    if (m_service == Service::Prior) {
        const predict::IterationDistribution* d = state.distribution(j);
        const double k = state.state(j).predictedIterations;
        const bool usable = d && d->scale() > 0.0 && std::isfinite(d->scale());
        m_snapshot[std::size_t(j)] = usable ? priorSnapshot(*d) : 0;
        m_scale[std::size_t(j)] = usable ? d->scale() : std::max(k, 1e-9);
    } else {
        m_snapshot[std::size_t(j)] = m_outcomes.current();
    }
    m_overhead = state.restartOverhead();
    PreemptivePolicy::jobArrived(state, j);
}

void GittinsPolicy::jobFinished(const SimState& state, int j)
{
    const JobState& st = state.state(j);
    if (m_service == Service::Prior) {
        // Its distribution came from the predictor, which learns from the finish itself.
    } else if (m_service == Service::Progress) {
        if (st.predictedIterations > 0.0)
            m_outcomes.observe(st.iterationsDone / st.predictedIterations);
    } else if (st.predictedProcessing > 0) {
        m_outcomes.observe(double(st.ranTime(state.now())) / double(st.predictedProcessing));
    }
    if (std::size_t(j) < m_lineOf.size() && m_lineOf[std::size_t(j)] >= 0) {
        m_freeLines.push_back(m_lineOf[std::size_t(j)]);
        m_lineOf[std::size_t(j)] = -1;
    }
    PreemptivePolicy::jobFinished(state, j);
}

double GittinsPolicy::rankOf(const JobState& st, int j, SimTime now, bool running, Line* line) const
{
    if (line) {
        line->untilU = -std::numeric_limits<double>::infinity();
        line->nextU = std::numeric_limits<double>::infinity();
    }
    const double predicted = double(st.predictedProcessing);
    if (predicted <= 0.0)
        return 0.0;
    const int snap = m_snapshot[std::size_t(j)];
    // Priced at the current GPUs' speed while running (tau0 while waiting).
    double speed = 1.0;
    if (running && st.referenceIterationS > 0.0 && st.iterationS > 0.0)
        speed = st.iterationS / st.referenceIterationS;
    const OutcomeDistribution* dist = &m_outcomes;
    double c = 0.0, unit = 0.0; // rank = c x rank(u); u = service / unit
    Line piece;                 // how u is measured, in Line::serviceAt()'s arithmetic
    if (m_service == Service::WallTime) {
        unit = predicted;
        c = predicted;
        piece.wall = true;
        piece.perUs = 1.0 / unit;
        piece.since = now - st.ranTime(now);
    } else {
        if (m_service == Service::Prior) {
            // In iterations from the job's own distribution, priced per iteration at tau0 (the
            // prediction's time over its iterations) times the current GPUs' speed.
            unit = m_scale[std::size_t(j)];
            const double perIteration =
                st.predictedIterations > 0.0 ? predicted / st.predictedIterations : 0.0;
            c = unit * perIteration * speed;
            dist = &m_priors;
        } else {
            // Progress: u is the fraction of the predicted iterations run; the rank, in units
            // of the prediction.
            unit = st.predictedIterations;
            c = predicted * speed;
        }
        if (unit > 0.0) {
            piece.u0 = st.iterationsDone / unit;
            piece.since = st.progressSince;
            if (st.phase == JobPhase::Running && st.iterationS > 0.0)
                piece.perUs = 1.0 / (st.iterationS * 1e6 * unit);
        }
    }
    const double u = unit > 0.0 ? piece.serviceAt(now, piece.since) : 0.0;
    if (line) {
        piece.c = c;
        piece.unit = unit;
        if (!(unit > 0.0) || !dist->pieceAt(snap, u, piece.a, piece.b, piece.untilU, piece.nextU))
            piece.untilU = -std::numeric_limits<double>::infinity();
        *line = piece;
    }
    return c * dist->rankAt(snap, u);
}

PriorityKey GittinsPolicy::dueKey(int j, SimTime arrival) const
{
    return {-std::numeric_limits<double>::infinity(), double(m_guard->virtualCompletion(j)),
            arrival, j};
}

PriorityKey GittinsPolicy::key(const SimState& s, int j) const
{
    const JobState& st = s.state(j);
    if (m_guard && m_guard->due(j))
        return dueKey(j, st.arrival);
    // The waiting form, also for a job being preempted now: priced at tau0.
    return {rankOf(st, j, s.now(), false), 0.0, st.arrival, j};
}

PriorityKey GittinsPolicy::runningKey(const SimState& s, const RunningJob& r, Line* line) const
{
    if (m_guard && m_guard->due(r.job))
        return dueKey(r.job, r.arrival);
    // A running job keeps its GPUs unless another's rank is lower by more than what stopping
    // it costs: the restart overhead.
    return rankedKey(rankOf(s.state(r.job), r.job, s.now(), true, line), r);
}

double GittinsPolicy::likelyEnd(const SimState& state, int j, double done, double q) const
{
    if (m_service != Service::Prior) {
        const double k = state.state(j).predictedIterations;
        return k > done ? k : -1.0;
    }
    const double scale = m_scale[std::size_t(j)];
    const std::vector<double>& v = m_priors.snapshot(m_snapshot[std::size_t(j)]);
    const auto first = std::upper_bound(v.begin(), v.end(), done / scale);
    if (first == v.end())
        return -1.0;
    const auto n = v.end() - first;
    const auto at =
        std::clamp<std::ptrdiff_t>(std::ptrdiff_t(std::ceil(q * double(n))) - 1, 0, n - 1);
    return *(first + at) * scale;
}

GittinsPolicy::Line& GittinsPolicy::lineOf(int j) const
{
    int& slot = m_lineOf[std::size_t(j)];
    if (slot < 0) {
        if (m_freeLines.empty()) {
            slot = int(m_lines.size());
            m_lines.emplace_back();
        } else {
            slot = m_freeLines.back();
            m_freeLines.pop_back();
        }
    }
    return m_lines[std::size_t(slot)];
}

bool GittinsPolicy::keysFall(const SimState& state) const
{
    return m_service == Service::WallTime || !state.ratesChange();
}

SimTime GittinsPolicy::boundUntil(const JobState& st, int j, SimTime now, const Line& line) const
{
    constexpr SimTime kNever = std::numeric_limits<SimTime>::max();
    if ((m_guard && m_guard->due(j)) || st.predictedProcessing <= 0)
        return kNever;   // due until it finishes, or ranked 0: its key stays
    double toGoUs = 0.0; // run time to its next value, in us
    if (m_service == Service::WallTime) {
        if (!std::isfinite(line.nextU))
            return now;
        toGoUs = line.nextU * line.unit - double(st.ranTime(now));
    } else {
        // u counts iterations in units of the scale (Prior) or of K-hat (Progress).
        if (line.unit <= 0.0 || st.iterationS <= 0.0)
            return kNever; // u does not move
        if (!std::isfinite(line.nextU))
            return now;
        toGoUs = (line.nextU * line.unit - st.iterationsDoneAt(now)) * st.iterationS * 1e6;
        if (st.progressSince > now)
            toGoUs += double(st.progressSince - now); // inside the restart overhead
    }
    if (!(toGoUs < 1e17))
        return kNever;
    return now + std::max<SimTime>(0, SimTime(std::floor(toGoUs * (1.0 - 1e-9))) - 1);
}

std::size_t GittinsPolicy::keys(const SimState& state, RunningJob* jobs, PriorityKey* out,
                                std::size_t count, std::size_t from, SimTime& nextRekey) const
{
    const SimTime now = state.now();
    const bool falling = keysFall(state);
    // Before nextRekey no stored key below `from` has expired: those jobs are not looked at, and
    // the smallest keyedUntil stays at least the one on entry.
    const bool expired = now >= nextRekey;
    SimTime next = expired ? std::numeric_limits<SimTime>::max() : nextRekey;
    if (falling && m_lineOf.size() < std::size_t(state.jobCount()))
        m_lineOf.resize(std::size_t(state.jobCount()), -1);
    std::size_t first = count;
    for (std::size_t i = expired ? 0 : from; i < count; ++i) {
        RunningJob& r = jobs[i];
        if (i < from && r.keyedUntil > now) {
            next = std::min(next, r.keyedUntil);
            continue;
        }
        first = std::min(first, i);
        if (falling && r.keyedUntil > now && !(m_guard && m_guard->due(r.job))) {
            // Within its bound and still on the piece of its rank it was on when last ranked:
            // no search, and the bound stays.
            const Line& l = m_lines[std::size_t(m_lineOf[std::size_t(r.job)])];
            const double u = l.serviceAt(now, r.base);
            if (u < l.untilU) {
                out[i] = rankedKey(l.c * (l.a - l.b * u), r);
                next = std::min(next, r.keyedUntil);
                continue;
            }
        }
        if (falling) {
            Line& l = lineOf(r.job);
            out[i] = runningKey(state, r, &l);
            r.keyedUntil = boundUntil(state.state(r.job), r.job, now, l);
        } else {
            out[i] = runningKey(state, r);
            r.keyedUntil = now;
        }
        next = std::min(next, r.keyedUntil);
    }
    nextRekey = next;
    return first;
}

void GittinsPolicy::annotate(const SimState& state, DecisionNote& note) const
{
    if (note.kind != DecisionNote::Kind::Started)
        return;
    if (m_service != Service::Prior) {
        note.value2 = double(m_outcomes.observed());
    } else if (const predict::IterationDistribution* d = state.distribution(note.job)) {
        note.value2 = double(d->isPoint() ? 0 : d->size());
    }
}

QString GittinsPolicy::explain(const DecisionNote& note, const NoteContext& ctx) const
{
    if (note.kind == DecisionNote::Kind::Started) {
        // The count seen when the job started (the note's value2), not the explaining policy's.
        const qint64 seen = qint64(note.value2);
        QString outcomes = seen == 1 ? QStringLiteral("1 finished job's outcome")
                                     : QStringLiteral("%1 finished jobs' outcomes").arg(seen);
        if (m_service == Service::Prior)
            outcomes = seen == 0
                           ? QStringLiteral("the predictor's single value")
                           : QStringLiteral("the predictor's distribution of %1 values").arg(seen);
        const QString measure =
            m_service != Service::WallTime
                ? QStringLiteral("lowest Gittins rank (expected time to its next likely end, "
                                 "from its progress and %1)")
                : QStringLiteral("lowest Gittins rank (expected time to its next likely end, "
                                 "from %1)");
        return ranked(
            note, ctx, measure.arg(outcomes),
            QStringLiteral("rank %1").arg(NoteContext::seconds(note.value / double(kSecond))));
    }
    if (note.kind == DecisionNote::Kind::Preempted) {
        if (m_margin > 0.0)
            return preemptedFor(ctx, QStringLiteral("a Gittins rank lower by more than %1% and "
                                                    "the restart overhead")
                                         .arg(std::lround(100.0 * m_margin)));
        return preemptedFor(ctx, QStringLiteral("a lower Gittins rank, by more than the restart "
                                                "overhead"));
    }
    return PreemptivePolicy::explain(note, ctx);
}

} // namespace gantry::sim
