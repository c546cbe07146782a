#include "clierror.h"

#include "cliargs.h"

#include <QTextStream>

namespace gantry::cli {

namespace {

QString& program()
{
    static QString name = QStringLiteral("gantry-cli");
    return name;
}

} // namespace

void CliError::setProgram(const QString& name)
{
    program() = name;
}

int CliError::report(const Error& e)
{
    QTextStream(stderr) << program() << ": " << e.message << Qt::endl;
    return e.kind == ErrorKind::InvalidInput ? ExitInvalid : ExitInternal;
}

} // namespace gantry::cli
