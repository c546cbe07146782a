#pragma once

#include "propertypage.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The property page shown when nothing is selected: the scenario's name and what it holds.
class ScenarioPage : public PropertyPage
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioPage)

public:
    ScenarioPage();
    void fill(const ProjectDocument& document) override;
};

} // namespace gantry::ui
