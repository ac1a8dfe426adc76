// SPMD identity, as upstream PyPTO writes it:
//   tile.get_block_idx -> %b = arith.index_cast %__pypto_spmd_block_idx : i32 to index
//   tile.get_block_num -> %n = arith.index_cast %__pypto_spmd_block_num : i32 to index
// reading the trailing i32 arguments the kernel signature then carries
// (FunctionEmitter::SpmdBlockIdx, tensor_views.cc), which the runtime
// fills with the block's index and the launch's block count.

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/op_emitter.h"

namespace pto::codegen {
namespace {

absl::Status EmitBlockIdentity(FunctionEmitter& e, const ir::Call& call) {
  if (e.result() == nullptr) return absl::OkStatus();  // an unused read is nothing
  bool idx = call.op()->name() == "tile.get_block_idx";
  absl::string_view arg = idx ? e.SpmdBlockIdx() : e.SpmdBlockNum();
  absl::string_view name = e.NewName(e.result()->name());
  e.EmitOp(absl::StrCat(name, " = arith.index_cast ", arg, " : i32 to index"));
  e.BindResult(ScalarValue{name, ir::DataType::kIndex});
  return absl::OkStatus();
}

}  // namespace

void AddLaunchEmitters(OpEmitterTable& table) {
  table.Add({"tile.get_block_idx", &EmitBlockIdentity, TileResult::kNone});
  table.Add({"tile.get_block_num", &EmitBlockIdentity, TileResult::kNone});
}

}  // namespace pto::codegen
