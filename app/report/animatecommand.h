#pragma once

#include <QString>
#include <QStringList>

namespace gantry::report {

/// gantry-report --animate FILE --policy P -o OUT.gif [--frames N] [--size WxH] [--delay-ms D]
/// [--no-captions] [--dark] [run options]: runs one policy on a scenario with its decision notes
/// and writes the playback as an animated GIF (docs/teaching.md, "Slides"). gantry-cli animate
/// starts it.
class AnimateCommand
{
public:
    /// Runs the command (args without the program name; --animate among them); returns the
    /// exit status: 2 for a bad scenario or option, 1 when the file cannot be written (then no
    /// file is left and an existing one is untouched).
    static int run(const QStringList& args);
    /// The usage lines of the command.
    static QString usage();
};

} // namespace gantry::report
