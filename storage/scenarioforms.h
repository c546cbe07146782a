#pragma once

#include "model/scenario.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QJsonObject>
#include <QString>

#include <future>
#include <vector>

namespace gantry::storage {

/// One scenario's canonical JSON, its hashes and its jobs' canonical JSON, serialised once per
/// save: the scenario row, both hashes and the history all use them. The compact JSON of an
/// object is its members, in key order, joined by commas, so the document is put together from
/// its members (the jobs from each job's own JSON), the same bytes as QJsonDocument's compact
/// form of the whole document.
struct ScenarioForms
{
    /// The first bytes of a job's SHA-256 the history keeps identical jobs once by.
    static constexpr int JobKeySize = 16;

    QJsonObject context; ///< the document without its jobs
    QByteArray compact;  ///< the whole document's canonical JSON (stored, compressed)
    /// Where each job's canonical JSON starts in compact, in order, and one past the last job's
    /// end (the jobs are one byte apart): job(i) reads it there, with no copy of its own.
    std::vector<qsizetype> jobAt;
    QString hash;        ///< ProjectStore::scenarioHash
    QString contentHash; ///< ProjectStore::contentHash (the name left out)
    /// Filled by ahead() only (empty: computed when needed): compact, zlib-compressed as the
    /// scenario row stores it.
    QByteArray compressed;
    /// Filled by of() and ahead() (empty from unhashed(): computed when needed): the jobs' keys,
    /// JobKeySize bytes each, in order.
    QByteArray jobKeys;
    qsizetype nameFrom = -1; ///< where the name's member starts in compact (-1: no name)
    qsizetype nameTo = -1;   ///< where it ends

    /// The forms of s, job keys included; the jobs are serialised and their keys hashed on every
    /// processor.
    static ScenarioForms of(const Scenario& s);
    /// of(s) without hashing (hash, contentHash and jobKeys stay empty).
    static ScenarioForms unhashed(const Scenario& s);
    /// contentHash: the SHA-256 (hex) of compact without the name's member (the bytes
    /// [nameFrom, nameTo) of compact, a comma included), hashed in place.
    QString namelessHash() const;
    /// of(s) with compressed and jobKeys, computed on another thread while the caller goes on
    /// (a run, say); s must stay alive and unchanged until the future is ready.
    static std::future<ScenarioForms> ahead(const Scenario& s);

    /// Number of jobs.
    std::size_t jobCount() const { return jobAt.empty() ? 0 : jobAt.size() - 1; }
    /// Job i's canonical JSON (i < jobCount()), a view into compact.
    QByteArrayView job(std::size_t i) const
    {
        return QByteArrayView(compact).sliced(jobAt[i], jobAt[i + 1] - 1 - jobAt[i]);
    }
    /// compact as the scenario row stores it: compressed when filled, else compressed now.
    QByteArray compressedCompact() const;
    /// Job i's key: jobKeys' when filled, else hashed now.
    QByteArray jobKey(std::size_t i) const;

    /// QJsonDocument's compact JSON of o (keys sorted): the canonical form.
    static QByteArray canonical(const QJsonObject& o);
    /// SHA-256 of b, in hexadecimal.
    static QString sha256(const QByteArray& b);
    /// The zlib level of stored JSON: nearly level 6's size at a fraction of the time.
    static constexpr int CompressionLevel = 1;
};

} // namespace gantry::storage
