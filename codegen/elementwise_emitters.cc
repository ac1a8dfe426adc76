// Element-wise tile arithmetic:
//   tile.add/sub/mul/div/maximum/minimum  -> pto.tadd/tsub/tmul/tdiv/tmax/tmin
//   tile.adds/subs/muls/divs/maximums/minimums -> pto.tadds/.../tmaxs/tmins
//   tile.neg/abs                          -> pto.tneg/tabs
// in the form `pto.tadd ins(%a, %b : Ta, Tb) outs(%dst : Tdst)`; the scalar
// operand of a tile-scalar op carries the tile's element type, as pto-isa
// declares it (FunctionEmitter::ElementScalar): `tile.adds(bf16_tile, 1.0)`
// adds `arith.constant 1.0 : bf16`.

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/op_emitter.h"
#include "ir/status_macros.h"

namespace pto::codegen {
namespace {

struct PtoName {
  absl::string_view op;
  absl::string_view pto;
};

constexpr PtoName kTileTile[] = {
    {"tile.add", "pto.tadd"},     {"tile.sub", "pto.tsub"},     {"tile.mul", "pto.tmul"},
    {"tile.div", "pto.tdiv"},     {"tile.maximum", "pto.tmax"}, {"tile.minimum", "pto.tmin"},
};
constexpr PtoName kTileScalar[] = {
    {"tile.adds", "pto.tadds"},     {"tile.subs", "pto.tsubs"},     {"tile.muls", "pto.tmuls"},
    {"tile.divs", "pto.tdivs"},     {"tile.maximums", "pto.tmaxs"}, {"tile.minimums", "pto.tmins"},
};
constexpr PtoName kUnary[] = {{"tile.neg", "pto.tneg"}, {"tile.abs", "pto.tabs"}};

template <size_t N>
absl::string_view Lookup(const PtoName (&table)[N], absl::string_view op) {
  for (const PtoName& p : table) {
    if (p.op == op) return p.pto;
  }
  return {};
}

absl::Status EmitTileTile(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue lhs, e.Tile(call.arg(0)));
  PTO_ASSIGN_OR_RETURN(TileValue rhs, e.Tile(call.arg(1)));
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  // PTOAS puts a precision op's attributes after its outs(...).
  absl::string_view trailing;
  if (const ir::AttrValue* hp = call.FindKwarg("high_precision");
      hp != nullptr && hp->bool_value()) {
    trailing = "{precisionType = #pto<div_precision high_precision>}";
  }
  e.EmitInsOuts(Lookup(kTileTile, call.op()->name()), {{lhs.name, lhs.type}, {rhs.name, rhs.type}},
                "", {dst.name, dst.type}, trailing);
  return absl::OkStatus();
}

absl::Status EmitTileScalar(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue lhs, e.Tile(call.arg(0)));
  const auto* tile = call.arg(0)->type()->As<ir::TileType>();
  PTO_ASSIGN_OR_RETURN(ScalarValue rhs, e.ElementScalar(call.arg(1), tile->dtype()));
  PTO_ASSIGN_OR_RETURN(absl::string_view rhs_type, e.ScalarTypeName(rhs.dtype));
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  e.EmitInsOuts(Lookup(kTileScalar, call.op()->name()), {{lhs.name, lhs.type}, {rhs.name, rhs_type}},
                "", {dst.name, dst.type});
  return absl::OkStatus();
}

absl::Status EmitUnary(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  e.EmitInsOuts(Lookup(kUnary, call.op()->name()), {{src.name, src.type}}, "",
                {dst.name, dst.type});
  return absl::OkStatus();
}

}  // namespace

void AddElementwiseEmitters(OpEmitterTable& table) {
  // Element-wise: each element is read before it is written, so the result
  // may be one of the operands' buffers.
  for (const PtoName& p : kTileTile) {
    table.Add({p.op, &EmitTileTile, TileResult::kBuffer, nullptr, /*in_place=*/true});
  }
  for (const PtoName& p : kTileScalar) {
    table.Add({p.op, &EmitTileScalar, TileResult::kBuffer, nullptr, /*in_place=*/true});
  }
  for (const PtoName& p : kUnary) {
    table.Add({p.op, &EmitUnary, TileResult::kBuffer, nullptr, /*in_place=*/true});
  }
}

}  // namespace pto::codegen
