// Pointers, views and tile buffers:
//   pto.make_tensor_view   a strided view of the memory a pointer starts
//   pto.partition_view     a window of a view
//   pto.addptr / pto.load_scalar   pointer arithmetic and a scalar read
//   pto.alloc_tile         a poisoned buffer of the type's rows x cols
//   pto.set_validshape     the tile's valid shape, in place
//   pto.treshape           the same bytes seen with another tile type
// Every view is checked to stay inside the memory it views.

#include <cstdint>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/status_macros.h"
#include "sim/pto/frame.h"

namespace pto::sim::pto_text {
namespace {

absl::StatusOr<const PtoType*> ResultType(Frame& f, const Operation& op, PtoType::Kind kind) {
  PTO_ASSIGN_OR_RETURN(const PtoType* t, f.TypeOf(op, op.results[0].type));
  if (t->kind != kind) return f.Error(op, "the result type is not the kind this op makes");
  return t;
}

// The highest bit `v` reaches, exclusive (its offset when empty).
int64_t EndBit(const BufferView& v) {
  int64_t end = v.offset;
  for (size_t d = 0; d < v.rank(); ++d) {
    if (v.shape[d] == 0) return v.offset;
    end += (v.shape[d] - 1) * v.strides[d];
  }
  return end + v.ElementBits();
}

absl::Status CheckInside(Frame& f, const Operation& op, const BufferView& v) {
  for (size_t d = 0; d < v.rank(); ++d) {
    if (v.shape[d] < 0 || (v.strides[d] < 0 && v.shape[d] > 1)) {
      return f.Error(op, "a view with a negative extent or stride");
    }
  }
  if (v.offset < 0 || EndBit(v) > v.storage->size() * 8) {
    return f.Error(op, absl::StrCat("the view [", absl::StrJoin(v.shape, ", "),
                                    "] reaches past the end of the memory it views"));
  }
  return absl::OkStatus();
}

absl::StatusOr<Dims> Indices(Frame& f, const Operation& op, absl::string_view role) {
  Dims out;
  for (const Operand* o : op.FindAll(role)) {
    PTO_ASSIGN_OR_RETURN(int64_t i, f.GetIndex(op, *o));
    out.push_back(i);
  }
  return out;
}

absl::Status MakeTensorView(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(BufferView v, f.GetBuffer(op, *op.Find("ptr")));
  PTO_ASSIGN_OR_RETURN(const PtoType* t, ResultType(f, op, PtoType::kTensorView));
  PTO_ASSIGN_OR_RETURN(Dims shape, Indices(f, op, "shape"));
  PTO_ASSIGN_OR_RETURN(Dims strides, Indices(f, op, "strides"));
  if (shape.size() != strides.size() || shape.size() != t->shape.size()) {
    return f.Error(op, "shape, strides and the type differ in rank");
  }
  v.shape = shape;
  v.valid = shape;
  v.strides.clear();
  for (int64_t s : strides) v.strides.push_back(s * v.ElementBits());
  v.is_tile = false;
  PTO_RETURN_IF_ERROR(CheckInside(f, op, v));
  f.Set(op.results[0], Value::Of(v));
  return absl::OkStatus();
}

absl::Status PartitionView(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(BufferView v, f.GetBuffer(op, *op.Find("source")));
  PTO_ASSIGN_OR_RETURN(Dims offsets, Indices(f, op, "offsets"));
  PTO_ASSIGN_OR_RETURN(Dims sizes, Indices(f, op, "sizes"));
  if (offsets.size() != v.rank() || sizes.size() != v.rank()) {
    return f.Error(op, absl::StrCat("offsets and sizes must have the view's rank ", v.rank()));
  }
  for (size_t d = 0; d < v.rank(); ++d) {
    if (offsets[d] < 0 || sizes[d] < 0 || offsets[d] > v.shape[d] - sizes[d]) {
      return f.Error(op, absl::StrCat("the window [", offsets[d], ", +", sizes[d], ") of dim ", d,
                                      " leaves the view's extent ", v.shape[d]));
    }
    v.offset += offsets[d] * v.strides[d];
  }
  v.shape = sizes;
  v.valid = sizes;
  f.Set(op.results[0], Value::Of(v));
  return absl::OkStatus();
}

absl::Status AddPtr(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(BufferView v, f.GetBuffer(op, *op.Find("ptr")));
  PTO_ASSIGN_OR_RETURN(int64_t off, f.GetIndex(op, *op.Find("offset")));
  v.offset += off * v.ElementBits();
  // A moved pointer's extent is what a view of it asks for.
  v.shape = {0};
  v.valid = v.shape;
  v.strides = {v.ElementBits()};
  if (v.offset < 0 || v.offset > v.storage->size() * 8) {
    return f.Error(op, "the pointer leaves the memory it points into");
  }
  f.Set(op.results[0], Value::Of(v));
  return absl::OkStatus();
}

absl::Status LoadScalar(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(BufferView v, f.GetBuffer(op, *op.Find("ptr")));
  PTO_ASSIGN_OR_RETURN(int64_t i, f.GetIndex(op, *op.Find("offset")));
  int64_t bit = v.offset + i * v.ElementBits();
  if (i < 0 || bit + v.ElementBits() > v.storage->size() * 8) {
    return f.Error(op, absl::StrCat("element ", i, " lies outside the memory"));
  }
  if (!IsDefinedAt(v, bit)) return f.Error(op, absl::StrCat("element ", i, " is undefined"));
  f.Set(op.results[0], Value::Of(Scalar::FromElementBits(v.dtype, LoadBits(v, bit))));
  return absl::OkStatus();
}

bool ColMajor(const PtoType& t) {
  return t.blayout == ir::TileLayout::kColMajor && t.slayout == ir::TileLayout::kNoneBox;
}

// The valid extent of a new tile: the type's, the operand's, or all of it.
// An operand counts columns (`per` elements each).
absl::StatusOr<int64_t> ValidExtent(Frame& f, const Operation& op, std::optional<int64_t> typed,
                                    absl::string_view role, int64_t full, int64_t per = 1) {
  if (typed) return *typed;
  const Operand* o = op.Find(role);
  if (o == nullptr) return full;
  PTO_ASSIGN_OR_RETURN(int64_t n, f.GetIndex(op, *o));
  if (n < 0 || n > full / per) {
    return f.Error(op, absl::StrCat(role, " ", n, " is outside [0, ", full / per, "]"));
  }
  return n * per;
}

absl::Status AllocTile(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(const PtoType* t, ResultType(f, op, PtoType::kTileBuf));
  if (t->rows * t->cols * t->dtype.storage_bits() / 8 > f.options().max_buffer_bytes) {
    return f.Error(op, "the tile exceeds the interpreter's buffer limit");
  }
  BufferView v = AllocateBuffer(t->dtype, {t->rows, t->cols}, ColMajor(*t));
  v.is_tile = true;
  v.memory_space = t->loc;
  PTO_ASSIGN_OR_RETURN(v.valid[0], ValidExtent(f, op, t->v_row, "valid_row", t->rows));
  PTO_ASSIGN_OR_RETURN(v.valid[1], ValidExtent(f, op, t->v_col, "valid_col", t->cols,
                                                ElementsPerColumn(t->dtype)));
  f.Set(op.results[0], Value::Of(v));
  return absl::OkStatus();
}

absl::Status SetValidShape(Frame& f, const Operation& op) {
  const Operand& tile = *op.Find("source");
  PTO_ASSIGN_OR_RETURN(BufferView v, f.GetBuffer(op, tile));
  PTO_ASSIGN_OR_RETURN(int64_t rows, f.GetIndex(op, *op.Find("valid_row")));
  PTO_ASSIGN_OR_RETURN(int64_t cols, f.GetIndex(op, *op.Find("valid_col")));
  cols *= ElementsPerColumn(v.dtype);
  if (v.rank() != 2 || rows < 0 || cols < 0 || rows > v.shape[0] || cols > v.shape[1]) {
    return f.Error(op, absl::StrCat("the valid shape [", rows, ", ", cols,
                                    "] does not fit the tile"));
  }
  v.valid = {rows, cols};
  f.Set(tile, Value::Of(v));
  return absl::OkStatus();
}

absl::Status TReshape(Frame& f, const Operation& op) {
  PTO_ASSIGN_OR_RETURN(BufferView v, f.GetBuffer(op, *op.Find("src")));
  PTO_ASSIGN_OR_RETURN(const PtoType* t, ResultType(f, op, PtoType::kTileBuf));
  if (!IsPacked(v, false) && !IsPacked(v, true)) return f.Error(op, "the source is not packed");
  if (v.NumElements() * v.ElementBits() != t->rows * t->cols * t->dtype.storage_bits()) {
    return f.Error(op, "source and result differ in size");
  }
  v.dtype = t->dtype;
  v.shape = {t->rows, t->cols};
  // The bytes in the result's block order: a col_major result of a
  // row_major source is its transpose (tile.transpose_view), whatever its
  // fractal boxes.
  v.strides = PackedStrides(t->dtype, v.shape, t->blayout == ir::TileLayout::kColMajor);
  v.valid = {t->v_row.value_or(t->rows), t->v_col.value_or(t->cols)};
  v.memory_space = t->loc;
  f.Set(op.results[0], Value::Of(v));
  return absl::OkStatus();
}

}  // namespace

void AddViewOps(OpTable& t) {
  t["pto.make_tensor_view"] = MakeTensorView;
  t["pto.partition_view"] = PartitionView;
  t["pto.addptr"] = AddPtr;
  t["pto.load_scalar"] = LoadScalar;
  t["pto.alloc_tile"] = AllocTile;
  t["pto.set_validshape"] = SetValidShape;
  t["pto.treshape"] = TReshape;
}

}  // namespace pto::sim::pto_text
