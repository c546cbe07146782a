// libFuzzer target for one trace format of TraceImporterRegistry, chosen at compile time by
// GANTRY_FUZZ_FORMAT (fuzz/CMakeLists.txt); see fuzzchecks::import for the input layout.
#include "fuzzchecks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString problem =
        fuzzchecks::import(QStringLiteral(GANTRY_FUZZ_FORMAT),
                           QByteArray(reinterpret_cast<const char*>(data), qsizetype(size)));
    if (!problem.isEmpty()) {
        std::fprintf(stderr, "fuzz_import (%s): %s\n", GANTRY_FUZZ_FORMAT, qPrintable(problem));
        std::abort();
    }
    return 0;
}
