#include "runorder.h"

#include "document/projectdocument.h"
#include "format/readabletext.h"

#include <memory>
#include <utility>

namespace gantry::ui {

Result<RunOrder> RunOrder::userRun(const ProjectDocument& document, const QList<RunConfig>& configs)
{
    if (!document.hasCurrent())
        return Error::invalid(tr("Open a scenario before running (File > Open)."));
    const auto& problems = document.problems();
    if (!problems.empty())
        return Error::invalid(
            tr("Cannot run: %n problem(s) to fix first; %1", nullptr, int(problems.size()))
                .arg(problems.front().text()));
    if (configs.isEmpty())
        return Error::invalid(tr("Check at least one policy to run."));
    RunOrder order;
    order.request.scenario = document.snapshot(document.currentIndex());
    order.request.scenarioIndex = document.currentIndex();
    order.request.configs = configs;
    order.status = tr("Running %n policy(ies)...", nullptr, int(configs.size()));
    return order;
}

RunOrder RunOrder::savedRuns(const ProjectDocument& document, int scenarioIndex)
{
    const Scenario& s = document.scenario(scenarioIndex);
    int skipped = 0;
    RunOrder order;
    const auto& stored = document.storedRuns(scenarioIndex);
    // Hashed only when there is a saved run to compare (a trace-sized scenario takes a while).
    const auto share = [&] { return document.snapshot(scenarioIndex); };
    order.request = RunRequest::savedRuns(stored, scenarioIndex, share,
                                          stored.empty() ? storage::LastHashes::Hashes{}
                                                         : document.scenarioHashes(scenarioIndex),
                                          &skipped);
    const qint64 count = order.request.configs.size();
    order.status = tr("Showing %1 of %2 again...")
                       .arg(ReadableText::count(count, tr("saved run"), tr("saved runs")), s.name);
    if (skipped > 0)
        order.status +=
            tr(" (%n cannot be shown: earlier version or trained on history)", nullptr, skipped);
    return order;
}

Result<RunOrder> RunOrder::savedRun(const ProjectDocument& document, int scenarioIndex, int stored)
{
    const storage::StoredRun& r = document.storedRuns(scenarioIndex)[std::size_t(stored)];
    auto request = RunRequest::savedRun(
        r, scenarioIndex, document.scenario(scenarioIndex),
        [&] { return document.snapshot(scenarioIndex); }, document.scenarioHashes(scenarioIndex));
    if (!request)
        return request.error();
    RunOrder order;
    order.request = std::move(request).value();
    order.status = tr("Showing saved run %1 again...").arg(r.id);
    return order;
}

} // namespace gantry::ui
