#pragma once

#include <optional>
#include <string>

namespace gantry::mapping {

/// Where the mapping search runs.
enum class SearchBackend
{
    Auto, ///< CUDA when a device is usable, else the CPU
    Cpu,  ///< std::thread over all (or the requested number of) cores
    Cuda, ///< the CUDA kernel; falls back to the CPU with a note when no device is usable
};

/// Name of a back end: "auto", "cpu" or "cuda".
const char* backendName(SearchBackend b);
/// Back end for a name ("auto", "cpu", "cuda"), nullopt for anything else.
std::optional<SearchBackend> parseBackend(const std::string& name);

} // namespace gantry::mapping
