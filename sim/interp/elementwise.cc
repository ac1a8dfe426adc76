// Reference kernels of element-wise arithmetic: tile.{add, sub, mul, div,
// maximum, minimum}, their scalar forms tile.{adds, subs, muls, divs,
// maximums, minimums}, tile.{neg, abs}, and the tensor forms tensor.{add, sub,
// mul, div, maximum, minimum, adds, subs, muls, divs}.
//
// The result dtype is the call's deduced dtype; operands are read in its
// compute type (element_loop.h) with NumPy broadcasting over the result's
// valid region, and everything outside that region is poison. Floats compute
// in float: FP32 is exact IEEE single, and FP16/BF16/FP8 results are the
// float result rounded half-to-even, which equals the correctly rounded
// narrow operation for + - * / (float has >= 2p + 2 bits for every p <= 11).
// Integers wrap at their width; integer division truncates toward zero,
// INT_MIN / -1 wraps to INT_MIN and division by zero is an error. maximum and
// minimum propagate NaN and order -0 below +0. A scalar operand is first
// converted to the result dtype (scalar.h ConvertScalar).

#include <cmath>
#include <limits>
#include <type_traits>

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "sim/interp/element_loop.h"
#include "sim/interp/kernel.h"

namespace pto::sim {
namespace {

enum class Arith : uint8_t { kAdd, kSub, kMul, kDiv, kMax, kMin };

// a op b in T; false on an integer division by zero.
template <typename T>
bool Apply(Arith op, T a, T b, T* out) {
  if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
      case Arith::kAdd: *out = a + b; return true;
      case Arith::kSub: *out = a - b; return true;
      case Arith::kMul: *out = a * b; return true;
      case Arith::kDiv: *out = a / b; return true;
      case Arith::kMax:
      case Arith::kMin: {
        if (std::isnan(a) || std::isnan(b)) {
          *out = std::numeric_limits<T>::quiet_NaN();
        } else if (a == b) {
          // Equal values differ only in the sign of zero.
          bool pick_a = (op == Arith::kMax) != std::signbit(a);
          *out = pick_a ? a : b;
        } else {
          *out = (op == Arith::kMax) == (a > b) ? a : b;
        }
        return true;
      }
    }
    return true;
  } else {
    using U = std::make_unsigned_t<T>;
    switch (op) {
      case Arith::kAdd: *out = static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b))); return true;
      case Arith::kSub: *out = static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b))); return true;
      case Arith::kMul: *out = static_cast<T>(static_cast<U>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b))); return true;
      case Arith::kDiv:
        if (b == 0) return false;
        if constexpr (std::is_signed_v<T>) {
          if (a == std::numeric_limits<T>::min() && b == T(-1)) {
            *out = a;
            return true;
          }
        }
        *out = static_cast<T>(a / b);
        return true;
      case Arith::kMax: *out = a > b ? a : b; return true;
      case Arith::kMin: *out = a < b ? a : b; return true;
    }
    return true;
  }
}

// lhs (tile/tensor) op rhs (tile/tensor, or scalar).
absl::Status Binary(KernelContext& ctx, Arith op) {
  PTO_ASSIGN_OR_RETURN(const BufferView* lhs, ctx.BufferArg(0));
  const BufferView* rhs = ctx.arg(1).buffer();
  std::optional<Scalar> scalar;
  if (rhs == nullptr) {
    PTO_ASSIGN_OR_RETURN(scalar, ctx.ScalarArg(1));
  }
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  Dims region = out.valid;
  absl::Status status = DispatchCompute(out.dtype, [&](auto tag) -> absl::Status {
    using T = typename decltype(tag)::type;
    Dense<T> a = GatherAs<T>(*lhs, region);
    PTO_RETURN_IF_ERROR(ctx.CheckUndefined(a.undefined, 0));
    Dense<T> b;
    T s{};
    if (rhs != nullptr) {
      b = GatherAs<T>(*rhs, region);
      PTO_RETURN_IF_ERROR(ctx.CheckUndefined(b.undefined, 1));
    } else {
      s = ConvertScalar(*scalar, out.dtype).As<T>();
    }
    for (size_t i = 0; i < a.values.size(); ++i) {
      bool defined = a.defined[i] && (rhs == nullptr || b.defined[i]);
      if (!defined) {
        a.defined[i] = 0;
        continue;
      }
      if (!Apply(op, a.values[i], rhs != nullptr ? b.values[i] : s, &a.values[i])) {
        return ctx.Error("integer division by zero");
      }
    }
    ScatterFrom(out, region, a);
    return absl::OkStatus();
  });
  PTO_RETURN_IF_ERROR(status);
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

template <Arith kOp>
absl::Status BinaryKernel(KernelContext& ctx) {
  return Binary(ctx, kOp);
}

enum class UnaryArith : uint8_t { kNeg, kAbs };

template <UnaryArith kOp>
absl::Status UnaryKernel(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  Dims region = out.valid;
  absl::Status status = DispatchCompute(out.dtype, [&](auto tag) -> absl::Status {
    using T = typename decltype(tag)::type;
    Dense<T> a = GatherAs<T>(*in, region);
    PTO_RETURN_IF_ERROR(ctx.CheckUndefined(a.undefined, 0));
    for (T& v : a.values) {
      if constexpr (std::is_floating_point_v<T>) {
        v = kOp == UnaryArith::kNeg ? -v : std::fabs(v);
      } else {
        using U = std::make_unsigned_t<T>;
        T neg = static_cast<T>(static_cast<U>(U{0} - static_cast<U>(v)));
        if (kOp == UnaryArith::kNeg || (std::is_signed_v<T> && v < T{0})) v = neg;
      }
    }
    ScatterFrom(out, region, a);
    return absl::OkStatus();
  });
  PTO_RETURN_IF_ERROR(status);
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

}  // namespace

void RegisterElementwiseKernels(KernelRegistry& r) {
  for (absl::string_view prefix : {"tile.", "tensor."}) {
    r.Add(absl::StrCat(prefix, "add"), BinaryKernel<Arith::kAdd>);
    r.Add(absl::StrCat(prefix, "sub"), BinaryKernel<Arith::kSub>);
    r.Add(absl::StrCat(prefix, "mul"), BinaryKernel<Arith::kMul>);
    r.Add(absl::StrCat(prefix, "div"), BinaryKernel<Arith::kDiv>);
    r.Add(absl::StrCat(prefix, "maximum"), BinaryKernel<Arith::kMax>);
    r.Add(absl::StrCat(prefix, "minimum"), BinaryKernel<Arith::kMin>);
    r.Add(absl::StrCat(prefix, "adds"), BinaryKernel<Arith::kAdd>);
    r.Add(absl::StrCat(prefix, "subs"), BinaryKernel<Arith::kSub>);
    r.Add(absl::StrCat(prefix, "muls"), BinaryKernel<Arith::kMul>);
    r.Add(absl::StrCat(prefix, "divs"), BinaryKernel<Arith::kDiv>);
  }
  r.Add("tile.maximums", BinaryKernel<Arith::kMax>);
  r.Add("tile.minimums", BinaryKernel<Arith::kMin>);
  r.Add("tile.neg", UnaryKernel<UnaryArith::kNeg>);
  r.Add("tile.abs", UnaryKernel<UnaryArith::kAbs>);
}

}  // namespace pto::sim
