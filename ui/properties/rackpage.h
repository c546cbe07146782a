#pragma once

#include "propertypage.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The property page of selected racks: the name (of one rack) and the uplink bandwidth.
class RackPage : public PropertyPage
{
    Q_DECLARE_TR_FUNCTIONS(RackPage)

public:
    RackPage();
    void fill(const ProjectDocument& document) override;
};

} // namespace gantry::ui
