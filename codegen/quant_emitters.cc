// MX quantisation, the internal forms LowerCompositeOps emits:
//   tile.tquant_mx_raw -> pto.tquant.mx ins(%src : Ts)
//                           outs(%dst, %exp, %max, %scaling : Td, Te, Tm, Ts)
//                           {quant_type = #pto<quant_type MXFP8>,
//                            grpAxis = #pto<mx_group_axis axis1>}
//   tile.tmov_x2zz     -> pto.tmov ins(%exp : Te, %tmp : Tt) outs(%zz : Tz)
//                           {grpAxis = #pto<mx_group_axis axis1>}
// The raw op's (dst, exp) tuple is written into the buffers of the vars that
// project it (FunctionEmitter::ResultElements); max and scaling are its
// write-only workspace operands, so they are outs too. A non-scaling third
// tile is what makes pto.tmov the X-to-ZZ form.

#include "absl/strings/str_cat.h"
#include "codegen/function_emitter.h"
#include "codegen/op_emitter.h"
#include "ir/status_macros.h"

namespace pto::codegen {
namespace {

// PTOAS rejects both MX instructions on a target without them, so the
// kernel is refused here rather than emitted for the assembler to reject.
absl::Status CheckTarget(FunctionEmitter& e, const ir::Call& call, absl::string_view instr) {
  const backends::Backend* b = e.backend();
  if (b == nullptr || b->SupportsMxQuantization()) return absl::OkStatus();
  return e.Fail(absl::StrCat(call.op()->name(), ": ", instr, " (MX quantisation) is not available on ",
                             b->Name(), " (", b->ChipName(), ")"));
}

absl::StatusOr<std::string> GroupAxisAttr(FunctionEmitter& e, const ir::Call& call) {
  const ir::AttrValue* axis = call.FindKwarg("group_axis");
  if (axis == nullptr || (axis->int_value() != 0 && axis->int_value() != 1)) {
    return e.Fail(absl::StrCat(call.op()->name(), ": group_axis must be 0 or 1"));
  }
  return absl::StrCat("grpAxis = #pto<mx_group_axis axis", axis->int_value(), ">");
}

absl::Status EmitTQuantMxRaw(FunctionEmitter& e, const ir::Call& call) {
  PTO_RETURN_IF_ERROR(CheckTarget(e, call, "pto.tquant.mx"));
  PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
  PTO_ASSIGN_OR_RETURN(TileValue max, e.Tile(call.arg(1)));
  PTO_ASSIGN_OR_RETURN(TileValue scaling, e.Tile(call.arg(2)));
  PTO_ASSIGN_OR_RETURN(std::vector<TileValue> results, e.ResultElements());
  if (results.size() != 2) {
    return e.Fail("tile.tquant_mx_raw: the result must be a (dst, exp) tuple");
  }
  // The deducer admits MXFP8 (FP8E4M3FN) only.
  PTO_ASSIGN_OR_RETURN(std::string axis, GroupAxisAttr(e, call));
  Operand outs[] = {{results[0].name, results[0].type},
                    {results[1].name, results[1].type},
                    {max.name, max.type},
                    {scaling.name, scaling.type}};
  e.EmitInsOuts("pto.tquant.mx", {{src.name, src.type}}, "", outs,
                absl::StrCat("{quant_type = #pto<quant_type MXFP8>, ", axis, "}"));
  return absl::OkStatus();
}

absl::Status EmitTMovX2Zz(FunctionEmitter& e, const ir::Call& call) {
  PTO_RETURN_IF_ERROR(CheckTarget(e, call, "the X-to-ZZ pto.tmov"));
  PTO_ASSIGN_OR_RETURN(TileValue src, e.Tile(call.arg(0)));
  PTO_ASSIGN_OR_RETURN(TileValue tmp, e.Tile(call.arg(1)));
  PTO_ASSIGN_OR_RETURN(std::string axis, GroupAxisAttr(e, call));
  PTO_ASSIGN_OR_RETURN(TileValue dst, e.ResultBuffer());
  e.EmitTypedInsOuts("pto.tmov", {{src.name, src.type}, {tmp.name, tmp.type}},
                     {dst.name, dst.type}, absl::StrCat("{", axis, "}"));
  return absl::OkStatus();
}

}  // namespace

void AddQuantEmitters(OpEmitterTable& table) {
  table.Add({"tile.tquant_mx_raw", &EmitTQuantMxRaw, TileResult::kTuple});
  table.Add({"tile.tmov_x2zz", &EmitTMovX2Zz, TileResult::kBuffer});
}

}  // namespace pto::codegen
