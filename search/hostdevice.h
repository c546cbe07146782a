#pragma once

// GANTRY_HD marks functions shared by the CPU back end and the CUDA kernel.
#ifdef __CUDACC__
#define GANTRY_HD __host__ __device__ __forceinline__
#else
#define GANTRY_HD inline
#endif
