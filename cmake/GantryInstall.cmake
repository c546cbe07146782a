# What `cmake --install` puts under the prefix: the programs (gantry-cli finds gantry-report
# beside itself), the desktop entry, the icon (hicolor theme, also shown for .gantry files), the
# .gantry file type and the sample data under share/gantry.
foreach(program gantry gantry-cli gantry-report gantry-sweep)
  if(TARGET ${program}) # gantry-sweep is built only with Open MPI
    install(TARGETS ${program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  endif()
endforeach()

set(GANTRY_RESOURCES ${PROJECT_SOURCE_DIR}/resources)

install(FILES ${GANTRY_RESOURCES}/gantry.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${GANTRY_RESOURCES}/gantry.svg
  DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${GANTRY_RESOURCES}/gantry.svg
  DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/mimetypes
  RENAME application-x-gantry-project.svg)
install(FILES ${GANTRY_RESOURCES}/gantry-mime.xml
  DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME gantry.xml)

file(GLOB GANTRY_SAMPLE_SCENARIOS ${PROJECT_SOURCE_DIR}/sampledata/*.json)
install(FILES ${GANTRY_SAMPLE_SCENARIOS}
  ${PROJECT_SOURCE_DIR}/sampledata/sample.gantry
  ${PROJECT_SOURCE_DIR}/sampledata/philly.csv
  ${PROJECT_SOURCE_DIR}/sampledata/README.md
  DESTINATION ${CMAKE_INSTALL_DATADIR}/gantry)

# The user documentation (Help > Documentation opens it): the README and docs/*.md.
file(GLOB GANTRY_DOCS ${PROJECT_SOURCE_DIR}/docs/*.md)
# docs/ stays a folder beside the README, so that the README's links to docs/*.md hold.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/gantry)
install(FILES ${GANTRY_DOCS} DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/gantry/docs)
