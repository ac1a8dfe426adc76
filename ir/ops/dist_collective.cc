// The pld.tensor.* cross-rank collectives. Each is a composite op: the
// lower-composite-ops pass expands it (passes/lower_composite, one
// translation unit per collective; docs/collectives.md) into the primitives
// of dist_system.cc and dist_tile.cc plus tile ops, so codegen never sees it.
//
//   data = pld.tensor.allreduce(data, signal, op=0, mode='mesh', core_num=1)
//   out = pld.tensor.allgather(local, out, signal)
//   data = pld.tensor.reduce_scatter(data, signal, op=1)
//   data = pld.tensor.broadcast(data, signal, root=0)
//   signal = pld.tensor.barrier(signal)
//   out = pld.tensor.all_to_all(inp, out, signal)
//   out = pld.tensor.all_to_all_v(inp, out, signal, send_counts, recv_counts)
//
// Every collective returns the window it updates in place (the target, or
// the signal for barrier), so the DSL rebinds it. `signal` is an INT32 window
// of barrier cells; its shape contract ([NR, 1] for the mesh collectives,
// [2*(NR-1), NR] for a ring allreduce) is checked by the lowering, which owns
// the cell addressing. Int-coded kwargs print as bare ints, as upstream:
// `op` is a ReduceOp (comm_enums.h), `root` a rank.

#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/ops/comm_enums.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr DataType kReduceDTypes[] = {DataType::kFP16, DataType::kFP32};
constexpr absl::string_view kPass = "lower-composite-ops";

// Two dims that must agree at runtime: checked when both are constants.
absl::Status DimsAgree(const DeduceContext& dc, const Expr* a, const Expr* b,
                       absl::string_view what) {
  if (ProveEqual(a, b) == Proof::kFalse) {
    return dc.Error(absl::StrCat(what, " (", FormatExpr(a), " vs ", FormatExpr(b), ")"));
  }
  return absl::OkStatus();
}

// Whether `signal` may be a mesh signal [NR, 1], whose dim 0 is the rank
// count NR. Any other shape (a ring allreduce's [2*(NR-1), NR] above all) is
// the lowering's to reject, with the documented mesh-signal rule
// (ValidateMeshSignalShape: "signal shape[1] must be 1"); comparing its dim 0
// with NR here would report a dim-0 mismatch in place of that rule.
bool MeshAddressed(const DistributedTensorType& signal) {
  return signal.rank() == 2 && AsConstInt(signal.shape()[1]).value_or(1) == 1;
}

// The mesh collectives' signal rows: one per rank of `ranks`, checked when
// the signal is mesh-addressed and both dims are constants.
absl::Status SignalRowsAgree(const DeduceContext& dc, const DistributedTensorType& signal,
                             const Expr* ranks, absl::string_view what) {
  if (!MeshAddressed(signal)) return absl::OkStatus();
  return DimsAgree(dc, signal.shape()[0], ranks, what);
}

absl::Status ExpectReduceOp(const DeduceContext& dc) {
  return ExpectIntKwargIn(dc, "op", static_cast<int64_t>(ReduceOp::kSum),
                          static_cast<int64_t>(ReduceOp::kProd))
      .status();
}

// input [rows, SIZE] (a tensor) and target [rows, SIZE] (a window) of one
// dtype, distinct expressions; returns the target.
absl::StatusOr<const DistributedTensorType*> ExpectPushPair(const DeduceContext& dc) {
  if (dc.arg(0) == dc.arg(1)) {
    return dc.Error(
        "input and target must be different buffers (a rank would overwrite the data "
        "its peers are still reading)");
  }
  PTO_ASSIGN_OR_RETURN(const TensorType* input, ExpectTensor(dc, 0));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 1));
  if (input->rank() != 2 || target->rank() != 2) {
    return dc.Error(absl::StrCat("input and target must be 2-D, got ranks ", input->rank(), " and ",
                                 target->rank()));
  }
  if (input->dtype() != target->dtype()) {
    return dc.Error(absl::StrCat("target dtype ", target->dtype().name(),
                                 " must match input dtype ", input->dtype().name()));
  }
  if (ProveEqual(input->shape()[1], target->shape()[1]) != Proof::kTrue) {
    return dc.Error(absl::StrCat("input and target must have one SIZE (dim 1), got ",
                                 FormatExpr(input->shape()[1]), " and ",
                                 FormatExpr(target->shape()[1])));
  }
  return target;
}

// --- allreduce -----------------------------------------------------------------------

absl::StatusOr<const Type*> DeduceAllReduce(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectDType(dc, target->dtype(), kReduceDTypes, "target dtype"));
  if (dc.num_args() > 1) PTO_RETURN_IF_ERROR(ExpectInt32Window(dc, 1, "signal").status());
  PTO_RETURN_IF_ERROR(ExpectReduceOp(dc));
  // `mode` is any string here, as upstream's deducer has it; the lowering
  // (LowerCompositeOps) rejects one it has no recipe for, as upstream's
  // collective lowering does.
  int64_t core_num = dc.FindKwarg("core_num")->int_value();
  if (core_num <= 0) return dc.Error(absl::StrCat("core_num must be positive, got ", core_num));
  return target;
}

// --- allgather / all_to_all / all_to_all_v ----------------------------------------------

absl::StatusOr<const Type*> DeduceAllGather(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectPushPair(dc));
  const auto* input = dc.arg(0)->type()->As<TensorType>();
  if (std::optional<int64_t> rows = AsConstInt(input->shape()[0]); rows && *rows != 1) {
    return dc.Error(absl::StrCat("input must be this rank's single chunk [1, SIZE], got ",
                                 FormatShape(input->shape())));
  }
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* signal, ExpectInt32Window(dc, 2, "signal"));
  PTO_RETURN_IF_ERROR(
      SignalRowsAgree(dc, *signal, target->shape()[0],
                      "signal dim 0 must equal the rank count NR of target [NR, SIZE]"));
  return target;
}

absl::StatusOr<const Type*> DeduceAllToAll(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectPushPair(dc));
  const auto* input = dc.arg(0)->type()->As<TensorType>();
  PTO_RETURN_IF_ERROR(DimsAgree(dc, input->shape()[0], target->shape()[0],
                                "input and target must have one NR (dim 0)"));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* signal, ExpectInt32Window(dc, 2, "signal"));
  PTO_RETURN_IF_ERROR(
      SignalRowsAgree(dc, *signal, input->shape()[0],
                      "signal dim 0 must equal the rank count NR of input [NR, SIZE]"));
  return target;
}

// A static positive dim, for the all_to_all_v capacity arithmetic.
absl::StatusOr<int64_t> StaticDim(const DeduceContext& dc, const Expr* dim,
                                  absl::string_view what) {
  std::optional<int64_t> v = AsConstInt(dim);
  if (!v || *v <= 0) {
    return dc.Error(
        absl::StrCat(what, " must be a positive compile-time constant, got ", FormatExpr(dim)));
  }
  return *v;
}

absl::StatusOr<const Type*> DeduceAllToAllV(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectPushPair(dc));
  const auto* input = dc.arg(0)->type()->As<TensorType>();
  PTO_RETURN_IF_ERROR(DimsAgree(dc, input->shape()[0], target->shape()[0],
                                "input and target must have one row count NR*MAX_RECV (dim 0)"));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* signal, ExpectInt32Window(dc, 2, "signal"));
  PTO_ASSIGN_OR_RETURN(int64_t rows,
                       StaticDim(dc, target->shape()[0], "target dim 0 (NR*MAX_RECV)"));
  PTO_ASSIGN_OR_RETURN(int64_t nr, StaticDim(dc, signal->shape()[0], "signal dim 0 (NR)"));
  if (rows % nr != 0) {
    return dc.Error(absl::StrCat("target dim 0 (", rows, ") must be a multiple of NR (", nr,
                                 "): sender s writes rows [s * MAX_RECV, (s + 1) * MAX_RECV)"));
  }
  PTO_ASSIGN_OR_RETURN(const TensorType* counts, ExpectTensor(dc, 3));
  if (counts->dtype() != DataType::kInt32) {
    return dc.Error(
        absl::StrCat("send_counts must have INT32 elements, got ", counts->dtype().name()));
  }
  if (counts->rank() != 1 && !(counts->rank() == 2 && AsConstInt(counts->shape()[1]) == 1)) {
    return dc.Error(
        absl::StrCat("send_counts must be [NR] or [NR, 1], got ", FormatShape(counts->shape())));
  }
  PTO_ASSIGN_OR_RETURN(int64_t counts_nr, StaticDim(dc, counts->shape()[0], "send_counts dim 0"));
  if (counts_nr != nr) {
    return dc.Error(absl::StrCat("send_counts dim 0 (", counts_nr, ") must equal NR (", nr, ")"));
  }
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* recv, ExpectInt32Window(dc, 4, "recv_counts"));
  if (recv->rank() != 2 || AsConstInt(recv->shape()[1]) != 1 ||
      AsConstInt(recv->shape()[0]) != nr) {
    return dc.Error(absl::StrCat("recv_counts must be [NR, 1] = [", nr, ", 1], got ",
                                 FormatShape(recv->shape())));
  }
  return target;
}

// --- reduce_scatter / broadcast / barrier ------------------------------------------------

absl::StatusOr<const Type*> DeduceReduceScatter(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 0));
  if (target->rank() != 2) {
    return dc.Error(
        absl::StrCat("target must be 2-D [NR, SIZE], got ", FormatShape(target->shape())));
  }
  PTO_RETURN_IF_ERROR(ExpectDType(dc, target->dtype(), kReduceDTypes, "target dtype"));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* signal, ExpectInt32Window(dc, 1, "signal"));
  PTO_RETURN_IF_ERROR(
      SignalRowsAgree(dc, *signal, target->shape()[0],
                      "signal dim 0 must equal the rank count NR of target [NR, SIZE]"));
  PTO_RETURN_IF_ERROR(ExpectReduceOp(dc));
  return target;
}

absl::StatusOr<const Type*> DeduceBroadcast(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 0));
  if (target->rank() == 0) return dc.Error("target must have rank >= 1");
  PTO_RETURN_IF_ERROR(ExpectInt32Window(dc, 1, "signal").status());
  int64_t root = dc.FindKwarg("root")->int_value();
  if (root < 0) return dc.Error(absl::StrCat("root must be a rank (>= 0), got ", root));
  return target;
}

absl::StatusOr<const Type*> DeduceBarrier(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* signal, ExpectInt32Window(dc, 0, "signal"));
  return signal;
}

}  // namespace

void RegisterDistCollectiveOps(OpRegistry& registry) {
  registry.Register("pld.tensor.allreduce")
      .Category(OpCategory::kDistributed)
      .Doc(
          "In-place all-reduce of a window across its ranks: afterwards every rank's copy of "
          "target holds the element-wise reduction (op) of all copies.")
      .Arg("target")
      .OptionalArg("signal")
      .Kwarg("op", AttrKind::kInt, AttrValue::Int(0))  // ReduceOp.Sum
      .Kwarg("mode", AttrKind::kString, AttrValue::String("mesh"))
      .Kwarg("core_num", AttrKind::kInt, AttrValue::Int(1))
      .Writes(0)
      .Writes(1)
      .LoweredBy(kPass)
      .Deduce(DeduceAllReduce);
  registry.Register("pld.tensor.allgather")
      .Category(OpCategory::kDistributed)
      .Doc(
          "All-gather: afterwards row s of every rank's target [NR, SIZE] holds rank s's input "
          "[1, SIZE].")
      .Arg("input")
      .Arg("target")
      .Arg("signal")
      .Writes(1)
      .Writes(2)
      .LoweredBy(kPass)
      .Deduce(DeduceAllGather);
  registry.Register("pld.tensor.reduce_scatter")
      .Category(OpCategory::kDistributed)
      .Doc(
          "Reduce-scatter: afterwards row r of rank r's target [NR, SIZE] holds the reduction "
          "(op) of row r over all ranks.")
      .Arg("target")
      .Arg("signal")
      .Kwarg("op", AttrKind::kInt, AttrValue::Int(0))  // ReduceOp.Sum, upstream's default
      .Writes(0)
      .Writes(1)
      .LoweredBy(kPass)
      .Deduce(DeduceReduceScatter);
  registry.Register("pld.tensor.broadcast")
      .Category(OpCategory::kDistributed)
      .Doc("Broadcast: afterwards every rank's copy of target holds rank root's copy.")
      .Arg("target")
      .Arg("signal")
      .Kwarg("root", AttrKind::kInt)
      .Writes(0)
      .Writes(1)
      .LoweredBy(kPass)
      .Deduce(DeduceBroadcast);
  registry.Register("pld.tensor.barrier")
      .Category(OpCategory::kDistributed)
      .Doc("Barrier: no rank returns before every rank has entered; returns the signal.")
      .Arg("signal")
      .Writes(0)
      .LoweredBy(kPass)
      .Deduce(DeduceBarrier);
  registry.Register("pld.tensor.all_to_all")
      .Category(OpCategory::kDistributed)
      .Doc(
          "All-to-all: afterwards row s of rank d's target [NR, SIZE] holds row d of rank s's "
          "input.")
      .Arg("input")
      .Arg("target")
      .Arg("signal")
      .Writes(1)
      .Writes(2)
      .LoweredBy(kPass)
      .Deduce(DeduceAllToAll);
  registry.Register("pld.tensor.all_to_all_v")
      .Category(OpCategory::kDistributed)
      .Doc(
          "Variable all-to-all: rank s sends clamp(send_counts[d], 0, MAX_RECV) rows of its "
          "input block d to rank d, landing at target rows [s * MAX_RECV, ...); "
          "recv_counts[s] of rank d holds that count.")
      .Arg("input")
      .Arg("target")
      .Arg("signal")
      .Arg("send_counts")
      .Arg("recv_counts")
      .Writes(1)
      .Writes(2)
      .Writes(4)
      .LoweredBy(kPass)
      .Deduce(DeduceAllToAllV);
}

}  // namespace pto::ir
