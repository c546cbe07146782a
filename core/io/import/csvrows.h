#pragma once

#include "io/import/csvreader.h"
#include "util/result.h"

#include <QString>

#include <optional>

namespace gantry {

class ImportProgress;
struct ImportOptions;
struct ImportReport;

/// The data rows of a CSV trace after its header, as every CSV importer reads them
/// (docs/formats.md, "Trace import"): each row counts as read in the report, progress and Cancel
/// are checked at every row, and a row that is not the header's width, or whose quote never
/// closes, is reported malformed and skipped (or stops the import in strict mode).
class CsvRows
{
public:
    /// Rows of reader (positioned after the header) of width columns; report, options and
    /// progress belong to the import and must outlive the rows.
    CsvRows(CsvReader& reader, int width, ImportReport& report, const ImportOptions& options,
            ImportProgress& progress);

    /// Moves to the next row of the header's width; false at the end of the data or when the
    /// import is to stop (error() then says why). O(row).
    bool next();
    /// The current row.
    const CsvReader::Record& row() const { return m_row; }
    /// Cell c of the current row (c below the width).
    const QByteArray& cell(int c) const { return m_row.cells[std::size_t(c)]; }
    /// Reports the current row malformed with message; the error to stop with, in strict mode
    /// or past the malformed-row limit (TraceAssembler::malformed).
    std::optional<Error> malformed(const QString& message);
    /// Why next() stopped early (cancelled, or a malformed row that stops the import); none at
    /// the end of the data.
    const std::optional<Error>& error() const { return m_error; }

private:
    CsvReader& m_reader;
    int m_width;
    ImportReport& m_report;
    const ImportOptions& m_options;
    ImportProgress& m_progress;
    CsvReader::Record m_row;
    std::optional<Error> m_error;
};

} // namespace gantry
