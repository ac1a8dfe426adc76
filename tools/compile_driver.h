// The library behind `pto-compile`: a program, compiled kernel by kernel
// into upstream PyPTO's output layout.
//
//   CompileOptions options;             // passes "default", backend "a5"
//   absl::StatusOr<CompileResult> r = CompileProgram(text, "prog.py", options, "out");
//   // out/kernels/aiv/<kernel>.pto, out/kernels/aic/<kernel>.pto,
//   // out/manifest.json
//
// Each kernel (codegen::IsPtoKernel) is its own PTO module, in the folder of
// its core type as upstream names them: `aic` for a cube kernel (an AIC
// function, or an InCore one whose tiles live only in the cube's memory:
// Mat, Left, Right, Acc, Bias, scale buffers), `aiv` for a vector kernel
// (AIV, or InCore without cube memory). An InCore function using both is a
// mixed kernel, which upstream splits with ExpandMixedKernel; until that
// pass exists here it is an error naming the function.
//
// The manifest lists every function: kernels with their core type, file,
// and parameters (name, direction, DSL type); every other function
// (Orchestration, Group, Spmd, Graph, a host SubWorker) as not emitted, with
// the reason.
//
// All or nothing: every kernel is compiled before the first file is
// written, files are written under temporary names and renamed once all
// are written, so an error - located at its kernel, `file:line:col: error:
// ...` - leaves DIR as it was.

#ifndef PTO_TOOLS_COMPILE_DRIVER_H_
#define PTO_TOOLS_COMPILE_DRIVER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/text/parser/parser.h"

namespace pto::tools {

struct CompileOptions {
  // "default", "none", or a comma-separated list of pass/pipeline names.
  std::string passes = "default";
  // Target name for //backends:registry.
  std::string backend = "a5";
  bool emit_source_loc = false;
  bool allow_unregistered_ops = false;
  std::vector<ir::Define> defines;
};

struct CompileResult {
  // Paths written (relative to the output directory), kernels first, then
  // manifest.json.
  std::vector<std::string> files;
  // Functions listed as not emitted.
  std::vector<std::string> not_emitted;
};

absl::StatusOr<CompileResult> CompileProgram(std::string text, absl::string_view filename,
                                             const CompileOptions& options,
                                             const std::string& out_dir);

}  // namespace pto::tools

#endif  // PTO_TOOLS_COMPILE_DRIVER_H_
