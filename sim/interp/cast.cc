// Reference kernels of tile.cast and tensor.cast.
//
// Each valid element converts with sim/numerics/element_convert.h under the call's
// `mode` and its resolved saturation: the `saturation_mode` kwarg when
// recorded, else the destination's default read through the way codegen
// stamps it (ir/ops/cast_saturation.h EmittedSaturationMode: ON for integer
// destinations, OFF - the IEEE behaviour - for float ones). tile.cast's
// optional scratch operand is caller-owned and its contents are unspecified
// afterwards, so the reference poisons it: a program that reads it back sees
// undefined data.

#include "absl/strings/str_cat.h"
#include "ir/ops/cast_saturation.h"
#include "ir/status_macros.h"
#include "sim/interp/element_loop.h"
#include "sim/interp/kernel.h"
#include "sim/numerics/element_convert.h"

namespace pto::sim {
namespace {

absl::Status Cast(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  ElementCast cast;
  cast.src = in->dtype;
  cast.dst = out.dtype;
  if (const ir::AttrValue* mode = ctx.Kwarg("mode")) cast.mode = mode->As<ir::RoundMode>();
  std::optional<ir::SaturationMode> requested;
  if (const ir::AttrValue* sat = ctx.Kwarg("saturation_mode")) {
    requested = sat->As<ir::SaturationMode>();
  }
  cast.saturate = ir::EmittedSaturationMode(requested, cast.dst) == ir::SaturationMode::kOn;

  Dims region = out.valid;
  OperandWalk src = WalkFor(*in, region.size());
  // Decode per element into a dense array of codes, then encode; both
  // loops are branch-light and the dtype switches are hoisted into the
  // element converters.
  int64_t n = RegionSize(region);
  std::vector<uint64_t> codes(static_cast<size_t>(n));
  std::vector<uint8_t> defined(static_cast<size_t>(n), 1);
  int64_t undefined = 0;
  const Storage& storage = *in->storage;
  int in_bits = in->ElementBits();
  // A source of <= 16 bits has few codes: convert each once.
  ElementConverter convert(cast);
  std::vector<uint64_t> table;
  if (in_bits <= 16 && n >= (int64_t{1} << in_bits) / 4) {
    table.resize(size_t{1} << in_bits);
    for (uint64_t c = 0; c < table.size(); ++c) table[c] = convert(c);
  }
  WalkRegion(region, src, [&](int64_t i, int64_t bit, bool in_valid) {
    if (in_valid && IsDefinedRaw(storage, bit, in_bits)) {
      uint64_t code = LoadBitsRaw(storage.data(), bit, in_bits);
      codes[i] = table.empty() ? convert(code) : table[code];
    } else {
      defined[i] = 0;
      ++undefined;
    }
  });
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 0));
  OperandWalk dst;
  dst.base = out.offset;
  dst.strides = out.strides;
  dst.limits.assign(region.size(), std::numeric_limits<int64_t>::max());
  WalkRegion(region, dst, [&](int64_t i, int64_t bit, bool) {
    if (defined[i]) {
      StoreBits(out, bit, codes[i]);
    } else {
      StorePoison(out, bit);
    }
  });
  if (undefined == 0) NoteFullyWritten(out, region);
  if (ctx.num_args() > 1) {
    if (const BufferView* tmp = ctx.arg(1).buffer()) PoisonAll(*tmp);
  }
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

}  // namespace

void RegisterCastKernels(KernelRegistry& r) {
  r.Add("tile.cast", Cast);
  r.Add("tensor.cast", Cast);
}

}  // namespace pto::sim
