#pragma once

#include "io/import/importoptions.h"
#include "model/cluster.h"
#include "model/scenario.h"
#include "task/handoff.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <cstdint>
#include <optional>
#include <utility>

namespace gantry::ui {

/// Imports a trace (TraceImporterRegistry) away from the GUI thread: meant to be moved to a
/// QThread and driven by submit() and a queued call of importNext(); submit(), takeImported(),
/// cancel() and cancelRequested() may be called from any thread. Requests and imported traces
/// cross the threads through Handoff queues, not as arguments of queued signals. Progress follows
/// the bytes read, then the importer's own (the parse and the assembly, through Feedback) up to 1;
/// cancel() stops the importer itself.
///
/// Like RunWorker, every request carries a ticket (increasing, chosen by the caller) and every
/// signal names it, so that a cancelled request's late signals are told apart from the next.
class ImportWorker : public QObject
{
    Q_OBJECT

public:
    /// What to import.
    struct Request
    {
        QString format;                 ///< a TraceImporterRegistry format
        QString path;                   ///< the trace file
        std::optional<Cluster> cluster; ///< where the jobs land (formats with their own: none)
        ImportOptions options;          ///< limits and filters
    };

    /// Share of the progress that reading the file fills; the importer fills the rest.
    static constexpr double ReadShare = 0.1;

    /// A worker; give it no parent when it is to be moved to a thread.
    explicit ImportWorker(QObject* parent = nullptr);

    /// Stops every request whose ticket is at most ticket: one still reading its file at the
    /// next block or the importer at its next row, queued ones before they start. Thread-safe,
    /// returns at once.
    void cancel(std::uint64_t ticket);
    /// True once cancel() covered ticket; thread-safe.
    bool cancelRequested(std::uint64_t ticket) const;

    /// Queues request for importNext(); thread-safe.
    void submit(quint64 ticket, Request request);
    /// An imported trace, waiting for its caller.
    struct Imported
    {
        quint64 ticket = 0;
        Scenario scenario;   ///< the trace's scenario
        QStringList summary; ///< the summary lines of its report (rows kept, dropped)
    };
    /// The oldest imported trace not yet taken (one per imported() signal, in their order), or
    /// nothing. Thread-safe.
    std::optional<Imported> takeImported();

    /// Imports request and ends with exactly one of imported(), cancelled() or failed(), each
    /// with ticket. Never throws.
    void import(quint64 ticket, const gantry::ui::ImportWorker::Request& request);

public slots:
    /// Imports the oldest submitted request (import()); nothing when none waits.
    void importNext();

signals:
    /// Progress in [0, 1] and the step ("Reading philly.csv", "Parsing philly.csv").
    void progress(quint64 ticket, double fraction, const QString& step);
    /// The trace was read: its scenario and the summary lines of its report wait in
    /// takeImported().
    void imported(quint64 ticket);
    /// cancel() stopped the import; nothing was produced.
    void cancelled(quint64 ticket);
    /// The file could not be read or imported; message names the file and the problem.
    void failed(quint64 ticket, const QString& message);

private:
    std::atomic<std::uint64_t> m_cancelUpTo{0};      // requests with a ticket <= this are cancelled
    Handoff<std::pair<quint64, Request>> m_requests; // submitted, not yet started
    Handoff<Imported> m_imported;                    // imported, not yet taken
};

} // namespace gantry::ui
