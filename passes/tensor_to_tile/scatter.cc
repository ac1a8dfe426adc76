// tensor.scatter_update(input, index, src): input [m, d] with row
// index.flat[k] replaced by src row k (index [b, s], src [b * s, d]; static
// extents, rank 2).
//
// TSCATTER writes elements at flat indices, so each src row k goes to
// flat positions index.flat[k] * d + c (computed in INT32, narrowed to
// INT16 for a 2-byte dtype, whose flat range must then fit). Scattering
// into zeros loses which rows were written; a second scatter of ones into a
// zero mask marks them, and tile.sel keeps input elsewhere.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/tensor_to_tile/rules.h"

namespace pto::passes::tensor_to_tile {
namespace {

using ir::AttrValue;
using ir::DataType;
using ir::ExprSpan;
using ir::MemorySpace;

// TSCATTER's INT16 flat indices reach this far.
constexpr int64_t kInt16FlatLimit = 32767;

std::vector<int64_t> StaticDims(const ir::TileType* t) {
  std::vector<int64_t> dims;
  for (const ir::Expr* d : t->shape()) {
    const auto* c = d->As<ir::ConstInt>();
    if (c == nullptr) return {};
    dims.push_back(c->value());
  }
  return dims;
}

}  // namespace

absl::StatusOr<const ir::Expr*> ConvertScatterUpdate(ConversionBuilder& b, ExprSpan args) {
  ir::Context& ctx = b.ctx();
  const ir::TileType* input = TileOf(args[0]);
  const ir::TileType* index = TileOf(args[1]);
  const ir::TileType* src = TileOf(args[2]);
  if (input->rank() != 2 || src->rank() != 2) {
    return b.Error(absl::StrCat("only 2-D input and src convert to tile ops, got input rank ",
                                input->rank(), " and src rank ", src->rank()));
  }
  std::vector<int64_t> in_dims = StaticDims(input);
  std::vector<int64_t> idx_dims = StaticDims(index);
  std::vector<int64_t> src_dims = StaticDims(src);
  if (in_dims.empty() || idx_dims.size() != 2 || src_dims.empty()) {
    return b.Error("needs static input, index and src extents (a rank-2 index) to build its "
                   "flat indices");
  }
  const int64_t m = in_dims[0], d = in_dims[1], n = src_dims[0];
  if (n != idx_dims[0] * idx_dims[1]) {
    return b.Error(absl::StrCat("src has ", n, " rows, the index ", idx_dims[0] * idx_dims[1],
                                " entries; each index entry names the row one src row replaces"));
  }
  const DataType dtype = input->dtype();
  const int bytes = dtype.storage_bits() / 8;
  const DataType flat_dtype = bytes == 4 ? DataType::kInt32 : DataType::kInt16;
  if (flat_dtype == DataType::kInt16 && m * d > kInt16FlatLimit) {
    return b.Error(absl::StrCat(dtype.name(), " input has ", m, " * ", d, " = ", m * d,
                                " elements, beyond the INT16 flat indices' limit of ",
                                kInt16FlatLimit,
                                " (TSCATTER indexes a 2-byte tile with INT16); use fewer rows or "
                                "columns, or a 4-byte dtype"));
  }
  const DataType mask_dtype =
      bytes == 4 ? DataType::kFP32 : bytes == 2 ? DataType::kFP16 : DataType::kInt8;

  auto shape = [&](int64_t rows, int64_t cols) { return ctx.NewMakeTuple(ctx.IndexList({rows, cols})); };
  auto i32 = [&](int64_t v) { return ctx.Int(v, DataType::kInt32); };
  auto emit = [&](absl::string_view name, absl::string_view op, ExprSpan operands,
                  absl::Span<const ir::NamedAttr> kwargs = {}) {
    return b.Bind(name, b.Call(op, operands, kwargs));
  };
  auto full = [&](absl::string_view name, int64_t rows, int64_t cols, DataType t, double value) {
    const ir::Expr* v = t.IsFloat() ? static_cast<const ir::Expr*>(ctx.Float(value, t))
                                     : ctx.Int(static_cast<int64_t>(value), t);
    return emit(name, "tile.full", {shape(rows, cols), v}, {{"dtype", AttrValue::DType(t)}});
  };
  const ir::NamedAttr narrow_none = {"mode", AttrValue::Enum(ir::RoundMode::kNone)};

  // flat[k, c] = index.flat[k] * d + c.
  PTO_ASSIGN_OR_RETURN(const ir::Var* cols,
                       emit("su_col", "tile.ci", {i32(0), shape(1, d)},
                            {{"dtype", AttrValue::DType(DataType::kInt32)},
                             {"descending", AttrValue::Bool(false)}}));
  PTO_ASSIGN_OR_RETURN(const ir::Var* zeros, full("su_tmpl", n, d, DataType::kInt32, 0));
  PTO_ASSIGN_OR_RETURN(const ir::Var* col_nd, emit("su_col_nd", "tile.col_expand", {zeros, cols}));
  const ir::Expr* rows = args[1];
  if (index->dtype() != DataType::kInt32) {
    PTO_ASSIGN_OR_RETURN(rows, emit("su_idx_i32", "tile.cast", {rows},
                                    {{"target_type", AttrValue::DType(DataType::kInt32)},
                                     narrow_none}));
  }
  PTO_ASSIGN_OR_RETURN(const ir::Var* rows_flat,
                       emit("su_idx_flat", "tile.reshape", {rows, shape(n, 1)}));
  PTO_ASSIGN_OR_RETURN(const ir::Var* row_base,
                       emit("su_row_base", "tile.muls", {rows_flat, i32(d)}));
  PTO_ASSIGN_OR_RETURN(const ir::Expr* flat,
                       emit("su_flat_idx", "tile.row_expand_add", {col_nd, row_base}));
  if (flat_dtype != DataType::kInt32) {
    PTO_ASSIGN_OR_RETURN(flat, emit("su_flat_idx_cast", "tile.cast", {flat},
                                    {{"target_type", AttrValue::DType(flat_dtype)}, narrow_none}));
  }

  // The scattered rows, and which elements they wrote.
  PTO_ASSIGN_OR_RETURN(const ir::Var* blank, full("su_v0", m, d, dtype, 0));
  PTO_ASSIGN_OR_RETURN(const ir::Var* values, emit("su_vals", "tile.scatter", {blank, args[2], flat}));
  PTO_ASSIGN_OR_RETURN(const ir::Var* mask0, full("su_m0", m, d, mask_dtype, 0));
  PTO_ASSIGN_OR_RETURN(const ir::Var* ones, full("su_ones", n, d, mask_dtype, 1));
  PTO_ASSIGN_OR_RETURN(const ir::Var* mask, emit("su_mask", "tile.scatter", {mask0, ones, flat}));
  const ir::Expr* zero = mask_dtype == DataType::kInt8 ? static_cast<const ir::Expr*>(ctx.Int(0, mask_dtype))
                                                       : ctx.Float(0, mask_dtype);
  // cmp_type 1: not equal.
  PTO_ASSIGN_OR_RETURN(const ir::Var* written, emit("su_pred", "tile.cmps", {mask, zero},
                                                    {{"cmp_type", AttrValue::Int(1)}}));
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp,
                       emit("su_tmp", "tile.create", {shape(1, 32)},
                            {{"dtype", AttrValue::DType(DataType::kUInt8)},
                             {"target_memory", AttrValue::Enum(MemorySpace::kVec)}}));
  return b.Call("tile.sel", {written, values, args[0], tmp});
}

}  // namespace pto::passes::tensor_to_tile
