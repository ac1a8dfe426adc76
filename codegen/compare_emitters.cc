// Comparison and selection:
//   tile.cmp  -> pto.tcmp  ins(%a, %b {cmpMode = #pto<cmp lt>} : Ta, Tb) outs(%mask : Tm)
//   tile.cmps -> pto.tcmps ins(%a, %s {cmpMode = #pto<cmp gt>} : Ta, f32) outs(%mask : Tm)
//   tile.sel  -> pto.tsel  ins(%mask, %a, %b, %tmp : ...) outs(%dst : T)
//   tile.sels -> pto.tsels ins(%mask, %src, %tmp, %s : ..., i32) outs(%dst : T)
// Operands keep the IR order, which is the instruction's; tcmps's scalar
// carries the source tile's element type (FunctionEmitter::ElementScalar).
//
// TSELS is checked against the target: the source dtype
// (SupportsTselsDataType), its scratch overlapping mask or source
// (TselsTmpMayOverlapInputs), and - on every target - mask and destination
// overlapping. Two operands overlap when they are, or view, one buffer.

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/op_emitter.h"
#include "ir/status_macros.h"

namespace pto::codegen {
namespace {

absl::StatusOr<std::string> CmpAttr(FunctionEmitter& e, const ir::Call& call) {
  const ir::AttrValue* k = call.FindKwarg("cmp_type");
  int64_t cmp = k == nullptr ? 0 : k->int_value();
  std::optional<absl::string_view> mode = PtoCmpMode(cmp);
  if (!mode) {
    return e.Fail(absl::StrCat(call.op()->name(), ": cmp_type ", cmp, " is not 0..5"));
  }
  return absl::StrCat("{cmpMode = #pto<cmp ", *mode, ">}");
}

absl::Status EmitTileCmp(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue lhs, e.Tile(call.arg(0)));
  PTO_ASSIGN_OR_RETURN(TileValue rhs, e.Tile(call.arg(1)));
  PTO_ASSIGN_OR_RETURN(std::string attr, CmpAttr(e, call));
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  e.EmitInsOuts("pto.tcmp", {{lhs.name, lhs.type}, {rhs.name, rhs.type}}, attr,
                {dst.name, dst.type});
  return absl::OkStatus();
}

absl::Status EmitTileCmps(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue lhs, e.Tile(call.arg(0)));
  const auto* tile = call.arg(0)->type()->As<ir::TileType>();
  PTO_ASSIGN_OR_RETURN(ScalarValue rhs, e.ElementScalar(call.arg(1), tile->dtype()));
  PTO_ASSIGN_OR_RETURN(absl::string_view rhs_type, e.ScalarTypeName(rhs.dtype));
  PTO_ASSIGN_OR_RETURN(std::string attr, CmpAttr(e, call));
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  e.EmitInsOuts("pto.tcmps", {{lhs.name, lhs.type}, {rhs.name, rhs_type}}, attr,
                {dst.name, dst.type});
  return absl::OkStatus();
}

absl::Status EmitTileSel(FunctionEmitter& e, const ir::Call& call) {
  std::vector<Operand> ins;
  for (const ir::Expr* arg : call.args()) {
    PTO_ASSIGN_OR_RETURN(TileValue v, e.Tile(arg));
    ins.push_back({v.name, v.type});
  }
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  e.EmitInsOuts("pto.tsel", ins, "", {dst.name, dst.type});
  return absl::OkStatus();
}

// The buffer a tile value lives in: its own, or the one it views.
absl::string_view BufferOf(const TileValue& v) { return v.is_view ? v.base_name : v.name; }

absl::Status EmitTileSels(FunctionEmitter& e, const ir::Call& call) {
  const auto* src_type = call.arg(1)->type()->As<ir::TileType>();
  const backends::Backend* b = e.backend();
  if (b != nullptr && !b->SupportsTselsDataType(src_type->dtype())) {
    return e.Fail(absl::StrCat("tile.sels: TSELS on ", b->Name(), " does not support ",
                               src_type->dtype().name(), " sources"));
  }
  std::vector<Operand> ins;
  TileValue operands[3];
  for (size_t i = 0; i < 3; ++i) {
    PTO_ASSIGN_OR_RETURN(operands[i], e.Tile(call.arg(i)));
    ins.push_back({operands[i].name, operands[i].type});
  }
  const TileValue& mask = operands[0];
  const TileValue& tmp = operands[2];
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  if (BufferOf(mask) == BufferOf(dst)) {
    return e.Fail("tile.sels: mask and dst must not overlap (TSELS requires it on every target)");
  }
  if (b != nullptr && !b->TselsTmpMayOverlapInputs()) {
    for (size_t i : {0, 1}) {
      if (BufferOf(tmp) == BufferOf(operands[i])) {
        return e.Fail(absl::StrCat("tile.sels: on ", b->Name(),
                                   " TSELS's tmp must not overlap mask or src, but tmp overlaps ",
                                   i == 0 ? "mask" : "src"));
      }
    }
  }
  // The deducer pins the scalar's dtype to the source's (signed for an
  // unsigned source), so it is used as is.
  PTO_ASSIGN_OR_RETURN(ScalarValue scalar, e.Scalar(call.arg(3)));
  PTO_ASSIGN_OR_RETURN(absl::string_view scalar_type, e.ScalarTypeName(scalar.dtype));
  ins.push_back({scalar.name, scalar_type});
  e.EmitInsOuts("pto.tsels", ins, "", {dst.name, dst.type});
  return absl::OkStatus();
}

}  // namespace

void AddCompareEmitters(OpEmitterTable& table) {
  table.Add({"tile.cmp", &EmitTileCmp, TileResult::kBuffer});
  table.Add({"tile.cmps", &EmitTileCmps, TileResult::kBuffer});
  table.Add({"tile.sel", &EmitTileSel, TileResult::kBuffer});
  table.Add({"tile.sels", &EmitTileSels, TileResult::kBuffer});
}

}  // namespace pto::codegen
