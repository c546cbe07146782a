#include "model/jobgraph.h"

#include <algorithm>

namespace gantry {

double JobGraph::maxWorkerMemoryGb() const
{
    double m = 0.0;
    for (const Worker& w : workers)
        m = std::max(m, w.memoryGb);
    return m;
}

} // namespace gantry
