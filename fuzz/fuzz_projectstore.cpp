// libFuzzer target: the project opener (fuzzchecks::project). Each input is written to a
// temporary file that ProjectStore::open must refuse cleanly or open and read completely.
#include "fuzzchecks.h"

#include <QCoreApplication>
#include <QTemporaryDir>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace {

// Both live until the process ends and are never destroyed: destroying the application from a
// static destructor, after Qt's own statics are gone, crashes at exit.
QCoreApplication* g_app = nullptr;
QTemporaryDir* g_dir = nullptr;

} // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv)
{
    g_app = new QCoreApplication(*argc, *argv); // loads the QSQLITE driver
    g_dir = new QTemporaryDir();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString problem = fuzzchecks::project(
        QByteArray(reinterpret_cast<const char*>(data), qsizetype(size)), QDir(g_dir->path()));
    if (!problem.isEmpty()) {
        std::fprintf(stderr, "fuzz_projectstore: %s\n", qPrintable(problem));
        std::abort();
    }
    return 0;
}
