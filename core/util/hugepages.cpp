#include "util/hugepages.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace gantry {

void HugePages::advise(const void* data, std::size_t bytes)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    constexpr std::uintptr_t kHuge = std::uintptr_t(2) << 20;
    const std::uintptr_t begin = (std::uintptr_t(data) + kHuge - 1) & ~(kHuge - 1);
    const std::uintptr_t end = (std::uintptr_t(data) + bytes) & ~(kHuge - 1);
    if (end > begin)
        madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE); // only a hint
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace gantry
