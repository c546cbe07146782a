// libFuzzer target: SweepReader::readJson on arbitrary bytes, bases from sampledata
// (fuzzchecks::sweep).
#include "fuzzchecks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString problem = fuzzchecks::sweep(
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size)),
        QStringLiteral(GANTRY_SOURCE_DIR "/sampledata"));
    if (!problem.isEmpty()) {
        std::fprintf(stderr, "fuzz_sweepreader: %s\n", qPrintable(problem));
        std::abort();
    }
    return 0;
}
