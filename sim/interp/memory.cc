// Reference kernels of allocation and data movement: tile.create, tile.full,
// tile.load, tile.move, tile.store, tile.transpose, tensor.create, tensor.full,
// tensor.read, tensor.assemble and tile.assemble.
//
//   * create allocates poison (undefined) data; tensor.create's init_value
//     fills it. full fills the whole buffer with its value converted to the
//     dtype (scalar.h ConvertScalar).
//   * tile.load copies the result's valid region (its deduced valid shape)
//     from the tensor at `offsets`. Reading past the tensor's extent is an
//     error; reading past its valid shape yields undefined elements. A window
//     of lower rank than the tensor reads the tensor with its leading dims
//     collapsed (the tensor must be packed and fully valid).
//   * tile.store writes the tile's valid region into the tensor at `offsets`
//     (undefined elements stay undefined there) and returns the tensor with
//     its deduced, possibly grown, valid shape. Writing past the tensor's
//     extent is an error. atomic=Add adds in the tensor's dtype. The
//     4-operand form (FlattenTileNdTo2D's ND partition) writes a 2-D
//     [prod(shapes[:-1]), shapes[-1]] tile into the N-D region `shapes` at
//     `offsets`, rows unravelled in row-major order. A tile of another dtype
//     than the tensor converts half-to-even on the way.
//   * tensor.assemble and tile.assemble are tile.store's plain form into a
//     target of the source's kind: they write into the target's memory, as
//     the ops declare, and return it.

#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/status_macros.h"
#include "sim/interp/element_loop.h"
#include "sim/interp/kernel.h"
#include "sim/interp/transfer.h"
#include "sim/numerics/element_convert.h"

namespace pto::sim {
namespace {

std::string FormatDims(absl::Span<const int64_t> dims) {
  return absl::StrCat("[", absl::StrJoin(dims, ", "), "]");
}

void FillValid(const BufferView& v, uint64_t bits) {
  ForEachIndex(v.valid, [&](absl::Span<const int64_t> index) {
    StoreBits(v, BitOffset(v, index), bits);
  });
}

absl::Status Create(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  if (const ir::AttrValue* init = ctx.Kwarg("init_value")) {
    FillValid(out, ConvertScalar(Scalar::Float(ir::DataType::kFP32, init->float_value()),
                                 out.dtype)
                       .ToElementBits());
  }
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

absl::Status Full(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(Scalar value, ctx.ScalarArg(1));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  FillValid(out, ConvertScalar(value, out.dtype).ToElementBits());
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

// `tensor` seen with its leading dims collapsed to `rank` dims.
absl::StatusOr<BufferView> CollapseLeading(const KernelContext& ctx, const BufferView& tensor,
                                           size_t rank) {
  if (rank > tensor.rank() || rank == 0) {
    return ctx.Error(absl::StrCat("a rank-", rank, " window cannot read a rank-", tensor.rank(),
                                  " tensor"));
  }
  if (rank == tensor.rank()) return tensor;
  if (!IsPacked(tensor, false) || tensor.valid != tensor.shape) {
    return ctx.Error("a window of lower rank than its tensor needs a packed, fully valid "
                     "row-major tensor");
  }
  size_t fold = tensor.rank() - rank + 1;
  BufferView v = tensor;
  v.shape.clear();
  v.strides.clear();
  int64_t lead = 1;
  for (size_t d = 0; d < fold; ++d) lead *= tensor.shape[d];
  v.shape.push_back(lead);
  v.strides.push_back(tensor.strides[fold - 1]);
  for (size_t d = fold; d < tensor.rank(); ++d) {
    v.shape.push_back(tensor.shape[d]);
    v.strides.push_back(tensor.strides[d]);
  }
  v.valid = v.shape;
  return v;
}

// A 2-D tile read from an N-D window (FlattenTileNdTo2D, ir/flattened_tile.h):
// the window's rows, in row-major order of its leading dims, are the tile's
// rows. The destination walks the N-D region with the strides that order
// gives.
absl::Status LoadFlattened(KernelContext& ctx, const BufferView& tensor, const Dims& offsets,
                           const BufferView& out) {
  PTO_ASSIGN_OR_RETURN(Dims shapes, ctx.IndexListArg(2));
  PTO_ASSIGN_OR_RETURN(Dims valid, ctx.IndexListArg(3));
  const size_t n = offsets.size();
  if (n != tensor.rank() || shapes.size() != n || valid.size() != n) {
    return ctx.Error("a flattened load needs offsets, shapes and valid_shape of the tensor's rank");
  }
  int64_t rows = 1;
  for (size_t d = 0; d + 1 < n; ++d) rows *= shapes[d];
  if (rows != out.shape[0] || shapes.back() != out.shape[1]) {
    return ctx.Error(absl::StrCat("the window ", FormatDims(shapes), " does not flatten to the tile ",
                                  FormatDims(out.shape)));
  }
  if (tensor.dtype != out.dtype) return ctx.Error("the tile dtype differs from the tensor's");
  PTO_RETURN_IF_ERROR(CheckWindow(ctx, "reads", offsets, valid, tensor.shape));
  OperandWalk dst;
  dst.base = out.offset;
  dst.strides.assign(n, 0);
  dst.limits.assign(n, std::numeric_limits<int64_t>::max());
  dst.strides[n - 1] = out.strides[1];
  int64_t row_stride = out.strides[0];
  for (size_t d = n - 1; d-- > 0;) {
    dst.strides[d] = row_stride;
    row_stride *= shapes[d];
  }
  int64_t undefined = CopyRegion(tensor, WindowWalk(tensor, offsets, true), out, dst, valid);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 0));
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

absl::Status Load(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* tensor, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(Dims offsets, ctx.IndexListArg(1));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  if (offsets.size() > 2 && out.rank() == 2) return LoadFlattened(ctx, *tensor, offsets, out);
  if (offsets.size() != out.rank()) return ctx.Error("offsets and shapes differ in rank");
  PTO_ASSIGN_OR_RETURN(BufferView src, CollapseLeading(ctx, *tensor, out.rank()));
  if (src.dtype != out.dtype) return ctx.Error("the tile dtype differs from the tensor's");
  Dims region = out.valid;
  PTO_RETURN_IF_ERROR(CheckWindow(ctx, "reads", offsets, region, src.shape));
  OperandWalk dst_walk = WindowWalk(out, Dims(out.rank(), 0), false);
  int64_t undefined = CopyRegion(src, WindowWalk(src, offsets, true), out, dst_walk, region);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 0));
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

// Writes tile element values (converted to dst's dtype, optionally added to
// what is there) over `region` starting at the walk `dst_walk`.
absl::Status StoreConverted(const KernelContext& ctx, const BufferView& tile, const BufferView& dst,
                            const Dims& offsets, const Dims& region, bool atomic_add) {
  BufferView window = dst;
  window.offset = WindowWalk(dst, offsets, false).base;
  window.shape = region;
  window.valid = region;
  for (size_t d = 0; d < region.size(); ++d) {
    window.valid[d] = std::max<int64_t>(0, std::min(region[d], dst.valid[d] - offsets[d]));
  }
  return DispatchCompute(dst.dtype, [&](auto tag) -> absl::Status {
    using T = typename decltype(tag)::type;
    Dense<T> v = GatherAs<T>(tile, region);
    PTO_RETURN_IF_ERROR(ctx.CheckUndefined(v.undefined, 0));
    if (atomic_add) {
      Dense<T> old = GatherAs<T>(window, region);
      for (size_t i = 0; i < v.values.size(); ++i) {
        v.defined[i] = v.defined[i] && old.defined[i];
        if constexpr (std::is_floating_point_v<T>) {
          v.values[i] = old.values[i] + v.values[i];
        } else {
          using U = std::make_unsigned_t<T>;
          v.values[i] = static_cast<T>(static_cast<U>(static_cast<U>(old.values[i]) +
                                                      static_cast<U>(v.values[i])));
        }
      }
    }
    ScatterFrom(window, region, v);
    return absl::OkStatus();
  });
}

// Writes `src`'s valid region into `dst` at `offsets` (same rank).
absl::Status WriteValidRegion(const KernelContext& ctx, const BufferView& src,
                              const BufferView& dst, const Dims& offsets, bool atomic_add) {
  Dims region = src.valid;
  PTO_RETURN_IF_ERROR(CheckWindow(ctx, "writes", offsets, region, dst.shape));
  if (src.dtype == dst.dtype && !atomic_add) {
    int64_t undefined = CopyRegion(src, WindowWalk(src, Dims(src.rank(), 0), true), dst,
                                   WindowWalk(dst, offsets, false), region);
    return ctx.CheckUndefined(undefined, 0);
  }
  return StoreConverted(ctx, src, dst, offsets, region, atomic_add);
}

// tile.move: the same elements in another memory space (and layout); the
// bytes move unchanged (a Mat UINT8 tile moved into a scale buffer is read as
// FP8E8M0 exponents).
absl::Status Move(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  if (in->rank() != out.rank() || in->ElementBits() != out.ElementBits()) {
    return ctx.Error("the result differs from the source in rank or element size");
  }
  Dims zeros(out.rank(), 0);
  for (size_t d = 0; d < out.rank(); ++d) {
    if (out.valid[d] > in->shape[d]) return ctx.Error("the result is larger than the source");
  }
  int64_t undefined = CopyRegion(*in, WindowWalk(*in, zeros, true), out,
                                 WindowWalk(out, zeros, false), out.valid);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 0));
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

absl::Status Store(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* tile, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(Dims offsets, ctx.IndexListArg(1));
  PTO_ASSIGN_OR_RETURN(const BufferView* out, ctx.BufferArg(2));
  PTO_ASSIGN_OR_RETURN(BufferSpec spec, ctx.ResultSpec());
  bool atomic_add = false;
  if (const ir::AttrValue* a = ctx.Kwarg("atomic")) {
    atomic_add = a->As<ir::AtomicType>() == ir::AtomicType::kAdd;
  }
  if (offsets.size() != out->rank()) {
    return ctx.Error(absl::StrCat("offsets have rank ", offsets.size(), ", the tensor rank ",
                                  out->rank()));
  }
  if (ctx.num_args() > 3) {
    // ND partition: a 2-D tile into the N-D region `shapes` at `offsets`.
    PTO_ASSIGN_OR_RETURN(Dims shapes, ctx.IndexListArg(3));
    if (shapes.size() != out->rank() || tile->rank() != 2) {
      return ctx.Error("the ND partition form needs shapes of the tensor's rank and a 2-D tile");
    }
    int64_t rows = 1;
    for (size_t d = 0; d + 1 < shapes.size(); ++d) rows *= shapes[d];
    if (tile->valid[0] > rows || tile->valid[1] > shapes.back()) {
      return ctx.Error(absl::StrCat("a tile of valid shape ", FormatDims(tile->valid),
                                    " does not fit the partition ", FormatDims(shapes)));
    }
    PTO_RETURN_IF_ERROR(CheckWindow(ctx, "writes", offsets, shapes, out->shape));
    ElementCast convert{tile->dtype, out->dtype, ir::RoundMode::kRint, false};
    int64_t undefined = 0;
    Dims lead(shapes.begin(), shapes.end() - 1);
    int64_t r = 0;
    ForEachIndex(lead, [&](absl::Span<const int64_t> index) {
      if (r < tile->valid[0]) {
        for (int64_t c = 0; c < tile->valid[1]; ++c) {
          int64_t src_bit = tile->offset + r * tile->strides[0] + c * tile->strides[1];
          int64_t dst_bit = out->offset + (offsets.back() + c) * out->strides.back();
          for (size_t d = 0; d < index.size(); ++d) {
            dst_bit += (offsets[d] + index[d]) * out->strides[d];
          }
          if (!IsDefinedAt(*tile, src_bit)) {
            ++undefined;
            StorePoison(*out, dst_bit);
            continue;
          }
          uint64_t code = LoadBits(*tile, src_bit);
          if (convert.src != convert.dst) code = CastElement(convert, code);
          if (atomic_add) {
            // Element-wise add in the tensor's dtype.
            Scalar a = Scalar::FromElementBits(out->dtype, LoadBits(*out, dst_bit));
            Scalar b = Scalar::FromElementBits(out->dtype, code);
            absl::StatusOr<Scalar> sum = EvalBinary(ir::BinaryOp::kAdd, a, b, out->dtype);
            if (sum.ok()) code = sum->ToElementBits();
          }
          StoreBits(*out, dst_bit, code);
        }
      }
      ++r;
    });
    PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 0));
  } else {
    if (tile->rank() != out->rank()) {
      return ctx.Error(absl::StrCat("a rank-", tile->rank(), " tile cannot be stored into a rank-",
                                    out->rank(), " tensor without the ND partition operand"));
    }
    PTO_RETURN_IF_ERROR(WriteValidRegion(ctx, *tile, *out, offsets, atomic_add));
  }
  BufferView result = *out;
  result.valid = spec.valid;
  result.is_tile = false;
  ctx.SetResult(Value::Of(result));
  return absl::OkStatus();
}

// tensor.assemble / tile.assemble(target, source, offset): tile.store's
// plain form into a target of the source's kind, writing it in place (the
// ops write operand 0).
absl::Status Assemble(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* target, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(const BufferView* source, ctx.BufferArg(1));
  PTO_ASSIGN_OR_RETURN(Dims offsets, ctx.IndexListArg(2));
  PTO_ASSIGN_OR_RETURN(BufferSpec spec, ctx.ResultSpec());
  const ir::AttrValue* atomic = ctx.Kwarg("atomic");
  if (source->rank() != target->rank() || offsets.size() != target->rank()) {
    return ctx.Error(absl::StrCat("needs a source and offsets of the target's rank ",
                                  target->rank(), ", got ", source->rank(), " and ",
                                  offsets.size()));
  }
  PTO_RETURN_IF_ERROR(WriteValidRegion(
      ctx, *source, *target, offsets,
      atomic != nullptr && atomic->As<ir::AtomicType>() == ir::AtomicType::kAdd));
  BufferView result = *target;
  result.valid = spec.valid;
  ctx.SetResult(Value::Of(result));
  return absl::OkStatus();
}

// tile.transpose(input, axis1, axis2[, tmp]): a fresh tile with the two axes
// swapped and the data moved; tmp (codegen scratch) is poisoned.
absl::Status Transpose(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(Scalar a1, ctx.ScalarArg(1));
  PTO_ASSIGN_OR_RETURN(Scalar a2, ctx.ScalarArg(2));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  int64_t rank = static_cast<int64_t>(in->rank());
  int64_t a = a1.i < 0 ? a1.i + rank : a1.i;
  int64_t b = a2.i < 0 ? a2.i + rank : a2.i;
  if (a < 0 || b < 0 || a >= rank || b >= rank || out.rank() != in->rank()) {
    return ctx.Error("axes out of range");
  }
  // Read the input through a view with the axes swapped, then copy.
  BufferView swapped = *in;
  std::swap(swapped.shape[a], swapped.shape[b]);
  std::swap(swapped.strides[a], swapped.strides[b]);
  std::swap(swapped.valid[a], swapped.valid[b]);
  Dims zeros(out.rank(), 0);
  int64_t undefined = CopyRegion(swapped, WindowWalk(swapped, zeros, true), out,
                                 WindowWalk(out, zeros, false), out.valid);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined, 0));
  if (ctx.num_args() > 3) {
    if (const BufferView* tmp = ctx.arg(3).buffer()) PoisonAll(*tmp);
  }
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

// tensor.read(tensor, indices): one element as a scalar. An undefined
// element reads as its poison pattern (a scalar carries no definedness).
absl::Status Read(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* t, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(Dims index, ctx.IndexListArg(1));
  if (index.size() != t->rank()) return ctx.Error("indices must match the tensor's rank");
  PTO_RETURN_IF_ERROR(CheckWindow(ctx, "reads", index, Dims(t->rank(), 1), t->shape));
  int64_t bit = BitOffset(*t, index);
  bool defined = IsDefinedAt(*t, bit);
  for (size_t d = 0; d < index.size(); ++d) defined = defined && index[d] < t->valid[d];
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(defined ? 0 : 1, 0));
  ctx.SetResult(Value::Of(Scalar::FromElementBits(t->dtype, LoadBits(*t, bit))));
  return absl::OkStatus();
}

}  // namespace

void RegisterMemoryKernels(KernelRegistry& r) {
  r.Add("tensor.read", Read);
  r.Add("tile.transpose", Transpose);
  r.Add("tile.create", Create);
  r.Add("tile.full", Full);
  r.Add("tile.load", Load);
  r.Add("tile.move", Move);
  r.Add("tile.store", Store);
  r.Add("tensor.assemble", Assemble);
  r.Add("tile.assemble", Assemble);
  r.Add("tensor.create", Create);
  r.Add("tensor.full", Full);
}

}  // namespace pto::sim
