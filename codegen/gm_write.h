// What an op that writes global memory owes besides the write itself, shared
// by the emitters of tile.store (memory_emitters.cc) and pld.tile.put/get
// (comm_emitters.cc):
//   * an atomic add only into a dtype the target's store pipe combines
//     (Backend::SupportsAtomicAddDataType, keyed on the destination);
//   * after a write a peer may read (a window, locally or at a peer), the
//     release markers, so that a later notify cannot overtake the data.
//
//   PTO_RETURN_IF_ERROR(CheckAtomicAdd(e, "tile.store", dst_dtype, "tensor"));
//   e.EmitInsOuts("pto.tstore", ...);
//   if (IsWindow(call.arg(2))) EmitRelease(e, written_partition);

#ifndef PTO_CODEGEN_GM_WRITE_H_
#define PTO_CODEGEN_GM_WRITE_H_

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "codegen/function_emitter.h"
#include "ir/dtype.h"
#include "ir/expr.h"

namespace pto::codegen {

// An error at the current call when the target cannot combine an atomic add
// into `dst`: `op` and `dst_kind` ("tensor", "window") name them in it. OK
// when no backend is configured.
absl::Status CheckAtomicAdd(const FunctionEmitter& e, absl::string_view op, ir::DataType dst,
                            absl::string_view dst_kind);

// Whether `dst` is window memory (a DistributedTensor, or a view of one):
// memory a peer may read once signalled.
bool IsWindow(const ir::Expr* dst);

// The release of a write a peer may read: the written region's line leaves
// the data cache, then a GM fence makes the write observable in DDR.
// `written` is the partition view the write went through.
void EmitRelease(FunctionEmitter& e, const Operand& written);

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_GM_WRITE_H_
