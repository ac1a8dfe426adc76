// Zero-copy views:
//   tile.transpose_view, tile.reinterpret_view, tile.reshape
//       -> %v = pto.treshape %t : Tsrc -> Tview, or nothing when the view has
//          the type of its operand or of the buffer under it (the result is
//          then that value)
//   tile.set_validshape -> pto.set_validshape %t, %rows, %cols : T
//       (in place: the result is the operand's buffer, which the buffer plan
//        gave dynamic valid extents)
//   tensor.view -> pto.make_tensor_view over the source tensor's pointer

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/op_emitter.h"
#include "ir/status_macros.h"

namespace pto::codegen {
namespace {

absl::Status EmitTileReshape(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
  if (e.result() == nullptr) return absl::OkStatus();  // an unused view is nothing
  const auto* tile = e.result()->type()->As<ir::TileType>();
  if (tile == nullptr) return e.Fail(absl::StrCat(call.op()->name(), " must produce a tile"));
  PTO_ASSIGN_OR_RETURN(std::string type, e.ViewType(*tile));
  if (type == src.type) {
    e.BindResult(src);
    return absl::OkStatus();
  }
  if (src.is_view && type == src.base_type) {
    TileValue base(src.base_name, src.base_type);
    base.dynamic_valid = src.dynamic_valid;
    e.BindResult(base);
    return absl::OkStatus();
  }
  TileValue view;
  view.name = e.NewName(e.result()->name());
  view.type = e.Save(std::move(type));
  view.is_view = true;
  view.base_name = src.is_view ? src.base_name : src.name;
  view.base_type = src.is_view ? src.base_type : src.type;
  view.dynamic_valid = src.dynamic_valid;  // of the base buffer
  e.EmitOp(absl::StrCat(view.name, " = pto.treshape ", src.name, " : ", src.type, " -> ",
                        view.type));
  e.BindResult(view);
  return absl::OkStatus();
}

absl::Status EmitSetValidShape(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
  if (src.is_view) {
    return e.Fail(
        "tile.set_validshape cannot narrow a view (a transpose_view or reinterpret_view "
        "result): a view carries its valid extent in its type; narrow its source before "
        "taking the view");
  }
  if (!src.dynamic_valid) {
    // Only reachable through a view that resolved back to its buffer.
    return e.Unsupported(absl::StrCat("tile.set_validshape of ", src.name,
                                      ", whose buffer has static valid extents"));
  }
  PTO_ASSIGN_OR_RETURN(absl::string_view rows, e.Index(call.arg(1)));
  PTO_ASSIGN_OR_RETURN(absl::string_view cols, e.Index(call.arg(2)));
  e.EmitOp(absl::StrCat("pto.set_validshape ", src.name, ", ", rows, ", ", cols, " : ", src.type));
  if (e.result() != nullptr) e.BindResult(src);
  return absl::OkStatus();
}

absl::Status EmitTensorView(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TensorValue src, e.Tensor(call.arg(0)));
  if (e.result() == nullptr) return absl::OkStatus();
  const auto* type = e.result()->type()->As<ir::TensorType>();
  if (type == nullptr) return e.Fail("tensor.view must produce a tensor");
  PTO_ASSIGN_OR_RETURN(TensorValue view, e.MakeTensorView(src.ptr, *type, e.result()->name()));
  e.BindResult(view);
  return absl::OkStatus();
}

}  // namespace

void AddViewEmitters(OpEmitterTable& table) {
  table.Add({"tile.transpose_view", &EmitTileReshape, TileResult::kView});
  table.Add({"tile.reinterpret_view", &EmitTileReshape, TileResult::kView});
  table.Add({"tile.reshape", &EmitTileReshape, TileResult::kView});
  table.Add({"tile.set_validshape", &EmitSetValidShape, TileResult::kAlias});
  table.Add({"tensor.view", &EmitTensorView, TileResult::kNone});
}

}  // namespace pto::codegen
