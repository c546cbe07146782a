#include "scenarioforms.h"

#include "io/scenariowriter.h"
#include "lasthashes.h"
#include "sha256.h"

#include <QJsonDocument>

namespace gantry::storage {

QByteArray ScenarioForms::canonical(const QJsonObject& o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QString ScenarioForms::sha256(const QByteArray& b)
{
    return QString::fromLatin1(Sha256::hash(b).toHex());
}

ScenarioForms ScenarioForms::of(const Scenario& s)
{
    QByteArray nameless;
    ScenarioForms f = unhashed(s, &nameless);
    f.hash = sha256(f.compact);
    f.contentHash = sha256(nameless);
    LastHashes::remember(f.compact, {f.hash, f.contentHash});
    return f;
}

ScenarioForms ScenarioForms::unhashed(const Scenario& s, QByteArray* namelessOut)
{
    ScenarioForms f;
    f.context = ScenarioWriter::contextObject(s);
    f.jobs.reserve(s.jobs.size());
    qsizetype jobBytes = 2;
    for (const Job& j : s.jobs) {
        f.jobs.push_back(ScenarioWriter::jobCompactJson(j));
        jobBytes += f.jobs.back().size() + 1;
    }
    QByteArray jobsMember;
    jobsMember.reserve(jobBytes + 8);
    jobsMember += "\"jobs\":[";
    for (std::size_t i = 0; i < f.jobs.size(); ++i) {
        if (i > 0)
            jobsMember += ',';
        jobsMember += f.jobs[i];
    }
    jobsMember += ']';
    // Members in key order, "jobs" among them where it sorts.
    QByteArray full = "{", nameless = "{";
    bool jobsPlaced = false;
    auto add = [](QByteArray& to, const QByteArray& member) {
        if (to.size() > 1)
            to += ',';
        to += member;
    };
    auto addBoth = [&](const QByteArray& member, bool named) {
        add(full, member);
        if (namelessOut && !named)
            add(nameless, member);
    };
    for (auto it = f.context.begin(); it != f.context.end(); ++it) {
        if (!jobsPlaced && it.key() > QLatin1String("jobs")) {
            addBoth(jobsMember, false);
            jobsPlaced = true;
        }
        const QByteArray one = canonical(QJsonObject{{it.key(), it.value()}});
        addBoth(one.mid(1, one.size() - 2), it.key() == QLatin1String("name"));
    }
    if (!jobsPlaced)
        addBoth(jobsMember, false);
    full += '}';
    f.compact = std::move(full);
    if (namelessOut) {
        nameless += '}';
        *namelessOut = std::move(nameless);
    }
    return f;
}

std::future<ScenarioForms> ScenarioForms::ahead(const Scenario& s)
{
    return std::async(std::launch::async, [&s] {
        ScenarioForms f = of(s);
        f.compressed = qCompress(f.compact, CompressionLevel);
        f.jobKeys.reserve(qsizetype(f.jobs.size()) * JobKeySize);
        for (std::size_t i = 0; i < f.jobs.size(); ++i)
            f.jobKeys += f.jobKey(i);
        return f;
    });
}

QByteArray ScenarioForms::compressedCompact() const
{
    return compressed.isEmpty() ? qCompress(compact, CompressionLevel) : compressed;
}

QByteArray ScenarioForms::jobKey(std::size_t i) const
{
    if (qsizetype(i + 1) * JobKeySize <= jobKeys.size())
        return jobKeys.mid(qsizetype(i) * JobKeySize, JobKeySize);
    return Sha256::hash(jobs[i]).left(JobKeySize);
}

} // namespace gantry::storage
