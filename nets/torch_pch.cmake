# LibTorch's headers cost 10-25 s in every file that includes them, most of a build. They are
# compiled once, into the precompiled header of the target torch_pch (nets/CMakeLists.txt),
# and djambi_use_torch_pch(TARGET...) lets each file of those targets that reaches a <torch/...>
# header, directly or through the project's own headers, reuse it. Files that do not are left
# alone: loading the 570 MB header costs about 6 s, more than such a file takes to compile.

# Sets ${out} to TRUE when `file` (a path) includes <torch/...> or a project header that does.
function(djambi_reaches_torch file out)
  get_property(known GLOBAL PROPERTY "DJAMBI_TORCH_${file}" SET)
  if(known)
    get_property(result GLOBAL PROPERTY "DJAMBI_TORCH_${file}")
    set(${out} ${result} PARENT_SCOPE)
    return()
  endif()
  set_property(GLOBAL PROPERTY "DJAMBI_TORCH_${file}" FALSE)  # an include cycle ends here
  set(result FALSE)
  if(EXISTS "${file}")
    file(STRINGS "${file}" includes REGEX "^#include [<\"]")
    foreach(line ${includes})
      if(line MATCHES "^#include <torch/")
        set(result TRUE)
        break()
      endif()
      if(line MATCHES "^#include \"([^\"]+)\"")
        djambi_reaches_torch("${PROJECT_SOURCE_DIR}/${CMAKE_MATCH_1}" child)
        if(child)
          set(result TRUE)
          break()
        endif()
      endif()
    endforeach()
  endif()
  set_property(GLOBAL PROPERTY "DJAMBI_TORCH_${file}" ${result})
  set(${out} ${result} PARENT_SCOPE)
endfunction()

# With DJAMBI_UNITY_BUILD (the default), the files of those targets that reach LibTorch are also
# compiled together, DJAMBI_UNITY_BATCH to a unit: even with the header precompiled, each spent
# 5-30 s instantiating LibTorch's templates and optimising them again, and a unit does that once
# for its files (the build time measured in docs/PERFORMANCE.md). Every file still compiles on its
# own (the unity build is only an optimisation); OFF rebuilds only the file changed, for work on
# one file.
option(DJAMBI_UNITY_BUILD "Compile the files of a target that reach LibTorch together (faster whole builds)" ON)
set(DJAMBI_UNITY_BATCH 6 CACHE STRING "Files per unit of a unity build (DJAMBI_UNITY_BUILD)")

function(djambi_use_torch_pch)
  foreach(target ${ARGN})
    target_precompile_headers(${target} REUSE_FROM torch_pch)
    if(DJAMBI_UNITY_BUILD)
      set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE ${DJAMBI_UNITY_BATCH})
    endif()
    get_target_property(sources ${target} SOURCES)
    get_target_property(source_dir ${target} SOURCE_DIR)
    foreach(source ${sources})
      get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${source_dir}")
      djambi_reaches_torch("${path}" uses_torch)
      if(NOT uses_torch)
        set_source_files_properties("${source}" TARGET_DIRECTORY ${target} PROPERTIES SKIP_PRECOMPILE_HEADERS ON
                                    SKIP_UNITY_BUILD_INCLUSION ON)
      endif()
    endforeach()
  endforeach()
endfunction()
