// tile.cast -> exactly one pto.tcvt:
//
//   pto.tcvt ins(%src[, %tmp] {rmode = #pto<round_mode ROUND>,
//                              satmode = #pto<saturation_mode ON>} : Tsrc[, Ttmp])
//            outs(%dst : Tdst)
//
// satmode is always stamped, through EmittedSaturationMode: PTOAS changed its
// default for an omitted satmode (v0.63: OFF -> ON), so leaving it out would
// let the assembler pick the semantics. A conversion the backend has no
// single instruction for is an error pointing at legalize-tile-cast, which
// splits it into native hops.

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/op_emitter.h"
#include "ir/ops/cast_saturation.h"
#include "ir/status_macros.h"

namespace pto::codegen {
namespace {

absl::Status EmitTileCast(FunctionEmitter& e, const ir::Call& call) {
  const auto* src_type = call.arg(0)->type()->As<ir::TileType>();
  const ir::AttrValue* target = call.FindKwarg("target_type");
  if (src_type == nullptr || target == nullptr) {
    return e.Fail("tile.cast needs a tile operand and a target_type");
  }
  ir::DataType from = src_type->dtype();
  ir::DataType to = target->dtype();
  if (const backends::Backend* b = e.backend(); b != nullptr && !b->IsNativeTcvt(from, to)) {
    return e.Fail(absl::StrCat("tile.cast from ", from.name(), " to ", to.name(),
                               " is not a native pto.tcvt on ", b->Name(),
                               "; run the legalize-tile-cast pass first"));
  }
  ir::RoundMode mode = ir::RoundMode::kRound;
  if (const ir::AttrValue* m = call.FindKwarg("mode")) mode = m->As<ir::RoundMode>();
  std::optional<ir::SaturationMode> requested;
  if (const ir::AttrValue* s = call.FindKwarg("saturation_mode")) {
    requested = s->As<ir::SaturationMode>();
  }
  ir::SaturationMode sat = ir::EmittedSaturationMode(requested, to);

  PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
  std::vector<Operand> ins = {{src.name, src.type}};
  if (call.args().size() > 1) {
    PTO_ASSIGN_OR_RETURN(TileValue tmp, e.Tile(call.arg(1)));
    ins.push_back({tmp.name, tmp.type});
  }
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  e.EmitInsOuts("pto.tcvt", ins,
                absl::StrCat("{rmode = #pto<round_mode ", PtoRoundMode(mode),
                             ">, satmode = #pto<saturation_mode ", PtoSaturationMode(sat), ">}"),
                {dst.name, dst.type});
  return absl::OkStatus();
}

}  // namespace

void AddCastEmitters(OpEmitterTable& table) {
  table.Add({"tile.cast", &EmitTileCast, TileResult::kBuffer});
}

}  // namespace pto::codegen
