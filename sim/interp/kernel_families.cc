// The interpreter's dispatch table: every kernel family, registered once in
// a fixed order, and the ops it deliberately leaves out.

#include "sim/interp/kernel.h"

namespace pto::sim {

const KernelRegistry& BuiltinKernels() {
  static const KernelRegistry* const registry = [] {
    auto* r = new KernelRegistry();
    RegisterElementwiseKernels(*r);
    RegisterCastKernels(*r);
    RegisterCompareSelectKernels(*r);
    RegisterMemoryKernels(*r);
    RegisterViewKernels(*r);
    RegisterCompositeKernels(*r);
    RegisterQuantMxKernels(*r);
    RegisterDistKernels(*r);
    return r;
  }();
  return *registry;
}

absl::Span<const KernelExclusion> ExcludedOps() {
  // Nothing is excluded today. A registered op the interpreter cannot run
  // gets an entry here with the reason, which the coverage test requires and
  // the "no kernel" error repeats.
  return {};
}

}  // namespace pto::sim
