// builtin.tensor.*: the host-level collectives, the chip-dispatch calls a
// host orchestrator's pld.tensor.* collectives lower to (PyPTO's
// LowerHostTensorCollectives). Internal: PyPTO's front end never writes
// them, but its lowered programs print them, so they parse and verify here.
//
//   data = builtin.tensor.allreduce(data, sig, op=0, dtype=pl.FP32, core_num=1)
//   data = builtin.tensor.allreduce_ring(data, ring, op=0, dtype=pl.FP32)
//   sig = builtin.tensor.barrier(sig)
//   data = builtin.tensor.broadcast(data, sig, root=0, dtype=pl.FP32)
//   data = builtin.tensor.reduce_scatter(data, sig, op=0, dtype=pl.FP32)
//   out = builtin.tensor.allgather(local, out, sig, dtype=pl.FP32)
//   out = builtin.tensor.all_to_all(inp, out, sig, dtype=pl.FP32)
//   out = builtin.tensor.all_to_all_v(inp, out, sig, send, recv, dtype=pl.FP32)
//
// Each has the meaning of its pld.tensor.* namesake (dist_collective.cc) on
// whole windows, returns the window it updates, and carries the element
// dtype as a kwarg that must equal the data's. The kernels behind them
// support FP32 (allreduce also FP16) and, for ring allreduce and
// reduce_scatter, only Sum. Signals are INT32 windows of one cell per rank,
// [NR] or [NR, k]; a ring signal is [2*(NR-1) + 1, NR] with NR <= 16.

#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/ops/comm_enums.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

constexpr int64_t kMaxRingRanks = 16;

// The dtype kwarg equals the data's and is one the kernels support.
absl::Status CheckDType(const DeduceContext& dc, const TensorType* data,
                        absl::Span<const DataType> supported) {
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  if (dtype != data->dtype()) {
    return dc.Error(absl::StrCat("dtype kwarg ", dtype.name(), " must match the data dtype ",
                                 data->dtype().name()));
  }
  return ExpectDType(dc, dtype, supported, "dtype");
}

constexpr DataType kFP32Only[] = {DataType::kFP32};
constexpr DataType kFP16Or32[] = {DataType::kFP16, DataType::kFP32};

absl::Status ExpectSumOp(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(int64_t op, ExpectIntKwargIn(dc, "op", 0, 3));
  if (op != static_cast<int64_t>(ReduceOp::kSum)) {
    return dc.Error(absl::StrCat("supports only op=0 (Sum), got ", op));
  }
  return absl::OkStatus();
}

// An INT32 signal of rank 1, or of rank 2 whose dim 1 is the constant 1
// when `allow_column` (else rank 1 only).
absl::StatusOr<const DistributedTensorType*> ExpectRankSignal(const DeduceContext& dc, size_t i,
                                                              bool allow_column) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* s, ExpectInt32Window(dc, i, "signal"));
  if (s->rank() == 1) return s;
  if (allow_column && s->rank() == 2 && AsConstInt(s->shape()[1]) == 1) return s;
  return dc.Error(absl::StrCat("signal must be [NR]", allow_column ? " or [NR, 1]" : "",
                               ", got ", FormatShape(s->shape())));
}

absl::StatusOr<const Type*> DeduceAllReduce(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* src, ExpectWindow(dc, 0));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* sig, ExpectInt32Window(dc, 1, "signal"));
  if (sig->rank() > 2) {
    return dc.Error(absl::StrCat("signal must be [NR] or [NR, stride], got rank ", sig->rank()));
  }
  int64_t cores = dc.FindKwarg("core_num")->int_value();
  if (cores <= 0) return dc.Error(absl::StrCat("core_num must be positive, got ", cores));
  if (sig->rank() == 1 && cores != 1) {
    return dc.Error(absl::StrCat("a rank-1 signal serves core_num=1 only, got core_num=", cores));
  }
  if (sig->rank() == 2) {
    std::optional<int64_t> stride = AsConstInt(sig->shape()[1]);
    if (!stride || *stride < cores) {
      return dc.Error(absl::StrCat("signal dim 1 (", FormatExpr(sig->shape()[1]),
                                   ") must be a constant of at least core_num (", cores, ")"));
    }
  }
  PTO_RETURN_IF_ERROR(ExpectIntKwargIn(dc, "op", 0, 3).status());
  PTO_RETURN_IF_ERROR(CheckDType(dc, src, kFP16Or32));
  return src;
}

absl::StatusOr<const Type*> DeduceAllReduceRing(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* src, ExpectWindow(dc, 0));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* sig, ExpectInt32Window(dc, 1, "signal"));
  if (sig->rank() != 2) {
    return dc.Error(absl::StrCat("signal must be [2*(NR-1) + 1, NR], got ",
                                 FormatShape(sig->shape())));
  }
  std::optional<int64_t> nr = AsConstInt(sig->shape()[1]);
  std::optional<int64_t> rows = AsConstInt(sig->shape()[0]);
  if (nr && *nr > kMaxRingRanks) {
    return dc.Error(absl::StrCat("serves at most ", kMaxRingRanks, " ranks, got NR = ", *nr));
  }
  if (nr && rows && *rows != 2 * (*nr - 1) + 1) {
    return dc.Error(absl::StrCat("signal dim 0 (", *rows, ") must be 2*(NR-1) + 1 = ",
                                 2 * (*nr - 1) + 1, " for NR = ", *nr));
  }
  if (nr && *nr > 0) {
    // The ring cuts src into NR compile-time chunks.
    int64_t elements = 1;
    for (const Expr* d : src->shape()) {
      std::optional<int64_t> c = AsConstInt(d);
      if (!c) {
        return dc.Error(absl::StrCat("needs a static src shape (the ring splits it into NR "
                                     "chunks), got ",
                                     FormatShape(src->shape())));
      }
      elements *= *c;
    }
    if (elements % *nr != 0) {
      return dc.Error(absl::StrCat("src has ", elements, " elements, not a multiple of NR = ", *nr));
    }
  }
  PTO_RETURN_IF_ERROR(ExpectSumOp(dc));
  PTO_RETURN_IF_ERROR(CheckDType(dc, src, kFP32Only));
  return src;
}

absl::StatusOr<const Type*> DeduceBarrier(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* sig, ExpectRankSignal(dc, 0, false));
  return sig;
}

absl::StatusOr<const Type*> DeduceBroadcast(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 0));
  PTO_RETURN_IF_ERROR(ExpectRankSignal(dc, 1, false).status());
  int64_t root = dc.FindKwarg("root")->int_value();
  if (root < 0) return dc.Error(absl::StrCat("root must be a rank (>= 0), got ", root));
  PTO_RETURN_IF_ERROR(CheckDType(dc, target, kFP32Only));
  return target;
}

absl::StatusOr<const Type*> DeduceReduceScatter(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 0));
  if (target->rank() != 2) {
    return dc.Error(absl::StrCat("target must be 2-D [NR, SIZE], got ", FormatShape(target->shape())));
  }
  PTO_RETURN_IF_ERROR(ExpectRankSignal(dc, 1, false).status());
  PTO_RETURN_IF_ERROR(ExpectSumOp(dc));
  PTO_RETURN_IF_ERROR(CheckDType(dc, target, kFP32Only));
  return target;
}

// input and target: distinct 2-D windows of one dtype and one SIZE (dim 1)
// whose dim 0 agree when `rows_agree`; returns target.
absl::StatusOr<const DistributedTensorType*> ExpectWindowPair(const DeduceContext& dc,
                                                              bool rows_agree) {
  if (dc.arg(0) == dc.arg(1)) return dc.Error("input and target must be different windows");
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* input, ExpectWindow(dc, 0));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindow(dc, 1));
  if (input->rank() != 2 || target->rank() != 2) {
    return dc.Error(absl::StrCat("input and target must be 2-D, got ", FormatShape(input->shape()),
                                 " and ", FormatShape(target->shape())));
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
  if (rows_agree && ProveEqual(input->shape()[0], target->shape()[0]) == Proof::kFalse) {
    return dc.Error(absl::StrCat("input and target must have one dim 0, got ",
                                 FormatExpr(input->shape()[0]), " and ",
                                 FormatExpr(target->shape()[0])));
  }
  return target;
}

absl::StatusOr<const Type*> DeduceAllGather(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindowPair(dc, false));
  const auto* input = dc.arg(0)->type()->As<DistributedTensorType>();
  if (std::optional<int64_t> rows = AsConstInt(input->shape()[0]); rows && *rows != 1) {
    return dc.Error(absl::StrCat("input must be this rank's chunk [1, SIZE], got ",
                                 FormatShape(input->shape())));
  }
  PTO_RETURN_IF_ERROR(ExpectRankSignal(dc, 2, true).status());
  PTO_RETURN_IF_ERROR(CheckDType(dc, target, kFP32Only));
  return target;
}

absl::StatusOr<const Type*> DeduceAllToAll(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindowPair(dc, true));
  PTO_RETURN_IF_ERROR(ExpectRankSignal(dc, 2, true).status());
  PTO_RETURN_IF_ERROR(CheckDType(dc, target, kFP32Only));
  return target;
}

// An INT32 count window [NR] (when `allow_vector`) or [NR, 1] with NR ==
// `nr`; `what` names it.
absl::Status ExpectCounts(const DeduceContext& dc, size_t i, int64_t nr, bool allow_vector,
                          absl::string_view what) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* c, ExpectInt32Window(dc, i, what));
  bool column = c->rank() == 2 && AsConstInt(c->shape()[1]) == 1;
  if ((!column && !(allow_vector && c->rank() == 1)) || AsConstInt(c->shape()[0]) != nr) {
    return dc.Error(absl::StrCat(what, " must be ", allow_vector ? "[NR] or " : "", "[NR, 1] = [",
                                 nr, ", 1], got ", FormatShape(c->shape())));
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeduceAllToAllV(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* target, ExpectWindowPair(dc, true));
  PTO_ASSIGN_OR_RETURN(const DistributedTensorType* sig, ExpectInt32Window(dc, 2, "signal"));
  std::optional<int64_t> nr = AsConstInt(sig->shape()[0]);
  if (sig->rank() != 2 || AsConstInt(sig->shape()[1]) != 1 || !nr || *nr <= 0) {
    return dc.Error(absl::StrCat("signal must be a static [NR, 1], got ", FormatShape(sig->shape())));
  }
  std::optional<int64_t> rows = AsConstInt(target->shape()[0]);
  if (!rows || *rows % *nr != 0) {
    return dc.Error(absl::StrCat("target dim 0 (", FormatExpr(target->shape()[0]),
                                 ") must be a constant multiple of NR = ", *nr));
  }
  PTO_RETURN_IF_ERROR(ExpectCounts(dc, 3, *nr, true, "send_counts"));
  PTO_RETURN_IF_ERROR(ExpectCounts(dc, 4, *nr, false, "recv_counts"));
  PTO_RETURN_IF_ERROR(CheckDType(dc, target, kFP32Only));
  return target;
}

OpBuilder Collective(OpRegistry& registry, absl::string_view name, absl::string_view doc) {
  OpBuilder b = registry.Register(name);
  b.Category(OpCategory::kDistributed).Doc(doc);
  return b;
}

}  // namespace

void RegisterDistHostCollectiveOps(OpRegistry& registry) {
  Collective(registry, "builtin.tensor.allreduce", "Host dispatch of pld.tensor.allreduce.")
      .Arg("src")
      .Arg("signal")
      .Kwarg("op", AttrKind::kInt)
      .Kwarg("dtype", AttrKind::kDataType)
      .Kwarg("core_num", AttrKind::kInt)
      .Writes(0)
      .Writes(1)
      .Deduce(DeduceAllReduce);
  Collective(registry, "builtin.tensor.allreduce_ring",
             "Host dispatch of pld.tensor.allreduce(mode='ring').")
      .Arg("src")
      .Arg("signal")
      .Kwarg("op", AttrKind::kInt)
      .Kwarg("dtype", AttrKind::kDataType)
      .Writes(0)
      .Writes(1)
      .Deduce(DeduceAllReduceRing);
  Collective(registry, "builtin.tensor.barrier", "Host dispatch of pld.tensor.barrier.")
      .Arg("signal")
      .Writes(0)
      .Deduce(DeduceBarrier);
  Collective(registry, "builtin.tensor.broadcast", "Host dispatch of pld.tensor.broadcast.")
      .Arg("target")
      .Arg("signal")
      .Kwarg("root", AttrKind::kInt)
      .Kwarg("dtype", AttrKind::kDataType)
      .Writes(0)
      .Writes(1)
      .Deduce(DeduceBroadcast);
  Collective(registry, "builtin.tensor.reduce_scatter",
             "Host dispatch of pld.tensor.reduce_scatter.")
      .Arg("target")
      .Arg("signal")
      .Kwarg("op", AttrKind::kInt)
      .Kwarg("dtype", AttrKind::kDataType)
      .Writes(0)
      .Writes(1)
      .Deduce(DeduceReduceScatter);
  Collective(registry, "builtin.tensor.allgather", "Host dispatch of pld.tensor.allgather.")
      .Arg("input")
      .Arg("target")
      .Arg("signal")
      .Kwarg("dtype", AttrKind::kDataType)
      .Writes(1)
      .Writes(2)
      .Deduce(DeduceAllGather);
  Collective(registry, "builtin.tensor.all_to_all", "Host dispatch of pld.tensor.all_to_all.")
      .Arg("input")
      .Arg("target")
      .Arg("signal")
      .Kwarg("dtype", AttrKind::kDataType)
      .Writes(1)
      .Writes(2)
      .Deduce(DeduceAllToAll);
  Collective(registry, "builtin.tensor.all_to_all_v", "Host dispatch of pld.tensor.all_to_all_v.")
      .Arg("input")
      .Arg("target")
      .Arg("signal")
      .Arg("send_counts")
      .Arg("recv_counts")
      .Kwarg("dtype", AttrKind::kDataType)
      .Writes(1)
      .Writes(2)
      .Writes(4)
      .Deduce(DeduceAllToAllV);
}

}  // namespace pto::ir
