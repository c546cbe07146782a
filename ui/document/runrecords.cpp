#include "runrecords.h"

#include "storage/projectstore.h"
#include "storage/runconfigjson.h"

#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>

namespace gantry::ui {

bool RunRecords::addRun(ScenarioEntry& e, DocumentRun run)
{
    const Scenario& ran = run.ranOn ? *run.ranOn : e.scenario();
    // Runs are deterministic: the same configuration on the same scenario is the same run, so
    // running it again neither lists nor records it twice.
    const auto same = [&](const DocumentRun& r) {
        if (r.saved || !(r.result->config == run.result->config))
            return false;
        const Scenario& other = r.ranOn ? *r.ranOn : e.scenario();
        return &other == &ran || other == ran;
    };
    std::erase_if(e.runs, same);
    bool stored = false;
    for (const storage::StoredRun& r : e.storedRuns) {
        auto config = storage::RunConfigJson::fromJson(r.config);
        if (config && config.value() == run.result->config) {
            if (!m_hashValid || m_hashed != run.ranOn) { // one hash per comparison
                m_hashValid = true;
                m_hashed = run.ranOn;
                // The entry's scenario as opened or saved keeps the hashes found then.
                const storage::LastHashes::Hashes h = !run.ranOn && !e.dirty && e.hashes
                                                          ? *e.hashes
                                                          : storage::ProjectStore::hashes(ran);
                m_hashedContent = h.contentHash;
                m_hashedFull = h.hash;
            }
            stored = stored || r.scenarioHash == m_hashedContent || r.scenarioHash == m_hashedFull;
        }
    }
    if (stored)
        return false; // recorded in the project already
    e.runs.push_back(std::move(run));
    return true;
}

void RunRecords::addSweep(ScenarioEntry& e, const Scenario& base, const QByteArray& sweepJson)
{
    // The same sweep (same sweep_sha256) again replaces the one kept.
    const auto hashOf = [](const QByteArray& json) {
        return QJsonDocument::fromJson(json).object().value(QStringLiteral("sweep_sha256"));
    };
    const QJsonValue hash = hashOf(sweepJson);
    std::erase_if(e.sweeps, [&](const storage::RecordedSweep& s) {
        return !hash.isUndefined() && hashOf(s.sweepJson) == hash;
    });
    e.sweeps.push_back({base, sweepJson});
}

int RunRecords::unsavedRunCount(const std::vector<ScenarioEntry>& entries)
{
    int n = 0;
    for (const ScenarioEntry& e : entries)
        for (const DocumentRun& r : e.runs)
            n += r.saved ? 0 : 1;
    return n;
}

int RunRecords::unsavedSweepCount(const std::vector<ScenarioEntry>& entries)
{
    int n = 0;
    for (const ScenarioEntry& e : entries)
        n += int(e.sweeps.size());
    return n;
}

} // namespace gantry::ui
