#pragma once

#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <vector>

namespace gantry {

/// A contiguous array of trivially copyable values with free room at both ends: inserting or
/// erasing at index i moves the shorter side (the i values before it, or the ones after),
/// where std::vector always moves the values after. For sorted arrays whose changes fall near
/// either end, as a preemptive policy's running jobs (the job about to finish ranks first), an
/// erase or insert at the front costs what one at the back does. Iterators are pointers; an
/// insert or erase invalidates all of them.
template <typename T> class GapVector
{
    static_assert(std::is_trivially_copyable_v<T>, "GapVector moves its values as bytes");

public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;

    T* begin() { return m_buf.data() + m_begin; }
    T* end() { return m_buf.data() + m_end; }
    const T* begin() const { return m_buf.data() + m_begin; }
    const T* end() const { return m_buf.data() + m_end; }
    T* data() { return begin(); }
    const T* data() const { return begin(); }
    std::size_t size() const { return m_end - m_begin; }
    bool empty() const { return m_end == m_begin; }
    T& operator[](std::size_t i) { return m_buf[m_begin + i]; }
    const T& operator[](std::size_t i) const { return m_buf[m_begin + i]; }
    T& back() { return m_buf[m_end - 1]; }
    const T& back() const { return m_buf[m_end - 1]; }

    /// Keeps the first n values (n at most size()), or adds value-initialised ones up to n.
    void resize(std::size_t n)
    {
        if (n <= size()) {
            m_end = m_begin + n;
            return;
        }
        const std::size_t grow = n - size();
        if (m_buf.size() - m_end < grow)
            recentre(n);
        std::fill(end(), end() + grow, T{});
        m_end += grow;
    }

    /// Erases the value at pos; returns the position of the value that followed it.
    T* erase(T* pos)
    {
        const std::size_t i = std::size_t(pos - begin());
        if (i < size() / 2) {
            std::copy_backward(begin(), pos, pos + 1);
            ++m_begin;
        } else {
            std::copy(pos + 1, end(), pos);
            --m_end;
        }
        return begin() + i;
    }

    /// Inserts v before pos; returns its position.
    T* insert(T* pos, const T& v)
    {
        std::size_t i = std::size_t(pos - begin());
        const bool front = i < size() / 2;
        if ((front && m_begin == 0) || (!front && m_end == m_buf.size()))
            recentre(size() + 1);
        if (front) {
            std::copy(begin(), begin() + i, begin() - 1);
            --m_begin;
        } else {
            std::copy_backward(begin() + i, end(), end() + 1);
            ++m_end;
        }
        (*this)[i] = v;
        return begin() + i;
    }

private:
    // Moves the values to the middle of a buffer with room for at least n values and as much
    // again around them.
    void recentre(std::size_t n)
    {
        const std::size_t capacity = std::max<std::size_t>(16, 2 * n + 2);
        std::vector<T> next(capacity);
        const std::size_t at = (capacity - size()) / 2;
        std::copy(begin(), end(), next.begin() + std::ptrdiff_t(at));
        m_end = at + size();
        m_begin = at;
        m_buf.swap(next);
    }

    std::vector<T> m_buf;
    std::size_t m_begin = 0, m_end = 0;
};

} // namespace gantry
