#pragma once

#include "io/scenariolimits.h"

#include <QByteArrayView>
#include <QString>

#include <optional>

namespace gantry {

/// Cell parsers shared by the trace importers. Each returns nothing for text it cannot read, so
/// that the importer can name the column and the line in its message.
class TraceFields
{
public:
    /// Largest duration or time span accepted, in seconds (the scenario format's bound).
    static constexpr double kMaxSeconds = ScenarioLimits::kMaxSeconds;

    /// True for an empty cell or one of the usual spellings of "no value" (nan, NaN, NaT, None,
    /// null, NULL, N/A).
    static bool missing(QByteArrayView cell);
    /// A finite number.
    static std::optional<double> number(QByteArrayView cell);
    /// A whole number in [0, max]; "8" and "8.0" are both 8.
    static std::optional<int> wholeNumber(QByteArrayView cell, int max);
    /// "YYYY-MM-DD HH:MM:SS" (or with a T), optional fraction of a second, optional zone ("Z",
    /// "+08:00", "-0500", "+08") to seconds since 1970-01-01 UTC; a time without a zone is taken
    /// as UTC. Checks the calendar (leap years, 24:00 is rejected).
    static std::optional<double> dateTime(QByteArrayView cell);
    /// The cell as text for a message, cut to 40 characters.
    static QString quoted(QByteArrayView cell);
};

} // namespace gantry
