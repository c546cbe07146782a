#include "planlink.h"

#include "document/projectdocument.h"
#include "plan/plandigest.h"
#include "plan/planview.h"
#include "run/productdefaults.h"

#include <memory>

namespace gantry::ui {

PlanLink::PlanLink(PlanView* view, ProjectDocument* document, QObject* parent)
    : QObject(parent), m_view(view), m_document(document)
{
    connect(m_view, &PlanView::runningChanged, this, [this](bool running) {
        if (running)
            m_scenarioIndex = m_document->currentIndex();
    });
    connect(m_view, &PlanView::sweepEnded, this, [this](PlanView::Outcome outcome) {
        const auto session = m_view->session();
        if (outcome != PlanView::Outcome::Completed || !session ||
            m_view->source() == PlanView::Source::File)
            return;
        if (m_view->source() == PlanView::Source::Form && m_scenarioIndex >= 0 &&
            m_scenarioIndex < m_document->scenarioCount())
            m_document->addSweep(m_scenarioIndex, session->spec().baseScenario,
                                 session->sweepJson());
        // Another scenario was chosen while it ran: the sweep stays with its own scenario (in
        // the project tree), the view follows the current one.
        if (m_scenarioIndex != m_document->currentIndex())
            m_view->reset();
    });
}

void PlanLink::updateBase(const QList<RunConfig>& configs)
{
    if (!m_document->hasCurrent() || m_view->isRunning())
        return;
    m_view->setBaseScenario(m_document->current(),
                            configs.isEmpty() ? ProductDefaults::runConfig() : configs.front());
}

Result<StoredPlan> PlanLink::loadStoredSweep(int scenario, int stored) const
{
    if (m_view->isRunning() || m_view->isExporting())
        return Error::invalid(
            tr("Wait for the Plan view's sweep or report to end (or cancel it)."));
    return StoredPlan::load(m_document->path(),
                            m_document->storedSweeps(scenario)[std::size_t(stored)].id);
}

Result<RunOrder> PlanLink::pointRun(std::size_t row) const
{
    const auto session = m_view->session();
    if (!session || row >= session->pointCount() || !session->point(row).feasible)
        return Error::invalid(
            tr("That point of the plan cannot run: its cluster cannot hold every job."));
    const plan::SweepPoint& point = session->point(row);
    const PlanDigest digest(session);
    const QString label = digest.pointLabel(row);
    // The point's own scenario (derived cluster, scaled arrivals), named for the point so that
    // its run, shown or exported, is not titled as the base: the project's stays as is.
    RunOrder order;
    order.request.scenario = std::make_shared<const Scenario>(digest.pointScenario(row));
    order.request.configs = {point.config};
    order.request.origin = RunRequest::Origin::PlanPoint;
    order.request.label = label;
    order.status = tr("Running plan point %1...").arg(label);
    return order;
}

} // namespace gantry::ui
