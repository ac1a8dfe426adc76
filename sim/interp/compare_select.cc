// Reference kernels of comparison and selection: tile.cmp, tile.cmps (which
// produce the packed predicate mask), tile.sel, tile.sels (TSEL / TSELS with
// caller-owned scratch) and the composite tile.select.
//
// The packed predicate mask (ir/ops/type_inference.h PackedPredicateMaskType)
// holds one bit per element of the compared logical shape: bit j of row r is
// bit (j mod 8) - LSB first - of byte floor(j / 8) of that row. Row bytes
// past ceil(valid_N / 8) are outside the mask's valid shape (poison); the
// unused high bits of the last valid byte are 0. A byte with an undefined
// compared element is undefined as a whole. Comparisons run in the promoted
// dtype of the operands (a cmps scalar is first converted to the tile's
// dtype); any comparison with NaN is false except `ne`.
//
// A selection reads the mask bit of each result element - for masks of a
// wider integer dtype, the row's bytes in little-endian element order - and
// takes on_true where it is 1. A result element is defined when its mask bit
// and the selected operand are. Scratch operands are poisoned afterwards.

#include <cmath>

#include "absl/strings/str_cat.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"
#include "sim/interp/element_loop.h"
#include "sim/interp/kernel.h"

namespace pto::sim {
namespace {

using ir::CmpType;
using ir::DataType;

template <typename T>
bool Compare(CmpType c, T a, T b) {
  switch (c) {
    case CmpType::kEq: return a == b;
    case CmpType::kNe: return a != b;
    case CmpType::kLt: return a < b;
    case CmpType::kLe: return a <= b;
    case CmpType::kGt: return a > b;
    case CmpType::kGe: return a >= b;
  }
  return false;
}

// NumPy broadcast of two value shapes (the deducer has checked them).
Dims BroadcastDims(const Dims& a, const Dims& b) {
  size_t rank = std::max(a.size(), b.size());
  Dims out(rank, 1);
  for (size_t k = 0; k < rank; ++k) {
    int64_t x = k < a.size() ? a[a.size() - 1 - k] : 1;
    int64_t y = k < b.size() ? b[b.size() - 1 - k] : 1;
    out[rank - 1 - k] = x == 1 ? y : x;
  }
  return out;
}

// tile.cmp (tile rhs) and tile.cmps (scalar rhs).
absl::Status CompareKernel(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* lhs, ctx.BufferArg(0));
  const BufferView* rhs = ctx.arg(1).buffer();
  std::optional<Scalar> scalar;
  if (rhs == nullptr) {
    PTO_ASSIGN_OR_RETURN(scalar, ctx.ScalarArg(1));
  }
  int64_t cmp = ctx.Kwarg("cmp_type") ? ctx.Kwarg("cmp_type")->int_value() : 0;
  if (cmp < 0 || cmp > 5) return ctx.Error(absl::StrCat("cmp_type ", cmp, " is not 0..5"));
  CmpType type = static_cast<CmpType>(cmp);
  PTO_ASSIGN_OR_RETURN(BufferView mask, ctx.AllocateResult());

  // The compared region: lhs's valid shape right-aligned onto the broadcast
  // shape (leading broadcast dims are fully valid).
  Dims logical = rhs != nullptr ? BroadcastDims(lhs->shape, rhs->shape) : lhs->shape;
  Dims region = logical;
  for (size_t k = 0; k < lhs->rank(); ++k) {
    region[region.size() - 1 - k] = lhs->valid[lhs->rank() - 1 - k];
  }
  if (region.empty() || mask.rank() != region.size()) {
    return ctx.Error("the mask rank does not match the compared shape");
  }
  int64_t n = region.back();
  int64_t row_bytes = (n + 7) / 8;
  Dims mask_region = region;
  mask_region.back() = row_bytes;
  if (!(mask_region == mask.valid)) {
    return ctx.Error("the mask's valid shape does not cover the compared region");
  }
  DataType domain = rhs != nullptr ? ir::PromoteDataTypes(lhs->dtype, rhs->dtype) : lhs->dtype;
  Dense<uint8_t> bits;
  bits.values.assign(static_cast<size_t>(RegionSize(mask_region)), 0);
  bits.defined.assign(bits.values.size(), 1);
  absl::Status status = DispatchCompute(domain, [&](auto tag) -> absl::Status {
    using T = typename decltype(tag)::type;
    Dense<T> a = GatherAs<T>(*lhs, region);
    PTO_RETURN_IF_ERROR(ctx.CheckUndefined(a.undefined, 0));
    Dense<T> b;
    T s{};
    if (rhs != nullptr) {
      b = GatherAs<T>(*rhs, region);
      PTO_RETURN_IF_ERROR(ctx.CheckUndefined(b.undefined, 1));
    } else {
      s = ConvertScalar(*scalar, domain).As<T>();
    }
    int64_t rows = n == 0 ? 0 : static_cast<int64_t>(a.values.size()) / n;
    for (int64_t r = 0; r < rows; ++r) {
      for (int64_t j = 0; j < n; ++j) {
        size_t i = static_cast<size_t>(r * n + j);
        size_t byte = static_cast<size_t>(r * row_bytes + j / 8);
        if (!a.defined[i] || (rhs != nullptr && !b.defined[i])) {
          bits.defined[byte] = 0;
          continue;
        }
        if (Compare(type, a.values[i], rhs != nullptr ? b.values[i] : s)) {
          bits.values[byte] = static_cast<uint8_t>(bits.values[byte] | (1u << (j % 8)));
        }
      }
    }
    return absl::OkStatus();
  });
  PTO_RETURN_IF_ERROR(status);
  ScatterFrom(mask, mask_region, bits);
  ctx.SetResult(Value::Of(mask));
  return absl::OkStatus();
}

// The mask bit of every element of `region` (rank = mask rank): 0/1 with a
// definedness flag.
Dense<uint8_t> GatherMaskBits(const BufferView& mask, absl::Span<const int64_t> region,
                              int64_t* out_of_shape) {
  Dense<uint8_t> out;
  int64_t total = RegionSize(region);
  out.values.assign(static_cast<size_t>(total), 0);
  out.defined.assign(static_cast<size_t>(total), 1);
  size_t rank = region.size();
  int64_t n = region.back();
  int elem_bytes = std::max(1, mask.dtype.bytes());
  const Storage& storage = *mask.storage;
  Dims lead(region.begin(), region.end() - 1);
  int64_t row = 0;
  ForEachIndex(lead, [&](absl::Span<const int64_t> index) {
    bool row_ok = true;
    int64_t base = mask.offset;
    for (size_t d = 0; d + 1 < rank; ++d) {
      if (index[d] >= mask.shape[d]) {
        ++*out_of_shape;
        row_ok = false;
        break;
      }
      row_ok = row_ok && index[d] < mask.valid[d];
      base += index[d] * mask.strides[d];
    }
    for (int64_t j = 0; j < n; ++j) {
      size_t i = static_cast<size_t>(row * n + j);
      int64_t k = j / 8;
      int64_t e = k / elem_bytes;
      if (!row_ok || e >= mask.valid[rank - 1]) {
        out.defined[i] = 0;
        ++out.undefined;
        continue;
      }
      int64_t bit = base + e * mask.strides[rank - 1] + 8 * (k % elem_bytes);
      if (!IsDefinedRaw(storage, bit, 8)) {
        out.defined[i] = 0;
        ++out.undefined;
        continue;
      }
      out.values[i] = static_cast<uint8_t>((LoadBitsRaw(storage.data(), bit, 8) >> (j % 8)) & 1);
    }
    ++row;
  });
  return out;
}

// The shared body of the selections: cond ? on_true : on_false, each branch
// a buffer or a scalar.
absl::Status Select(KernelContext& ctx, size_t mask_arg, size_t true_arg, size_t false_arg,
                    std::optional<size_t> tmp_arg) {
  PTO_ASSIGN_OR_RETURN(const BufferView* mask, ctx.BufferArg(mask_arg));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  Dims region = out.valid;
  if (region.empty() || mask->rank() != region.size()) {
    return ctx.Error(absl::StrCat("the mask has rank ", mask->rank(), ", the result rank ",
                                  region.size()));
  }
  int64_t out_of_shape = 0;
  Dense<uint8_t> cond = GatherMaskBits(*mask, region, &out_of_shape);
  if (out_of_shape > 0) return ctx.Error("the mask does not cover the result's rows");
  const BufferView* branch[2] = {ctx.arg(true_arg).buffer(), ctx.arg(false_arg).buffer()};
  size_t arg_index[2] = {true_arg, false_arg};
  std::optional<Scalar> scalar[2];
  for (int k = 0; k < 2; ++k) {
    if (branch[k] == nullptr) {
      PTO_ASSIGN_OR_RETURN(scalar[k], ctx.ScalarArg(arg_index[k]));
    }
  }
  absl::Status status = DispatchCompute(out.dtype, [&](auto tag) -> absl::Status {
    using T = typename decltype(tag)::type;
    Dense<T> value[2];
    T constant[2] = {};
    for (int k = 0; k < 2; ++k) {
      if (branch[k] != nullptr) {
        value[k] = GatherAs<T>(*branch[k], region);
      } else {
        constant[k] = ConvertScalar(*scalar[k], out.dtype).As<T>();
      }
    }
    Dense<T> result;
    result.values.assign(cond.values.size(), T{});
    result.defined.assign(cond.values.size(), 1);
    int64_t undefined_cond = 0;
    int64_t undefined_used[2] = {0, 0};
    for (size_t i = 0; i < cond.values.size(); ++i) {
      if (!cond.defined[i]) {
        ++undefined_cond;
        result.defined[i] = 0;
        continue;
      }
      int k = cond.values[i] ? 0 : 1;
      if (branch[k] == nullptr) {
        result.values[i] = constant[k];
      } else if (value[k].defined[i]) {
        result.values[i] = value[k].values[i];
      } else {
        ++undefined_used[k];
        result.defined[i] = 0;
      }
    }
    PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined_cond, mask_arg));
    PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined_used[0], true_arg));
    PTO_RETURN_IF_ERROR(ctx.CheckUndefined(undefined_used[1], false_arg));
    ScatterFrom(out, region, result);
    return absl::OkStatus();
  });
  PTO_RETURN_IF_ERROR(status);
  if (tmp_arg) {
    if (const BufferView* tmp = ctx.arg(*tmp_arg).buffer()) PoisonAll(*tmp);
  }
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

// tile.sel(mask, lhs, rhs, tmp)
absl::Status Sel(KernelContext& ctx) { return Select(ctx, 0, 1, 2, size_t{3}); }
// tile.sels(mask, src, tmp, scalar)
absl::Status Sels(KernelContext& ctx) { return Select(ctx, 0, 1, 3, size_t{2}); }
// tile.select(cond, on_true, on_false)
absl::Status SelectComposite(KernelContext& ctx) { return Select(ctx, 0, 1, 2, std::nullopt); }

}  // namespace

void RegisterCompareSelectKernels(KernelRegistry& r) {
  r.Add("tile.cmp", CompareKernel);
  r.Add("tile.cmps", CompareKernel);
  r.Add("tile.sel", Sel);
  r.Add("tile.sels", Sels);
  r.Add("tile.select", SelectComposite);
}

}  // namespace pto::sim
