#include "historytable.h"

#include "io/scenarioreader.h"
#include "parallelzlib.h"
#include "projectsql.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <cstring>
#include <unordered_set>

namespace gantry::storage {

namespace {

// The first 16 bytes of a history job's SHA-256: what keeps identical jobs once.
struct JobKey
{
    static constexpr int Size = ScenarioForms::JobKeySize;
    quint64 a = 0;
    quint64 b = 0;

    static JobKey of(const QByteArray& bytes)
    {
        JobKey k;
        if (bytes.size() >= Size) {
            std::memcpy(&k.a, bytes.constData(), 8);
            std::memcpy(&k.b, bytes.constData() + 8, 8);
        }
        return k;
    }
    bool operator==(const JobKey&) const = default;
    struct Hash
    {
        std::size_t operator()(const JobKey& k) const { return std::size_t(k.a ^ (k.b * 31)); }
    };
};

} // namespace

HistoryTable::HistoryTable(QSqlDatabase db, QString path)
    : m_db(std::move(db)), m_path(std::move(path))
{}

Result<int> HistoryTable::append(const Scenario& context, const std::vector<Job>& jobs,
                                 std::optional<qint64> runId, SaveProgress& progress,
                                 const ScenarioForms* forms)
{
    if (jobs.empty())
        return 0;
    ScenarioForms own;
    if (!forms) {
        // The cluster, GPU types and models a job needs to be read back, stored once.
        Scenario withJobs = context;
        withJobs.jobs = jobs;
        own = ScenarioForms::of(withJobs);
    }
    const ScenarioForms& f = forms ? *forms : own;
    const QByteArray contextJson = ScenarioForms::canonical(f.context);
    const QString contextHash = ScenarioForms::sha256(contextJson);
    QSqlQuery c(m_db);
    c.prepare(QStringLiteral("INSERT OR IGNORE INTO history_contexts (hash, json) VALUES (?, ?)"));
    c.addBindValue(contextHash);
    c.addBindValue(QString::fromUtf8(contextJson));
    if (!c.exec())
        return ProjectSql::error(m_path, QStringLiteral("adding history"), c.lastError());
    QSqlQuery fc(m_db);
    fc.prepare(QStringLiteral("SELECT id FROM history_contexts WHERE hash = ?"));
    fc.addBindValue(contextHash);
    if (!fc.exec() || !fc.next())
        return ProjectSql::error(m_path, QStringLiteral("adding history"), fc.lastError());
    const qint64 contextId = fc.value(0).toLongLong();
    fc.finish();
    if (forms) {
        QSqlQuery same(m_db);
        same.prepare(QStringLiteral("SELECT 1 FROM history_batches WHERE context_id = ? AND "
                                    "source_hash = ? LIMIT 1"));
        same.addBindValue(contextId);
        same.addBindValue(forms->contentHash);
        if (!same.exec())
            return ProjectSql::error(m_path, QStringLiteral("adding history"), same.lastError());
        if (same.next()) {
            for (std::size_t i = 0; i < jobs.size(); ++i)
                if (Status st = progress.step(); !st)
                    return st.error();
            return 0;
        }
    }

    // The hashes the context holds: rows of older files (hex) and batches (16 bytes each).
    std::unordered_set<JobKey, JobKey::Hash> known;
    QSqlQuery old(m_db);
    old.prepare(QStringLiteral("SELECT job_hash FROM history WHERE context_id = ?"));
    old.addBindValue(contextId);
    if (!old.exec())
        return ProjectSql::error(m_path, QStringLiteral("adding history"), old.lastError());
    while (old.next())
        known.insert(JobKey::of(QByteArray::fromHex(old.value(0).toString().toLatin1())));
    QSqlQuery batches(m_db);
    batches.prepare(QStringLiteral("SELECT hashes FROM history_batches WHERE context_id = ?"));
    batches.addBindValue(contextId);
    if (!batches.exec())
        return ProjectSql::error(m_path, QStringLiteral("adding history"), batches.lastError());
    while (batches.next()) {
        const QByteArray h = batches.value(0).toByteArray();
        for (qsizetype k = 0; k + JobKey::Size <= h.size(); k += JobKey::Size)
            known.insert(JobKey::of(h.mid(k, JobKey::Size)));
    }

    // The added jobs' JSON, one a line, is compressed from the forms' document a piece at a time
    // (a million jobs' lines are not copied into one buffer of their own).
    known.reserve(known.size() + f.jobCount());
    std::vector<QByteArrayView> lines;
    std::vector<qsizetype> ends; // where each added line ends, its newline included
    QByteArray hashes;
    hashes.reserve(qsizetype(f.jobCount()) * ScenarioForms::JobKeySize);
    qsizetype bytes = 0;
    for (std::size_t i = 0; i < f.jobCount(); ++i) {
        const QByteArray hash = f.jobKey(i); // hashed ahead by ScenarioForms::of
        if (known.insert(JobKey::of(hash)).second) {
            lines.push_back(f.job(i));
            bytes += lines.back().size() + 1; // compact JSON holds no raw newline
            ends.push_back(bytes);
            hashes += hash;
        }
        if (Status st = progress.step(); !st)
            return st.error();
    }
    const int added = int(lines.size());
    if (added == 0)
        return 0;
    const auto fill = [&lines, &ends](qsizetype from, qsizetype n, char* out) {
        std::size_t k =
            std::size_t(std::upper_bound(ends.begin(), ends.end(), from) - ends.begin());
        qsizetype at = from - (k == 0 ? 0 : ends[k - 1]); // into line k, its newline last
        for (; n > 0; ++k, at = 0) {
            const QByteArrayView line = lines[k];
            const qsizetype take = std::min(n, line.size() + 1 - at);
            const qsizetype text = std::max<qsizetype>(0, std::min(take, line.size() - at));
            std::memcpy(out, line.data() + at, std::size_t(text));
            if (take > text)
                out[text] = '\n';
            out += take;
            n -= take;
        }
    };
    QSqlQuery h(m_db);
    h.prepare(QStringLiteral("INSERT INTO history_batches (context_id, run_id, source_hash, "
                             "jobs, hashes, data) VALUES (?, ?, ?, ?, ?, ?)"));
    h.addBindValue(contextId);
    h.addBindValue(runId ? QVariant(*runId) : QVariant(QMetaType(QMetaType::LongLong)));
    h.addBindValue(forms ? QVariant(forms->contentHash) : QVariant(QMetaType(QMetaType::QString)));
    h.addBindValue(added);
    h.addBindValue(hashes);
    h.addBindValue(ParallelZlib::compress(bytes, fill, ScenarioForms::CompressionLevel));
    if (!h.exec())
        return ProjectSql::error(m_path, QStringLiteral("adding history"), h.lastError());
    return added;
}

Result<std::vector<Job>> HistoryTable::read() const
{
    QHash<qint64, QJsonObject> contexts;
    auto context = [&](qint64 id, const QString& json) -> const QJsonObject& {
        auto it = contexts.find(id);
        if (it == contexts.end())
            it = contexts.insert(id, QJsonDocument::fromJson(json.toUtf8()).object());
        return *it;
    };
    // Reads jobs (JSON objects) in context as ScenarioReader reads a scenario's jobs.
    auto read = [&](QJsonObject doc, const QJsonArray& jobs,
                    const QString& source) -> Result<std::vector<Job>> {
        doc.insert(QStringLiteral("jobs"), jobs);
        auto r = ScenarioReader::readJson(ScenarioForms::canonical(doc), source);
        if (!r)
            return Error::invalid(r.error().message);
        if (r.value().jobs.size() != std::size_t(jobs.size()))
            return ProjectSql::invalid(m_path, QStringLiteral("%1 is damaged").arg(source));
        return std::move(r.value().jobs);
    };

    // Rows of files before schema 4 first (they were added first), one job each.
    QSqlQuery q(m_db);
    if (!q.exec(QStringLiteral("SELECT h.id, h.context_id, c.json, h.job_json FROM history h "
                               "JOIN history_contexts c ON c.id = h.context_id ORDER BY h.id")))
        return ProjectSql::error(m_path, QStringLiteral("reading the history"), q.lastError());
    std::vector<Job> out;
    while (q.next()) {
        auto jobs =
            read(context(q.value(1).toLongLong(), q.value(2).toString()),
                 QJsonArray{QJsonDocument::fromJson(q.value(3).toString().toUtf8()).object()},
                 QStringLiteral("%1: history job %2").arg(m_path).arg(q.value(0).toLongLong()));
        if (!jobs)
            return jobs.error();
        out.push_back(std::move(jobs.value().front()));
    }
    // Then the batches, in the order they were added; one document per batch.
    QSqlQuery b(m_db);
    if (!b.exec(QStringLiteral("SELECT b.id, b.context_id, c.json, b.jobs, b.data FROM "
                               "history_batches b JOIN history_contexts c ON c.id = b.context_id "
                               "ORDER BY b.id")))
        return ProjectSql::error(m_path, QStringLiteral("reading the history"), b.lastError());
    while (b.next()) {
        const QString source =
            QStringLiteral("%1: history batch %2").arg(m_path).arg(b.value(0).toLongLong());
        const QByteArray data = qUncompress(b.value(4).toByteArray());
        QJsonArray jobs;
        for (const QByteArray& line : data.split('\n')) {
            if (line.isEmpty())
                continue;
            const QJsonDocument d = QJsonDocument::fromJson(line);
            if (!d.isObject())
                return ProjectSql::invalid(m_path, QStringLiteral("%1 is damaged").arg(source));
            jobs.append(d.object());
        }
        if (jobs.size() != b.value(3).toLongLong())
            return ProjectSql::invalid(m_path, QStringLiteral("%1 is damaged").arg(source));
        const QJsonObject& doc = context(b.value(1).toLongLong(), b.value(2).toString());
        auto read1 = read(doc, jobs, source);
        if (!read1) {
            // A batch whose jobs cannot share one document (ids given twice): one at a time.
            for (int i = 0; i < jobs.size(); ++i) {
                auto one =
                    read(doc, QJsonArray{jobs[i]}, QStringLiteral("%1, job %2").arg(source).arg(i));
                if (!one)
                    return one.error();
                out.push_back(std::move(one.value().front()));
            }
            continue;
        }
        for (Job& j : read1.value())
            out.push_back(std::move(j));
    }
    return out;
}

Result<int> HistoryTable::size() const
{
    auto n = ProjectSql::scalar(m_db, m_path,
                                QStringLiteral("SELECT (SELECT COUNT(*) FROM history) + "
                                               "(SELECT COALESCE(SUM(jobs), 0) FROM "
                                               "history_batches)"));
    if (!n)
        return n.error();
    return n.value().toInt();
}

} // namespace gantry::storage
