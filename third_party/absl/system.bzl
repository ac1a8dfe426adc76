"""Maps a canonical Abseil target onto Debian's libabsl-dev.

Headers come from /usr/include (the compiler's default search path), so a
target only has to name the shared libraries it links; each Debian .so records
its own dependencies.
"""

def system_absl(name, libs = [], deps = []):
    native.cc_library(
        name = name,
        linkopts = ["-labsl_" + lib for lib in libs],
        deps = deps,
        visibility = ["//visibility:public"],
    )
