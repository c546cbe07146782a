#include "scenarioforms.h"

#include "io/scenariowriter.h"
#include "lasthashes.h"
#include "parallelzlib.h"
#include "sha256.h"
#include "util/parallelfor.h"

#include <QJsonDocument>

#include <algorithm>
#include <future>

namespace gantry::storage {

namespace {

// Calls work(begin, end) over [0, n) in ranges of 4096 on every processor (parallelFor); each
// call writes only its own range, so the result does not depend on the thread count, and a
// small scenario is one range on this thread.
template <typename Work> void inRanges(std::size_t n, const Work& work)
{
    constexpr std::size_t kRange = 4096;
    parallelFor(int((n + kRange - 1) / kRange), 0, [&](int, int r) {
        work(std::size_t(r) * kRange, std::min(n, std::size_t(r + 1) * kRange));
    });
}

} // namespace

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
    ScenarioForms f = unhashed(s);
    // The jobs' keys (the history's) on every processor while this thread hashes the documents.
    f.jobKeys.resize(qsizetype(f.jobs.size()) * JobKeySize);
    char* const out = f.jobKeys.data(); // detached here, once, not by every thread
    const std::vector<QByteArray>& jobs = f.jobs;
    auto keys = std::async(std::launch::async, [out, &jobs] {
        inRanges(jobs.size(), [out, &jobs](std::size_t from, std::size_t to) {
            for (std::size_t i = from; i < to; ++i)
                std::copy_n(Sha256::hash(jobs[i]).constData(), JobKeySize,
                            out + qsizetype(i) * JobKeySize);
        });
    });
    f.hash = sha256(f.compact);
    f.contentHash = f.namelessHash();
    keys.get();
    LastHashes::remember(f.compact, {f.hash, f.contentHash});
    return f;
}

ScenarioForms ScenarioForms::unhashed(const Scenario& s)
{
    ScenarioForms f;
    f.context = ScenarioWriter::contextObject(s);
    f.jobs.resize(s.jobs.size());
    inRanges(s.jobs.size(), [&](std::size_t from, std::size_t to) {
        for (std::size_t i = from; i < to; ++i)
            f.jobs[i] = ScenarioWriter::jobCompactJson(s.jobs[i]);
    });
    // The context's members ("key":value), with "jobs" where it sorts among them (empty: the
    // jobs' place), sized first so that the document is written once into one buffer.
    std::vector<std::pair<QString, QByteArray>> members;
    qsizetype bytes = 2 + 9 + qsizetype(f.jobs.size());
    bool jobsPlaced = false;
    for (auto it = f.context.begin(); it != f.context.end(); ++it) {
        if (!jobsPlaced && it.key() > QLatin1String("jobs")) {
            members.emplace_back(QStringLiteral("jobs"), QByteArray());
            jobsPlaced = true;
        }
        const QByteArray one = canonical(QJsonObject{{it.key(), it.value()}});
        members.emplace_back(it.key(), one.mid(1, one.size() - 2));
        bytes += members.back().second.size() + 1;
    }
    if (!jobsPlaced)
        members.emplace_back(QStringLiteral("jobs"), QByteArray());
    for (const QByteArray& j : f.jobs)
        bytes += j.size();
    QByteArray full;
    full.reserve(bytes);
    full += '{';
    for (const auto& [key, member] : members) {
        const qsizetype before = full.size();
        if (full.size() > 1)
            full += ',';
        if (key == QLatin1String("jobs") && member.isEmpty()) {
            full += "\"jobs\":[";
            for (std::size_t i = 0; i < f.jobs.size(); ++i) {
                if (i > 0)
                    full += ',';
                full += f.jobs[i];
            }
            full += ']';
        } else {
            full += member;
        }
        if (key == QLatin1String("name")) {
            f.nameFrom = before;
            f.nameTo = full.size();
        }
    }
    full += '}';
    // A name that is the first member leaves out the comma after it instead of the one before.
    if (f.nameFrom == 1 && f.nameTo < full.size() && full[f.nameTo] == ',')
        ++f.nameTo;
    f.compact = std::move(full);
    return f;
}

QString ScenarioForms::namelessHash() const
{
    if (nameFrom < 0)
        return sha256(compact);
    const QByteArrayView all(compact);
    return QString::fromLatin1(Sha256::hash({all.first(nameFrom), all.sliced(nameTo)}).toHex());
}

std::future<ScenarioForms> ScenarioForms::ahead(const Scenario& s)
{
    return std::async(std::launch::async, [&s] {
        ScenarioForms f = of(s);
        f.compressed = ParallelZlib::compress(f.compact, CompressionLevel);
        return f;
    });
}

QByteArray ScenarioForms::compressedCompact() const
{
    return compressed.isEmpty() ? ParallelZlib::compress(compact, CompressionLevel) : compressed;
}

QByteArray ScenarioForms::jobKey(std::size_t i) const
{
    if (qsizetype(i + 1) * JobKeySize <= jobKeys.size())
        return jobKeys.mid(qsizetype(i) * JobKeySize, JobKeySize);
    return Sha256::hash(jobs[i]).left(JobKeySize);
}

} // namespace gantry::storage
