// Communication ops of PTO:
//   pto.comm.tput(%dst, %src, buf(%stage...)) {atomicType}
//       copy (or, atomic_add, add) the src partition into the dst one: the
//       IR's store kernel, as tile.store of the src region into dst would;
//       the staging tiles end undefined, as the IR's put leaves them
//   pto.comm.tget(%dst, %src, buf(...))   the same, local dst from remote src
//   pto.comm.tnotify(%cell, %v) {notifyOp = set | atomic_add}   an INT32 cell
//   pto.comm.twait(%cell, %v) {cmp = eq | ge}   until the cell compares so
// Each is a point where another rank may run first (CommHooks::Yield); a
// wait blocks through CommHooks::WaitUntil. With no hooks (one rank) a wait
// that does not hold is an error. pto.barrier, pto.fence.barrier_all and
// pto.cmo.cacheinvalid order memory, which is sequentially consistent here:
// they have no effect.

#include <cstdint>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "sim/interp/buffer.h"
#include "sim/pto/frame.h"

namespace pto::sim::pto_text {
namespace {

absl::Status NoEffect(Frame&, const Operation&) { return absl::OkStatus(); }

// The INT32 cell a signal op names: the first element of its partition.
absl::StatusOr<BufferView> Cell(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(BufferView cell, f.GetBuffer(op, *op.Find("cell")));
  if (cell.dtype != ir::DataType::kInt32 || cell.NumElements() < 1) {
    return f.Error(op, "the signal cell must be an INT32 partition of at least one element");
  }
  return cell;
}

absl::Status Transfer(Frame& f, const Operation& op) {
  if (CommHooks* hooks = f.hooks()) PTO_RETURN_IF_ERROR(hooks->Yield(op));
  PTO_RETURN_IF_ERROR(RunTileOp(f, op));
  for (const Operand* stage : op.FindAll("buf")) {
    PTO_ASSIGN_OR_RETURN(BufferView b, f.GetBuffer(op, *stage));
    PoisonAll(b);
  }
  return absl::OkStatus();
}

absl::Status Notify(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(BufferView cell, Cell(f, op));
  PTO_ASSIGN_OR_RETURN(Scalar value, f.GetScalar(op, *op.Find("value")));
  absl::string_view kind = op.EnumAttr("notifyOp");
  if (kind != "set" && kind != "atomic_add") return f.Error(op, "notifyOp must be set or atomic_add");
  if (CommHooks* hooks = f.hooks()) PTO_RETURN_IF_ERROR(hooks->Yield(op));
  int64_t bit = cell.offset;
  int32_t v = static_cast<int32_t>(value.i);
  if (kind == "atomic_add") {
    if (!IsDefinedAt(cell, bit)) return f.Error(op, "adds to an undefined signal cell");
    uint32_t old = static_cast<uint32_t>(LoadBits(cell, bit));
    v = static_cast<int32_t>(old + static_cast<uint32_t>(v));
  }
  StoreBits(cell, bit, static_cast<uint32_t>(v));
  return absl::OkStatus();
}

absl::Status Wait(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(BufferView cell, Cell(f, op));
  PTO_ASSIGN_OR_RETURN(Scalar expected, f.GetScalar(op, *op.Find("value")));
  absl::string_view cmp = op.EnumAttr("cmp");
  if (cmp != "eq" && cmp != "ge") return f.Error(op, "cmp must be eq or ge");
  int32_t want = static_cast<int32_t>(expected.i);
  auto holds = [cell, want, eq = cmp == "eq"] {
    if (!IsDefinedAt(cell, cell.offset)) return false;
    int32_t v = static_cast<int32_t>(static_cast<uint32_t>(LoadBits(cell, cell.offset)));
    return eq ? v == want : v >= want;
  };
  if (CommHooks* hooks = f.hooks()) return hooks->WaitUntil(op, holds);
  if (holds()) return absl::OkStatus();
  return f.Error(op, absl::StrCat("waits for the cell to be ", cmp == "eq" ? "" : ">= ", want,
                                  ", which no other rank can make it in a single-rank run"));
}

}  // namespace

void AddCommOps(OpTable& t) {
  t["pto.comm.tput"] = Transfer;
  t["pto.comm.tget"] = Transfer;
  t["pto.comm.tnotify"] = Notify;
  t["pto.comm.twait"] = Wait;
  t["pto.barrier"] = NoEffect;
  t["pto.fence.barrier_all"] = NoEffect;
  t["pto.cmo.cacheinvalid"] = NoEffect;
}

}  // namespace pto::sim::pto_text
