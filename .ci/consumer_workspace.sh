#!/usr/bin/env bash
# Builds and runs a small program in a workspace outside this repository that
# depends on @pto the way the README's WORKSPACE stanza says: a
# local_repository plus the canonical third-party names, no BUILD file of
# ours edited. It parses a kernel, runs @pto//passes/legalize_tile_cast for
# a2a3 and prints the result, which must contain the legalized chain.
#
#   .ci/consumer_workspace.sh
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cat > "$work/WORKSPACE" <<WS
workspace(name = "consumer")

local_repository(name = "pto", path = "$repo")

# The stand-ins an offline Bazel 4.2.3 asks for, and the Debian-backed
# libraries under their canonical names (an online build would use the
# real archives instead).
local_repository(name = "rules_cc", path = "$repo/third_party/rules_cc")
local_repository(name = "rules_java", path = "$repo/third_party/rules_java")
local_repository(name = "remote_coverage_tools", path = "$repo/third_party/remote_coverage_tools")
new_local_repository(name = "com_google_absl", build_file = "@pto//third_party/absl:BUILD.root", path = "$repo/third_party/absl")
new_local_repository(name = "com_google_googletest", build_file = "@pto//third_party/googletest:BUILD.root", path = "/usr/include/gtest")
new_local_repository(name = "com_googlesource_code_re2", build_file = "@pto//third_party/re2:BUILD.root", path = "/usr/include/re2")
WS

cat > "$work/BUILD.bazel" <<'BUILD'
cc_binary(
    name = "legalize",
    srcs = ["legalize.cc"],
    deps = [
        "@pto//backends:registry",
        "@pto//ir/text/parser",
        "@pto//ir/text/printer",
        "@pto//passes:pass",
        "@pto//passes/legalize_tile_cast",
    ],
)
BUILD

cat > "$work/legalize.cc" <<'CC'
#include <cstdio>
#include <string>

#include "backends/registry.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "passes/legalize_tile_cast/legalize_tile_cast.h"

constexpr const char* kKernel = R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(x: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec]) -> pl.Tile[[16, 16], pl.BF16, pl.Mem.Vec]:
        y = pl.tile.cast(x, target_type=pl.BF16, mode='round')
        return y
)";

int main() {
  pto::ir::Context ctx;
  auto program = pto::ir::ParseProgram(ctx, kKernel, "k.py");
  if (!program.ok()) return std::fprintf(stderr, "%s\n", std::string(program.status().message()).c_str()), 1;
  pto::passes::PassContext pass_context(*pto::backends::FindBackend("a2a3"));
  auto out = pto::passes::CreateLegalizeTileCastPass()->Run(*program, pass_context);
  if (!out.ok()) return std::fprintf(stderr, "%s\n", std::string(out.status().message()).c_str()), 1;
  std::printf("%s\n", pto::ir::PrintProgram(*out).c_str());
  return 0;
}
CC

cp "$repo/.bazelrc" "$work/.bazelrc"
cd "$work"
USE_BAZEL_VERSION="${USE_BAZEL_VERSION:-4}" bazel build --copt=-O0 //:legalize >"$work/build.log" 2>&1 ||
  { tail -30 "$work/build.log"; echo "consumer: the embedding build failed"; exit 1; }
output="$(bazel-bin/legalize)"
bazel shutdown >/dev/null 2>&1 || true
if grep -q "y__cast_fp32_tmp_v0" <<<"$output" && grep -q "target_type=pl.BF16" <<<"$output"; then
  echo "consumer: ok (@pto//passes/legalize_tile_cast and @pto//ir/text/parser from outside the repository)"
else
  echo "$output"
  echo "consumer: the program ran but did not legalize the cast"
  exit 1
fi
