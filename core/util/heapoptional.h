#pragma once

#include <memory>
#include <utility>

namespace gantry {

/// An optional value kept on the heap: what std::optional<T> does for reading, assigning and
/// comparing, in the size of one pointer when empty. For a large member that most values of
/// its owner lack (a job's model cost: a trace's million duration jobs have none). Copies copy
/// the value.
template <typename T> class HeapOptional
{
public:
    HeapOptional() = default;
    HeapOptional(const T& value) : m_value(std::make_unique<T>(value)) {}
    HeapOptional(T&& value) : m_value(std::make_unique<T>(std::move(value))) {}
    HeapOptional(const HeapOptional& other)
        : m_value(other.m_value ? std::make_unique<T>(*other.m_value) : nullptr)
    {}
    HeapOptional(HeapOptional&&) noexcept = default;
    HeapOptional& operator=(const HeapOptional& other)
    {
        if (this != &other)
            m_value = other.m_value ? std::make_unique<T>(*other.m_value) : nullptr;
        return *this;
    }
    HeapOptional& operator=(HeapOptional&&) noexcept = default;
    HeapOptional& operator=(const T& value)
    {
        m_value = std::make_unique<T>(value);
        return *this;
    }
    HeapOptional& operator=(T&& value)
    {
        m_value = std::make_unique<T>(std::move(value));
        return *this;
    }

    bool has_value() const { return bool(m_value); }
    explicit operator bool() const { return has_value(); }
    void reset() { m_value.reset(); }

    const T& operator*() const { return *m_value; }
    T& operator*() { return *m_value; }
    const T* operator->() const { return m_value.get(); }
    T* operator->() { return m_value.get(); }

    /// Equal when both are empty or both hold equal values.
    bool operator==(const HeapOptional& other) const
    {
        if (!m_value || !other.m_value)
            return !m_value && !other.m_value;
        return *m_value == *other.m_value;
    }

private:
    std::unique_ptr<T> m_value;
};

} // namespace gantry
