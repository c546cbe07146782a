#include "importsession.h"

#include "document/projectdocument.h"
#include "format/readabletext.h"
#include "window/importcontrol.h"

#include <QFileInfo>

namespace gantry::ui {

ImportSession::ImportSession(ProjectDocument* document, QObject* parent)
    : QObject(parent), m_document(document)
{
    registerMetaTypes();
    m_control = new ImportControl(this);
    connect(m_control, &ImportControl::progress, this, &ImportSession::progress);
    connect(m_control, &ImportControl::imported, this, &ImportSession::onImported);
    connect(m_control, &ImportControl::failed, this,
            [this](const QString& message) { end(Outcome::Failed, message); });
}

ImportSession::~ImportSession()
{
    // The worker stops before the session's members go.
    delete m_control;
}

bool ImportSession::start(const QString& format, const QString& path, int limit)
{
    if (m_importing)
        return false;
    ImportWorker::Request request;
    request.format = format;
    request.path = path;
    if (m_document->hasCurrent() && !m_document->current().cluster.servers.empty())
        request.cluster = m_document->current().cluster;
    request.options.limit = limit;
    m_format = format;
    m_path = path;
    m_importing = true;
    m_control->start(request);
    return true;
}

void ImportSession::cancel()
{
    if (!m_importing)
        return;
    // The worker stops at its next check; whatever it sends afterwards names the old ticket
    // and is dropped, so the project stays as it was.
    m_control->abandon();
    end(Outcome::Cancelled, tr("Import cancelled: nothing added"));
}

void ImportSession::onImported(const gantry::Scenario& imported, const QStringList& summary)
{
    if (imported.jobs.empty()) {
        // As on the command line: nothing is added, and the message says what was dropped.
        end(Outcome::Failed,
            tr("%1: no job left to import as a %2 trace, nothing added (%3). Is it a %2 file?")
                .arg(m_path, m_format,
                     summary.isEmpty() ? tr("the file holds no job") : summary.first()));
        return;
    }
    Scenario s = imported;
    if (s.name.isEmpty())
        s.name = QFileInfo(m_path).completeBaseName();
    const QString message = summary.isEmpty() ? tr("Imported %1").arg(m_path) : summary.first();
    // The trace is read: adding it to the project is the last step, which a cancel no longer
    // stops (on a large trace it takes a while). Say so before it starts, so that a Cancel
    // clicked meanwhile is refused in words; Undo takes the import back.
    m_importing = false; // the document takes the new scenario as when one is opened
    emit adding(
        tr("Adding %1 to the project: too late to cancel, Edit > Undo takes the import back...")
            .arg(ReadableText::count(int(s.jobs.size()), tr("imported job"), tr("imported jobs"))));
    m_document->addScenario(s,
                            tr("Import %1 trace %2").arg(m_format, QFileInfo(m_path).fileName()));
    end(Outcome::Added, tr("%1 (Edit > Undo takes the import back)").arg(message));
}

void ImportSession::end(Outcome outcome, const QString& message)
{
    m_importing = false;
    emit ended(outcome, message);
}

} // namespace gantry::ui
