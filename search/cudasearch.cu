#include "search/cudasearch.h"

#include <cuda_runtime.h>

#include <cstdint>

namespace gantry::mapping {

namespace {

__global__ void annealKernel(ProblemView p, ChainParams cp, int chains, const int* start,
                             int* assign, int* best, double* time, int* load, int* undoWorker,
                             double* undoTime, ChainOutcome* outcomes)
{
    const int c = int(blockIdx.x * blockDim.x + threadIdx.x);
    if (c >= chains)
        return;
    AnnealChain::State st;
    st.assign = assign + c;
    st.best = best + c;
    st.time = time + c;
    st.load = load + c;
    st.undoWorker = undoWorker + c;
    st.undoTime = undoTime + c;
    st.stride = chains;
    for (int v = 0; v < p.workers; ++v)
        st.assign[v * chains] = start[v];
    outcomes[c] = AnnealChain::run(p, cp, std::uint32_t(c), st);
}

// Device buffers freed on every exit path.
class DeviceArena
{
public:
    ~DeviceArena()
    {
        for (void* ptr : m_blocks)
            cudaFree(ptr);
    }
    template <typename T> T* alloc(std::size_t count, cudaError_t& err)
    {
        void* ptr = nullptr;
        if (err == cudaSuccess)
            err = cudaMalloc(&ptr, count > 0 ? count * sizeof(T) : sizeof(T));
        if (err == cudaSuccess)
            m_blocks.push_back(ptr);
        return static_cast<T*>(ptr);
    }
    template <typename T> T* upload(const T* host, std::size_t count, cudaError_t& err)
    {
        T* dev = alloc<T>(count, err);
        if (err == cudaSuccess && count > 0)
            err = cudaMemcpy(dev, host, count * sizeof(T), cudaMemcpyHostToDevice);
        return dev;
    }

private:
    std::vector<void*> m_blocks;
};

bool fail(cudaError_t err, const char* what, std::string* error)
{
    if (error)
        *error = std::string(what) + ": " + cudaGetErrorString(err);
    cudaGetLastError();
    return false;
}

} // namespace

bool CudaSearch::usable(std::string* why)
{
    int count = 0; // left untouched by cudaGetDeviceCount when it fails
    const cudaError_t err = cudaGetDeviceCount(&count);
    if (err != cudaSuccess || count <= 0) {
        if (why)
            *why = err != cudaSuccess
                       ? std::string("cudaGetDeviceCount: ") + cudaGetErrorString(err)
                       : std::string("no CUDA device present");
        cudaGetLastError();
        return false;
    }
    const cudaError_t init = cudaFree(nullptr);
    if (init != cudaSuccess) {
        if (why)
            *why = std::string("CUDA device does not answer: ") + cudaGetErrorString(init);
        cudaGetLastError();
        return false;
    }
    return true;
}

bool CudaSearch::run(const ProblemView& p, const std::vector<int>& start, const ChainParams& cp,
                     int chains, std::vector<ChainOutcome>& outcomes, std::vector<int>& bests,
                     std::string* error)
{
    const std::size_t W = std::size_t(p.workers);
    const std::size_t S = std::size_t(p.servers);
    const std::size_t C = std::size_t(chains);
    const std::size_t E2 = std::size_t(p.adjStart[p.workers]);
    const std::size_t U = std::size_t(AnnealChain::maxUndo(p));
    cudaError_t err = cudaSuccess;
    DeviceArena arena;
    ProblemView d = p;
    d.compute = arena.upload(p.compute, W * S, err);
    d.feasible = arena.upload(p.feasible, W * S, err);
    d.capacity = arena.upload(p.capacity, S, err);
    d.adjStart = arena.upload(p.adjStart, W + 1, err);
    d.adjOther = arena.upload(p.adjOther, E2, err);
    d.adjBytes = arena.upload(p.adjBytes, E2, err);
    d.bandwidth = arena.upload(p.bandwidth, S * S, err);
    const int* dStart = arena.upload(start.data(), W, err);
    int* dAssign = arena.alloc<int>(W * C, err);
    int* dBest = arena.alloc<int>(W * C, err);
    double* dTime = arena.alloc<double>(W * C, err);
    int* dLoad = arena.alloc<int>(S * C, err);
    int* dUndoWorker = arena.alloc<int>(U * C, err);
    double* dUndoTime = arena.alloc<double>(U * C, err);
    ChainOutcome* dOut = arena.alloc<ChainOutcome>(C, err);
    if (err != cudaSuccess)
        return fail(err, "CUDA allocation", error);
    const int block = 128;
    const int grid = int((C + block - 1) / block);
    annealKernel<<<grid, block>>>(d, cp, chains, dStart, dAssign, dBest, dTime, dLoad, dUndoWorker,
                                  dUndoTime, dOut);
    err = cudaGetLastError();
    if (err != cudaSuccess)
        return fail(err, "CUDA launch", error);
    err = cudaDeviceSynchronize();
    if (err != cudaSuccess)
        return fail(err, "CUDA kernel", error);
    outcomes.resize(C);
    std::vector<int> interleaved(W * C);
    err = cudaMemcpy(outcomes.data(), dOut, C * sizeof(ChainOutcome), cudaMemcpyDeviceToHost);
    if (err == cudaSuccess && W * C > 0)
        err = cudaMemcpy(interleaved.data(), dBest, W * C * sizeof(int), cudaMemcpyDeviceToHost);
    if (err != cudaSuccess)
        return fail(err, "CUDA copy back", error);
    bests.resize(W * C);
    for (std::size_t c = 0; c < C; ++c)
        for (std::size_t v = 0; v < W; ++v)
            bests[c * W + v] = interleaved[v * C + c];
    return true;
}

} // namespace gantry::mapping
