#include "run/productdefaults.h"

namespace gantry {

RunConfig ProductDefaults::runConfig()
{
    RunConfig c;
    c.policy = QStringLiteral("asrpt-gittins-move");
    c.placement = QStringLiteral("graph");
    c.predictor = QStringLiteral("rf-fast");
    c.seed = 0;
    return c;
}

} // namespace gantry
