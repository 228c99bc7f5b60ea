# stencilcc_generate(): C stencil sources to CUDA as a build step.
#
#   stencilcc_generate(<out-var>
#     SOURCES <file.c>...
#     [OPTIONS <stencilcc option>...]      # e.g. --bt=4 --bs=128
#     [OUTPUT_DIR <dir>]                   # default: <current binary dir>/stencilcc
#     [INCLUDE_DIRECTORIES <dir>...]       # -I for stencilcc and for the .cu
#     [COMPILE_DEFINITIONS <NAME[=VALUE]>...]  # -D for stencilcc and for the .cu
#     [TARGET <target>]                    # also read <target>'s include
#                                          # directories and definitions
#     [C_OUTPUT <c-var>])                  # keep the C files C (--c-output)
#
# Adds one custom command per source that writes <OUTPUT_DIR>/<name>.cu
# and sets <out-var> to the list of those files; add them to a CUDA target.
# With C_OUTPUT, the command also writes <OUTPUT_DIR>/<name>.c, the source
# with its regions replaced by calls to the extern "C" launchers that the
# .cu defines, and sets <c-var> to those files; add them to a C target.
# The command reruns when the source, a header it includes (stencilcc -MD
# writes the DEPFILE), the stencilcc executable or the command line changes.
# See docs/build-integration.md.

include_guard(GLOBAL)
# Recorded into the function: DEPFILE paths are relative to the current
# binary directory with every generator (CMP0116).
cmake_policy(VERSION 3.20...3.25)

function(stencilcc_generate out_var)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "OUTPUT_DIR;TARGET;C_OUTPUT"
    "SOURCES;OPTIONS;INCLUDE_DIRECTORIES;COMPILE_DEFINITIONS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR
      "stencilcc_generate: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_SOURCES)
    message(FATAL_ERROR "stencilcc_generate: no SOURCES given")
  endif()
  if(NOT TARGET stencilcc::stencilcc)
    message(FATAL_ERROR "stencilcc_generate: no stencilcc::stencilcc "
      "target; call find_package(stencilcc) first")
  endif()
  if(arg_TARGET AND NOT TARGET ${arg_TARGET})
    message(FATAL_ERROR "stencilcc_generate: TARGET '${arg_TARGET}' is not "
      "a target (create it before calling stencilcc_generate)")
  endif()
  if(NOT arg_OUTPUT_DIR)
    set(arg_OUTPUT_DIR ${CMAKE_CURRENT_BINARY_DIR}/stencilcc)
  endif()
  get_filename_component(out_dir "${arg_OUTPUT_DIR}" ABSOLUTE
    BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  file(MAKE_DIRECTORY "${out_dir}")

  set(include_dirs)
  foreach(dir IN LISTS arg_INCLUDE_DIRECTORIES)
    get_filename_component(dir "${dir}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND include_dirs "${dir}")
  endforeach()
  set(flags)
  foreach(dir IN LISTS include_dirs)
    list(APPEND flags "-I${dir}")
  endforeach()
  foreach(def IN LISTS arg_COMPILE_DEFINITIONS)
    list(APPEND flags "-D${def}")
  endforeach()
  if(arg_TARGET)
    # Evaluated at generation time, so usage requirements of linked
    # libraries count too.
    set(incs "$<TARGET_PROPERTY:${arg_TARGET},INCLUDE_DIRECTORIES>")
    set(defs "$<TARGET_PROPERTY:${arg_TARGET},COMPILE_DEFINITIONS>")
    # $<SEMICOLON>: a ';' here would split the expression itself; after
    # evaluation COMMAND_EXPAND_LISTS makes each flag an argument.
    list(APPEND flags
      "$<$<BOOL:${incs}>:-I$<JOIN:${incs},$<SEMICOLON>-I>>"
      "$<$<BOOL:${defs}>:-D$<JOIN:${defs},$<SEMICOLON>-D>>")
  endif()

  if("C_OUTPUT" IN_LIST arg_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "stencilcc_generate: C_OUTPUT needs the name of a "
      "variable for the generated C files")
  endif()

  set(outputs)
  set(c_outputs)
  foreach(src IN LISTS arg_SOURCES)
    get_filename_component(src_abs "${src}" ABSOLUTE
      BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    get_source_file_property(generated "${src_abs}" GENERATED)
    if(NOT EXISTS "${src_abs}" AND NOT generated)
      message(FATAL_ERROR "stencilcc_generate: no source file '${src}' "
        "(looked for ${src_abs})")
    endif()
    get_filename_component(src_dir "${src_abs}" DIRECTORY)
    get_filename_component(name "${src_abs}" NAME_WLE)
    set(out "${out_dir}/${name}.cu")
    if(out IN_LIST outputs)
      message(FATAL_ERROR "stencilcc_generate: two SOURCES named "
        "'${name}.*' would both write ${out}; call it once per OUTPUT_DIR")
    endif()
    # --c-output: the C file beside its launchers; one dependency file
    # names both (stencilcc's -MD lists every output as a target).
    set(c_out)
    set(c_flag)
    set(comment "stencilcc: generating ${name}.cu from ${src}")
    if(DEFINED arg_C_OUTPUT)
      set(c_out "${out_dir}/${name}.c")
      if(c_out STREQUAL src_abs)
        message(FATAL_ERROR "stencilcc_generate: the C output of '${src}' "
          "would replace it; give another OUTPUT_DIR")
      endif()
      set(c_flag "--c-output=${c_out}")
      set(comment "stencilcc: generating ${name}.c and ${name}.cu from ${src}")
    endif()
    add_custom_command(OUTPUT "${out}" ${c_out}
      COMMAND "$<TARGET_FILE:stencilcc::stencilcc>" "${src_abs}" -o "${out}"
              ${c_flag} -MD -MF "${out}.d" ${flags} ${arg_OPTIONS}
      DEPENDS "${src_abs}" "$<TARGET_FILE:stencilcc::stencilcc>"
      DEPFILE "${out}.d"
      WORKING_DIRECTORY "${CMAKE_CURRENT_BINARY_DIR}"
      COMMENT "${comment}"
      COMMAND_EXPAND_LISTS VERBATIM)
    # The generated file that holds the input's text (the .cu, or with
    # C_OUTPUT the .c) keeps its #include lines and the macros used outside
    # the regions, so it is compiled with the flags the C file was read
    # with: a quoted include still finds the header next to the C file.
    # (With C_OUTPUT the .cu needs none; they are kept for the hooks it
    # may be given, such as SB_START_INSTRUMENTS.)
    foreach(generated IN ITEMS "${out}" ${c_out})
      set_source_files_properties("${generated}" PROPERTIES
        INCLUDE_DIRECTORIES "${src_dir};${include_dirs}"
        COMPILE_DEFINITIONS "${arg_COMPILE_DEFINITIONS}")
    endforeach()
    list(APPEND outputs "${out}")
    list(APPEND c_outputs ${c_out})
  endforeach()
  set(${out_var} "${outputs}" PARENT_SCOPE)
  if(DEFINED arg_C_OUTPUT)
    set(${arg_C_OUTPUT} "${c_outputs}" PARENT_SCOPE)
  endif()
endfunction()
