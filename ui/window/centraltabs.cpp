#include "centraltabs.h"

#include "cluster/clustereditor.h"
#include "jobs/jobseditor.h"
#include "plan/planview.h"
#include "results/resultspanel.h"
#include "welcome/welcomebanner.h"
#include "window/resultstab.h"

#include <QTabWidget>
#include <QVBoxLayout>

namespace gantry::ui {

CentralTabs::CentralTabs(ProjectDocument* document, const RunSession* session, QWidget* parent)
    : QWidget(parent)
{
    m_clusterEditor = new ClusterEditor(document);
    m_clusterEditor->setObjectName(QStringLiteral("clusterEditor"));
    m_jobsEditor = new JobsEditor(document);
    m_jobsEditor->setObjectName(QStringLiteral("jobsEditor"));
    m_results = new ResultsTab(session);
    m_plan = new PlanView;

    m_tabs = new QTabWidget;
    m_tabs->setObjectName(QStringLiteral("centralTabs"));
    m_tabs->addTab(m_clusterEditor, tr("Cluster"));
    m_tabs->addTab(m_jobsEditor, tr("Jobs"));
    m_tabs->addTab(m_results, tr("Results"));
    m_tabs->addTab(m_plan, tr("Plan"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int i) {
        if (i == int(Tab::Plan))
            emit planShown();
    });

    // A first-run guide above the tabs; each of its steps opens the place to do it.
    m_welcome = new WelcomeBanner;
    connect(m_welcome, &WelcomeBanner::stepRequested, this, [this](WelcomeBanner::Step step) {
        switch (step) {
        case WelcomeBanner::Step::Cluster:
            showTab(Tab::Cluster);
            break;
        case WelcomeBanner::Step::Jobs:
            showTab(Tab::Jobs);
            break;
        case WelcomeBanner::Step::Run:
            emit runStepRequested();
            break;
        case WelcomeBanner::Step::Teaching: {
            showTab(Tab::Results);
            QTabWidget* views = m_results->resultsPanel()->tabs();
            views->setCurrentIndex(views->count() - 1);
            break;
        }
        }
    });

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_welcome);
    layout->addWidget(m_tabs, 1);
}

void CentralTabs::showTab(Tab tab)
{
    m_tabs->setCurrentIndex(int(tab));
}

CentralTabs::Tab CentralTabs::currentTab() const
{
    return Tab(m_tabs->currentIndex());
}

void CentralTabs::addEditorActions(const QList<QAction*>& actions)
{
    m_tabs->addActions(actions);
}

} // namespace gantry::ui
