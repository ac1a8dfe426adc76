// The reference interpreter of the tile IR: executes one function of a
// Program on host buffers.
//
// Semantics in brief (docs/numerics.md has the details):
//   * Statements: Assign, Eval, Return, Yield, Seq, If (with return vars),
//     For of every kind (parallel, unroll and pipeline loops run in order,
//     which is one of their legal schedules) with iter args, While with iter
//     args (capped by InterpreterOptions::max_while_iterations), and calls of
//     other program functions. A pl.spmd scope, and a call launching
//     core_num blocks (its "core_num" attr, pl.spmd_submit), run once per
//     block in block order, get_block_idx reading the block; a submit runs
//     when submitted and its value ends with a fresh TASK_ID.
//   * Scalars follow sim/numerics/scalar.h; ops run the kernels of BuiltinKernels()
//     (sim/interp/kernel.h), one per registered op.
//   * Tensors and tiles are BufferViews (sim/interp/buffer.h). A parameter's
//     dynamic dims (`pl.dynamic` names in its type) are bound from the
//     argument's shape. Out and InOut arguments are written in place: the
//     caller sees the stores.
//   * Only elements inside a tile's valid shape are defined; everything
//     else is poison, and reading it follows InterpreterOptions::
//     undefined_reads. Memory spaces are recorded but not limited.
//   * Every error is a Status "file:line:col: error: <op>: <message>"; an
//     unsupported op names itself. Out-of-bounds loads and stores are
//     errors.
//
//   Interpreter interp(program);
//   absl::StatusOr<std::vector<Value>> results =
//       interp.Run("kernel", {Value::Of(x_buffer), Value::Of(out_buffer)});

#ifndef PTO_SIM_INTERP_INTERPRETER_H_
#define PTO_SIM_INTERP_INTERPRETER_H_

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/function.h"
#include "ir/op.h"
#include "sim/interp/kernel.h"
#include "sim/interp/value.h"

namespace pto::sim {

class Interpreter {
 public:
  explicit Interpreter(const ir::Program& program, InterpreterOptions options = {});

  // Runs `function` with one Value per parameter; returns its return values.
  absl::StatusOr<std::vector<Value>> Run(absl::string_view function, std::vector<Value> args);
  absl::StatusOr<std::vector<Value>> Run(const ir::Function& function, std::vector<Value> args);

  const InterpreterOptions& options() const { return options_; }

 private:
  friend class Frame;
  absl::StatusOr<std::vector<Value>> Call(const ir::Function& function, std::vector<Value> args,
                                          int depth);
  // The kernel of `call`'s op, or an error naming the op and `caller`.
  absl::StatusOr<KernelFn> KernelFor(const ir::Call& call, const ir::Function& caller);

  ir::Program program_;
  InterpreterOptions options_;
  // The block running now, and the id the next submitted task gets.
  LaunchIndex launch_;
  int64_t next_task_id_ = 0;
  absl::flat_hash_map<const ir::Op*, KernelFn> kernels_;
};

}  // namespace pto::sim

#endif  // PTO_SIM_INTERP_INTERPRETER_H_
