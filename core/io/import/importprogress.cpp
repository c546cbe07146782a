#include "io/import/importprogress.h"

#include <QFileInfo>

namespace gantry {

ImportProgress::ImportProgress(Feedback* feedback, const QString& source)
    : m_feedback(feedback), m_name(QFileInfo(source).fileName())
{}

bool ImportProgress::parsed(const CsvReader& reader)
{
    if (!m_feedback)
        return false;
    // A step forces the report through, so it is named only when the phase changes.
    QString step;
    if (!m_parseStarted) {
        m_parseStarted = true;
        step = QStringLiteral("Parsing %1").arg(m_name);
    }
    m_feedback->progress(ParseShare * reader.consumed(), step);
    return m_feedback->cancelled();
}

bool ImportProgress::assembled(std::size_t done, std::size_t total)
{
    if (!m_feedback)
        return false;
    QString step;
    if (!m_assemblyStarted) {
        m_assemblyStarted = true;
        step = QStringLiteral("Assembling %1 rows of %2").arg(total).arg(m_name);
    }
    const double share = total == 0 ? 1.0 : double(done) / double(total);
    m_feedback->progress(ParseShare + (1.0 - ParseShare) * share, step);
    return m_feedback->cancelled();
}

void ImportProgress::finished()
{
    if (m_feedback)
        m_feedback->progress(1.0);
}

bool ImportProgress::cancelled() const
{
    return m_feedback && m_feedback->cancelled();
}

} // namespace gantry
