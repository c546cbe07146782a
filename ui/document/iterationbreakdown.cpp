#include "iterationbreakdown.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

namespace gantry::ui {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("gantry::ui::IterationBreakdown", text);
}

bool usable(const Cluster& c, const Server& s)
{
    return s.gpuType >= 0 && s.gpuType < int(c.gpuTypes.size()) && s.gpus >= 1 &&
           std::isfinite(s.intraGBps) && s.intraGBps > 0.0 && std::isfinite(s.nicGbps) &&
           s.nicGbps > 0.0;
}

} // namespace

std::optional<IterationBreakdown> IterationBreakdown::of(const Cluster& cluster, const Job& job)
{
    if (job.kind != JobKind::Model || !job.graph.model || job.graph.workers.empty())
        return std::nullopt;
    IterationBreakdown b;
    b.m_cost = *job.graph.model;
    for (std::size_t t = 0; t < cluster.gpuTypes.size(); ++t) {
        OnType on;
        on.gpuType = int(t);
        const Server* representative = nullptr;
        for (const Server& s : cluster.servers) {
            if (s.gpuType != int(t) || !usable(cluster, s))
                continue;
            on.gpus += s.gpus;
            // The largest server of the type (the first of equals): the most of each group
            // stays inside one server, as a consolidating placement would keep it.
            if (!representative || s.gpus > representative->gpus)
                representative = &s;
        }
        if (!representative)
            continue;
        const GpuType& type = cluster.gpuTypes[t];
        on.name = type.name;
        on.memoryGb = type.memoryGb;
        on.gpusPerServer = representative->gpus;
        on.intraGBps = representative->intraGBps;
        on.nicGbps = representative->nicGbps;
        on.time =
            ModelIteration::onType(b.m_cost, type, on.gpusPerServer, on.intraGBps, on.nicGbps);
        on.time.gpuType = int(t);
        on.fits = b.memoryGb() <= type.memoryGb;
        b.m_types.push_back(std::move(on));
    }
    if (b.m_types.empty())
        return std::nullopt;
    return b;
}

double IterationBreakdown::slowestS() const
{
    double s = 0.0;
    for (const OnType& t : m_types)
        s = std::max(s, t.time.iterationS);
    return s;
}

double IterationBreakdown::part(const ModelIterationParts& t, int i)
{
    switch (i) {
    case 0:
        return t.computeS;
    case 1:
        return t.recomputeS;
    case 2:
        return t.bubbleS;
    case 3:
        return t.dataS;
    case 4:
        return t.tensorS;
    case 5:
        return t.pipelineS;
    case 6:
        return t.contextS;
    case 7:
        return t.expertS;
    default:
        return 0.0;
    }
}

QString IterationBreakdown::partName(int i)
{
    static const char* const names[kParts] = {
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "compute"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "recompute"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "bubble"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "data"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "tensor"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "pipeline"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "context"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "expert"),
    };
    return i >= 0 && i < kParts ? tr(names[i]) : QString();
}

QString IterationBreakdown::partDescription(int i)
{
    static const char* const text[kParts] = {
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown",
                          "forward and backward passes and the optimizer step"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown",
                          "the forward work done again (activation recomputation)"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown",
                          "pipeline fill and drain: (pp - 1) / vp micro-batch steps"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown",
                          "data-parallel gradient collectives that compute does not hide"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown",
                          "tensor-parallel collectives that compute does not hide"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown",
                          "transfers between pipeline stages on the critical path"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown",
                          "context-parallel key/value exchange that compute does not hide"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "expert all-to-all"),
    };
    return i >= 0 && i < kParts ? tr(text[i]) : QString();
}

double IterationBreakdown::memoryPart(const ModelCost& c, int i)
{
    switch (i) {
    case 0:
        return c.weightsGb;
    case 1:
        return c.gradientsGb;
    case 2:
        return c.optimizerGb;
    case 3:
        return c.activationsGb;
    default:
        return 0.0;
    }
}

QString IterationBreakdown::memoryPartName(int i)
{
    static const char* const names[kMemoryParts] = {
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "weights"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "gradients"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "optimizer"),
        QT_TRANSLATE_NOOP("gantry::ui::IterationBreakdown", "activations"),
    };
    return i >= 0 && i < kMemoryParts ? tr(names[i]) : QString();
}

QString IterationBreakdown::number(double v)
{
    const QLocale locale(QLocale::English);
    if (!std::isfinite(v))
        return QString::number(v);
    if (std::abs(v) >= 1000.0)
        return locale.toString(v, 'f', 0);
    if (v == 0.0)
        return QStringLiteral("0");
    // Below a ten-thousandth, a part is too small to matter next to the others.
    if (std::abs(v) < 0.00005)
        return v > 0.0 ? QStringLiteral("<0.0001") : QStringLiteral(">-0.0001");
    // Three significant digits in plain notation, four decimals at most ("0.0123", "0.0004",
    // never "1.23e-04").
    const int magnitude = int(std::floor(std::log10(std::abs(v))));
    return locale.toString(v, 'f', std::clamp(2 - magnitude, 0, 4));
}

QString IterationBreakdown::seconds(double s)
{
    return tr("%1 s").arg(number(s));
}

} // namespace gantry::ui
