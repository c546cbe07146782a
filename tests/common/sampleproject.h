#pragma once

// Header-only helper of the tests that open the bundled sample project (include
// "sampleproject.h"; needs GANTRY_SOURCE_DIR).

#include <QFile>
#include <QString>
#include <QTemporaryDir>

namespace gantry::test {

/// A fresh, writable copy of sampledata/sample.gantry in a folder removed when the test ends. A
/// writable project of an older schema is migrated where it lies, and the repository's sample
/// must stay as it was made: tests open this copy, never the sample itself. Empty when the copy
/// failed.
inline QString sampleProjectCopy()
{
    static QTemporaryDir dir;
    static int copies = 0;
    const QString copy = dir.filePath(QStringLiteral("sample-%1.gantry").arg(++copies));
    if (!dir.isValid() ||
        !QFile::copy(QStringLiteral(GANTRY_SOURCE_DIR "/sampledata/sample.gantry"), copy) ||
        !QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner))
        return QString();
    return copy;
}

} // namespace gantry::test
