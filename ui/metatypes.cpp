#include "metatypes.h"

namespace gantry::ui {

void registerMetaTypes()
{
    // A function-local static runs once, even when several threads get here together.
    static const bool registered = [] {
        qRegisterMetaType<gantry::Scenario>();
        qRegisterMetaType<gantry::RunConfig>();
        qRegisterMetaType<gantry::RunResult>();
        qRegisterMetaType<gantry::Schedule>();
        qRegisterMetaType<std::shared_ptr<const gantry::Schedule>>();
        qRegisterMetaType<std::shared_ptr<const gantry::Scenario>>();
        qRegisterMetaType<std::shared_ptr<const gantry::RunResult>>();
        qRegisterMetaType<QList<gantry::RunConfig>>();
        return true;
    }();
    Q_UNUSED(registered);
}

} // namespace gantry::ui
