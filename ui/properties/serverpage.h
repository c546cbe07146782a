#pragma once

#include "propertypage.h"

#include <QCoreApplication>

namespace gantry::ui {

/// The property page of selected servers: name, rack, GPU type and count, bandwidths, and the
/// number of replicas of one server.
class ServerPage : public PropertyPage
{
    Q_DECLARE_TR_FUNCTIONS(ServerPage)

public:
    ServerPage();
    void fill(const ProjectDocument& document) override;
};

} // namespace gantry::ui
