// Types of the tile IR.
//
// Types are immutable and interned by their Context: two types built from the
// same parts in the same Context are the same object, so type identity within
// a Context is pointer equality. (Structural equality across programs, which
// maps symbolic dims, lives in //ir:structural_equal.)
//
//   const TileType* t = ctx.GetTileType(DataType::kFP32, {ctx.Index(16), ctx.Index(16)},
//                                       MemorySpace::kVec);
//   t->dtype();                 // FP32
//   t->EffectiveView().blayout;  // row_major: the implicit view for Vec
//
// Kinds: Unknown, Scalar, Tensor, DistributedTensor (window-bound Tensor),
// Tile, Tuple, CommCtx, Handle (fieldless runtime handles: pl.Ptr, the
// prefetch handles) and Array (a small on-core array, pl.Array[N, dtype]). Shapes are expression lists so dims can be
// symbolic (`pl.dynamic`).
//
// View canonicalisation (PyPTO's rule, applied when a type is created):
//   * a valid_shape equal to the shape is dropped;
//   * a TensorView that is then {no stride, ND, no valid_shape, pad null} is
//     dropped;
//   * a TileView that then has no stride, no start_offset, null pad and
//     compact, and the blayout/slayout/fractal of the implicit view for the
//     tile's memory space, is dropped.
// A dropped view is stored as nullptr; EffectiveView() re-expands it.

#ifndef PTO_IR_TYPE_H_
#define PTO_IR_TYPE_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/dtype.h"
#include "ir/enums.h"

namespace pto::ir {

class Expr;
class MemRef;
using ExprSpan = absl::Span<const Expr* const>;

enum class TypeKind : uint8_t {
  kUnknown,
  kScalar,
  kTensor,
  kDistributedTensor,
  kTile,
  kTuple,
  kCommCtx,
  kHandle,
  kArray,
};

class Type {
 public:
  TypeKind kind() const { return kind_; }

  template <typename T>
  bool Is() const {
    return T::ClassOf(this);
  }
  template <typename T>
  const T* As() const {
    return T::ClassOf(this) ? static_cast<const T*>(this) : nullptr;
  }

 protected:
  explicit Type(TypeKind kind) : kind_(kind) {}

 private:
  TypeKind kind_;
};

// The type of side-effect-only calls (e.g. pld.system.notify).
class UnknownType : public Type {
 public:
  static bool ClassOf(const Type* t) { return t->kind() == TypeKind::kUnknown; }

 private:
  friend class Context;
  UnknownType() : Type(TypeKind::kUnknown) {}
};

class ScalarType : public Type {
 public:
  DataType dtype() const { return dtype_; }
  static bool ClassOf(const Type* t) { return t->kind() == TypeKind::kScalar; }

 private:
  friend class Context;
  explicit ScalarType(DataType dtype) : Type(TypeKind::kScalar), dtype_(dtype) {}
  DataType dtype_;
};

// Result of pld.system.get_comm_ctx.
class CommCtxType : public Type {
 public:
  static bool ClassOf(const Type* t) { return t->kind() == TypeKind::kCommCtx; }

 private:
  friend class Context;
  CommCtxType() : Type(TypeKind::kCommCtx) {}
};

// The fieldless handle types: one interned singleton each, told apart by
// their HandleKind. They carry identity only (an allocation, a runtime
// context), so ops that make or take them check the kind and nothing else.
enum class HandleKind : uint8_t {
  kPtr,                    // pl.Ptr: an allocation (pld.tensor.alloc_window_buffer)
  kPrefetchAsyncContext,   // pl.PrefetchAsyncContext (prefetch.make_context)
  kAsyncEvent,             // pl.AsyncEvent (prefetch.async_prefetch)
  kAsyncSession,           // pl.AsyncSession (prefetch.session)
};
inline constexpr int kNumHandleKinds = 4;
// The DSL spelling of a handle type, e.g. "pl.Ptr": the one table the
// printer, the parser and diagnostics read.
absl::string_view HandleTypeSpelling(HandleKind kind);

class HandleType : public Type {
 public:
  HandleKind handle_kind() const { return handle_kind_; }
  static bool ClassOf(const Type* t) { return t->kind() == TypeKind::kHandle; }

 private:
  friend class Context;
  explicit HandleType(HandleKind k) : Type(TypeKind::kHandle), handle_kind_(k) {}
  HandleKind handle_kind_;
};

// A fixed-size 1-D array of integer, BOOL or TASK_ID scalars living in the
// core's scalar registers / stack (never GM): array.create makes one,
// array.get_element reads it, array.update_element returns an updated copy.
class ArrayType : public Type {
 public:
  DataType dtype() const { return dtype_; }
  int64_t extent() const { return extent_; }
  static bool ClassOf(const Type* t) { return t->kind() == TypeKind::kArray; }

 private:
  friend class Context;
  ArrayType(DataType dtype, int64_t extent)
      : Type(TypeKind::kArray), dtype_(dtype), extent_(extent) {}
  DataType dtype_;
  int64_t extent_;
};

// Common base of tensors and tiles: an element type, a shape and, optionally,
// the memory the value lives in (pl.MemRef, ir/memref.h).
//
// A MemRef is part of the interned type (two types differing only in their
// MemRef are two objects), but not of type equality in upstream's sense: a
// check that two values have "the same type" compares WithoutMemRef(t)
// (SameTypeIgnoringMemRef below). Context::WithMemRef attaches one.
class ShapedType : public Type {
 public:
  DataType dtype() const { return dtype_; }
  ExprSpan shape() const { return shape_; }
  size_t rank() const { return shape_.size(); }
  // nullptr when the type names no memory.
  const MemRef* memref() const { return memref_; }
  // This type without its MemRef (itself when it has none).
  const ShapedType* bare() const { return bare_; }
  static bool ClassOf(const Type* t) {
    return t->kind() == TypeKind::kTensor || t->kind() == TypeKind::kDistributedTensor ||
           t->kind() == TypeKind::kTile;
  }

 protected:
  ShapedType(TypeKind kind, DataType dtype, ExprSpan shape)
      : Type(kind), dtype_(dtype), shape_(shape) {}

 private:
  friend class Context;
  DataType dtype_;
  ExprSpan shape_;
  const MemRef* memref_ = nullptr;
  const ShapedType* bare_ = this;
};

struct TensorView {
  ExprSpan valid_shape;  // empty: the full shape
  ExprSpan stride;       // empty: packed canonical stride for `layout`
  TensorLayout layout = TensorLayout::kND;
  PadValue pad = PadValue::kNull;
};

// A tensor in global memory (DDR). A DistributedTensorType is the
// window-bound kind that cross-rank ops require; it is a TensorType too.
class TensorType : public ShapedType {
 public:
  // nullptr when the view is canonical (see the file comment).
  const TensorView* view() const { return view_; }
  TensorView EffectiveView() const { return view_ ? *view_ : TensorView{}; }
  // valid_shape if the view narrows it, else the shape.
  ExprSpan ValidShape() const {
    return view_ && !view_->valid_shape.empty() ? view_->valid_shape : shape();
  }
  bool IsDistributed() const { return kind() == TypeKind::kDistributedTensor; }
  static bool ClassOf(const Type* t) {
    return t->kind() == TypeKind::kTensor || t->kind() == TypeKind::kDistributedTensor;
  }

 private:
  friend class Context;
  friend class DistributedTensorType;
  TensorType(TypeKind kind, DataType dtype, ExprSpan shape, const TensorView* view)
      : ShapedType(kind, dtype, shape), view_(view) {}
  const TensorView* view_;
};

class DistributedTensorType : public TensorType {
 public:
  static bool ClassOf(const Type* t) { return t->kind() == TypeKind::kDistributedTensor; }

 private:
  friend class Context;
  DistributedTensorType(DataType dtype, ExprSpan shape, const TensorView* view)
      : TensorType(TypeKind::kDistributedTensor, dtype, shape, view) {}
};

struct TileView {
  ExprSpan valid_shape;  // empty: the full shape
  ExprSpan stride;
  const Expr* start_offset = nullptr;  // null is a distinct, legal state
  TileLayout blayout = TileLayout::kRowMajor;
  TileLayout slayout = TileLayout::kNoneBox;
  uint32_t fractal = 512;  // bytes
  PadValue pad = PadValue::kNull;
  CompactMode compact = CompactMode::kNull;
};

// The implicit view of a tile in `space`. `shape_blayout` is the block layout
// its shape implies: col_major for a static 2-D [R, 1] shape with R > 1,
// row_major otherwise (Context computes it when it creates the type). A view
// equal to the implicit one (modulo valid_shape) is not stored.
TileView ImplicitTileView(std::optional<MemorySpace> space, TileLayout shape_blayout);

class TileType : public ShapedType {
 public:
  std::optional<MemorySpace> memory_space() const { return memory_space_; }
  // nullptr when the view is the implicit one.
  const TileView* view() const { return view_; }
  TileView EffectiveView() const;
  // The block layout the shape implies (see ImplicitTileView).
  TileLayout shape_blayout() const { return shape_blayout_; }
  ExprSpan ValidShape() const {
    return view_ && !view_->valid_shape.empty() ? view_->valid_shape : shape();
  }
  static bool ClassOf(const Type* t) { return t->kind() == TypeKind::kTile; }

 private:
  friend class Context;
  TileType(DataType dtype, ExprSpan shape, std::optional<MemorySpace> space,
           const TileView* view, TileLayout shape_blayout)
      : ShapedType(TypeKind::kTile, dtype, shape),
        memory_space_(space),
        shape_blayout_(shape_blayout),
        view_(view) {}
  std::optional<MemorySpace> memory_space_;
  TileLayout shape_blayout_;
  const TileView* view_;
};

class TupleType : public Type {
 public:
  absl::Span<const Type* const> elements() const { return elements_; }
  static bool ClassOf(const Type* t) { return t->kind() == TypeKind::kTuple; }

 private:
  friend class Context;
  explicit TupleType(absl::Span<const Type* const> elements)
      : Type(TypeKind::kTuple), elements_(elements) {}
  absl::Span<const Type* const> elements_;
};

// `t` without the MemRefs of it and of its tuple elements' types. A tuple
// that holds a MemRef-bearing element is not stripped (tuples are interned
// by their elements): compare tuples with SameTypeIgnoringMemRef.
const Type* WithoutMemRef(const Type* t);
// Type equality as upstream defines it: MemRefs are not compared (a tuple's
// elements are compared that way too). Pointer equality otherwise.
bool SameTypeIgnoringMemRef(const Type* a, const Type* b);

// DataType of a scalar, tensor or tile type; nullopt for other kinds.
std::optional<DataType> ElementType(const Type* type);

// True when `a` and `b` are tile types that differ at most in their view
// (valid shape, layouts, fractal, pad, ...): same dtype, shape and memory
// space. Such a type may replace an op's deduced one where the op allows it
// (Op::result_view_overridable).
bool SameTileUpToView(const Type* a, const Type* b);

// Whether an op call deduced as `deduced` may carry `annotated` instead, by
// upstream PyPTO's rules for an annotated assignment `x: T = op(...)`:
//   * an UnknownType result (e.g. tile.tpop_from_aic) takes the annotation;
//   * a tile keeps dtype and shape, and takes the annotation's memory space
//     and view;
//   * a tensor keeps dtype, shape and kind, and takes the annotation's view;
//   * an INDEX scalar takes an annotated integer dtype.
// The parser retypes a call only this way, and the verifier accepts exactly
// these deviations from the deduced type.
bool AnnotationMayRetype(const Type* deduced, const Type* annotated);

}  // namespace pto::ir

#endif  // PTO_IR_TYPE_H_
