#pragma once

#include <QByteArray>
#include <QByteArrayView>

#include <vector>

namespace gantry {

/// A forgiving reader of delimiter-separated text: double-quoted fields (with "" for a quote and
/// line breaks inside), LF or CRLF line ends, a UTF-8 byte order mark, blank lines skipped, a
/// last line without its line end. It never fails: a quote left open at the end of the data marks
/// the record as unterminated, and bytes of any value pass through. O(size of the data).
class CsvReader
{
public:
    /// One record (a logical line) of the input.
    struct Record
    {
        int line = 0;                  ///< 1-based line number where the record starts
        std::vector<QByteArray> cells; ///< fields, unquoted; unquoted fields are trimmed
        bool unterminated = false;     ///< a quoted field ran to the end of the data
    };

    /// Reads data (which must outlive the reader), fields split at delimiter; with quoting off a
    /// double quote is an ordinary character.
    explicit CsvReader(QByteArrayView data, char delimiter = ',', bool quoting = true);

    /// Reads the next non-blank record into record (its buffers are reused); false at the end.
    bool next(Record& record);
    /// Share of the data consumed so far, from 0 to 1 (1 at the end or on empty data).
    double consumed() const;

private:
    QByteArrayView m_data;
    qsizetype m_pos = 0;
    int m_line = 1;
    char m_delimiter;
    bool m_quoting;
};

} // namespace gantry
