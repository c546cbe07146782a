#include "selection.h"

#include <algorithm>

namespace gantry::ui {

bool Selection::contains(Kind k, int index) const
{
    return kind == k && std::binary_search(indices.begin(), indices.end(), index);
}

} // namespace gantry::ui
