// The PTO interpreter's state while it runs a function (interpreter.h): the
// SSA values bound so far, parsed types, located errors, and the table of
// op handlers, one file per family (scalar_ops.cc, view_ops.cc,
// tile_ops.cc). Internal to //sim/pto:interpreter.
//
//   absl::Status AddI(Frame& f, const Operation& op) {
//     PTO_ASSIGN_OR_RETURN(Scalar a, f.GetScalar(op.operands[0]));
//     ...
//     f.Set(op.results[0], result);
//   }
//   void AddScalarOps(OpTable& t) { t["arith.addi"] = AddI; }

#ifndef PTO_SIM_PTO_FRAME_H_
#define PTO_SIM_PTO_FRAME_H_

#include <memory>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "sim/interp/kernel.h"
#include "sim/interp/value.h"
#include "sim/pto/comm_hooks.h"
#include "sim/pto/module.h"
#include "sim/pto/types.h"

namespace pto::sim::pto_text {

class Frame;
using OpHandler = absl::Status (*)(Frame& frame, const Operation& op);
using OpTable = absl::flat_hash_map<absl::string_view, OpHandler>;

void AddScalarOps(OpTable& table);  // scalar_ops.cc
void AddViewOps(OpTable& table);    // view_ops.cc
void AddTileOps(OpTable& table);    // tile_ops.cc
void AddCommOps(OpTable& table);    // comm_ops.cc (after AddTileOps: it wraps tput / tget)

// Runs `op` (an op of tile_ops.cc's table) by the kernel of its IR op.
absl::Status RunTileOp(Frame& frame, const Operation& op);

class Frame {
 public:
  Frame(const Module& module, const InterpreterOptions& options, CommHooks* hooks = nullptr)
      : module_(module), options_(options), hooks_(hooks) {}

  const InterpreterOptions& options() const { return options_; }
  absl::string_view filename() const { return module_.filename(); }
  // The other ranks, or null in a single-rank run.
  CommHooks* hooks() const { return hooks_; }

  // InvalidArgument "FILE:LINE:COL: error: <op name>: <message>" at `op`,
  // with the source line and a caret.
  absl::Status Error(const Operation& op, absl::string_view message) const;

  absl::StatusOr<Value> Get(const Operand& o) const;
  absl::StatusOr<Scalar> GetScalar(const Operation& op, const Operand& o) const;
  absl::StatusOr<int64_t> GetIndex(const Operation& op, const Operand& o) const;
  absl::StatusOr<BufferView> GetBuffer(const Operation& op, const Operand& o) const;
  void Set(const Operand& result, Value v);

  // `text` parsed (once per distinct text).
  absl::StatusOr<const PtoType*> TypeOf(const Operation& op, absl::string_view text);

  // Runs the ops of `block`; its terminator's operands (scf.yield,
  // scf.condition's forwarded values, return) go to `terminator`, and for
  // scf.condition its condition to `*condition`.
  absl::Status RunBlock(const Block& block, std::vector<Value>* terminator,
                        bool* condition = nullptr);

 private:
  absl::Status RunOp(const Operation& op);
  absl::Status RunFor(const Operation& op);
  absl::Status RunIf(const Operation& op);
  absl::Status RunWhile(const Operation& op);
  absl::Status Bind(const Operation& op, const std::vector<Operand>& names,
                    const std::vector<Value>& values);

  const Module& module_;
  const InterpreterOptions& options_;
  CommHooks* hooks_;
  absl::flat_hash_map<absl::string_view, Value> values_;
  absl::flat_hash_map<absl::string_view, std::unique_ptr<PtoType>> types_;
};

}  // namespace pto::sim::pto_text

#endif  // PTO_SIM_PTO_FRAME_H_
