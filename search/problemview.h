#pragma once

#include "search/hostdevice.h"

namespace gantry::mapping {

/// Read-only flat view of a MappingProblem (raw pointers), usable on the host and in a CUDA
/// kernel. Assignments are addressed with a stride so that the kernel can interleave chains.
struct ProblemView
{
    int workers = 0;                         ///< number of workers W
    int servers = 0;                         ///< number of servers S
    const double* compute = nullptr;         ///< W x S compute seconds, row = worker
    const unsigned char* feasible = nullptr; ///< W x S, 1 when the worker may run on the server
    const int* capacity = nullptr;           ///< S free GPUs per server
    const int* adjStart = nullptr;           ///< W + 1 offsets into adjOther / adjBytes
    const int* adjOther = nullptr;           ///< other end of each incident edge, in edge order
    const double* adjBytes = nullptr;        ///< bytes of each incident edge
    const double* bandwidth = nullptr;       ///< S x S bytes per second

    /// Time of worker v under assignment (server of worker u at assign[u * stride]): compute
    /// + intra-server seconds + cross-server seconds, each sum of bytes / bandwidth in edge
    /// order, exactly as IterationModel::breakdown adds them. O(deg v).
    GANTRY_HD double workerTime(const int* assign, int stride, int v) const
    {
        const int s = assign[v * stride];
        const double* bwRow = bandwidth + s * servers;
        double intra = 0.0;
        double inter = 0.0;
        for (int k = adjStart[v]; k < adjStart[v + 1]; ++k) {
            const int su = assign[adjOther[k] * stride];
            const double dt = adjBytes[k] / bwRow[su];
            if (su == s)
                intra = intra + dt;
            else
                inter = inter + dt;
        }
        return compute[v * servers + s] + intra + inter;
    }
    /// Iteration time of an assignment: max over workers of workerTime. O(W + E).
    GANTRY_HD double cost(const int* assign, int stride) const
    {
        double worst = 0.0;
        for (int v = 0; v < workers; ++v) {
            const double t = workerTime(assign, stride, v);
            worst = t > worst ? t : worst;
        }
        return worst;
    }
};

} // namespace gantry::mapping
