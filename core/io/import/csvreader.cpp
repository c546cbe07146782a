#include "io/import/csvreader.h"

namespace gantry {

namespace {

bool isBlank(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

} // namespace

CsvReader::CsvReader(QByteArrayView data, char delimiter, bool quoting)
    : m_data(data), m_delimiter(delimiter), m_quoting(quoting)
{
    if (m_data.startsWith(QByteArrayView("\xEF\xBB\xBF")))
        m_pos = 3;
}

bool CsvReader::next(Record& record)
{
    const qsizetype n = m_data.size();
    const char* d = m_data.data();
    while (m_pos < n) {
        record.line = m_line;
        record.unterminated = false;
        std::size_t cellCount = 0;
        auto cell = [&]() -> QByteArray& {
            if (cellCount == record.cells.size())
                record.cells.emplace_back();
            QByteArray& c = record.cells[cellCount++];
            c.resize(0);
            return c;
        };
        bool lineEnd = false;
        bool anyText = false;
        while (!lineEnd) {
            QByteArray& c = cell();
            // Skip leading blanks (a tab is data when it is the delimiter).
            qsizetype i = m_pos;
            while (i < n && d[i] != m_delimiter && (d[i] == ' ' || d[i] == '\r') && d[i] != '\n')
                ++i;
            if (m_quoting && i < n && d[i] == '"') {
                anyText = true;
                ++i;
                for (;;) {
                    if (i >= n) {
                        record.unterminated = true;
                        break;
                    }
                    const char ch = d[i];
                    if (ch == '"') {
                        if (i + 1 < n && d[i + 1] == '"') {
                            c.append('"');
                            i += 2;
                            continue;
                        }
                        ++i;
                        break;
                    }
                    if (ch == '\n')
                        ++m_line;
                    c.append(ch);
                    ++i;
                }
                // Whatever follows the closing quote up to the delimiter belongs to the field.
                const qsizetype from = i;
                while (i < n && d[i] != m_delimiter && d[i] != '\n')
                    ++i;
                qsizetype to = i;
                while (to > from && isBlank(d[to - 1]) && d[to - 1] != m_delimiter)
                    --to;
                c.append(d + from, to - from);
            } else {
                const qsizetype from = i;
                while (i < n && d[i] != m_delimiter && d[i] != '\n')
                    ++i;
                qsizetype to = i;
                while (to > from && isBlank(d[to - 1]) && d[to - 1] != m_delimiter)
                    --to;
                c.append(d + from, to - from);
                if (to > from)
                    anyText = true;
            }
            if (i >= n) {
                lineEnd = true;
                m_pos = n;
            } else if (d[i] == '\n') {
                lineEnd = true;
                m_pos = i + 1;
                ++m_line;
            } else {
                m_pos = i + 1; // past the delimiter
                anyText = true;
                if (m_pos >= n) {
                    cell(); // "a,b," at the very end: the last field is empty
                    lineEnd = true;
                }
            }
        }
        record.cells.resize(cellCount);
        if (anyText)
            return true;
    }
    return false;
}

double CsvReader::consumed() const
{
    return m_data.isEmpty() ? 1.0 : double(m_pos) / double(m_data.size());
}

} // namespace gantry
