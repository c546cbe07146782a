#pragma once

#include "io/import/csvreader.h"
#include "util/feedback.h"

#include <QString>

#include <cstddef>

namespace gantry {

/// Progress and cancel of one trace import through an optional Feedback: the parse fills the
/// range up to ParseShare by the bytes the reader consumed, the assembly the rest by rows, and
/// the end reports 1. Every call is cheap enough to make once a row; without a Feedback each is
/// a no-op that never cancels.
class ImportProgress
{
public:
    /// Share of the range that parsing the file fills; assembling the rows fills the rest.
    static constexpr double ParseShare = 0.9;

    /// Progress for the import of source (named in the steps) reported to feedback (may be
    /// null).
    ImportProgress(Feedback* feedback, const QString& source);

    /// Reports the parse at reader's position; true when the import is to stop (cancelled).
    bool parsed(const CsvReader& reader);
    /// Reports the assembly at done of total rows; true when the import is to stop.
    bool assembled(std::size_t done, std::size_t total);
    /// Reports the end of the import (1).
    void finished();
    /// True once the Feedback was cancelled.
    bool cancelled() const;

private:
    Feedback* m_feedback;
    QString m_name;
    bool m_parseStarted = false;
    bool m_assemblyStarted = false;
};

} // namespace gantry
