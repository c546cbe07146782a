#pragma once

#include "sim/decisionnote.h"

#include <QString>

#include <vector>

namespace gantry {

struct Scenario;

/// What a policy needs besides its own DecisionNote to say why it decided: the jobs' names and
/// demands, the cluster's free GPUs at that moment of the replayed run, the job that took a
/// preempted job's GPUs, the other notes of the same instant and the virtual machine's recorded
/// timeline. Filled by DecisionExplainer for each sentence; words shared by every policy live here.
class NoteContext
{
public:
    /// Words about scenario's jobs (kept by reference).
    explicit NoteContext(const Scenario& scenario);

    /// Job j's name.
    QString name(int j) const;
    /// GPUs job j needs.
    int demand(int j) const;
    /// "1 GPU" or "n GPUs".
    static QString gpus(int n);
    /// A number as people read it: whole from 1000 up, four significant digits below.
    static QString number(double v);
    /// Seconds as "n s".
    static QString seconds(double s);

    /// GPUs free at the moment the note describes (before a start, after a step for waits).
    int freeGpus() const { return m_free; }
    /// Sets freeGpus().
    void setFreeGpus(int free) { m_free = free; }
    /// "needs 4 GPUs, 2 free" for job j at this moment.
    QString need(int j) const;
    /// "j2 needs 8 GPUs, 4 free": why job other, ahead of the one started, could not start.
    QString blocked(int other) const;

    /// For a preemption: the job that took the preempted job's GPUs at this instant, or -1.
    int taker() const { return m_taker; }
    /// Sets taker().
    void setTaker(int j) { m_taker = j; }

    /// The note of the given kind about job j at this instant, or null.
    const DecisionNote* noteOf(DecisionNote::Kind kind, int j) const;
    /// Sets the notes of this instant (kept by pointer: [begin, end) must outlive their use).
    void setStepNotes(const DecisionNote* begin, const DecisionNote* end);

private:
    const Scenario& m_scenario;
    int m_free = 0;
    int m_taker = -1;
    const DecisionNote* m_begin = nullptr;
    const DecisionNote* m_end = nullptr;
};

} // namespace gantry
