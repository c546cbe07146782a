#include "historytable.h"

#include "io/scenarioreader.h"
#include "jobkeyset.h"
#include "parallelzlib.h"
#include "projectsql.h"
#include "scenariotable.h"

#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlQuery>
#include <QVariant>

#include <algorithm>
#include <cstring>

namespace gantry::storage {

namespace {

// Lines, each followed by a newline, compressed a piece at a time (a million jobs' lines are not
// copied into one buffer of their own).
QByteArray compressedLines(const std::vector<QByteArrayView>& lines)
{
    std::vector<qsizetype> ends; // where each line ends, its newline included
    ends.reserve(lines.size());
    qsizetype bytes = 0;
    for (const QByteArrayView& line : lines) {
        bytes += line.size() + 1; // compact JSON holds no raw newline
        ends.push_back(bytes);
    }
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
    return ParallelZlib::compress(bytes, fill, ScenarioForms::CompressionLevel);
}

} // namespace

HistoryTable::HistoryTable(QSqlDatabase db, QString path)
    : m_db(std::move(db)), m_path(std::move(path))
{}

Result<int> HistoryTable::append(const Scenario& context, const std::vector<Job>& jobs,
                                 std::optional<qint64> runId, SaveProgress& progress,
                                 const ScenarioForms* forms, std::optional<qint64> scenarioId)
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
        auto same =
            ProjectSql::scalar(m_db, m_path,
                               QStringLiteral("SELECT 1 FROM history_batches WHERE "
                                              "context_id = ? AND source_hash = ? LIMIT 1"),
                               {contextId, forms->contentHash}, QStringLiteral("adding history"));
        if (!same)
            return same.error();
        if (!same.value().isNull()) {
            for (std::size_t i = 0; i < jobs.size(); ++i)
                if (Status st = progress.step(); !st)
                    return st.error();
            return 0;
        }
    }

    // The hashes the context holds: rows of older files (hex) and batches (16 bytes each).
    std::vector<JobKeySet::Key> held;
    QSqlQuery old(m_db);
    old.prepare(QStringLiteral("SELECT job_hash FROM history WHERE context_id = ?"));
    old.addBindValue(contextId);
    if (!old.exec())
        return ProjectSql::error(m_path, QStringLiteral("adding history"), old.lastError());
    while (old.next())
        held.push_back(JobKeySet::Key::of(QByteArray::fromHex(old.value(0).toString().toLatin1())));
    QSqlQuery batches(m_db);
    batches.prepare(QStringLiteral("SELECT hashes FROM history_batches WHERE context_id = ?"));
    batches.addBindValue(contextId);
    if (!batches.exec())
        return ProjectSql::error(m_path, QStringLiteral("adding history"), batches.lastError());
    while (batches.next()) {
        const QByteArray h = batches.value(0).toByteArray();
        for (qsizetype k = 0; k + JobKeySet::Key::Size <= h.size(); k += JobKeySet::Key::Size)
            held.push_back(JobKeySet::Key::of(h.constData() + k));
    }
    JobKeySet known(held.size() + f.jobCount());
    for (const JobKeySet::Key& k : held)
        known.insert(k);
    held = {};

    // The added jobs' JSON, one a line, is compressed from the forms' document.
    std::vector<QByteArrayView> lines;
    QByteArray hashes;
    hashes.reserve(qsizetype(f.jobCount()) * ScenarioForms::JobKeySize);
    const bool hashed = f.jobKeys.size() >= qsizetype(f.jobCount()) * ScenarioForms::JobKeySize;
    QByteArray one;
    for (std::size_t i = 0; i < f.jobCount(); ++i) {
        // Hashed ahead by ScenarioForms::of, or now.
        const char* key = hashed ? f.jobKeys.constData() + qsizetype(i) * ScenarioForms::JobKeySize
                                 : (one = f.jobKey(i)).constData();
        if (known.insert(JobKeySet::Key::of(key))) {
            lines.push_back(f.job(i));
            hashes.append(key, ScenarioForms::JobKeySize);
        }
        if (Status st = progress.step(); !st)
            return st.error();
    }
    const int added = int(lines.size());
    if (added == 0)
        return 0;
    // Every job of a document its scenario row stores: the batch refers to the row.
    bool refer = false;
    if (forms && scenarioId && lines.size() == f.jobCount()) {
        auto stored = ScenarioTable(m_db, m_path).hashOf(*scenarioId);
        if (!stored)
            return stored.error();
        refer = stored.value() == forms->hash;
    }
    QSqlQuery h(m_db);
    h.prepare(refer ? QStringLiteral("INSERT INTO history_batches (context_id, run_id, "
                                     "source_hash, jobs, hashes, scenario_id, data) VALUES "
                                     "(?, ?, ?, ?, ?, ?, X'')")
                    : QStringLiteral("INSERT INTO history_batches (context_id, run_id, "
                                     "source_hash, jobs, hashes, data) VALUES (?, ?, ?, ?, ?, ?)"));
    h.addBindValue(contextId);
    h.addBindValue(runId ? QVariant(*runId) : QVariant(QMetaType(QMetaType::LongLong)));
    h.addBindValue(forms ? QVariant(forms->contentHash) : QVariant(QMetaType(QMetaType::QString)));
    h.addBindValue(added);
    h.addBindValue(hashes);
    h.addBindValue(refer ? QVariant(*scenarioId) : QVariant(compressedLines(lines)));
    if (!h.exec())
        return ProjectSql::error(m_path, QStringLiteral("adding history"), h.lastError());
    return added;
}

Status HistoryTable::detach(qint64 scenarioId)
{
    auto any = ProjectSql::scalar(
        m_db, m_path, QStringLiteral("SELECT 1 FROM history_batches WHERE scenario_id = ? LIMIT 1"),
        {scenarioId}, QStringLiteral("keeping the history"));
    if (!any)
        return any.error();
    if (any.value().isNull())
        return {};
    auto json = ScenarioTable(m_db, m_path).document(scenarioId);
    if (!json)
        return json.error();
    auto s = ScenarioReader::readJson(
        json.value(), QStringLiteral("%1: scenario %2").arg(m_path).arg(scenarioId));
    if (!s)
        return Error::invalid(s.error().message);
    // The stored document is canonical: its jobs written again are the bytes they were read from.
    const ScenarioForms f = ScenarioForms::unhashed(s.value());
    std::vector<QByteArrayView> lines;
    lines.reserve(f.jobCount());
    for (std::size_t i = 0; i < f.jobCount(); ++i)
        lines.push_back(f.job(i));
    QSqlQuery u(m_db);
    u.prepare(QStringLiteral(
        "UPDATE history_batches SET data = ?, scenario_id = NULL WHERE scenario_id = ?"));
    u.addBindValue(compressedLines(lines));
    u.addBindValue(scenarioId);
    if (!u.exec())
        return ProjectSql::error(m_path, QStringLiteral("keeping the history"), u.lastError());
    return {};
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
            return Error::invalid(QStringLiteral("%1 is damaged").arg(source));
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
    if (!b.exec(QStringLiteral("SELECT b.id, b.context_id, c.json, b.jobs, b.data, b.scenario_id "
                               "FROM history_batches b JOIN history_contexts c ON c.id = "
                               "b.context_id ORDER BY b.id")))
        return ProjectSql::error(m_path, QStringLiteral("reading the history"), b.lastError());
    while (b.next()) {
        const QString source =
            QStringLiteral("%1: history batch %2").arg(m_path).arg(b.value(0).toLongLong());
        if (!b.value(5).isNull()) {
            // Every job of the document a scenario row stores, in its order.
            auto json = ScenarioTable(m_db, m_path).document(b.value(5).toLongLong());
            if (!json)
                return Error::invalid(QStringLiteral("%1 is damaged: its jobs are scenario %2's, "
                                                     "which cannot be read (%3)")
                                          .arg(source)
                                          .arg(b.value(5).toLongLong())
                                          .arg(json.error().message));
            auto s = ScenarioReader::readJson(json.value(), source);
            if (!s)
                return Error::invalid(s.error().message);
            if (qint64(s.value().jobs.size()) != b.value(3).toLongLong())
                return Error::invalid(QStringLiteral("%1 is damaged").arg(source));
            for (Job& j : s.value().jobs)
                out.push_back(std::move(j));
            continue;
        }
        const QByteArray data = qUncompress(b.value(4).toByteArray());
        QJsonArray jobs;
        for (const QByteArray& line : data.split('\n')) {
            if (line.isEmpty())
                continue;
            const QJsonDocument d = QJsonDocument::fromJson(line);
            if (!d.isObject())
                return Error::invalid(QStringLiteral("%1 is damaged").arg(source));
            jobs.append(d.object());
        }
        if (jobs.size() != b.value(3).toLongLong())
            return Error::invalid(QStringLiteral("%1 is damaged").arg(source));
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
