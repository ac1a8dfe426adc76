// gen_program: writes a generated benchmark program (program_gen.h) as text.
//
//   gen_program --kind=sin --format=pto --n=200000 > sin.py     # our DSL
//   gen_program --kind=sin --format=mlir --n=200000 > sin.mlir  # mlir-opt's input
//   gen_program --kind=mixed --n=100000 > mixed.py
//
// Kinds: sin (SinChainProgram) and muls (MulsChainProgram), both also as
// MLIR; cast, composite, mixed.

#include <cstdio>
#include <string>

#include "absl/strings/numbers.h"
#include "absl/strings/string_view.h"
#include "bench/program_gen.h"
#include "ir/context.h"
#include "ir/text/printer/printer.h"

namespace {

bool Flag(absl::string_view arg, absl::string_view name, std::string* value) {
  std::string prefix = "--" + std::string(name) + "=";
  if (arg.substr(0, prefix.size()) != prefix) return false;
  *value = std::string(arg.substr(prefix.size()));
  return true;
}

int Usage() {
  std::fprintf(stderr,
               "usage: gen_program [--kind=sin|muls|cast|composite|mixed] [--format=pto|mlir] "
               "[--n=N] [--seed=S]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string kind = "sin", format = "pto", n_text = "200000", seed_text = "1";
  for (int i = 1; i < argc; ++i) {
    absl::string_view arg = argv[i];
    if (!Flag(arg, "kind", &kind) && !Flag(arg, "format", &format) && !Flag(arg, "n", &n_text) &&
        !Flag(arg, "seed", &seed_text)) {
      return Usage();
    }
  }
  int64_t n = 0;
  uint64_t seed = 0;
  if (!absl::SimpleAtoi(n_text, &n) || n < 0 || !absl::SimpleAtoi(seed_text, &seed)) {
    return Usage();
  }
  std::string text;
  if (format == "mlir") {
    if (kind != "sin" && kind != "muls") {
      std::fprintf(stderr, "gen_program: --format=mlir exists for --kind=sin and muls only\n");
      return 2;
    }
    text = pto::bench::MlirChain(
        n, kind == "sin" ? pto::bench::ChainKind::kSin : pto::bench::ChainKind::kMuls);
  } else if (format == "pto") {
    pto::ir::Context ctx;
    if (kind == "sin") {
      text = pto::ir::PrintProgram(pto::bench::SinChainProgram(ctx, n));
    } else if (kind == "muls") {
      text = pto::ir::PrintProgram(pto::bench::MulsChainProgram(ctx, n));
    } else if (kind == "cast" && n >= 1) {
      text = pto::ir::PrintProgram(pto::bench::CastChainProgram(ctx, n));
    } else if (kind == "composite") {
      text = pto::ir::PrintProgram(pto::bench::CompositeProgram(ctx, n));
    } else if (kind == "mixed" && n >= 8) {
      text = pto::ir::PrintProgram(pto::bench::MixedProgram(ctx, n, seed));
    } else {
      return Usage();
    }
    text += "\n";
  } else {
    return Usage();
  }
  std::fwrite(text.data(), 1, text.size(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}
