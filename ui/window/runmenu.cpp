#include "runmenu.h"

#include <QAction>
#include <QKeySequence>
#include <QMenu>

namespace gantry::ui {

RunMenu::RunMenu(QMenu* menu, QObject* parent) : QObject(parent)
{
    m_run = menu->addAction(tr("&Run"), this, &RunMenu::runRequested);
    m_run->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));
    m_run->setObjectName(QStringLiteral("runAction"));
    m_showSaved = menu->addAction(tr("Show &Saved Runs"), this, &RunMenu::showSavedRequested);
    m_showSaved->setObjectName(QStringLiteral("showSavedRunsAction"));
    m_showSaved->setToolTip(
        tr("Shows every saved run of this scenario in Results, as one comparison"));
    menu->addAction(tr("Prediction Se&nsitivity..."), this, &RunMenu::sensitivityRequested)
        ->setObjectName(QStringLiteral("sensitivityAction"));
    m_plan = menu->addAction(tr("&Plan Capacity..."), this, &RunMenu::planRequested);
    m_plan->setObjectName(QStringLiteral("planAction"));
    m_plan->setToolTip(tr("Sweeps server counts, load growth and policies on this "
                          "scenario and recommends the cheapest cluster meeting a target"));
    m_cancel = menu->addAction(tr("&Cancel"), this, &RunMenu::cancelRequested);
    m_cancel->setShortcut(QKeySequence(Qt::Key_Escape));
    m_cancel->setObjectName(QStringLiteral("cancelAction"));
}

void RunMenu::setStates(bool canRun, bool canShowSaved)
{
    m_run->setEnabled(canRun);
    m_showSaved->setEnabled(canShowSaved);
}

void RunMenu::setCancellable(bool cancellable)
{
    m_cancel->setEnabled(cancellable);
}

} // namespace gantry::ui
