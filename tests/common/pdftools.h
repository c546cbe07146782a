#pragma once

// Header-only helpers of the tests that read PDFs back with poppler's tools
// (include "../common/pdftools.h").

#include "childprocess.h"

#include <QStandardPaths>
#include <QString>
#include <QStringList>

namespace gantry::test {

/// True when every one of tools (pdfinfo, pdftotext, pdftoppm by default) is installed.
inline bool havePdfTools(const QStringList& tools = {QStringLiteral("pdfinfo"),
                                                     QStringLiteral("pdftotext"),
                                                     QStringLiteral("pdftoppm")})
{
    for (const QString& tool : tools)
        if (QStandardPaths::findExecutable(tool).isEmpty())
            return false;
    return true;
}

/// The value of key ("Pages", "Page size", "Title"...) in pdfinfo's report of pdf.
inline QString pdfInfo(const QString& pdf, const QString& key)
{
    const QString out = QString::fromUtf8(ChildProcess::run(QStringLiteral("pdfinfo"), {pdf}).out);
    for (const QString& line : out.split(QLatin1Char('\n')))
        if (line.startsWith(key + QLatin1Char(':')))
            return line.mid(key.size() + 1).trimmed();
    return {};
}

/// The text of every page of pdf (pdftotext -layout separates pages with form feeds).
inline QStringList pageTexts(const QString& pdf)
{
    const QString text =
        QString::fromUtf8(ChildProcess::run(QStringLiteral("pdftotext"),
                                            {QStringLiteral("-layout"), pdf, QStringLiteral("-")})
                              .out);
    QStringList pages = text.split(QLatin1Char('\f'));
    if (!pages.isEmpty() && pages.last().trimmed().isEmpty())
        pages.removeLast();
    return pages;
}

} // namespace gantry::test
