#pragma once

#include "io/import/csvreader.h"
#include "util/result.h"

#include <QHash>
#include <QString>
#include <QStringList>

namespace gantry {

/// The header record of a CSV trace: column names to indices, checked against the columns an
/// importer needs.
class CsvHeader
{
public:
    /// Reads the first record of reader as the header. Fails, naming source and the line, when
    /// the data is empty or a required column is missing; formatColumns (the columns of the real
    /// format, for the message) tells the user what was expected.
    static Result<CsvHeader> read(CsvReader& reader, const QString& source,
                                  const QStringList& required, const QString& formatColumns);

    /// Index of the column called name, or -1. O(1).
    int column(const QString& name) const { return m_index.value(name, -1); }
    /// True when the header has the column.
    bool has(const QString& name) const { return m_index.contains(name); }
    /// Number of columns.
    int size() const { return m_size; }
    /// Line of the header.
    int line() const { return m_line; }

private:
    QHash<QString, int> m_index;
    int m_size = 0;
    int m_line = 1;
};

} // namespace gantry
