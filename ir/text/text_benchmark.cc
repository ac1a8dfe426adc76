// Throughput of the text form: parse and print a chain of N tile.sin calls
// (the shape of the MLIR anchor in performance-anchors.md).
//
//   bazel run //ir/text:text_benchmark -- 200000

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "absl/strings/str_cat.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"

namespace {

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

}  // namespace

int main(int argc, char** argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 200000;
  std::string text =
      "# pypto.program: Bench\nimport pypto.language as pl\n\n@pl.program\nclass Bench:\n"
      "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
      "role=pl.Role.SubWorker)\n"
      "    def k(x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> "
      "pl.Tensor[[16, 16], pl.FP32]:\n"
      "        t0: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], "
      "[16, 16], target_memory=pl.Mem.Vec)\n";
  for (int i = 1; i <= n; ++i) {
    absl::StrAppend(&text, "        t", i,
                    ": pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.sin(t", i - 1, ")\n");
  }
  absl::StrAppend(&text, "        r: pl.Tensor[[16, 16], pl.FP32] = pl.tile.store(t", n,
                  ", [0, 0], out)\n        return r");
  int reps = argc > 2 ? std::atoi(argv[2]) : 3;
  double parse = 1e9, print = 1e9;
  size_t arena = 0;
  bool identical = false;
  // The best of `reps` runs: the machine is shared.
  for (int r = 0; r < reps; ++r) {
    pto::ir::Context ctx;
    auto start = std::chrono::steady_clock::now();
    absl::StatusOr<pto::ir::Program> p = pto::ir::ParseProgram(ctx, text, "bench.py");
    parse = std::min(parse, Seconds(start));
    if (!p.ok()) {
      std::fprintf(stderr, "%s\n", std::string(p.status().message()).c_str());
      return 1;
    }
    start = std::chrono::steady_clock::now();
    std::string printed = pto::ir::PrintProgram(*p);
    print = std::min(print, Seconds(start));
    arena = ctx.bytes_allocated();
    identical = printed == text;
  }
  std::printf(
      "n=%d bytes=%zu parse=%.3fs (%.0f stmts/s, %.1f MB/s) print=%.3fs (%.0f stmts/s) "
      "arena=%.1f MB (%.0f B/stmt) identical=%d\n",
      n, text.size(), parse, n / parse, text.size() / parse / 1e6, print, n / print, arena / 1e6,
      static_cast<double>(arena) / n, identical);
  return 0;
}
