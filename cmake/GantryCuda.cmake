# Optional CUDA: enabled only when nvcc is found and GANTRY_ENABLE_CUDA is on.
# find_package(CUDAToolkit) is deliberately not used (it breaks with CMake 3.25 and CUDA 13);
# CMake links the static CUDA runtime by itself.
set(GANTRY_HAVE_CUDA OFF)
if(GANTRY_ENABLE_CUDA)
  include(CheckLanguage)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES "90-real;75-virtual")
    endif()
    enable_language(CUDA)
    set(GANTRY_HAVE_CUDA ON)
  endif()
endif()
message(STATUS "Gantry CUDA back end: ${GANTRY_HAVE_CUDA}")
