// pto-compile: a program compiled kernel by kernel, in upstream PyPTO's
// output layout.
//
//   pto-compile FILE -o DIR [--backend=a5|a2a3] [--passes=LIST|default]
//               [--emit-source-loc] [--define=NAME=VALUE ...]
//
// Parses FILE (PyPTO's DSL), runs the pass pipeline with the verifier after
// every pass, and writes DIR/kernels/<aiv|aic>/<kernel>.pto, one PTO module
// per kernel, and DIR/manifest.json listing the kernels (core type, file,
// parameters and their directions) and the functions not emitted
// (orchestration, host SubWorkers) with the reason. It exits 0 only when
// every kernel compiled; on an error it prints the located diagnostic
// (`FILE:LINE:COL: error: ...`, naming the kernel or op) and writes nothing.
// See tools/compile_driver.h.

#include <cstdio>
#include <string>
#include <vector>

#include "absl/flags/flag.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "tools/cli.h"
#include "tools/compile_driver.h"

ABSL_FLAG(std::string, o, "", "Output directory.");
ABSL_FLAG(std::string, passes, "default",
          "Pass pipeline: 'default', 'none', or comma-separated pass and pipeline names "
          "(see pto-opt --list-passes).");
ABSL_FLAG(std::string, backend, "a5", "Target: a5 (Ascend950) or a2a3 (Ascend910).");
ABSL_FLAG(bool, emit_source_loc, false,
          "End every PTO op with loc(\"FILE\":LINE:COL), its place in the input.");
ABSL_FLAG(bool, allow_unregistered_ops, false,
          "Keep calls of unknown ops as opaque calls (codegen then rejects them).");
ABSL_FLAG(std::string, define, "", "NAME=VALUE (repeatable): a closure value, as in pto-opt.");

int main(int argc, char** argv) {
  pto::tools::SetUsage({"pto-compile FILE -o DIR [--backend=a5|a2a3] [--passes=LIST] [flags]",
                        "Compiles every kernel of a PyPTO program to a PTO module in "
                        "DIR/kernels/<aiv|aic>/ and writes DIR/manifest.json.",
                        __FILE__});
  std::vector<std::string> flag_args = pto::tools::NormalizeFlagNames(argc, argv);
  std::vector<std::string> defines = pto::tools::TakeRepeatedFlag(flag_args, "define");
  std::vector<char*> args = pto::tools::ParseFlags(flag_args);
  if (args.size() != 2) {
    std::fprintf(stderr, "pto-compile: error: expected exactly one input file\n");
    return 1;
  }
  std::string input = args[1];
  absl::StatusOr<std::string> read = pto::tools::ReadUserFile(input, "pto-compile");
  if (!read.ok()) {
    std::fprintf(stderr, "%s\n", std::string(read.status().message()).c_str());
    return 1;
  }
  std::string text = *std::move(read);

  pto::tools::CompileOptions options;
  options.passes = absl::GetFlag(FLAGS_passes);
  options.backend = absl::GetFlag(FLAGS_backend);
  options.emit_source_loc = absl::GetFlag(FLAGS_emit_source_loc);
  options.allow_unregistered_ops = absl::GetFlag(FLAGS_allow_unregistered_ops);
  absl::StatusOr<std::vector<pto::ir::Define>> parsed = pto::tools::ParseDefines(defines);
  if (!parsed.ok()) {
    std::fprintf(stderr, "pto-compile: error: %s\n", std::string(parsed.status().message()).c_str());
    return 1;
  }
  options.defines = *std::move(parsed);
  std::string out_dir = absl::GetFlag(FLAGS_o);
  if (out_dir.empty()) {
    std::fprintf(stderr, "pto-compile: error: -o DIR is required\n");
    return 1;
  }
  absl::StatusOr<pto::tools::CompileResult> result =
      pto::tools::CompileProgram(std::move(text), input, options, pto::tools::UserPath(out_dir));
  if (!result.ok()) {
    std::string message(result.status().message());
    if (!absl::StrContains(message, "error:")) message = absl::StrCat("pto-compile: error: ", message);
    std::fprintf(stderr, "%s\n", message.c_str());
    return 1;
  }
  for (const std::string& name : result->not_emitted) {
    std::printf("pto-compile: %s: not emitted (see manifest.json)\n", name.c_str());
  }
  return 0;
}
