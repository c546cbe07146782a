#include "model/jobids.h"

#include <cstdint>

namespace gantry {

namespace {

// Calls repeat(k) for each job k whose id an earlier job holds, in order, while it returns true.
template <typename Repeat> void visitRepeats(const std::vector<Job>& jobs, Repeat&& repeat)
{
    struct Slot
    {
        std::uint32_t hash = 0;
        std::uint32_t job = 0; // the job plus one; 0: an empty slot
    };
    std::size_t capacity = 16;
    while (capacity < 2 * jobs.size())
        capacity *= 2;
    std::vector<Slot> table(capacity);
    for (std::size_t k = 0; k < jobs.size(); ++k) {
        const QString& id = jobs[k].id;
        const auto h = std::uint32_t(qHash(QStringView(id), 0));
        for (std::size_t at = h & (capacity - 1);; at = (at + 1) & (capacity - 1)) {
            Slot& slot = table[at];
            if (slot.job == 0) {
                slot = {h, std::uint32_t(k + 1)};
                break;
            }
            if (slot.hash == h && jobs[slot.job - 1].id == id) {
                if (!repeat(k))
                    return;
                break;
            }
        }
    }
}

} // namespace

qsizetype JobIds::firstRepeat(const std::vector<Job>& jobs)
{
    qsizetype first = -1;
    visitRepeats(jobs, [&](std::size_t k) {
        first = qsizetype(k);
        return false;
    });
    return first;
}

QSet<QString> JobIds::repeated(const std::vector<Job>& jobs)
{
    QSet<QString> ids;
    visitRepeats(jobs, [&](std::size_t k) {
        ids.insert(jobs[k].id);
        return true;
    });
    return ids;
}

} // namespace gantry
