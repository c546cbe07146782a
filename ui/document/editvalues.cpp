#include "editvalues.h"

#include <algorithm>
#include <limits>

namespace gantry::ui {

void EditValues::normalise(std::vector<int>& v)
{
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
}

bool EditValues::toDouble(const QVariant& v, double* out)
{
    bool ok = false;
    const double d = v.toDouble(&ok);
    if (ok)
        *out = d;
    return ok;
}

bool EditValues::toInt(const QVariant& v, int* out)
{
    bool ok = false;
    const qlonglong n = v.toLongLong(&ok);
    if (!ok || n < std::numeric_limits<int>::min() || n > std::numeric_limits<int>::max())
        return false;
    *out = int(n);
    return true;
}

} // namespace gantry::ui
