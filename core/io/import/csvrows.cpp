#include "io/import/csvrows.h"

#include "io/import/importprogress.h"
#include "io/import/importreport.h"
#include "io/import/traceassembler.h"

namespace gantry {

CsvRows::CsvRows(CsvReader& reader, int width, ImportReport& report, const ImportOptions& options,
                 ImportProgress& progress)
    : m_reader(reader), m_width(width), m_report(report), m_options(options), m_progress(progress)
{}

bool CsvRows::next()
{
    while (m_reader.next(m_row)) {
        if (m_progress.parsed(m_reader)) {
            m_error = Error::cancelled();
            return false;
        }
        ++m_report.rowsRead;
        if (!m_row.unterminated && int(m_row.cells.size()) == m_width)
            return true;
        const QString what = m_row.unterminated
                                 ? QStringLiteral("a quoted field is not closed (truncated file?)")
                                 : QStringLiteral("expected %1 columns, found %2")
                                       .arg(m_width)
                                       .arg(m_row.cells.size());
        if ((m_error = malformed(what)))
            return false;
    }
    return false;
}

std::optional<Error> CsvRows::malformed(const QString& message)
{
    return TraceAssembler::malformed(m_report, m_options, m_row.line, message);
}

} // namespace gantry
