#include "plan/costmodel.h"

#include "io/gpucatalogue.h"

#include <map>

namespace gantry::plan {

namespace {
Result<GpuCost> costOf(const QString& type)
{
    if (auto c = GpuCatalogue::findCost(type))
        return *c;
    return Error::invalid(
        QStringLiteral("GPU type \"%1\" is not in the catalogue: its power and prices are unknown")
            .arg(type));
}
} // namespace

std::vector<std::pair<QString, double>> CostModel::busyGpuSeconds(const Cluster& cluster,
                                                                  const Schedule& schedule)
{
    std::vector<double> byType(cluster.gpuTypes.size(), 0.0);
    std::vector<bool> present(cluster.gpuTypes.size(), false);
    for (const Server& s : cluster.servers)
        present[std::size_t(s.gpuType)] = true;
    for (const ScheduleSegment& seg : schedule.segments)
        for (int g : schedule.gpusOf(seg)) {
            const int type = cluster.servers[std::size_t(cluster.serverOfGpu(g))].gpuType;
            byType[std::size_t(type)] += seg.endS - seg.startS;
        }
    std::vector<std::pair<QString, double>> out;
    for (std::size_t t = 0; t < byType.size(); ++t)
        if (present[t])
            out.emplace_back(cluster.gpuTypes[t].name, byType[t]);
    return out;
}

Result<double> CostModel::capitalUsd(const Cluster& cluster)
{
    double total = 0.0;
    for (const Server& s : cluster.servers) {
        if (s.priceUsd) {
            total += *s.priceUsd;
            continue;
        }
        const Result<GpuCost> c = costOf(cluster.gpuTypes[std::size_t(s.gpuType)].name);
        if (!c)
            return c.error();
        total += double(s.gpus) * c.value().purchaseUsd;
    }
    return total;
}

Result<double> CostModel::energyUsd(const Cluster& cluster,
                                    const std::vector<std::pair<QString, double>>& busy,
                                    double makespanS, const CostParams& params)
{
    std::map<QString, int> gpus;
    for (const Server& s : cluster.servers)
        gpus[cluster.gpuTypes[std::size_t(s.gpuType)].name] += s.gpus;
    double kw = 0.0;
    for (const auto& [type, n] : gpus) {
        const Result<GpuCost> c = costOf(type);
        if (!c)
            return c.error();
        double b = 0.0;
        for (const auto& [name, seconds] : busy)
            if (name == type)
                b = seconds;
        const double busyGpus = makespanS > 0.0 ? b / makespanS : 0.0;
        kw += c.value().boardPowerW / 1000.0 *
              (params.idlePowerFraction * double(n) + (1.0 - params.idlePowerFraction) * busyGpus);
    }
    const double hours = 8760.0 * params.horizonYears;
    return kw * params.pue * hours * params.electricityUsdPerKwh;
}

Result<double> CostModel::cloudUsd(const std::vector<std::pair<QString, double>>& busy)
{
    double total = 0.0;
    for (const auto& [type, seconds] : busy) {
        const Result<GpuCost> c = costOf(type);
        if (!c)
            return c.error();
        total += seconds / 3600.0 * c.value().cloudUsdPerHour;
    }
    return total;
}

} // namespace gantry::plan
