"""Golden tests: one Bazel test per text file with `# RUN:` lines.

Each file in `srcs` becomes `<file>.test`, which runs the file's RUN lines
with lit's conventions: `%s` is the file itself, `not` inverts an exit status,
the project's tools and LLVM's FileCheck are on PATH, and every pipeline runs
under `set -o pipefail`.
"""

def golden_tests(srcs, tools = [], data = []):
    for src in srcs:
        native.sh_test(
            name = src + ".test",
            srcs = ["//testdata:lit_runner.sh"],
            args = ["$(location %s)" % src],
            data = [src] + tools + data,
            size = "small",
        )
