#pragma once

#include "metatypes.h"
#include "model/scenario.h"

#include <QObject>
#include <QString>
#include <QStringList>

namespace gantry::ui {

class ImportControl;
class ProjectDocument;

/// A trace import, without the window: the trace is read in an ImportControl's worker, then added
/// to the document as a new scenario (undoably, named after the file when it has no name of its
/// own) on the current scenario's cluster (formats that bring their own cluster need none). One
/// import at a time; it ends with ended() and a status text. A test drives it without a window.
class ImportSession : public QObject
{
    Q_OBJECT

public:
    /// How an import ended.
    enum class Outcome
    {
        Added,     ///< the trace is a new scenario of the document
        Failed,    ///< it could not be read, or no job was left: nothing added
        Cancelled, ///< cancel(): nothing added
    };
    Q_ENUM(Outcome)

    /// Adds what it imports to document; its worker thread is started.
    explicit ImportSession(ProjectDocument* document, QObject* parent = nullptr);
    /// Cancels the import in progress and joins the worker thread.
    ~ImportSession() override;

    /// Starts importing path as a trace of format (TraceImporterRegistry), at most limit jobs
    /// (0: all), and returns at once. False (nothing started) while an import is in progress.
    bool start(const QString& format, const QString& path, int limit = 0);
    /// Stops the import in progress: nothing is added, and it ends at once (Cancelled);
    /// whatever the worker still sends is dropped.
    void cancel();
    /// True from start() until the trace is read (adding it can no longer be cancelled) or the
    /// import ends.
    bool isImporting() const { return m_importing; }

signals:
    /// Progress in [0, 1] of the import in progress, and its step.
    void progress(double fraction, const QString& step);
    /// The trace is read and is being added to the document, the last step, which a cancel no
    /// longer stops; status says so.
    void adding(const QString& status);
    /// The import ended; message says how (what was imported, or what failed, naming the file).
    void ended(gantry::ui::ImportSession::Outcome outcome, const QString& message);

private:
    void onImported(const gantry::Scenario& imported, const QStringList& summary);
    void end(Outcome outcome, const QString& message);

    ProjectDocument* m_document;
    ImportControl* m_control = nullptr; // the import worker and its thread
    bool m_importing = false;
    QString m_format; // of the import in progress
    QString m_path;
};

} // namespace gantry::ui
