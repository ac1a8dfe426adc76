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

// The reason of the ops issue #20 registered for parsing and the passes,
// which have no kernel yet.
constexpr absl::string_view kNotSimulatedYet =
    "not simulated yet (#20 registers it for parsing and passes only)";

// A registered op the interpreter cannot run gets an entry here with the
// reason, which the coverage test requires and the "no kernel" error repeats.
constexpr KernelExclusion kExcludedOps[] = {
    {"tile.rem", kNotSimulatedYet},
    {"tile.part_add", kNotSimulatedYet},
    {"tile.part_mul", kNotSimulatedYet},
    {"tile.part_max", kNotSimulatedYet},
    {"tile.part_min", kNotSimulatedYet},
    {"tile.fmod", kNotSimulatedYet},
    {"tile.rems", kNotSimulatedYet},
    {"tile.fmods", kNotSimulatedYet},
    {"tile.shl", kNotSimulatedYet},
    {"tile.shls", kNotSimulatedYet},
    {"tile.shr", kNotSimulatedYet},
    {"tile.shrs", kNotSimulatedYet},
    {"tile.and", kNotSimulatedYet},
    {"tile.ands", kNotSimulatedYet},
    {"tile.or", kNotSimulatedYet},
    {"tile.ors", kNotSimulatedYet},
    {"tile.xor", kNotSimulatedYet},
    {"tile.xors", kNotSimulatedYet},
    {"tile.prelu", kNotSimulatedYet},
    {"tile.addc", kNotSimulatedYet},
    {"tile.subc", kNotSimulatedYet},
    {"tile.addsc", kNotSimulatedYet},
    {"tile.subsc", kNotSimulatedYet},
    {"tile.lrelu", kNotSimulatedYet},
    {"tile.fillpad", kNotSimulatedYet},
    {"tile.fillpad_inplace", kNotSimulatedYet},
    {"tile.fillpad_expand", kNotSimulatedYet},
    {"tile.exp", kNotSimulatedYet},
    {"tile.recip", kNotSimulatedYet},
    {"tile.sqrt", kNotSimulatedYet},
    {"tile.rsqrt", kNotSimulatedYet},
    {"tile.log", kNotSimulatedYet},
    {"tile.relu", kNotSimulatedYet},
    {"tile.not", kNotSimulatedYet},
    {"tile.row_expand", kNotSimulatedYet},
    {"tile.row_expand_sub", kNotSimulatedYet},
    {"tile.row_expand_div", kNotSimulatedYet},
    {"tile.row_expand_mul", kNotSimulatedYet},
    {"tile.row_expand_add", kNotSimulatedYet},
    {"tile.row_expand_max", kNotSimulatedYet},
    {"tile.row_expand_min", kNotSimulatedYet},
    {"tile.row_expand_expdif", kNotSimulatedYet},
    {"tile.col_expand", kNotSimulatedYet},
    {"tile.col_expand_mul", kNotSimulatedYet},
    {"tile.col_expand_add", kNotSimulatedYet},
    {"tile.col_expand_div", kNotSimulatedYet},
    {"tile.col_expand_sub", kNotSimulatedYet},
    {"tile.col_expand_max", kNotSimulatedYet},
    {"tile.col_expand_min", kNotSimulatedYet},
    {"tile.col_expand_expdif", kNotSimulatedYet},
    {"tile.expands", kNotSimulatedYet},
    {"tile.row_sum", kNotSimulatedYet},
    {"tile.row_max", kNotSimulatedYet},
    {"tile.row_min", kNotSimulatedYet},
    {"tile.row_prod", kNotSimulatedYet},
    {"tile.col_sum", kNotSimulatedYet},
    {"tile.col_max", kNotSimulatedYet},
    {"tile.col_min", kNotSimulatedYet},
    {"tile.col_prod", kNotSimulatedYet},
    {"tile.row_argmax", kNotSimulatedYet},
    {"tile.row_argmin", kNotSimulatedYet},
    {"tile.col_argmax", kNotSimulatedYet},
    {"tile.col_argmin", kNotSimulatedYet},
};

absl::Span<const KernelExclusion> ExcludedOps() { return kExcludedOps; }

}  // namespace pto::sim
