#pragma once

#include <deque>
#include <mutex>
#include <optional>
#include <utility>

namespace gantry::ui {

/// Values handed from one thread to another, first in first out, under a mutex of its own.
///
/// A worker in a QThread hands its requests and results through a Handoff rather than as
/// arguments of queued signals, and its signals carry tickets and Qt's own values only: both
/// threads then agree on who holds a value at every moment through a lock that every reader
/// (and ThreadSanitizer) can follow. A queued signal's arguments are copied and freed inside
/// Qt's event queue, whose own synchronisation is out of sight of such tools.
template <typename T> class Handoff
{
public:
    /// Queues value; thread-safe.
    void put(T value)
    {
        std::lock_guard lock(m_mutex);
        m_values.push_back(std::move(value));
    }
    /// The oldest value not yet taken, or nothing; thread-safe.
    std::optional<T> take()
    {
        std::lock_guard lock(m_mutex);
        if (m_values.empty())
            return std::nullopt;
        std::optional<T> value(std::move(m_values.front()));
        m_values.pop_front();
        return value;
    }

private:
    std::mutex m_mutex;
    std::deque<T> m_values;
};

} // namespace gantry::ui
