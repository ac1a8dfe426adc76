// The PTO interpreter: runs a function of a PTO module (reader.h) on host
// buffers, with the numerics of the IR interpreter. Each tile op runs the
// kernel of the IR op it is emitted from (sim/interp/kernel.h) on its
// destination buffer, so an IR op and its PTO cannot compute differently;
// the data movement (`pto.tload`, `pto.tstore`) runs the IR's load and store
// kernels on the partition view.
//
//   absl::StatusOr<Module> m = ReadPto("k.pto", text);
//   PtoInterpreter interp(*m);
//   // One Value per function parameter: a tensor buffer for each
//   // !pto.ptr (the memory it points to), a Scalar for each scalar.
//   absl::Status s = interp.Run("kernel", {Value::Of(x), Value::Of(out)});
//   // `out` now holds what the kernel stored.
//
// Semantics, where PTO leaves a choice to us:
//   * A `!pto.ptr` is the start of its buffer's memory; `pto.make_tensor_view`
//     and `pto.partition_view` are strided views of it (checked to stay
//     inside), and `pto.addptr` moves it.
//   * `pto.alloc_tile` allocates poison, as the IR's tile.create does; its
//     valid shape is the type's v_row / v_col, or its valid_row / valid_col
//     operands, or the whole buffer. `pto.set_validshape` changes it.
//   * Element-wise ops compute over the destination's valid shape.
//   * Errors are located at the op: `k.pto:12:5: error: pto.tadd: ...`.
//
// Communication (comm_ops.cc): pto.comm.tput / tget copy (or atomically add)
// between partition views, pto.comm.tnotify / twait set, add to and wait on
// an INT32 signal cell; in a single-rank run a wait that does not hold is an
// error. Barriers, fences and cache maintenance have no effect: memory is
// sequentially consistent here. The world of ranks is world.h's.

#ifndef PTO_SIM_PTO_INTERPRETER_H_
#define PTO_SIM_PTO_INTERPRETER_H_

#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "sim/interp/kernel.h"
#include "sim/interp/value.h"
#include "sim/pto/comm_hooks.h"
#include "sim/pto/module.h"

namespace pto::sim::pto_text {

class PtoInterpreter {
 public:
  // `hooks`: how this rank meets the others in a multi-rank run (world.h);
  // null for one rank.
  explicit PtoInterpreter(const Module& module, InterpreterOptions options = {},
                          LaunchIndex launch = {}, CommHooks* hooks = nullptr)
      : module_(module), options_(options), launch_(launch), hooks_(hooks) {}

  // Runs `function` (its name without `@`) on one Value per parameter, but
  // for the SPMD identity parameters (`%__pypto_spmd_block_idx`,
  // `%__pypto_spmd_block_num`), which the interpreter fills from the launch
  // (block 0 of 1 by default), as the runtime does.
  absl::Status Run(absl::string_view function, std::vector<Value> args);

 private:
  const Module& module_;
  InterpreterOptions options_;
  LaunchIndex launch_;
  CommHooks* hooks_;
};

// Whether the interpreter runs `op` (a name of the grammar, grammar.h).
bool RunsOp(absl::string_view op);

// Whether a parameter (its name without `%`) is one the interpreter fills
// from the launch (ir/pto_names.h's SPMD identity parameters).
bool IsLaunchParameter(absl::string_view name);

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_INTERPRETER_H_
