#include "sim/notecontext.h"

#include "model/scenario.h"

#include <cmath>
#include <limits>

namespace gantry {

NoteContext::NoteContext(const Scenario& scenario) : m_scenario(scenario) {}

QString NoteContext::name(int j) const
{
    return m_scenario.jobs[std::size_t(j)].id;
}

int NoteContext::demand(int j) const
{
    return m_scenario.jobs[std::size_t(j)].gpuCount();
}

QString NoteContext::gpus(int n)
{
    return n == 1 ? QStringLiteral("1 GPU") : QStringLiteral("%1 GPUs").arg(n);
}

QString NoteContext::number(double v)
{
    if (std::abs(v) >= 1000.0)
        return QString::number(std::round(v), 'f', 0);
    return QString::number(v, 'g', 4);
}

QString NoteContext::seconds(double s)
{
    return QStringLiteral("%1 s").arg(number(s));
}

QString NoteContext::need(int j) const
{
    return QStringLiteral("needs %1, %2 free").arg(gpus(demand(j))).arg(m_free);
}

QString NoteContext::blocked(int other) const
{
    return QStringLiteral("%1 %2").arg(name(other), need(other));
}

const DecisionNote* NoteContext::noteOf(DecisionNote::Kind kind, int j) const
{
    for (const DecisionNote* n = m_begin; n != m_end; ++n)
        if (n->kind == kind && n->job == j)
            return n;
    return nullptr;
}

void NoteContext::setStepNotes(const DecisionNote* begin, const DecisionNote* end)
{
    m_begin = begin;
    m_end = end;
}

} // namespace gantry
