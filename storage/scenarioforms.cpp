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

// Jobs in one range of inRanges.
constexpr std::size_t kRange = 4096;

// Calls work(begin, end) over [0, n) in ranges of kRange on every processor (parallelFor); each
// call writes only its own range, so the result does not depend on the thread count, and a
// small scenario is one range on this thread.
template <typename Work> void inRanges(std::size_t n, const Work& work)
{
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
    f.jobKeys.resize(qsizetype(f.jobCount()) * JobKeySize);
    char* const out = f.jobKeys.data(); // detached here, once, not by every thread
    const ScenarioForms& forms = f;
    auto keys = std::async(std::launch::async, [out, &forms] {
        inRanges(forms.jobCount(), [out, &forms](std::size_t from, std::size_t to) {
            for (std::size_t i = from; i < to; ++i)
                std::copy_n(Sha256::hash({forms.job(i)}).constData(), JobKeySize,
                            out + qsizetype(i) * JobKeySize);
        });
    });
    if (f.nameFrom < 0) {
        f.hash = sha256(f.compact);
        f.contentHash = f.hash;
    } else {
        // Both hashes share the bytes before the name (the jobs among them): hashed once.
        const QByteArrayView all(f.compact);
        const auto [whole, nameless] =
            Sha256::hashForked(all.first(f.nameFrom), all.sliced(f.nameFrom), all.sliced(f.nameTo));
        f.hash = QString::fromLatin1(whole.toHex());
        f.contentHash = QString::fromLatin1(nameless.toHex());
    }
    keys.get();
    LastHashes::remember(f.compact, {f.hash, f.contentHash});
    return f;
}

ScenarioForms ScenarioForms::unhashed(const Scenario& s)
{
    ScenarioForms f;
    f.context = ScenarioWriter::contextObject(s);
    // The jobs' JSON written on every processor, a range of jobs into each piece, with each
    // job's length; then copied into the document once.
    const std::size_t n = s.jobs.size();
    std::vector<QByteArray> pieces((n + kRange - 1) / kRange);
    std::vector<qsizetype> lengths(n);
    inRanges(n, [&](std::size_t from, std::size_t to) {
        QByteArray& piece = pieces[from / kRange];
        piece.reserve(qsizetype(to - from) * 160);
        for (std::size_t i = from; i < to; ++i) {
            const qsizetype before = piece.size();
            ScenarioWriter::appendJobCompactJson(s.jobs[i], piece);
            lengths[i] = piece.size() - before;
        }
    });
    // The context's members ("key":value), with "jobs" where it sorts among them (empty: the
    // jobs' place), sized first so that the document is written once into one buffer.
    std::vector<std::pair<QString, QByteArray>> members;
    qsizetype bytes = 2 + 9 + qsizetype(n);
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
    for (const QByteArray& piece : pieces)
        bytes += piece.size();
    QByteArray full;
    full.reserve(bytes);
    full += '{';
    for (const auto& [key, member] : members) {
        const qsizetype before = full.size();
        if (full.size() > 1)
            full += ',';
        if (key == QLatin1String("jobs") && member.isEmpty()) {
            full += "\"jobs\":[";
            f.jobAt.reserve(n + 1);
            std::size_t i = 0;
            for (QByteArray& piece : pieces) {
                const char* p = piece.constData();
                for (const std::size_t end = std::min(n, i + kRange); i < end; ++i) {
                    if (i > 0)
                        full += ',';
                    f.jobAt.push_back(full.size());
                    full.append(p, lengths[i]);
                    p += lengths[i];
                }
                piece = QByteArray(); // freed as soon as it is copied
            }
            f.jobAt.push_back(full.size() + 1); // one past the last job's end and separator
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
    return Sha256::hash({job(i)}).left(JobKeySize);
}

} // namespace gantry::storage
