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

// Issue #20 batch B registers these ops for parsing, printing and the passes
// only; none has a kernel yet.
constexpr absl::string_view kIssue20BatchB =
    "not simulated yet (#20 registers it for parsing and passes only)";

absl::Span<const KernelExclusion> ExcludedOps() {
  // A registered op the interpreter cannot run gets an entry here with the
  // reason, which the coverage test requires and the "no kernel" error
  // repeats.
  static constexpr KernelExclusion kExcluded[] = {
      {"tile.write", kIssue20BatchB},
      {"tile.get_block_idx", kIssue20BatchB},
      {"tile.get_subblock_idx", kIssue20BatchB},
      {"tile.get_block_num", kIssue20BatchB},
      {"tile.read", kIssue20BatchB},
      {"tile.mscatter", kIssue20BatchB},
      {"tile.mgather", kIssue20BatchB},
      {"tile.move", kIssue20BatchB},
      {"tile.alloc", kIssue20BatchB},
      {"tile.ci", kIssue20BatchB},
      {"tile.tri", kIssue20BatchB},
      {"tile.random", kIssue20BatchB},
      {"tile.slice", kIssue20BatchB},
      {"tile.reshape", kIssue20BatchB},
      {"tile.assemble", kIssue20BatchB},
      {"tile.extract", kIssue20BatchB},
      {"tile.scatter_update", kIssue20BatchB},
      {"tile.concat", kIssue20BatchB},
      {"tile.matmul", kIssue20BatchB},
      {"tile.matmul_acc", kIssue20BatchB},
      {"tile.matmul_bias", kIssue20BatchB},
      {"tile.gemv", kIssue20BatchB},
      {"tile.gemv_acc", kIssue20BatchB},
      {"tile.gemv_bias", kIssue20BatchB},
      {"tile.matmul_mx", kIssue20BatchB},
      {"tile.matmul_mx_acc", kIssue20BatchB},
      {"tile.matmul_mx_bias", kIssue20BatchB},
      {"tile.tget_scale_addr", kIssue20BatchB},
      {"tile.batch_matmul", kIssue20BatchB},
      {"tile.batch_matmul_acc", kIssue20BatchB},
      {"tile.gather", kIssue20BatchB},
      {"tile.gatherb", kIssue20BatchB},
      {"tile.gather_mask", kIssue20BatchB},
      {"tile.gather_compare", kIssue20BatchB},
      {"tile.gather_row", kIssue20BatchB},
      {"tile.scatter", kIssue20BatchB},
      {"tile.scatter_mask", kIssue20BatchB},
      {"tile.sort32", kIssue20BatchB},
      {"tile.mrgsort_format2", kIssue20BatchB},
      {"tile.mrgsort_format1", kIssue20BatchB},
      {"tile.tpush_to_aiv", kIssue20BatchB},
      {"tile.tpush_to_aic", kIssue20BatchB},
      {"tile.tpop_from_aic", kIssue20BatchB},
      {"tile.tpop_from_aiv", kIssue20BatchB},
      {"tile.aiv_shard", kIssue20BatchB},
      {"tile.aic_gather", kIssue20BatchB},
      {"tensor.aiv_shard", kIssue20BatchB},
      {"tensor.aic_gather", kIssue20BatchB},
  };
  return kExcluded;
}

}  // namespace pto::sim
