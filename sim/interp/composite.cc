// Reference semantics of the composite transcendental ops: tile.sin, tile.cos
// and their tensor forms tensor.sin, tensor.cos.
//
// Each FP32 element x becomes (float)sin((double)x) - the double result
// rounded to the nearest float, which is the correctly rounded FP32 sine for
// all but astronomically rare inputs - and likewise for cos. NaN and +-Inf
// give NaN. This is what the lowered Cody-Waite + Horner recipe is measured
// against (sincos_numerics_test.cc).
//
// The other composites have their reference kernels with their families:
// tile.select in compare_select.cc, tile.tquant_mx in quant_mx.cc.

#include <cmath>

#include "ir/status_macros.h"
#include "sim/interp/element_loop.h"
#include "sim/interp/kernel.h"

namespace pto::sim {
namespace {

template <bool kCos>
absl::Status Trig(KernelContext& ctx) {
  PTO_ASSIGN_OR_RETURN(const BufferView* in, ctx.BufferArg(0));
  PTO_ASSIGN_OR_RETURN(BufferView out, ctx.AllocateResult());
  if (in->dtype != ir::DataType::kFP32) return ctx.Error("is FP32-only");
  Dense<float> v = GatherAs<float>(*in, out.valid);
  PTO_RETURN_IF_ERROR(ctx.CheckUndefined(v.undefined, 0));
  for (float& x : v.values) {
    double d = static_cast<double>(x);
    x = static_cast<float>(kCos ? std::cos(d) : std::sin(d));
  }
  ScatterFrom(out, out.valid, v);
  ctx.SetResult(Value::Of(out));
  return absl::OkStatus();
}

}  // namespace

void RegisterCompositeKernels(KernelRegistry& r) {
  r.Add("tile.sin", Trig<false>);
  r.Add("tile.cos", Trig<true>);
  r.Add("tensor.sin", Trig<false>);
  r.Add("tensor.cos", Trig<true>);
}

}  // namespace pto::sim
