// pto-run: interpret one function of a tile IR program on .npy data.
//
//   pto-run FILE --func=NAME [--passes=LIST|none] [--backend=a5|a2a3|none]
//           --in=NAME=PATH.npy ... --out-dir=DIR [--seed=N] [--strict-undefined]
//   pto-run FILE --func=NAME --ranks=N --in=NAME@R=PATH.npy ... --out-dir=DIR
//           [--schedule-seed=S | --threads] [--check-signals=false]
//
// With --ranks=N the function runs on N ranks at once in the multi-rank
// simulator (sim/multirank/multirank.h; the collectives must be lowered, e.g.
// --passes=lower-composite-ops): every DistributedTensor parameter is a
// window each rank holds its own copy of. --in=NAME@R=PATH binds NAME on
// rank R; --in=NAME=PATH binds it on every rank without its own file.
// Outputs are DIR/<param>.rank<R>.npy (Out, InOut and window parameters)
// and DIR/ret<i>.rank<R>.npy. A signal window that does not end all-zero is
// an error (a warning with --check-signals=false); on success pto-run prints
// which signal windows ended at zero. A deadlock prints every rank's pending
// wait and the signal cells.
//
// Parses FILE (PyPTO's printed DSL), runs the pass pipeline with the verifier
// after every pass (default: none, i.e. interpret the program as written),
// binds every parameter of NAME from its --in file (repeat --in once per
// parameter), interprets it with the reference interpreter (//sim), and
// writes `<param>.npy` for each Out/InOut parameter and `ret<i>.npy` for each
// return value into DIR. See tools/run_driver.h for the binding and naming rules
// and docs/numerics.md for the semantics. On any error it prints
// `error: ...` to stderr, exits 1 and writes no output file. Flag names may
// be spelled with '-' or '_'.
//
//   pto-run KERNEL.pto [--func=NAME] --in=NAME=PATH.npy ... --out-dir=DIR [--seed=N]
//
// A FILE ending in `.pto` is a PTO module (what `pto-opt --emit=pto`
// writes): the PTO interpreter (sim/pto/interpreter.h) runs it as written.
// Parameters bind as `arg0`, `arg1`, ... or by the name of the view a
// pointer is made into (the DSL parameter's name); DIR gets every pointer's
// memory. See tools/pto_file_run.h.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "tools/cli.h"
#include "tools/pto_file_run.h"
#include "tools/run_driver.h"

ABSL_FLAG(std::string, func, "", "Function to run.");
ABSL_FLAG(std::string, passes, "none",
          "Pass pipeline before interpreting: 'none', 'default', or comma-separated names.");
ABSL_FLAG(std::string, backend, "a5", "Target for the passes: a5, a2a3 or none.");
ABSL_FLAG(std::vector<std::string>, in, {},
          "NAME=PATH.npy binding a parameter; repeat the flag once per parameter.");
ABSL_FLAG(std::string, out_dir, "", "Directory for the output .npy files.");
ABSL_FLAG(int64_t, seed, -1, "If >= 0, fill every parameter without --in with random data.");
ABSL_FLAG(std::string, define, "",
          "NAME=VALUE (repeatable): a closure value the file does not define, as a "
          "module-level constant expression, e.g. --define=dtype=pl.FP16, --define=shape=[64,128]; "
          "it wins over the file's own module-level assignment to NAME.");
ABSL_FLAG(bool, allow_unregistered_ops, false,
          "Parse calls of unknown ops whose result type is annotated (reported before running).");
ABSL_FLAG(bool, strict_undefined, false,
          "Fail on any read of undefined data instead of propagating poison.");
ABSL_FLAG(int32_t, ranks, 0,
          "Run on N ranks in the multi-rank simulator (0: the single-rank interpreter). Inputs "
          "may be given per rank as --in=NAME@R=PATH.npy; outputs are <name>.rank<R>.npy.");
ABSL_FLAG(uint64_t, schedule_seed, 0,
          "With --ranks: the seed of the deterministic rank schedule.");
ABSL_FLAG(bool, threads, false,
          "With --ranks: run the ranks as real concurrent threads (not reproducible) instead of "
          "the seeded schedule.");
ABSL_FLAG(bool, check_signals, true,
          "With --ranks: fail when a signal window does not end all-zero on every rank.");

namespace {

// Takes every --in out of `args` (absl keeps only the last occurrence of a
// repeated flag).
std::vector<std::string> TakeInputs(std::vector<std::string>& args) {
  std::vector<std::string> ins;
  std::vector<std::string> rest;
  for (size_t i = 0; i < args.size(); ++i) {
    if (i > 0 && absl::StartsWith(args[i], "--in=")) {
      ins.push_back(args[i].substr(5));
    } else if (i > 0 && args[i] == "--in" && i + 1 < args.size()) {
      ins.push_back(args[++i]);
    } else {
      rest.push_back(std::move(args[i]));
    }
  }
  args = std::move(rest);
  return ins;
}

}  // namespace

int main(int argc, char** argv) {
  pto::tools::SetUsage({"pto-run FILE --func=NAME --in=NAME=PATH.npy ... --out-dir=DIR [flags]",
                        "Interprets a function of a tile IR program on .npy data, on one rank "
                        "or, with --ranks=N, on N ranks of the multi-rank simulator "
                        "(--in=NAME@R=PATH.npy binds NAME on rank R). A FILE ending in .pto "
                        "is a PTO module, run by the PTO interpreter.",
                        __FILE__});
  std::vector<std::string> args = pto::tools::NormalizeFlagNames(argc, argv);
  std::vector<std::string> ins = TakeInputs(args);
  std::vector<std::string> defines = pto::tools::TakeRepeatedFlag(args, "define");
  std::vector<char*> positional = pto::tools::ParseFlags(args);
  if (positional.size() != 2) {
    std::fprintf(stderr, "pto-run: error: expected exactly one input file\n");
    return 1;
  }
  std::string input = positional[1];
  absl::StatusOr<std::string> read = pto::tools::ReadUserFile(input, "pto-run");
  if (!read.ok()) {
    std::fprintf(stderr, "%s\n", std::string(read.status().message()).c_str());
    return 1;
  }
  std::string text = *std::move(read);

  pto::sim::RunOptions options;
  options.function = absl::GetFlag(FLAGS_func);
  options.passes = absl::GetFlag(FLAGS_passes);
  options.backend = absl::GetFlag(FLAGS_backend);
  options.out_dir = pto::tools::UserPath(absl::GetFlag(FLAGS_out_dir));
  if (absl::GetFlag(FLAGS_seed) >= 0) options.seed = static_cast<uint64_t>(absl::GetFlag(FLAGS_seed));
  options.ranks = absl::GetFlag(FLAGS_ranks);
  options.schedule_seed = absl::GetFlag(FLAGS_schedule_seed);
  options.threads = absl::GetFlag(FLAGS_threads);
  options.check_signals = absl::GetFlag(FLAGS_check_signals);
  options.allow_unregistered_ops = absl::GetFlag(FLAGS_allow_unregistered_ops);
  absl::StatusOr<std::vector<pto::ir::Define>> parsed_defines = pto::tools::ParseDefines(defines);
  if (!parsed_defines.ok()) {
    std::fprintf(stderr, "pto-run: error: %s\n",
                 std::string(parsed_defines.status().message()).c_str());
    return 1;
  }
  options.defines = *std::move(parsed_defines);
  if (options.ranks < 0) {
    std::fprintf(stderr, "pto-run: error: --ranks must be >= 1 (or 0 for one rank)\n");
    return 1;
  }
  if (absl::GetFlag(FLAGS_strict_undefined)) {
    options.interpreter.undefined_reads = pto::sim::UndefinedReads::kError;
  }
  for (const std::string& binding : ins) {
    size_t eq = binding.find('=');
    if (eq == std::string::npos || eq == 0) {
      std::fprintf(stderr, "pto-run: error: --in expects NAME=PATH.npy, got '%s'\n",
                   binding.c_str());
      return 1;
    }
    options.inputs.emplace_back(binding.substr(0, eq), pto::tools::UserPath(binding.substr(eq + 1)));
  }
  absl::StatusOr<pto::sim::RunResult> result =
      absl::EndsWith(input, ".pto") ? pto::sim::RunPtoFile(std::move(text), input, options)
                                    : pto::sim::RunProgram(std::move(text), input, options);
  if (!result.ok()) {
    std::string message(result.status().message());
    if (!absl::StrContains(message, "error:")) message = absl::StrCat("pto-run: error: ", message);
    std::fprintf(stderr, "%s\n", message.c_str());
    return 1;
  }
  for (const std::string& w : result->warnings) std::fprintf(stderr, "pto-run: warning: %s\n", w.c_str());
  for (const std::string& n : result->notes) std::printf("pto-run: %s\n", n.c_str());
  return 0;
}
