#include "io/import/csvheader.h"

namespace gantry {

Result<CsvHeader> CsvHeader::read(CsvReader& reader, const QString& source,
                                  const QStringList& required, const QString& formatColumns)
{
    CsvReader::Record rec;
    if (!reader.next(rec))
        return Error::invalid(
            QStringLiteral("%1: line 1: empty file, expected a header").arg(source));
    CsvHeader h;
    h.m_line = rec.line;
    h.m_size = int(rec.cells.size());
    for (int i = 0; i < h.m_size; ++i) {
        const QString name = QString::fromUtf8(rec.cells[std::size_t(i)]).trimmed();
        if (!name.isEmpty() && !h.m_index.contains(name))
            h.m_index.insert(name, i);
    }
    QStringList lacking;
    for (const QString& r : required)
        if (!h.has(r))
            lacking << r;
    if (!lacking.isEmpty())
        return Error::invalid(QStringLiteral("%1: line %2: header lacks the column%3 %4 (expected "
                                             "the columns %5)")
                                  .arg(source)
                                  .arg(h.m_line)
                                  .arg(lacking.size() > 1 ? QStringLiteral("s") : QString())
                                  .arg(lacking.join(QStringLiteral(", ")), formatColumns));
    return h;
}

} // namespace gantry
