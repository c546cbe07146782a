#include "runsession.h"

#include "format/readabletext.h"
#include "window/runcontrol.h"

#include <utility>

namespace gantry::ui {

RunSession::RunSession(QObject* parent) : QObject(parent)
{
    registerMetaTypes();
    m_runs = new RunControl(this);
    connect(m_runs, &RunControl::progress, this, [this](double fraction, const QString& step) {
        if (m_running)
            emit progress(fraction, step);
    });
    connect(m_runs, &RunControl::runFinished, this, &RunSession::onRunFinished);
    connect(m_runs, &RunControl::completed, this, [this] { finish(Outcome::Completed, {}); });
    connect(m_runs, &RunControl::cancelled, this,
            [this] { finish(Outcome::Cancelled, tr("Cancelled")); });
    connect(m_runs, &RunControl::failed, this, [this](const QString& message) {
        finish(Outcome::Failed, tr("Run failed: %1").arg(message));
    });
}

RunSession::~RunSession()
{
    // The worker stops before the session's members go.
    delete m_runs;
}

bool RunSession::start(RunRequest request)
{
    if ((m_running && m_origin == RunRequest::Origin::User) || !request.scenario ||
        request.configs.isEmpty())
        return false;
    abandon(); // a request that is not the user's gives way
    m_batch.clear();
    m_scenario = std::move(request.scenario);
    m_scenarioIndex = request.scenarioIndex;
    m_origin = request.origin;
    m_label = std::move(request.label);
    m_running = true;
    m_clock.start();
    m_runs->start(m_scenario, request.configs);
    return true;
}

void RunSession::cancel()
{
    if (m_running)
        m_runs->cancel();
}

bool RunSession::cancelRequested() const
{
    return m_runs->cancelRequested();
}

void RunSession::abandon()
{
    if (!m_running)
        return;
    // Late signals of the request carry its old ticket and are dropped.
    m_runs->abandon();
    m_running = false;
    m_batch.clear();
    m_outcome = Outcome::Cancelled;
}

void RunSession::clear()
{
    m_batch.clear();
    m_outcome = Outcome::None;
}

void RunSession::onRunFinished(const std::shared_ptr<const RunResult>& result,
                               const std::shared_ptr<const Schedule>& schedule)
{
    if (!m_running || !result)
        return;
    // The result and the schedule are shared, not copied. A run of the project's shown again
    // is saved already (a Plan point's is never to be).
    m_batch.push_back({result, schedule, m_scenario, m_origin != RunRequest::Origin::User});
    emit runAdded(m_batch.back());
}

void RunSession::finish(Outcome outcome, const QString& message)
{
    m_running = false;
    m_outcome = outcome;
    emit ending(outcome);
    // Measured after ending(), which puts the results on screen: that is when the user has them.
    emit ended(outcome, outcome == Outcome::Completed ? completedText() : message);
}

QString RunSession::completedText() const
{
    const double seconds = double(m_clock.elapsed()) / 1000.0;
    switch (m_origin) {
    case RunRequest::Origin::PlanPoint:
        return tr("Plan point %1 (%2 s)").arg(m_label).arg(seconds, 0, 'f', 2);
    case RunRequest::Origin::Replay:
        return tr("Showing %1 again (%2 s)")
            .arg(ReadableText::count(qint64(m_batch.size()), tr("saved run"), tr("saved runs")))
            .arg(seconds, 0, 'f', 2);
    case RunRequest::Origin::User:
        break;
    }
    return tr("Finished %1 in %2 s")
        .arg(ReadableText::count(qint64(m_batch.size()), tr("run"), tr("runs")))
        .arg(seconds, 0, 'f', 2);
}

} // namespace gantry::ui
