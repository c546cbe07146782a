// libFuzzer target: ScenarioReader::readJson on arbitrary bytes (fuzzchecks::scenario).
#include "fuzzchecks.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const QString problem = fuzzchecks::scenario(
        QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size)));
    if (!problem.isEmpty()) {
        std::fprintf(stderr, "fuzz_scenarioreader: %s\n", qPrintable(problem));
        std::abort();
    }
    return 0;
}
