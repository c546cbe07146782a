# Optional Open MPI: gantry-sweep (app/sweep) and its tests (tests/mpi) are built only when MPI's
# C++ component is found and GANTRY_ENABLE_MPI is on. Nothing else links MPI, so a machine
# without it builds and runs everything else.
option(GANTRY_ENABLE_MPI "Build gantry-sweep, the sweep across machines, when MPI is found" ON)
set(GANTRY_HAVE_MPI OFF)
if(GANTRY_ENABLE_MPI)
  # The C API only: keep the deprecated C++ bindings out of the headers.
  set(MPI_CXX_SKIP_MPICXX TRUE CACHE BOOL "Skip the MPI C++ bindings")
  find_package(MPI COMPONENTS CXX)
  if(MPI_CXX_FOUND)
    set(GANTRY_HAVE_MPI ON)
  endif()
endif()
message(STATUS "Gantry sweep across machines (MPI): ${GANTRY_HAVE_MPI}")
