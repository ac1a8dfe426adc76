#include "codegen/gm_write.h"

#include "absl/strings/str_cat.h"

namespace pto::codegen {

absl::Status CheckAtomicAdd(const FunctionEmitter& e, absl::string_view op, ir::DataType dst,
                            absl::string_view dst_kind) {
  // Without this check the program would reach a pto-isa static_assert, or
  // silently combine non-atomically, in code the user never wrote. A put is
  // no exception: TPUT lands each staged chunk with the same atomic store.
  const backends::Backend* b = e.backend();
  if (b == nullptr || b->SupportsAtomicAddDataType(dst)) return absl::OkStatus();
  return e.Fail(absl::StrCat(op, " with atomic add into a ", dst.name(), " ", dst_kind,
                             " is not supported on ", b->Name(), "; accumulate into an FP32 ",
                             dst_kind, " and cast after the reduction"));
}

bool IsWindow(const ir::Expr* dst) { return dst->type()->Is<ir::DistributedTensorType>(); }

// PTOAS leaves the release of a cross-rank write to the compiler and accepts
// a module without it: a barrier alone orders the pipes, not DDR.
void EmitRelease(FunctionEmitter& e, const Operand& written) {
  e.EmitOp(
      absl::StrCat("pto.cmo.cacheinvalid ", written.name, " single_cache_line : ", written.type));
  e.EmitOp("pto.fence.barrier_all #pto.fence_scope<gm>");
}

}  // namespace pto::codegen
