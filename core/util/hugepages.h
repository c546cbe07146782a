#pragma once

#include <cstddef>

namespace gantry {

/// Memory hints for the large per-job tables of a run.
class HugePages
{
public:
    /// Hints that [data, data + bytes), memory not yet written, be backed by 2 MiB pages where
    /// the system offers them on request (Linux transparent huge pages): a trace-sized per-job
    /// table then costs a few page faults and TLB entries instead of thousands. Only the
    /// 2 MiB-aligned part is advised; a no-op elsewhere and for smaller ranges. Never changes
    /// the contents.
    static void advise(const void* data, std::size_t bytes);
};

} // namespace gantry
