# lit configuration for stencilcc's output tests.
import os
import sys
import lit.formats

config.name = "stencilcc"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = config.stencilcc_obj

config.substitutions.append(("%stencilcc", os.path.join(config.stencilcc_bin, "stencilcc")))
config.substitutions.append(("%FileCheck", config.filecheck))
# LLVM's `not` beside FileCheck (llvm-16-tools): `%not --crash` expects a
# program to abort, which lit's built-in `not` cannot.
config.substitutions.append(("%not", os.path.join(os.path.dirname(config.filecheck), "not")))
config.substitutions.append(("%src", config.stencilcc_src))
config.substitutions.append(("%python", sys.executable))
config.environment["LC_ALL"] = "C"
