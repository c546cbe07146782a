#include "projectsession.h"

#include "document/projectdocument.h"
#include "document/scenariovalidator.h"
#include "format/readabletext.h"
#include "io/scenarioreader.h"
#include "task/livewait.h"
#include "util/result.h"
#include "window/filemenu.h"
#include "window/recentfiles.h"

#include <QFileInfo>
#include <QMessageBox>
#include <QStringList>

#include <exception>
#include <optional>
#include <utility>

namespace gantry::ui {

ProjectSession::ProjectSession(ProjectDocument* document, RecentFiles* recent, QWidget* window,
                               QObject* parent)
    : QObject(parent), m_document(document), m_recent(recent), m_window(window)
{
    m_document->setFileRunner(
        [this](const std::function<void()>& work) { runFileWork(m_fileLabel, work); });
}

void ProjectSession::runFileWork(const QString& label, const std::function<void()>& work)
{
    m_fileBusy = true;
    try {
        LiveWait::run(m_window, label, work);
    } catch (...) {
        m_fileBusy = false;
        throw;
    }
    m_fileBusy = false;
}

QString ProjectSession::busyWith() const
{
    if (m_fileBusy)
        return tr("a save or an open");
    return m_busy ? m_busy() : QString();
}

bool ProjectSession::mayReplace(const QString& action)
{
    if (const QString busy = busyWith(); !busy.isEmpty()) {
        emit failed(tr("Cannot %1 while %2 is in progress.").arg(action, busy));
        return false;
    }
    if (!maySaveChanges())
        return false; // the user kept the project
    emit replacing();
    return true;
}

void ProjectSession::addRecent(const QString& path)
{
    if (m_recent)
        m_recent->add(path);
}

bool ProjectSession::newProject()
{
    if (!mayReplace(tr("start a new project")))
        return false;
    m_document->clear();
    m_scenarioPath.clear();
    emit status(tr("New project: open a scenario (File > Open) or add racks and servers."));
    emit opened();
    return true;
}

bool ProjectSession::openFile(const QString& path)
{
    return FileMenu::isProjectFile(path) ? openProject(path) : openScenario(path);
}

bool ProjectSession::openProject(const QString& path)
{
    if (!mayReplace(tr("open %1").arg(path)))
        return false;
    m_fileLabel = tr("Opening %1...").arg(QFileInfo(path).fileName());
    const Status done = m_document->openProject(path);
    if (!done) {
        emit failed(done.error().message);
        return false;
    }
    m_scenarioPath = path;
    addRecent(path);
    int runs = 0;
    for (int i = 0; i < m_document->scenarioCount(); ++i)
        runs += int(m_document->storedRuns(i).size());
    QString message =
        m_document->scenarioCount() == 0
            ? tr("Opened %1: no scenarios yet").arg(QFileInfo(path).fileName())
            : tr("Opened %1: %2, %3")
                  .arg(QFileInfo(path).fileName(),
                       ReadableText::count(m_document->scenarioCount(), tr("scenario"),
                                           tr("scenarios")),
                       ReadableText::count(runs, tr("recorded run"), tr("recorded runs")));
    if (m_document->isReadOnly())
        message += tr(" - read-only (the file is not writable): use Save As to keep changes");
    emit status(message);
    emit opened();
    return true;
}

bool ProjectSession::openScenario(const QString& path)
{
    if (!mayReplace(tr("open %1").arg(path)))
        return false;
    std::optional<Result<Scenario>> read;
    std::vector<Problem> fieldProblems;
    // Read and checked on a thread of its own: a trace-sized scenario takes seconds.
    runFileWork(tr("Opening %1...").arg(QFileInfo(path).fileName()), [&] {
        try {
            read.emplace(ScenarioReader::readFile(path));
            if (read->ok()) {
                Scenario& s = read->value();
                if (s.name.isEmpty())
                    s.name = QFileInfo(path).completeBaseName();
                // The reader applied the rules between items: only the fields are checked.
                fieldProblems = ScenarioValidator::checkFields(s);
            }
        } catch (const std::exception& e) {
            read.emplace(Error::internal(QString::fromLocal8Bit(e.what())));
        } catch (...) {
            read.emplace(Error::internal(tr("unknown exception")));
        }
    });
    if (!read->ok()) {
        QString message = read->error().message;
        if (!message.contains(path) && !message.contains(QFileInfo(path).fileName()))
            message = tr("%1: %2").arg(path, message);
        emit failed(message);
        return false;
    }

    // A scenario opens as an untitled project holding it; Save As makes it a .gantry file.
    m_document->resetToScenario(std::move(*read).value(), std::move(fieldProblems));
    m_scenarioPath = path;
    addRecent(path);
    const Scenario& current = m_document->current();
    emit status(tr("Opened %1: %2 jobs on %3 GPUs")
                    .arg(QFileInfo(path).fileName())
                    .arg(current.jobs.size())
                    .arg(current.cluster.totalGpus()));
    emit opened();
    return true;
}

bool ProjectSession::saveProject()
{
    const QString path = m_document->path();
    if (path.isEmpty()) {
        if (m_interactive) {
            askSaveAs();
            return !m_document->path().isEmpty() && !m_document->isModified();
        }
        emit failed(tr("The project has no file yet: use File > Save As."));
        return false;
    }
    if (m_document->isReadOnly()) {
        if (m_interactive) {
            askSaveAs();
            return !m_document->isReadOnly() && !m_document->isModified();
        }
        emit failed(
            tr("%1 is open read-only (the file is not writable): use File > Save As.").arg(path));
        return false;
    }
    m_fileLabel = tr("Saving %1...").arg(QFileInfo(path).fileName());
    const auto saved = m_document->save();
    if (!saved) {
        emit failed(saved.error().message);
        return false;
    }
    addRecent(path);
    emit status(tr("Saved %1 (%2 recorded)")
                    .arg(QFileInfo(path).fileName(),
                         ReadableText::count(saved.value(), tr("run"), tr("runs"))));
    return true;
}

bool ProjectSession::saveProjectAs(const QString& path)
{
    m_fileLabel = tr("Saving %1...").arg(QFileInfo(path).fileName());
    const Status saved = m_document->saveAs(path);
    if (!saved) {
        emit failed(saved.error().message);
        return false;
    }
    m_scenarioPath = path;
    addRecent(path);
    emit status(tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
}

void ProjectSession::askSaveAs()
{
    if (const QString path = FileMenu::askSaveAsPath(m_window, m_document->path()); !path.isEmpty())
        saveProjectAs(path);
}

bool ProjectSession::maySaveChanges()
{
    if (!m_interactive || !m_document->isModified())
        return true;
    const int unsaved = m_document->unsavedRunCount();
    const int sweeps = m_document->unsavedSweepCount();
    QStringList pending;
    if (unsaved > 0)
        pending << ReadableText::count(unsaved, tr("run"), tr("runs"));
    if (sweeps > 0)
        pending << ReadableText::count(sweeps, tr("capacity sweep"), tr("capacity sweeps"));
    QString text = tr("The project has unsaved changes");
    if (!pending.isEmpty())
        text += tr(" and %1 not recorded yet").arg(pending.join(tr(" and ")));
    text += tr(". Save them?");
    const auto answer = QMessageBox::question(
        m_window, tr("Gantry"), text,
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Discard)
        return true;
    return answer == QMessageBox::Save && saveProject();
}

QString ProjectSession::windowTitle() const
{
    const QString path = m_document->path();
    QString name = path.isEmpty() ? tr("untitled") : QFileInfo(path).fileName();
    if (m_document->hasCurrent())
        name = tr("%1 [%2]").arg(name, m_document->current().name);
    if (m_document->isReadOnly())
        name = tr("%1 (read-only)").arg(name);
    return tr("%1%2 - Gantry")
        .arg(name, m_document->isModified() ? QStringLiteral("*") : QString());
}

} // namespace gantry::ui
