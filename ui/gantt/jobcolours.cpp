#include "gantt/jobcolours.h"

#include <cstdint>

namespace gantry::ui {

QColor JobColours::of(int job)
{
    // Golden-angle hues keep neighbouring job indices apart.
    const int hue = int((std::uint64_t(job) * 137u) % 360u);
    return QColor::fromHsv(hue, 150 + (job % 3) * 35, 225 - (job % 2) * 40);
}

} // namespace gantry::ui
