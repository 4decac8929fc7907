# Writes OUT, a header defining DTRACE_COMMIT (the source tree's short
# commit, "-dirty" when it has changes, "unknown" outside git) for
# dtrace -vV and --version. Run at every build; the file is rewritten
# only when the commit changes, so nothing rebuilds needlessly.
execute_process(COMMAND git -C ${SRC} describe --always --dirty --abbrev=12
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE
                ERROR_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR commit STREQUAL "")
  set(commit "unknown")
endif()
set(text "#define DTRACE_COMMIT \"${commit}\"\n")
if(EXISTS ${OUT})
  file(READ ${OUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUT} "${text}")
endif()
