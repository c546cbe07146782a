#pragma once

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace gantry {

/// Calls task(worker, i) once for every i in [0, count), on `threads` threads (the caller's
/// among them; 0 means one per core, never more than count). Tasks are handed out in index
/// order, so a result that depends only on i is the same on any thread count; worker (0 ..
/// threads - 1) names the thread, for per-thread scratch. Returns when every task is done.
template <class Task> void parallelFor(int count, int threads, Task&& task)
{
    if (count <= 0)
        return;
    if (threads <= 0)
        threads = int(std::max(1u, std::thread::hardware_concurrency()));
    threads = std::clamp(threads, 1, count);
    std::atomic<int> next{0};
    const auto work = [&](int worker) {
        for (int i = next.fetch_add(1); i < count; i = next.fetch_add(1))
            task(worker, i);
    };
    std::vector<std::thread> pool;
    pool.reserve(std::size_t(threads - 1));
    for (int w = 1; w < threads; ++w)
        pool.emplace_back(work, w);
    work(0);
    for (std::thread& t : pool)
        t.join();
}

/// The threads parallelFor uses for `threads` (0: one per core).
inline int resolvedThreads(int threads)
{
    return threads > 0 ? threads : int(std::max(1u, std::thread::hardware_concurrency()));
}

} // namespace gantry
