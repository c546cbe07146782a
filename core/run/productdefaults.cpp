#include "run/productdefaults.h"

namespace gantry {

RunConfig ProductDefaults::runConfig()
{
    RunConfig c;
    c.policy = QStringLiteral("asrpt");
    c.placement = QStringLiteral("graph");
    c.predictor = QStringLiteral("rf");
    c.seed = 0;
    return c;
}

} // namespace gantry
