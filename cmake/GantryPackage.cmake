# CPack: a Debian package of what `cmake --install` installs (scripts/package.sh builds it).
# Library dependencies come from dpkg-shlibdeps (package dpkg-dev). The Qt SQLite driver is a
# plugin that the programs load at run time, which no linked library reveals: it is named by hand
# (the SVG icon engine comes with libqt6svg6, which gantry links).
set(GANTRY_PACKAGE_MAINTAINER "Gantry developers <gantry@example.org>"
  CACHE STRING "Maintainer field of the Debian package")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME gantry)
set(CPACK_PACKAGE_VENDOR Gantry)
set(CPACK_PACKAGE_CONTACT ${GANTRY_PACKAGE_MAINTAINER})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "planner and simulator for GPU-cluster schedulers")
set(CPACK_PACKAGE_DESCRIPTION
  "Gantry draws a heterogeneous GPU cluster and a set of deep-learning training jobs, runs the
A-SRPT scheduler and its competitors on them and compares the results: Gantt chart of every
GPU, communication heatmap, metrics and a PDF report. It ships the desktop application
(gantry), the command line (gantry-cli, no display needed), the report writer (gantry-report)
and sample scenarios in /usr/share/gantry.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER ${GANTRY_PACKAGE_MAINTAINER})
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "libqt6sql6-sqlite")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "hicolor-icon-theme, shared-mime-info")

include(CPack)
