"""Maps a canonical Abseil target onto Debian's libabsl-dev.

Headers come from /usr/include (the compiler's default search path), so a
target only has to name the shared libraries it links; each Debian .so records
its own dependencies.
"""

def system_absl(name, libs = [], deps = []):
    # Inline helpers in most Abseil headers call into absl/base (e.g. the
    # throw delegates), so every target carries it.
    base = "//absl/base:base"
    if native.package_name() != "absl/base" or name != "base":
        deps = deps + [base]
    native.cc_library(
        name = name,
        linkopts = ["-labsl_" + lib for lib in libs],
        deps = deps,
        visibility = ["//visibility:public"],
    )
