#pragma once

#include "importworker.h"

#include <QObject>
#include <QString>
#include <QStringList>
#include <QThread>

namespace gantry::ui {

/// The window's side of ImportWorker: owns the worker and its thread, sends it one import at a
/// time and passes on only the signals of the import in hand, so that an abandoned (cancelled)
/// import never lands in the project.
class ImportControl : public QObject
{
    Q_OBJECT

public:
    /// A worker in a thread of its own, started.
    explicit ImportControl(QObject* parent = nullptr);
    /// Cancels the import in hand and joins the thread.
    ~ImportControl() override;

    /// Imports request in the worker and returns at once; the previous import, if any, must
    /// have ended or been abandoned.
    void start(const ImportWorker::Request& request);
    /// Stops the import in hand and drops whatever it still sends.
    void abandon();

signals:
    /// Progress in [0, 1] of the import in hand, and its step.
    void progress(double fraction, const QString& step);
    /// The trace was read: its scenario and the summary lines of its report.
    void imported(const gantry::Scenario& scenario, const QStringList& summary);
    /// The trace could not be imported; message names the file and the problem.
    void failed(const QString& message);
    /// Internal: tells the worker's thread (queued connection) that an import was submitted.
    void requested();

private:
    QThread m_thread;
    ImportWorker* m_worker = nullptr; // lives in m_thread, deleted after it stops
    quint64 m_ticket = 0;             // the import in hand
};

} // namespace gantry::ui
