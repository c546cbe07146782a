#include "io/import/traceassembler.h"

#include "io/import/tracefields.h"

#include <QSet>

#include <algorithm>
#include <limits>

namespace gantry {

bool TraceAssembler::assemble(std::vector<TraceRow> rows, const ImportOptions& options,
                              const QString& idPrefix, Scenario& scenario, ImportReport& report,
                              ImportProgress& progress)
{
    if (progress.assembled(0, rows.size()))
        return false;
    // Submission order, ties in file order: a sorted index (rows are large to move).
    std::vector<std::pair<double, std::size_t>> order(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i)
        order[i] = {rows[i].submitS, i};
    std::sort(order.begin(), order.end());
    const double origin = order.empty() ? 0.0 : order.front().first;
    const int total = scenario.cluster.totalGpus();
    report.clusterGpus = total;

    // Which rows are kept, in submission order, so that the jobs are allocated once.
    std::vector<std::size_t> kept;
    kept.reserve(rows.size());
    double first = std::numeric_limits<double>::quiet_NaN();
    for (const auto& [submit, index] : order) {
        const TraceRow& r = rows[index];
        const double t = r.submitS - origin;
        const int gpus = r.gpuCount();
        std::optional<DropReason> why = r.drop;
        if (!why && options.sinceS && t < *options.sinceS)
            why = DropReason::BeforeSince;
        if (!why && options.untilS && t >= *options.untilS)
            why = DropReason::AfterUntil;
        if (!why && !options.vc.isEmpty() && r.vc != options.vc)
            why = DropReason::OtherVc;
        if (!why && options.minGpus > 0 && gpus < options.minGpus)
            why = DropReason::FewerGpus;
        if (!why && options.maxGpus > 0 && gpus > options.maxGpus)
            why = DropReason::MoreGpus;
        if (!why && gpus > total)
            why = DropReason::LargerThanCluster;
        if (!why && options.limit > 0 && qsizetype(kept.size()) >= options.limit)
            why = DropReason::OverLimit;
        if (why) {
            report.drop(*why);
            continue;
        }
        if (kept.empty())
            first = r.submitS;
        if (r.submitS - first > TraceFields::kMaxSeconds) {
            // A garbled date far from the others would make the scenario unreadable.
            report.addMalformed(r.line, QStringLiteral("submitted more than 1e9 s after the first "
                                                       "job"));
            continue;
        }
        kept.push_back(index);
    }

    scenario.jobs.reserve(scenario.jobs.size() + kept.size());
    QSet<QString> used;
    used.reserve(qsizetype(kept.size()));
    std::size_t done = 0;
    for (const std::size_t index : kept) {
        if (progress.assembled(done++, kept.size()))
            return false;
        TraceRow& r = rows[index];
        QString id =
            r.traceId.isEmpty() ? idPrefix + QString::number(scenario.jobs.size()) : r.traceId;
        const qsizetype before = used.size();
        used.insert(id);
        if (used.size() == before) { // taken: the first free "id-n", n from 2
            int n = 2;
            while (used.contains(QStringLiteral("%1-%2").arg(id).arg(n)))
                ++n;
            id = QStringLiteral("%1-%2").arg(id).arg(n);
            used.insert(id);
        }
        scenario.jobs.push_back(r.takeJob(id, r.submitS - first));
    }
    report.kept = int(scenario.jobs.size());
    progress.finished();
    return true;
}

std::optional<Error> TraceAssembler::malformed(ImportReport& report, const ImportOptions& options,
                                               int line, const QString& message)
{
    if (options.strict)
        return Error::invalid(
            QStringLiteral("%1: line %2: %3").arg(report.source).arg(line).arg(message));
    report.addMalformed(line, message);
    return std::nullopt;
}

} // namespace gantry
