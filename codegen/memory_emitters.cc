// Allocation and tensor <-> tile data movement:
//   tile.create -> nothing at the call (its pto.alloc_tile is the buffer)
//   tile.full   -> pto.texpands ins(%value : <T's element type>) outs(%t : T)
//   tile.load   -> %x_pview = pto.partition_view %x, offsets = [...], sizes = [...]
//                  pto.tload ins(%x_pview : P) outs(%t : T)
//   tile.move   -> pto.tmov ins(%src : Tsrc) outs(%dst : Tdst), into the
//                  result's memory space and layout
//   tile.store  -> pto.partition_view + pto.tstore ins(%t : T) outs(%y_pview : P)
//                  [{atomicType = #pto<atomic_type atomic_add>}]
//                  (atomic add only into a dtype the backend's store pipe
//                  combines: SupportsAtomicAddDataType); into a window also
//                  pto.cmo.cacheinvalid %y_pview single_cache_line : P
//                  pto.fence.barrier_all #pto.fence_scope<gm>
// A partition covers the tile's valid region: a load reads and a store writes
// only that. A store's result is the tensor it wrote.

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/gm_write.h"
#include "codegen/op_emitter.h"
#include "ir/status_macros.h"

namespace pto::codegen {
namespace {

absl::string_view NameOf(const ir::Expr* e) { return FunctionEmitter::NameHint(e, "tensor"); }

// The MX layouts are hardware contracts tload must be told about.
absl::string_view LoadLayoutAttr(const ir::TensorType& t) {
  switch (t.EffectiveView().layout) {
    case ir::TensorLayout::kMxAZZ: return "{layout = #pto.layout<mx_a_zz>}";
    case ir::TensorLayout::kMxBNN: return "{layout = #pto.layout<mx_b_nn>}";
    default: return "";
  }
}

absl::Status EmitTileCreate(FunctionEmitter&, const ir::Call&) { return absl::OkStatus(); }

absl::Status EmitTileFull(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  const auto* tile = e.result()->type()->As<ir::TileType>();
  PTO_ASSIGN_OR_RETURN(ScalarValue value, e.ElementScalar(call.arg(1), tile->dtype()));
  PTO_ASSIGN_OR_RETURN(absl::string_view value_type, e.ScalarTypeName(value.dtype));
  e.EmitInsOuts("pto.texpands", {{value.name, value_type}}, "", {dst.name, dst.type});
  return absl::OkStatus();
}

absl::Status EmitTileLoad(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TensorValue tensor, e.Tensor(call.arg(0)));
  const auto* tensor_type = call.arg(0)->type()->As<ir::TensorType>();
  PTO_ASSIGN_OR_RETURN(ir::ExprSpan offsets, e.ListOperand(call, 1));
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  const auto* tile = e.result()->type()->As<ir::TileType>();
  ir::ExprSpan valid = tile->ValidShape();
  if (valid.size() != tensor_type->rank() || offsets.size() != tensor_type->rank()) {
    return e.Unsupported(absl::StrCat("tile.load of a rank-", valid.size(),
                                      " window from a rank-", tensor_type->rank(),
                                      " tensor (a partition view has the tensor's rank)"));
  }
  PTO_ASSIGN_OR_RETURN(Operand partition,
                       e.PartitionView(tensor, NameOf(call.arg(0)), offsets, valid));
  e.EmitInsOuts("pto.tload", {partition}, "", {dst.name, dst.type}, LoadLayoutAttr(*tensor_type));
  return absl::OkStatus();
}

absl::Status EmitTileStore(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
  const auto* tile = call.arg(0)->type()->As<ir::TileType>();
  PTO_ASSIGN_OR_RETURN(ir::ExprSpan offsets, e.ListOperand(call, 1));
  PTO_ASSIGN_OR_RETURN(TensorValue tensor, e.Tensor(call.arg(2)));
  const auto* tensor_type = call.arg(2)->type()->As<ir::TensorType>();
  // A fourth argument is an ND partition (FlattenTileNdTo2D); otherwise the
  // tile's valid region is what lands in the tensor.
  ir::ExprSpan sizes = tile->ValidShape();
  if (call.args().size() > 3) {
    PTO_ASSIGN_OR_RETURN(sizes, e.ListOperand(call, 3));
  }
  if (sizes.size() != tensor_type->rank() || offsets.size() != tensor_type->rank()) {
    return e.Unsupported(absl::StrCat("tile.store of a rank-", sizes.size(),
                                      " region into a rank-", tensor_type->rank(),
                                      " tensor (a partition view has the tensor's rank)"));
  }
  PTO_ASSIGN_OR_RETURN(Operand partition,
                       e.PartitionView(tensor, NameOf(call.arg(2)), offsets, sizes));
  absl::string_view atomic;
  if (const ir::AttrValue* a = call.FindKwarg("atomic");
      a != nullptr && a->As<ir::AtomicType>() == ir::AtomicType::kAdd) {
    PTO_RETURN_IF_ERROR(CheckAtomicAdd(e, "tile.store", tensor_type->dtype(), "tensor"));
    atomic = "{atomicType = #pto<atomic_type atomic_add>}";
  }
  e.EmitInsOuts("pto.tstore", {{src.name, src.type}}, "", partition, atomic);
  // A peer may remote_load a window once signalled: the store is released
  // before any later notify. The fence drains the store pipe, so no barrier.
  if (IsWindow(call.arg(2))) EmitRelease(e, partition);
  if (e.result() != nullptr) e.BindResult(tensor);
  return absl::OkStatus();
}

absl::Status EmitTileMove(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  e.EmitInsOuts("pto.tmov", {{src.name, src.type}}, "", {dst.name, dst.type});
  return absl::OkStatus();
}

}  // namespace

void AddMemoryEmitters(OpEmitterTable& table) {
  table.Add({"tile.create", &EmitTileCreate, TileResult::kBuffer});
  table.Add({"tile.full", &EmitTileFull, TileResult::kBuffer});
  table.Add({"tile.load", &EmitTileLoad, TileResult::kBuffer});
  table.Add({"tile.store", &EmitTileStore, TileResult::kNone});
  // TMOV has no in-place form: the result always gets its own buffer.
  table.Add({"tile.move", &EmitTileMove, TileResult::kBuffer});
}

}  // namespace pto::codegen
