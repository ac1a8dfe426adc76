// Reference kernels of the zero-copy views: tile.transpose_view,
// tile.reinterpret_view, tile.reshape, tile.set_validshape, tensor.view,
// tensor.reinterpret_view and tensor.slice. Each result shares its source's Storage - a write
// through one is visible through the other - and only re-describes it:
//
//   * transpose_view swaps the trailing two dims (shape, strides, valid);
//   * reinterpret_view reads the same bytes as another dtype: a packed source
//     gets the packed strides of the new shape in its own majorness; a source
//     packed only along its contiguous axis (e.g. a narrowed view) has that
//     axis rescaled. Definedness is tracked per nibble, so poison survives;
//   * reshape keeps the row-major order of a packed row-major tile under the
//     new shape, with the valid extent its type deduces;
//   * set_validshape sets a 2-D tile's valid shape (rows, cols must lie in
//     [0, extent]); elements it uncovers are whatever the storage holds -
//     poison unless something defined them;
//   * tensor.view takes the deduced type's strides (or the packed ones of the
//     new shape and layout) over the same bytes;
//   * tensor.slice is a window at an offset, with the valid extent its type
//     deduces.

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "sim/interp/kernel.h"

namespace pto::sim {
namespace {

// A view must stay inside its storage: a malformed reinterpretation would
// otherwise read past the allocation.
absl::Status CheckInStorage(const KernelContext& ctx, const BufferView& v) {
  if (v.NumElements() == 0) return absl::OkStatus();
  int64_t first = v.offset, last = v.offset;
  for (size_t d = 0; d < v.rank(); ++d) {
    int64_t span = (v.shape[d] - 1) * v.strides[d];
    (span < 0 ? first : last) += span;
  }
  if (first < 0 || last + v.ElementBits() > v.storage->size() * 8) {
    return ctx.Error("the view reaches outside its source's memory");
  }
  return absl::OkStatus();
}

absl::Status TransposeView(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  if (in->rank() < 2) return ctx.Error("needs rank >= 2");
  BufferView v = *in;
  size_t n = v.rank();
  std::swap(v.shape[n - 2], v.shape[n - 1]);
  std::swap(v.strides[n - 2], v.strides[n - 1]);
  std::swap(v.valid[n - 2], v.valid[n - 1]);
  ctx.SetResult(Value::Of(v));
  return absl::OkStatus();
}

// tile.reshape: the same elements in row-major order under another shape,
// sharing the source's storage (upstream lowers it to pto.treshape).
absl::Status Reshape(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(BufferSpec spec, ctx.ResultSpec());
  if (!IsPacked(*in, /*col_major=*/false)) {
    return ctx.Error("the reference interpreter reshapes only a packed row-major tile");
  }
  BufferView v = *in;
  v.shape = spec.shape;
  v.valid = spec.valid;
  v.strides = PackedStrides(in->dtype, spec.shape, /*col_major=*/false);
  PTO_RETURN_IF_ERROR(CheckInStorage(ctx, v));
  ctx.SetResult(Value::Of(v));
  return absl::OkStatus();
}

absl::Status SetValidShape(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(Scalar rows, ctx.ScalarArg(1));
  PTO_ASSIGN_OR_RETURN(Scalar cols, ctx.ScalarArg(2));
  if (in->rank() != 2) return ctx.Error("needs a 2-D tile");
  int64_t valid[] = {rows.i, cols.i};
  for (int d = 0; d < 2; ++d) {
    if (valid[d] < 0 || valid[d] > in->shape[d]) {
      return ctx.Error(absl::StrCat(ctx.ArgName(d + 1), " ", valid[d], " is outside [0, ",
                                    in->shape[d], "]"));
    }
  }
  BufferView v = *in;
  v.valid = {valid[0], valid[1]};
  ctx.SetResult(Value::Of(v));
  return absl::OkStatus();
}

int64_t TotalBits(const Dims& shape, int bits) {
  int64_t n = bits;
  for (int64_t d : shape) n *= d;
  return n;
}

absl::Status ReinterpretView(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(BufferSpec spec, ctx.ResultSpec());
  if (in->rank() == 0 || spec.shape.empty()) return ctx.Error("needs rank >= 1");
  int old_bits = in->ElementBits();
  int new_bits = spec.dtype.storage_bits();
  size_t n = in->rank();
  // The contiguous axis: the last one, or the second to last (col_major).
  bool col_major = n >= 2 && !(in->strides[n - 1] == old_bits || in->shape[n - 1] == 1) &&
                   in->strides[n - 2] == old_bits;
  BufferView v = *in;
  v.dtype = spec.dtype;
  v.shape = spec.shape;
  v.valid = spec.valid;
  if (IsPacked(*in, col_major) &&
      TotalBits(in->shape, old_bits) == TotalBits(spec.shape, new_bits)) {
    v.strides = PackedStrides(spec.dtype, spec.shape, col_major && spec.shape.size() >= 2);
  } else {
    size_t axis = col_major ? n - 2 : n - 1;
    bool same_other_dims = spec.shape.size() == n;
    for (size_t d = 0; same_other_dims && d < n; ++d) {
      if (d != axis) same_other_dims = spec.shape[d] == in->shape[d];
    }
    if (!same_other_dims || in->strides[axis] != old_bits ||
        in->shape[axis] * old_bits != spec.shape[axis] * new_bits) {
      return ctx.Error("the reference interpreter needs a source packed along its contiguous "
                       "axis to reinterpret it");
    }
    v.strides[axis] = new_bits;
  }
  PTO_RETURN_IF_ERROR(CheckInStorage(ctx, v));
  ctx.SetResult(Value::Of(v));
  return absl::OkStatus();
}

absl::Status TensorView(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(BufferSpec spec, ctx.ResultSpec());
  BufferView v = *in;
  v.shape = spec.shape;
  v.valid = spec.valid;
  v.is_tile = false;
  int bits = in->ElementBits();
  if (!spec.element_strides.empty()) {
    v.strides.clear();
    for (int64_t s : spec.element_strides) v.strides.push_back(s * bits);
  } else {
    v.strides = PackedStrides(in->dtype, spec.shape, spec.col_major);
  }
  bool reshaped = !(spec.shape == in->shape);
  if (reshaped && !IsPacked(*in, false) && !IsPacked(*in, true)) {
    return ctx.Error("a shape change needs a packed source");
  }
  PTO_RETURN_IF_ERROR(CheckInStorage(ctx, v));
  ctx.SetResult(Value::Of(v));
  return absl::OkStatus();
}

// tensor.slice(input, shape, offset[, valid_shape[, drop_dims]]): a window
// of the input sharing its memory, shaped and valid as its type says (the
// deducer intersects the window with the input's valid region); dropped
// dims lose their strides.
absl::Status Slice(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(Dims offsets, ctx.IndexListArg(2));
  PTO_ASSIGN_OR_RETURN(BufferSpec spec, ctx.ResultSpec());
  Dims drop;
  if (ctx.num_args() > 4) {
    PTO_ASSIGN_OR_RETURN(drop, ctx.IndexListArg(4));
  }
  if (offsets.size() != in->rank()) {
    return ctx.Error(absl::StrCat("offsets have rank ", offsets.size(), ", the tensor rank ",
                                  in->rank()));
  }
  BufferView v = *in;
  v.strides.clear();
  for (size_t d = 0; d < in->rank(); ++d) {
    v.offset += offsets[d] * in->strides[d];
    if (std::find(drop.begin(), drop.end(), static_cast<int64_t>(d)) == drop.end()) {
      v.strides.push_back(in->strides[d]);
    }
  }
  if (v.strides.size() != spec.shape.size()) {
    return ctx.Error("the window's rank does not match its type");
  }
  v.shape = spec.shape;
  v.valid = spec.valid;
  v.is_tile = false;
  PTO_RETURN_IF_ERROR(CheckInStorage(ctx, v));
  ctx.SetResult(Value::Of(v));
  return absl::OkStatus();
}

}  // namespace

void RegisterViewKernels(KernelRegistry& r) {
  r.Add("tile.transpose_view", TransposeView);
  r.Add("tile.set_validshape", SetValidShape);
  r.Add("tile.reinterpret_view", ReinterpretView);
  r.Add("tile.reshape", Reshape);
  r.Add("tensor.reinterpret_view", ReinterpretView);
  r.Add("tensor.view", TensorView);
  r.Add("tensor.slice", Slice);
}

}  // namespace pto::sim
