// Window buffers: the per-rank communication memory of a comm domain.
//
//   buf = pld.tensor.alloc_window_buffer(1024)   # pl.Ptr, name='buf'
//   w = pld.tensor.window(buf, [4, 64], dtype=pl.FP32)       # pld.DistributedTensor[[4, 64], pl.FP32]
//
// alloc_window_buffer reserves `size` bytes of window memory on every rank
// and returns the allocation's identity (pl.Ptr); window views that memory
// as a DistributedTensor of `shape` and `dtype`, which the pld.* ops then
// address on any rank. Every buffer has a `name` (non-empty, as PyPTO's
// deducer requires); the parser takes it from the variable the call is
// assigned to and the printer leaves it out when it is that variable's name.

#include "absl/strings/str_cat.h"
#include "ir/ops/dist_checks.h"
#include "ir/ops/families.h"
#include "ir/ops/system_checks.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

absl::StatusOr<const Type*> DeduceAllocWindowBuffer(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectIntegerScalar(dc, 0));
  if (std::optional<int64_t> size = AsConstInt(dc.arg(0)); size && *size <= 0) {
    return dc.Error(absl::StrCat("size must be a positive number of bytes, got ", *size));
  }
  if (const AttrValue* name = dc.FindKwarg("name"); name && name->string_value().empty()) {
    return dc.Error("name must not be empty");
  }
  return dc.ctx().GetHandleType(HandleKind::kPtr);
}

absl::StatusOr<const Type*> DeduceWindow(const DeduceContext& dc) {
  PTO_RETURN_IF_ERROR(ExpectHandle(dc, 0, HandleKind::kPtr, "pld.tensor.alloc_window_buffer"));
  PTO_ASSIGN_OR_RETURN(ExprSpan shape, ExpectTuple(dc, 1));
  PTO_RETURN_IF_ERROR(ExpectIntegerScalars(dc, shape, "shape"));
  for (size_t d = 0; d < shape.size(); ++d) {
    if (std::optional<int64_t> c = AsConstInt(shape[d]); c && *c <= 0) {
      return dc.Error(absl::StrCat("shape element ", d, " must be positive, got ", *c));
    }
  }
  PTO_ASSIGN_OR_RETURN(DataType dtype, RequireDTypeKwarg(dc, "dtype"));
  return MakeTensor(dc, dtype, shape, TensorView{}, /*distributed=*/true);
}

}  // namespace

void RegisterDistMemoryOps(OpRegistry& registry) {
  registry.Register("pld.tensor.alloc_window_buffer")
      .Category(OpCategory::kDistributed)
      .Doc("Reserves `size` bytes of window memory on every rank; returns the allocation (pl.Ptr).")
      .Arg("size")
      .KeywordOnly()
      .Kwarg("name", AttrKind::kString)
      .Deduce(DeduceAllocWindowBuffer);
  registry.Register("pld.tensor.window")
      .Category(OpCategory::kDistributed)
      .Doc("Views a window buffer as a DistributedTensor of the given shape and dtype.")
      .Arg("buf")
      .Arg("shape")
      .KeywordOnly()
      .Kwarg("dtype", AttrKind::kDataType)
      .Deduce(DeduceWindow);
}

}  // namespace pto::ir
