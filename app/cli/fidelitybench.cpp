#include "fidelitybench.h"

#include "analysis/fidelityset.h"

#include <QElapsedTimer>
#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace gantry::cli {

QJsonObject FidelityBench::run(const QString& placement, int repeat, QString* why)
{
    auto rows = FidelitySet::builtin();
    if (!rows) {
        if (why)
            *why = rows.error().message;
        return {};
    }
    QJsonArray out;
    std::vector<double> errors, heldOut;
    int refused = 0;
    std::size_t largest = 0;
    long long largestGpus = -1;
    for (std::size_t i = 0; i < rows.value().size(); ++i) {
        const FidelitySet::Row& r = rows.value()[i];
        const long long gpus = r.scenario.jobs.front().parallelism.workers();
        if (gpus > largestGpus) {
            largestGpus = gpus;
            largest = i;
        }
        QJsonObject o{
            {"name", r.name}, {"group", r.group}, {"gpus", gpus}, {"published_s", r.publishedS}};
        if (!r.excluded.isEmpty())
            o.insert("excluded", r.excluded);
        if (r.heldOut)
            o.insert("held_out", true);
        auto e = FidelitySet::evaluate(r, placement);
        if (!e) {
            o.insert("refused", e.error().message);
            ++refused;
            out.append(o);
            continue;
        }
        const FidelitySet::Outcome& x = e.value();
        const ModelIterationParts& p = x.parts;
        o.insert("predicted_s", x.predictedS);
        o.insert("error", x.error);
        o.insert("memory_gb", x.memoryGb);
        o.insert("gpu_memory_gb", x.gpuMemoryGb);
        o.insert("breakdown", QJsonObject{{"compute_s", p.computeS},
                                          {"recompute_s", p.recomputeS},
                                          {"bubble_s", p.bubbleS},
                                          {"data_s", p.dataS},
                                          {"tensor_s", p.tensorS},
                                          {"pipeline_s", p.pipelineS},
                                          {"context_s", p.contextS},
                                          {"expert_s", p.expertS}});
        if (!x.fits)
            ++refused;
        if (r.excluded.isEmpty())
            (r.heldOut ? heldOut : errors).push_back(std::abs(x.error));
        out.append(o);
    }
    const auto median = [](std::vector<double>& v) {
        std::sort(v.begin(), v.end());
        return v.empty()      ? 0.0
               : v.size() % 2 ? v[v.size() / 2]
                              : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2.0;
    };
    const double calibrationMedian = median(errors);
    const double heldOutMedian = median(heldOut);
    // The time of the largest row's placement and evaluation (what `map` does), median.
    std::vector<double> ms;
    for (int k = 0; k < std::max(1, repeat); ++k) {
        QElapsedTimer t;
        t.start();
        (void)FidelitySet::evaluate(rows.value()[largest], placement);
        ms.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return QJsonObject{{"placement", placement},
                       {"rows", out},
                       {"counted", int(errors.size())},
                       {"median_error", calibrationMedian},
                       {"worst_error", errors.empty() ? 0.0 : errors.back()},
                       {"held_out_counted", int(heldOut.size())},
                       {"held_out_median_error", heldOutMedian},
                       {"held_out_worst_error", heldOut.empty() ? 0.0 : heldOut.back()},
                       {"refused", refused},
                       {"largest_job", rows.value()[largest].name},
                       {"largest_gpus", largestGpus},
                       {"largest_map_ms", ms[ms.size() / 2]}};
}

void FidelityBench::print(const QJsonObject& result, QTextStream& out)
{
    out << "\nfidelity suite (calibration set, placement " << result.value("placement").toString()
        << ")\n"
        << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
               .arg(QStringLiteral("row"), -36)
               .arg(QStringLiteral("GPUs"), 5)
               .arg(QStringLiteral("published s"), 12)
               .arg(QStringLiteral("predicted s"), 12)
               .arg(QStringLiteral("error"), 8)
               .arg(QStringLiteral("GB per GPU"), 14);
    for (const QJsonValue& v : result.value("rows").toArray()) {
        const QJsonObject o = v.toObject();
        QString name = o.value("name").toString();
        if (o.contains("excluded"))
            name += QStringLiteral(" *");
        else if (o.value("held_out").toBool())
            name += QStringLiteral(" (held out)");
        if (o.contains("refused")) {
            out << QStringLiteral("%1 %2 %3 refused: %4\n")
                       .arg(name, -36)
                       .arg(o.value("gpus").toInt(), 5)
                       .arg(o.value("published_s").toDouble(), 12, 'f', 3)
                       .arg(o.value("refused").toString());
            continue;
        }
        out << QStringLiteral("%1 %2 %3 %4 %5 %6\n")
                   .arg(name, -36)
                   .arg(o.value("gpus").toInt(), 5)
                   .arg(o.value("published_s").toDouble(), 12, 'f', 3)
                   .arg(o.value("predicted_s").toDouble(), 12, 'f', 3)
                   .arg(QStringLiteral("%1%").arg(o.value("error").toDouble() * 100.0, 0, 'f', 1),
                        8)
                   .arg(QStringLiteral("%1 / %2")
                            .arg(o.value("memory_gb").toDouble(), 0, 'f', 1)
                            .arg(o.value("gpu_memory_gb").toDouble(), 0, 'f', 0),
                        14);
    }
    out << "median |error| "
        << QString::number(result.value("median_error").toDouble() * 100, 'f', 1) << "% and worst "
        << QString::number(result.value("worst_error").toDouble() * 100, 'f', 1) << "% over "
        << result.value("counted").toInt()
        << " calibration rows (targets 5% and 12%; * not counted: see docs/fidelity.md)\n"
        << "held out (no constant chosen on them): median |error| "
        << QString::number(result.value("held_out_median_error").toDouble() * 100, 'f', 1)
        << "% and worst "
        << QString::number(result.value("held_out_worst_error").toDouble() * 100, 'f', 1)
        << "% over " << result.value("held_out_counted").toInt()
        << " rows\nrefused for memory: " << result.value("refused").toInt() << "; map of "
        << result.value("largest_job").toString() << " (" << result.value("largest_gpus").toInt()
        << " GPUs): " << QString::number(result.value("largest_map_ms").toDouble(), 'f', 2)
        << " ms (target 10 ms)\n";
    out.flush();
}

} // namespace gantry::cli
