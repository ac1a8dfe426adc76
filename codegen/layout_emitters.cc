// Physical layout changes:
//   tile.transpose(src, 0, 1[, tmp]) -> pto.ttrans ins(%src, %tmp : Ts, Tt) outs(%dst : Td)
// TTRANS needs a scratch tile; FlattenTileNdTo2D passes one as `tmp`, and
// without it the emitter allocates one of the source's type.

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/op_emitter.h"
#include "ir/status_macros.h"

namespace pto::codegen {
namespace {

const ir::Type* TransposeScratch(const ir::Call& call) {
  return call.args().size() > 3 ? nullptr : call.arg(0)->type();
}

absl::Status EmitTileTranspose(FunctionEmitter& e, const ir::Call& call) {
  PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
  const auto* tile = call.arg(0)->type()->As<ir::TileType>();
  if (tile->rank() != 2) {
    return e.Fail(absl::StrCat("tile.transpose of a rank-", tile->rank(),
                               " tile: pto.ttrans transposes 2-D tiles"));
  }
  TileValue tmp;
  if (call.args().size() > 3) {
    PTO_ASSIGN_OR_RETURN(tmp, e.Tile(call.arg(3)));
  } else {
    PTO_ASSIGN_OR_RETURN(tmp, e.Scratch(call));
  }
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  e.EmitInsOuts("pto.ttrans", {{src.name, src.type}, {tmp.name, tmp.type}}, "",
                {dst.name, dst.type});
  return absl::OkStatus();
}

}  // namespace

void AddLayoutEmitters(OpEmitterTable& table) {
  table.Add({"tile.transpose", &EmitTileTranspose, TileResult::kBuffer, &TransposeScratch});
}

}  // namespace pto::codegen
