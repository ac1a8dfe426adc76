// tensor.gather(input, dim=-1, index=idx) along the last axis of a rank-2
// or rank-3 input (static extents).
//
// Where TGATHER takes flat indices (Backend::GatherTakesFlatIndices), the
// whole [rows, k] index tile becomes row-major flat indices into the
// [rows, cols] source (idx + row * cols, computed in INT32) and one
// tile.gather reads them. Elsewhere a loop gathers one row at a time and
// assembles the rows. A rank-3 input is viewed as [d0 * d1, cols].

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "backends/backend.h"
#include "ir/status_macros.h"
#include "passes/tensor_to_tile/rules.h"

namespace pto::passes::tensor_to_tile {
namespace {

using ir::AttrValue;
using ir::DataType;
using ir::ExprSpan;
using ir::MemorySpace;

class GatherBuilder {
 public:
  explicit GatherBuilder(ConversionBuilder& b) : b_(b), ctx_(b.ctx()) {}

  const ir::MakeTuple* Shape(absl::Span<const int64_t> dims) {
    return ctx_.NewMakeTuple(ctx_.IndexList(dims));
  }
  absl::StatusOr<const ir::Var*> Emit(ConversionBuilder& into, absl::string_view name,
                                      absl::string_view op, ExprSpan args,
                                      absl::Span<const ir::NamedAttr> kwargs = {}) {
    return into.Bind(name, into.Call(op, args, kwargs));
  }
  // `src` (tensor: loaded; tile: sliced) at `offsets`, `shape` extents.
  absl::StatusOr<const ir::Var*> Window(ConversionBuilder& into, absl::string_view name,
                                        const ir::Expr* src, const ir::MakeTuple* offsets,
                                        const ir::MakeTuple* shape) {
    if (TileOf(src) != nullptr) return Emit(into, name, "tile.slice", {src, shape, offsets, shape});
    return Emit(into, name, "tile.load", {src, offsets, shape, shape},
                {{"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  }
  absl::StatusOr<const ir::Var*> Create(ConversionBuilder& into, absl::string_view name,
                                        absl::Span<const int64_t> dims, DataType dtype) {
    return Emit(into, name, "tile.create", {Shape(dims)},
                {{"dtype", AttrValue::DType(dtype)},
                 {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  }
  const ir::Expr* I32(int64_t v) { return ctx_.Int(v, DataType::kInt32); }

  // Flat indices of an [rows, k] index tile into an [rows, cols] source.
  absl::StatusOr<const ir::Expr*> FlatIndices(const ir::Var* idx, int64_t rows, int64_t cols,
                                              int64_t k) {
    const DataType idx_dtype = TileOf(idx)->dtype();
    const ir::NamedAttr to_i32[] = {{"target_type", AttrValue::DType(DataType::kInt32)},
                                    {"mode", AttrValue::Enum(ir::RoundMode::kNone)}};
    const ir::Expr* i32 = idx;
    if (idx_dtype != DataType::kInt32) {
      PTO_ASSIGN_OR_RETURN(i32, Emit(b_, "gather_idx_i32", "tile.cast", {idx}, to_i32));
    }
    if (rows == 1) {
      if (idx_dtype == DataType::kInt32) return i32;
      return Emit(b_, "gather_flat_cast", "tile.cast", {i32},
                  {{"target_type", AttrValue::DType(idx_dtype)},
                   {"mode", AttrValue::Enum(ir::RoundMode::kNone)}});
    }
    const ir::NamedAttr ci_kwargs[] = {{"dtype", AttrValue::DType(DataType::kInt32)},
                                       {"descending", AttrValue::Bool(false)}};
    const ir::Var* flat = nullptr;
    if (k % 8 == 0) {
      // A whole-tile arange is aligned: row ids are its quotients by k.
      PTO_ASSIGN_OR_RETURN(const ir::Var* lin, Emit(b_, "gather_lin", "tile.ci",
                                                    {I32(0), Shape({1, rows * k})}, ci_kwargs));
      PTO_ASSIGN_OR_RETURN(const ir::Var* lin2d,
                           Emit(b_, "gather_lin2d", "tile.reshape", {lin, Shape({rows, k})}));
      PTO_ASSIGN_OR_RETURN(const ir::Var* ids,
                           Emit(b_, "gather_row_ids", "tile.divs", {lin2d, I32(k)}));
      PTO_ASSIGN_OR_RETURN(const ir::Var* base,
                           Emit(b_, "gather_row_base", "tile.muls", {ids, I32(cols)}));
      PTO_ASSIGN_OR_RETURN(flat, Emit(b_, "gather_flat_idx", "tile.add", {i32, base}));
    } else {
      PTO_ASSIGN_OR_RETURN(const ir::Var* ci, Emit(b_, "gather_ci_rows", "tile.ci",
                                                   {I32(0), Shape({1, rows})}, ci_kwargs));
      PTO_ASSIGN_OR_RETURN(const ir::Var* arange,
                           Emit(b_, "gather_row_arange", "tile.reshape", {ci, Shape({rows, 1})}));
      PTO_ASSIGN_OR_RETURN(const ir::Var* base,
                           Emit(b_, "gather_row_base", "tile.muls", {arange, I32(cols)}));
      PTO_ASSIGN_OR_RETURN(flat,
                           Emit(b_, "gather_flat_idx", "tile.row_expand_add", {i32, base}));
    }
    if (idx_dtype == DataType::kInt32) return flat;
    return Emit(b_, "gather_flat_cast", "tile.cast", {flat},
                {{"target_type", AttrValue::DType(idx_dtype)},
                 {"mode", AttrValue::Enum(ir::RoundMode::kNone)}});
  }

  ConversionBuilder& b_;
  ir::Context& ctx_;
};

absl::StatusOr<int64_t> Static(ConversionBuilder& b, const ir::Expr* dim) {
  const auto* c = dim->As<ir::ConstInt>();
  if (c == nullptr) return b.Error("needs static extents");
  return c->value();
}

}  // namespace

absl::StatusOr<const ir::Expr*> ConvertGather(ConversionBuilder& b, ExprSpan args) {
  const ir::Expr* input = args[0];
  const ir::Expr* index = args[1];
  const auto* in_type = input->type()->As<ir::ShapedType>();
  const auto* idx_type = index->type()->As<ir::ShapedType>();
  const int64_t rank = static_cast<int64_t>(in_type->rank());
  const AttrValue* dim_attr = b.call().FindKwarg("dim");
  int64_t dim = dim_attr != nullptr ? dim_attr->int_value() : -1;
  if (dim < 0) dim += rank;
  if ((rank != 2 && rank != 3) || dim != rank - 1) {
    return b.Error("gathers along the last axis of a rank-2 or rank-3 input only");
  }
  std::vector<int64_t> in_dims, idx_dims;
  for (const ir::Expr* d : in_type->shape()) {
    PTO_ASSIGN_OR_RETURN(int64_t v, Static(b, d));
    in_dims.push_back(v);
  }
  for (const ir::Expr* d : idx_type->shape()) {
    PTO_ASSIGN_OR_RETURN(int64_t v, Static(b, d));
    idx_dims.push_back(v);
  }
  const int64_t cols = in_dims.back(), k = idx_dims.back();
  const int64_t rows = rank == 2 ? idx_dims[0] : idx_dims[0] * idx_dims[1];
  GatherBuilder g(b);
  const DataType dtype = in_type->dtype();
  std::vector<int64_t> zeros(rank, 0);
  const ir::MakeTuple* origin = g.Shape(zeros);

  if (b.backend() != nullptr && b.backend()->GatherTakesFlatIndices()) {
    if (TileOf(index) == nullptr && idx_type->dtype() == DataType::kInt16 && cols > 0 &&
        rows > 32768 / cols) {
      return b.Error(absl::StrCat("with INT16 indices, rows (", rows, ") * source columns (",
                                  cols, ") exceeds the INT16 index range"));
    }
    std::vector<int64_t> in_window = in_dims;
    in_window[0] = idx_dims[0];
    if (rank == 3) in_window[1] = idx_dims[1];
    PTO_ASSIGN_OR_RETURN(const ir::Var* src,
                         g.Window(b, rank == 3 ? "gather_inp_raw" : "gather_inp", input, origin,
                                  g.Shape(in_window)));
    if (rank == 3) {
      PTO_ASSIGN_OR_RETURN(src, g.Emit(b, "gather_inp", "tile.reshape", {src, g.Shape({rows, cols})}));
    }
    if (TileOf(input) != nullptr) {
      // A slice of a tile is a strided view; TGATHER reads a compact source.
      PTO_ASSIGN_OR_RETURN(const ir::Var* alloc, g.Create(b, "gather_src_alloc", {rows, cols}, dtype));
      PTO_ASSIGN_OR_RETURN(src, g.Emit(b, "gather_src_copy", "tile.assemble",
                                       {alloc, src, g.Shape({0, 0})}));
    }
    PTO_ASSIGN_OR_RETURN(const ir::Var* idx,
                         g.Window(b, rank == 3 ? "gather_idx_raw" : "gather_idx", index, origin,
                                  g.Shape(idx_dims)));
    if (rank == 3) {
      PTO_ASSIGN_OR_RETURN(idx, g.Emit(b, "gather_idx", "tile.reshape", {idx, g.Shape({rows, k})}));
    }
    PTO_ASSIGN_OR_RETURN(const ir::Expr* flat, g.FlatIndices(idx, rows, cols, k));
    PTO_ASSIGN_OR_RETURN(const ir::Var* tmp, g.Create(b, "gather_tmp", {rows, k}, DataType::kInt32));
    PTO_ASSIGN_OR_RETURN(const ir::Var* out, g.Emit(b, "gather", "tile.gather", {src, flat, tmp}));
    if (rank == 2) return out;
    return g.Emit(b, "gather_out", "tile.reshape", {out, g.Shape({rows, k})});
  }

  if (rank != 2) {
    return b.Error("a rank-3 gather needs a target whose TGATHER takes flat indices");
  }
  // Row by row: each row's indices select within that row.
  ir::Context& ctx = b.ctx();
  const ir::SourceLoc loc = b.call().loc();
  PTO_ASSIGN_OR_RETURN(const ir::Var* init, g.Create(b, "gather_acc_init", {rows, k}, dtype));
  const ir::Var* i = ctx.NewVar("gather_lv", ctx.GetScalarType(DataType::kIndex), loc);
  const ir::IterArg* acc = ctx.NewIterArg("gather_ia", init->type(), init, loc);
  std::vector<const ir::Stmt*> body;
  ConversionBuilder inner(ctx, b.call(), body, b.backend());
  const ir::MakeTuple* row = ctx.NewMakeTuple({i, ctx.Index(0)});
  PTO_ASSIGN_OR_RETURN(const ir::Var* src_row,
                       g.Window(inner, "gather_inp_row", input, row, g.Shape({1, cols})));
  PTO_ASSIGN_OR_RETURN(const ir::Var* idx_row,
                       g.Window(inner, "gather_idx_row", index, row, g.Shape({1, k})));
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp,
                       g.Create(inner, "gather_row_tmp", {1, k}, DataType::kInt32));
  PTO_ASSIGN_OR_RETURN(const ir::Var* got,
                       g.Emit(inner, "gather_row", "tile.gather", {src_row, idx_row, tmp}));
  PTO_ASSIGN_OR_RETURN(const ir::Var* next,
                       g.Emit(inner, "gather_asmbl", "tile.assemble", {acc, got, row}));
  body.push_back(ctx.NewYield({next}, loc));
  const ir::Var* result = ctx.NewVar("gather_rv", init->type(), loc);
  b.Emit(ctx.NewFor(i, ctx.Index(0), idx_type->shape()[0], ctx.Index(1), {acc},
                    ctx.NewSeq(body, loc), {result}, ir::ForKind::kSequential, 0, loc));
  return result;
}

}  // namespace pto::passes::tensor_to_tile
