#pragma once

#include "util/error.h"

#include <utility>
#include <variant>

namespace gantry {

/// A value or an Error; the small stand-in for std::expected used across core.
template <typename T> class Result
{
public:
    /// A successful result.
    Result(T value) : m_data(std::move(value)) {}
    /// A failed result.
    Result(Error error) : m_data(std::move(error)) {}

    /// True when the result holds a value.
    bool ok() const { return std::holds_alternative<T>(m_data); }
    explicit operator bool() const { return ok(); }

    /// The value; only valid when ok().
    const T& value() const& { return std::get<T>(m_data); }
    /// The value; only valid when ok().
    T& value() & { return std::get<T>(m_data); }
    /// Moves the value out; only valid when ok().
    T&& value() && { return std::get<T>(std::move(m_data)); }
    /// The error; only valid when !ok().
    const Error& error() const { return std::get<Error>(m_data); }

private:
    std::variant<T, Error> m_data;
};

/// Result of an operation without a value.
class Status
{
public:
    /// Success.
    Status() = default;
    /// Failure.
    Status(Error error) : m_error(std::move(error)), m_failed(true) {}

    /// True on success.
    bool ok() const { return !m_failed; }
    explicit operator bool() const { return ok(); }
    /// The error; only valid when !ok().
    const Error& error() const { return m_error; }

private:
    Error m_error;
    bool m_failed = false;
};

} // namespace gantry
