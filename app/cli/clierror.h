#pragma once

#include "util/result.h"

#include <QString>

namespace gantry::cli {

/// How a command-line program reports the error it stops on (README.md, "The command line").
class CliError
{
public:
    /// The name errors start with: "gantry-cli" unless a program or command says otherwise
    /// (gantry-report, "gantry-cli sweep").
    static void setProgram(const QString& program);
    /// Prints "PROGRAM: message" on standard error and returns the exit status of e's kind:
    /// ExitInvalid for invalid input, ExitInternal otherwise.
    static int report(const Error& e);
};

} // namespace gantry::cli
