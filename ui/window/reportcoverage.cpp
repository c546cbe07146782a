#include "reportcoverage.h"

#include "document/projectdocument.h"
#include "format/readabletext.h"
#include "storage/runconfigjson.h"

#include <QStringList>

#include <algorithm>

namespace gantry::ui {

QString ReportCoverage::text(const std::vector<DocumentRun>& shown, const ProjectDocument& document,
                             int s)
{
    QStringList policies;
    for (const DocumentRun& r : shown)
        policies << r.result->config.policy;
    QString text = tr("The report covers the %1 shown in Results: %2.")
                       .arg(ReadableText::count(qint64(shown.size()), tr("run"), tr("runs")),
                            policies.join(QStringLiteral(", ")));
    if (s < 0 || s >= document.scenarioCount())
        return text;
    const auto inBatch = [&shown](const RunConfig& c) {
        return std::any_of(shown.begin(), shown.end(),
                           [&](const DocumentRun& r) { return r.result->config == c; });
    };
    int others = 0;
    for (const storage::StoredRun& r : document.storedRuns(s)) {
        const auto config = storage::RunConfigJson::fromJson(r.config);
        others += !config || !inBatch(config.value());
    }
    for (const DocumentRun& r : document.runs(s))
        others += !r.saved && !inBatch(r.result->config);
    if (others > 0)
        text += tr(" %1 of \"%2\" %3 not in it: Run > Show Saved Runs puts the saved ones on "
                   "screen, and a new comparison runs the policies you check.")
                    .arg(ReadableText::count(others, tr("other run"), tr("other runs")),
                         document.scenario(s).name, others == 1 ? tr("is") : tr("are"));
    return text;
}

} // namespace gantry::ui
