#include "search/searchbackend.h"

namespace gantry::mapping {

const char* backendName(SearchBackend b)
{
    switch (b) {
    case SearchBackend::Cpu:
        return "cpu";
    case SearchBackend::Cuda:
        return "cuda";
    case SearchBackend::Auto:
        break;
    }
    return "auto";
}

std::optional<SearchBackend> parseBackend(const std::string& name)
{
    if (name == "auto")
        return SearchBackend::Auto;
    if (name == "cpu")
        return SearchBackend::Cpu;
    if (name == "cuda")
        return SearchBackend::Cuda;
    return std::nullopt;
}

} // namespace gantry::mapping
