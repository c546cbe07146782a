#pragma once

#include <QString>

namespace gantry {

/// What went wrong, so that callers can map it to an exit status.
enum class ErrorKind
{
    InvalidInput, ///< the user's input is wrong (exit status 2)
    Internal,     ///< a bug or an impossible state (exit status 1)
    Cancelled,    ///< the user cancelled the work
};

/// An error with a human-readable message that names the file and place where possible.
struct Error
{
    ErrorKind kind = ErrorKind::Internal; ///< category of the failure
    QString message;                      ///< complete message, ready to print

    /// An invalid-input error.
    static Error invalid(const QString& message) { return {ErrorKind::InvalidInput, message}; }
    /// An internal error.
    static Error internal(const QString& message) { return {ErrorKind::Internal, message}; }
    /// The error reported when work was cancelled through Feedback.
    static Error cancelled() { return {ErrorKind::Cancelled, QStringLiteral("cancelled")}; }
};

} // namespace gantry
