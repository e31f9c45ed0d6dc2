# Writes OUT (a header with sb::build::kGitSha) from the source tree's current commit, run at every
# build (not only at configure time, so that results name the commit the binary was built from).
# A tree with uncommitted changes to tracked files is marked "-dirty". The file is rewritten only
# when the text changes, so an unchanged commit recompiles nothing.
# Usage: cmake -DSRC=<source dir> -DOUT=<header> -P scripts/git_sha.cmake
set(sha "unknown")
find_program(GIT git)
if(GIT AND EXISTS "${SRC}/.git")
  execute_process(COMMAND ${GIT} rev-parse --short=12 HEAD WORKING_DIRECTORY ${SRC}
    OUTPUT_VARIABLE sha OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT sha)
    set(sha "unknown")
  else()
    execute_process(COMMAND ${GIT} status --porcelain --untracked-files=no WORKING_DIRECTORY ${SRC}
      OUTPUT_VARIABLE dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
    if(dirty)
      string(APPEND sha "-dirty")
    endif()
  endif()
endif()
set(text "// Generated at build time by scripts/git_sha.cmake: the commit this binary was built from.
#pragma once

namespace sb::build {
inline constexpr const char* kGitSha = \"${sha}\";
}  // namespace sb::build
")
set(old "")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUT}" "${text}")
endif()
