// The library behind `pto-run`: parse a program, run a pass pipeline, bind
// .npy inputs to a function's parameters, interpret it, write .npy outputs.
//
//   RunOptions options;
//   options.function = "kernel";
//   options.passes = "legalize-tile-cast";
//   options.inputs = {{"x", "x.npy"}};
//   options.out_dir = "out";
//   absl::StatusOr<RunResult> r = RunProgram(text, "kernel.py", options);
//
// Inputs. Each parameter is bound by name: a tensor or tile from an .npy file
// whose dtype and shape match its type (sim/npy/npy.h; dynamic dims take the
// file's extents), a scalar from a 0-d file. A parameter without a file is an
// error unless it is an Out tensor of static shape (it starts undefined) or
// `seed` is set, which fills it reproducibly: floats uniform in [-1, 1)
// rounded to the dtype, FP8E8M0 exponents in 2^[-8, 8], integers uniform over
// their range, scalars: integers in [0, 16), floats in [-1, 1).
//
// Outputs, written to `out_dir`: `<param>.npy` for every Out and InOut
// parameter (its final contents), and `ret<i>.npy` for the i-th return value
// (`ret<i>_<j>.npy` for the elements of a returned tuple; nothing for a
// value-less one). All files are first written under temporary names and
// renamed only when every one succeeded, so a failed run leaves no output.
// Undefined elements keep their poison pattern (sim/interp/buffer.h) and are
// counted in RunResult::warnings.

#ifndef PTO_TOOLS_RUN_DRIVER_H_
#define PTO_TOOLS_RUN_DRIVER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/text/parser/parser.h"
#include "sim/interp/kernel.h"
#include "tools/run_io.h"

namespace pto::sim {

struct RunOptions {
  std::string function;
  // A pass pipeline for //passes:all_passes ("none", "default", names).
  std::string passes = "none";
  // Target name for //backends:registry ("none" for no target).
  std::string backend = "a5";
  // (parameter name, .npy path) pairs.
  std::vector<std::pair<std::string, std::string>> inputs;
  std::string out_dir;
  std::optional<uint64_t> seed;
  InterpreterOptions interpreter;
  // Parse calls of unknown ops as opaque calls (ParseOptions); they are then
  // reported before anything runs, since they have no semantics.
  bool allow_unregistered_ops = false;
  // --define=NAME=VALUE closure values, in order (ParseOptions::defines).
  std::vector<ir::Define> defines;
  // 0: the single-rank interpreter. N >= 1: the multi-rank simulator
  // (sim/multirank/multirank.h) on N ranks. An input named "NAME@R" binds NAME on rank
  // R only (a plain NAME binds every rank that has no file of its own);
  // random fills differ per rank. Outputs are `<param>.rank<R>.npy` for every
  // Out, InOut and window (DistributedTensor) parameter and
  // `ret<i>.rank<R>.npy`.
  int ranks = 0;
  // The schedule of the deterministic mode, or real threads.
  uint64_t schedule_seed = 0;
  bool threads = false;
  // With ranks: a signal window (one some rank waited on) that does not end
  // all-zero on every rank is an error (else a warning).
  bool check_signals = true;
};


absl::StatusOr<RunResult> RunProgram(std::string text, absl::string_view filename,
                                     const RunOptions& options);

}  // namespace pto::sim

#endif  // PTO_TOOLS_RUN_DRIVER_H_
