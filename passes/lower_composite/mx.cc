// tile.tquant_mx -> grouped TQUANT + exponent X-to-ZZ, value-returning.
//
//   [tq_src_kn = tile.transpose(src, 0, 1)]                  group_axis=0 only
//   tq_max     = tile.create(aux, src dtype)                 write-only workspaces
//   tq_scaling = tile.create(...) [narrowed by tile.set_validshape]
//   tq_raw     = tile.tquant_mx_raw(src, tq_max, tq_scaling, dtype, group_axis)
//   tq_dst     = tq_raw[0]                                   INT8 [rows, cols]
//   tq_exp     = tq_raw[1]                                   UINT8 exponents
//   tq_quant   = tile.reinterpret_view(tq_dst, dtype=FP8E4M3FN)
//   tq_x2zz_tmp = tile.create([1, B], UINT8)
//   tq_exp_zz  = tile.tmov_x2zz(tq_exp, tq_x2zz_tmp, group_axis[, dst_rows, dst_cols])
//   tq_scale   = tile.reinterpret_view(tq_exp_zz, dtype=FP8E8M0)
//   [tq_scale_nn = tile.transpose_view(tq_scale)]            group_axis=0 only
//   -> (tq_quant, tq_scale[_nn])
//
// group_axis=1 (A side) keeps [M, K] and TQUANT's flat exponent row
// [1, M*K/32]; the X-to-ZZ tmp holds 64 + ceil(M/16) * K/32 bytes. group_axis=0
// (B side) transposes [N, K] to [K, N] first, uses the canonical exponent
// [K/32, N] and pto-isa's TMovDnTo2Zz (DN [K/32, N] -> ZZ [N, K/32] row/row,
// one 32-byte Vec pad of tmp); a zero-copy transpose_view then gives the
// public [K/32, N] col/col scale. Every workspace is created in Vec
// explicitly (the pass runs before memory-space inference); tmp sizes are
// rounded up to 32 bytes. The IR re-deduces every call, so a workspace whose
// valid extent is narrower than its allocation (tq_scaling on axis 1) is
// allocated as `tq_scaling_alloc` and narrowed with tile.set_validshape
// instead of being re-typed.

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {
namespace {

using ir::DataType;

constexpr int64_t kMxGroupSize = 32;
constexpr int64_t kScaleRowBlock = 16;
constexpr int64_t kX2ZzTmpHeaderBytes = 64;
constexpr int64_t kVecByteAlign = 32;
// PTOAS grouped-TQUANT scaling-workspace sizing.
constexpr int64_t kFp32ScalingAlign = 64;
constexpr int64_t kHalfScalingAlign = 128;
constexpr int64_t kFp32UnrollMinElements = 1024;
constexpr int64_t kFp32UnrollMultiple = 256;

int64_t RoundUp(int64_t v, int64_t m) { return (v + m - 1) / m * m; }

// A Vec workspace of `physical` elements whose valid extent is `valid`.
absl::StatusOr<const ir::Var*> BindWorkspace(LoweringBuilder& b, absl::string_view qualifier,
                                             int64_t rows, int64_t physical_cols,
                                             int64_t valid_cols, DataType dtype) {
  const int64_t shape[] = {rows, physical_cols};
  if (valid_cols == physical_cols) return b.Bind(qualifier, b.Create(shape, dtype));
  PTO_ASSIGN_OR_RETURN(const ir::Var* alloc,
                       b.Bind(absl::StrCat(qualifier, "_alloc"), b.Create(shape, dtype)));
  const ir::Expr* args[] = {alloc, b.ctx().Index(rows), b.ctx().Index(valid_cols)};
  return b.Bind(qualifier, b.Call("tile.set_validshape", args));
}

}  // namespace

absl::StatusOr<const ir::Expr*> LowerTQuantMxRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                  LoweringBuilder& b) {
  ir::Context& ctx = b.ctx();
  const ir::AttrValue* axis_attr = call.FindKwarg("group_axis");
  const ir::AttrValue* dtype_attr = call.FindKwarg("dtype");
  if (visited_args.size() != 1 || axis_attr == nullptr || dtype_attr == nullptr) {
    return b.Internal("tile.tquant_mx needs one operand, group_axis and dtype");
  }
  const int64_t axis = axis_attr->int_value();
  const ir::Expr* src = visited_args[0];
  if (axis == 0) {
    const ir::Expr* args[] = {src, ctx.Index(0), ctx.Index(1)};
    PTO_ASSIGN_OR_RETURN(src, b.Bind("tq_src_kn", b.Call("tile.transpose", args)));
  }

  // The deducer guarantees a 2-D source of static extents divisible along
  // the group axis; re-checked so a broken invariant cannot truncate.
  const auto* tile = src->type()->As<ir::TileType>();
  std::optional<int64_t> rows = tile != nullptr && tile->rank() == 2
                                    ? ir::AsConstInt(tile->shape()[0])
                                    : std::nullopt;
  std::optional<int64_t> cols = rows ? ir::AsConstInt(tile->shape()[1]) : std::nullopt;
  if (!rows || !cols || *rows <= 0 || *cols <= 0 ||
      (axis == 0 ? *rows : *cols) % kMxGroupSize != 0) {
    return b.Internal("tile.tquant_mx lowering needs a static 2-D source divisible by 32 along "
                      "its group axis");
  }
  const int64_t group_rows = axis == 0 ? *rows / kMxGroupSize : *rows;
  const int64_t group_cols = axis == 0 ? *cols : *cols / kMxGroupSize;
  const int64_t groups = group_rows * group_cols;
  const int64_t aux_rows = axis == 0 ? group_rows : 1;
  const int64_t aux_cols = axis == 0 ? group_cols : groups;
  const DataType src_dtype = tile->dtype();

  PTO_ASSIGN_OR_RETURN(const ir::Var* max,
                       BindWorkspace(b, "tq_max", aux_rows, aux_cols, aux_cols, src_dtype));
  int64_t scaling_cols = aux_cols;
  if (axis == 1) {
    // FP32 sources above 1024 elements (a multiple of 256) run TQUANT
    // unrolled, with two scaling entries per group.
    const int64_t elements = *rows * *cols;
    bool unrolled = src_dtype == DataType::kFP32 && elements > kFp32UnrollMinElements &&
                    elements % kFp32UnrollMultiple == 0;
    scaling_cols = RoundUp(unrolled ? 2 * groups : groups,
                           src_dtype == DataType::kFP32 ? kFp32ScalingAlign : kHalfScalingAlign);
  }
  PTO_ASSIGN_OR_RETURN(const ir::Var* scaling, BindWorkspace(b, "tq_scaling", aux_rows,
                                                             scaling_cols, aux_cols, src_dtype));

  const ir::Expr* raw_args[] = {src, max, scaling};
  const ir::NamedAttr raw_kwargs[] = {{"dtype", *dtype_attr}, {"group_axis", *axis_attr}};
  PTO_ASSIGN_OR_RETURN(const ir::Var* raw,
                       b.Bind("tq_raw", b.Call("tile.tquant_mx_raw", raw_args, raw_kwargs)));
  const ir::Var* dst = b.Bind("tq_dst", ctx.NewTupleGetItem(raw, 0, b.loc()));
  const ir::Var* exp = b.Bind("tq_exp", ctx.NewTupleGetItem(raw, 1, b.loc()));

  const ir::Expr* dst_args[] = {dst};
  const ir::NamedAttr quant_kwargs[] = {{"dtype", ir::AttrValue::DType(DataType::kFP8E4M3FN)}};
  PTO_ASSIGN_OR_RETURN(const ir::Var* quant,
                       b.Bind("tq_quant", b.Call("tile.reinterpret_view", dst_args, quant_kwargs)));

  int64_t tmp_bytes = kVecByteAlign;
  if (axis == 1) {
    int64_t row_blocks = (group_rows + kScaleRowBlock - 1) / kScaleRowBlock;
    tmp_bytes = kX2ZzTmpHeaderBytes + row_blocks * group_cols;
  }
  const int64_t tmp_cols = RoundUp(tmp_bytes, kVecByteAlign);
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp,
                       BindWorkspace(b, "tq_x2zz_tmp", 1, tmp_cols, tmp_cols, DataType::kUInt8));
  const ir::Expr* x2zz_args[] = {exp, tmp};
  std::vector<ir::NamedAttr> x2zz_kwargs = {{"group_axis", *axis_attr}};
  if (axis == 1) {
    // TQUANT's axis-1 exponent is a flat row; name the ZZ [M, K/32] target.
    x2zz_kwargs.push_back({"dst_rows", ir::AttrValue::Int(group_rows)});
    x2zz_kwargs.push_back({"dst_cols", ir::AttrValue::Int(group_cols)});
  }
  PTO_ASSIGN_OR_RETURN(const ir::Var* zz,
                       b.Bind("tq_exp_zz", b.Call("tile.tmov_x2zz", x2zz_args, x2zz_kwargs)));
  const ir::Expr* zz_args[] = {zz};
  const ir::NamedAttr scale_kwargs[] = {{"dtype", ir::AttrValue::DType(DataType::kFP8E8M0)}};
  PTO_ASSIGN_OR_RETURN(const ir::Var* scale,
                       b.Bind("tq_scale", b.Call("tile.reinterpret_view", zz_args, scale_kwargs)));
  if (axis == 0) {
    // ZZ [N, K/32] row/row and the public [K/32, N] col/col are the same bytes.
    const ir::Expr* args[] = {scale};
    PTO_ASSIGN_OR_RETURN(scale, b.Bind("tq_scale_nn", b.Call("tile.transpose_view", args)));
  }
  const ir::Expr* result[] = {quant, scale};
  return ctx.NewMakeTuple(result, b.loc());
}

}  // namespace pto::passes::lower_composite
