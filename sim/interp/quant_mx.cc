// Reference kernels of MXFP8 quantization: the composite tile.tquant_mx and
// the internal tile.tquant_mx_raw and tile.tmov_x2zz it lowers to. All
// quantize with sim/numerics/mx_quant.h.
//
// tile.tquant_mx(src [R, C], group_axis) groups 32 consecutive elements along
// src dim 1 (K) in both forms; the axis only orients the results:
//   group_axis=1: quant [R, C],  quant[r][c] = P(src[r][c]),   scale [R, C/32]
//   group_axis=0: quant [C, R],  quant[c][r] = P(src[r][c]),   scale [C/32, R]
// (the lowering transposes [N, K] to [K, N] first and groups along dim 0).
//
// tile.tquant_mx_raw(src [rows, cols], max, scaling, group_axis) groups along
// src dim `group_axis` and returns (INT8 [rows, cols] holding the FP8E4M3FN
// codes, UINT8 exponents holding the E8M0 codes): for group_axis=1 TQUANT's
// flat row [1, rows * cols/32], exp[0][r * G + g]; for group_axis=0 the
// canonical [rows/32, cols], exp[k][c]. Its max and scaling workspaces are
// write-only: their contents are unspecified afterwards (poisoned).
//
// tile.tmov_x2zz(src, tmp, group_axis[, dst_rows, dst_cols]) re-lays the
// exponents out as the ZZ scale: group_axis=1 maps the flat row (or an
// already shaped [M, G]) to out[m][g] = flat[m * G + g]; group_axis=0 is the
// DN -> ZZ transpose out[n][k] = src[k][n]. Physical rows beyond the valid
// shape are poison, and so is tmp afterwards.
//
// A group with an undefined element yields undefined codes and scale.

#include <array>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "sim/interp/element_loop.h"
#include "sim/interp/kernel.h"
#include "sim/numerics/mx_quant.h"

namespace pto::sim {
namespace {

// Reads a 2-D buffer's valid region as floats (row-major).
Dense<float> ReadFloats(const BufferView& v) { return GatherAs<float>(v, v.valid); }

struct Quantized {
  // Codes laid out like the source, and one scale per group.
  std::vector<uint8_t> codes;
  std::vector<uint8_t> code_defined;
  std::vector<uint8_t> scales;  // [group index]
  std::vector<uint8_t> scale_defined;
};

// Groups of 32 along `axis` of a [rows, cols] row-major array; group index
// is (r, c/32) -> r * (cols/32) + c/32 for axis 1 and (r/32, c) ->
// (r/32) * cols + c for axis 0.
Quantized QuantizeGroups(const Dense<float>& src, int64_t rows, int64_t cols, int axis) {
  Quantized q;
  q.codes.assign(static_cast<size_t>(rows * cols), 0);
  q.code_defined.assign(q.codes.size(), 1);
  int64_t groups = rows * cols / kMxBlockSize;
  q.scales.assign(static_cast<size_t>(groups), 0);
  q.scale_defined.assign(q.scales.size(), 1);
  std::array<float, kMxBlockSize> block;
  std::array<uint8_t, kMxBlockSize> codes;
  std::array<size_t, kMxBlockSize> where;
  for (int64_t g = 0; g < groups; ++g) {
    bool defined = true;
    for (int k = 0; k < kMxBlockSize; ++k) {
      int64_t r, c;
      if (axis == 1) {
        r = g / (cols / kMxBlockSize);
        c = (g % (cols / kMxBlockSize)) * kMxBlockSize + k;
      } else {
        r = (g / cols) * kMxBlockSize + k;
        c = g % cols;
      }
      where[k] = static_cast<size_t>(r * cols + c);
      block[k] = src.values[where[k]];
      defined = defined && src.defined[where[k]];
    }
    q.scales[g] = QuantizeMxFp8Block(block, absl::MakeSpan(codes));
    q.scale_defined[g] = defined;
    for (int k = 0; k < kMxBlockSize; ++k) {
      q.codes[where[k]] = codes[k];
      q.code_defined[where[k]] = defined;
    }
  }
  return q;
}

absl::StatusOr<int> GroupAxis(const KernelContext& ctx) {
  const ir::AttrValue* a = ctx.Kwarg("group_axis");
  int64_t axis = a != nullptr ? a->int_value() : -1;
  if (axis != 0 && axis != 1) return ctx.Error(absl::StrCat("group_axis must be 0 or 1, got ", axis));
  return static_cast<int>(axis);
}

// Writes element codes (row-major over `region`) into `out`.
void WriteCodes(const BufferView& out, absl::Span<const int64_t> region,
                const std::vector<uint8_t>& values, const std::vector<uint8_t>& defined) {
  Dense<uint64_t> d;
  d.values.assign(values.begin(), values.end());
  d.defined.assign(defined.begin(), defined.end());
  ScatterCodes(out, region, d);
}

absl::Status TQuantMx(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* src, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(int axis, GroupAxis(ctx));
  if (src->rank() != 2 || src->valid[1] % kMxBlockSize != 0) {
    return ctx.Error("needs a 2-D source whose columns are a multiple of 32");
  }
  int64_t rows = src->valid[0];
  int64_t cols = src->valid[1];
  Dense<float> values = ReadFloats(*src);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(values.undefined, 0));
  Quantized q = QuantizeGroups(values, rows, cols, /*axis=*/1);
  PTO_ASSIGN_OR_RETURN(BufferView quant, ctx.AllocateResultElement(0));
  PTO_ASSIGN_OR_RETURN(BufferView scale, ctx.AllocateResultElement(1));
  int64_t groups_per_row = cols / kMxBlockSize;
  Dims quant_region = axis == 1 ? Dims{rows, cols} : Dims{cols, rows};
  Dims scale_region = axis == 1 ? Dims{rows, groups_per_row} : Dims{groups_per_row, rows};
  if (!(quant.rank() == 2 && quant.valid == quant_region && scale.rank() == 2 &&
        scale.valid == scale_region)) {
    return ctx.Error("result types do not match the quantized geometry");
  }
  if (axis == 1) {
    WriteCodes(quant, {rows, cols}, q.codes, q.code_defined);
    WriteCodes(scale, {rows, groups_per_row}, q.scales, q.scale_defined);
  } else {
    // Transposed orientation: quant [C, R], scale [C/32, R].
    std::vector<uint8_t> tq(q.codes.size()), tqd(q.codes.size());
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t c = 0; c < cols; ++c) {
        tq[c * rows + r] = q.codes[r * cols + c];
        tqd[c * rows + r] = q.code_defined[r * cols + c];
      }
    }
    std::vector<uint8_t> ts(q.scales.size()), tsd(q.scales.size());
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t g = 0; g < groups_per_row; ++g) {
        ts[g * rows + r] = q.scales[r * groups_per_row + g];
        tsd[g * rows + r] = q.scale_defined[r * groups_per_row + g];
      }
    }
    WriteCodes(quant, {cols, rows}, tq, tqd);
    WriteCodes(scale, {groups_per_row, rows}, ts, tsd);
  }
  ctx.SetResult(Value::Tuple({Value::Of(quant), Value::Of(scale)}));
  return absl::OkStatus();
}

absl::Status TQuantMxRaw(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* src, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(int axis, GroupAxis(ctx));
  if (src->rank() != 2 || src->valid[axis] % kMxBlockSize != 0) {
    return ctx.Error("needs a 2-D source divisible by 32 along group_axis");
  }
  int64_t rows = src->valid[0];
  int64_t cols = src->valid[1];
  Dense<float> values = ReadFloats(*src);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(values.undefined, 0));
  Quantized q = QuantizeGroups(values, rows, cols, axis);
  PTO_ASSIGN_OR_RETURN(BufferView dst, ctx.AllocateResultElement(0));
  PTO_ASSIGN_OR_RETURN(BufferView exp, ctx.AllocateResultElement(1));
  if (dst.rank() != 2 || exp.rank() != 2 || dst.valid != Dims{rows, cols} ||
      exp.valid[0] * exp.valid[1] != static_cast<int64_t>(q.scales.size())) {
    return ctx.Error("result types do not match the quantized geometry");
  }
  WriteCodes(dst, {rows, cols}, q.codes, q.code_defined);
  // Both exponent layouts enumerate the groups in the order QuantizeGroups
  // numbers them.
  WriteCodes(exp, exp.valid, q.scales, q.scale_defined);
  for (size_t i : {1, 2}) {
    if (const BufferView* ws = ctx.arg(i).buffer()) PoisonAll(*ws);
  }
  ctx.SetResult(Value::Tuple({Value::Of(dst), Value::Of(exp)}));
  return absl::OkStatus();
}

absl::Status TMovX2Zz(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* src, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(int axis, GroupAxis(ctx));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  if (src->rank() != 2 || out.rank() != 2) return ctx.Error("needs 2-D src and result");
  Dense<uint8_t> in = GatherAs<uint8_t>(*src, src->valid);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(in.undefined, 0));
  int64_t zz_rows = out.valid[0];
  int64_t zz_cols = out.valid[1];
  Dense<uint8_t> zz;
  zz.values.assign(static_cast<size_t>(zz_rows * zz_cols), 0);
  zz.defined.assign(zz.values.size(), 1);
  int64_t src_cols = src->valid[1];
  for (int64_t m = 0; m < zz_rows; ++m) {
    for (int64_t g = 0; g < zz_cols; ++g) {
      // axis 1: flat (or shaped) row-major; axis 0: transpose of DN [K, N].
      int64_t from = axis == 1 ? m * zz_cols + g : g * src_cols + m;
      if (axis == 1 && src->valid[0] != 1) from = m * src_cols + g;
      if (from >= static_cast<int64_t>(in.values.size())) {
        return ctx.Error("the source exponents do not cover the ZZ shape");
      }
      zz.values[m * zz_cols + g] = in.values[from];
      zz.defined[m * zz_cols + g] = in.defined[from];
    }
  }
  ScatterFrom(out, {zz_rows, zz_cols}, zz);
  if (const BufferView* tmp = ctx.arg(1).buffer()) PoisonAll(*tmp);
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

}  // namespace

void RegisterQuantMxKernels(KernelRegistry& r) {
  r.Add("tile.tquant_mx", TQuantMx);
  r.Add("tile.tquant_mx_raw", TQuantMxRaw);
  r.Add("tile.tmov_x2zz", TMovX2Zz);
}

}  // namespace pto::sim
