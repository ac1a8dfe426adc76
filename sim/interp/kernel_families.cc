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
// The tensor ops issue #20 registers for parsing and the passes; their
// meaning is not implemented in the interpreter yet.
constexpr absl::string_view kTensorOpsNotSimulated =
    "not simulated yet (#20 registers it for parsing and passes only)";

absl::Span<const KernelExclusion> ExcludedOps() {
  // A registered op the interpreter cannot run gets an entry here with the
  // reason, which the coverage test requires and the "no kernel" error
  // repeats.
  static constexpr KernelExclusion kExcluded[] = {
      {"tensor.abs", kTensorOpsNotSimulated},
      {"tensor.and", kTensorOpsNotSimulated},
      {"tensor.ands", kTensorOpsNotSimulated},
      {"tensor.assemble", kTensorOpsNotSimulated},
      {"tensor.ci", kTensorOpsNotSimulated},
      {"tensor.cmp", kTensorOpsNotSimulated},
      {"tensor.col_argmax", kTensorOpsNotSimulated},
      {"tensor.col_argmin", kTensorOpsNotSimulated},
      {"tensor.col_expand", kTensorOpsNotSimulated},
      {"tensor.col_expand_add", kTensorOpsNotSimulated},
      {"tensor.col_expand_div", kTensorOpsNotSimulated},
      {"tensor.col_expand_expdif", kTensorOpsNotSimulated},
      {"tensor.col_expand_max", kTensorOpsNotSimulated},
      {"tensor.col_expand_min", kTensorOpsNotSimulated},
      {"tensor.col_expand_mul", kTensorOpsNotSimulated},
      {"tensor.col_expand_sub", kTensorOpsNotSimulated},
      {"tensor.col_max", kTensorOpsNotSimulated},
      {"tensor.col_min", kTensorOpsNotSimulated},
      {"tensor.col_prod", kTensorOpsNotSimulated},
      {"tensor.col_sum", kTensorOpsNotSimulated},
      {"tensor.concat", kTensorOpsNotSimulated},
      {"tensor.create_l1", kTensorOpsNotSimulated},
      {"tensor.dim", kTensorOpsNotSimulated},
      {"tensor.exp", kTensorOpsNotSimulated},
      {"tensor.expand_clone", kTensorOpsNotSimulated},
      {"tensor.expands", kTensorOpsNotSimulated},
      {"tensor.fillpad", kTensorOpsNotSimulated},
      {"tensor.fillpad_expand", kTensorOpsNotSimulated},
      {"tensor.fmod", kTensorOpsNotSimulated},
      {"tensor.fmods", kTensorOpsNotSimulated},
      {"tensor.gather", kTensorOpsNotSimulated},
      {"tensor.gather_compare", kTensorOpsNotSimulated},
      {"tensor.gather_mask", kTensorOpsNotSimulated},
      {"tensor.gather_row", kTensorOpsNotSimulated},
      {"tensor.get_block_idx", kTensorOpsNotSimulated},
      {"tensor.get_block_num", kTensorOpsNotSimulated},
      {"tensor.get_subblock_idx", kTensorOpsNotSimulated},
      {"tensor.log", kTensorOpsNotSimulated},
      {"tensor.matmul", kTensorOpsNotSimulated},
      {"tensor.matmul_acc", kTensorOpsNotSimulated},
      {"tensor.mrgsort_format1", kTensorOpsNotSimulated},
      {"tensor.mrgsort_format2", kTensorOpsNotSimulated},
      {"tensor.neg", kTensorOpsNotSimulated},
      {"tensor.not", kTensorOpsNotSimulated},
      {"tensor.or", kTensorOpsNotSimulated},
      {"tensor.ors", kTensorOpsNotSimulated},
      {"tensor.paged_gather", kTensorOpsNotSimulated},
      {"tensor.part_add", kTensorOpsNotSimulated},
      {"tensor.part_max", kTensorOpsNotSimulated},
      {"tensor.part_min", kTensorOpsNotSimulated},
      {"tensor.part_mul", kTensorOpsNotSimulated},
      {"tensor.random", kTensorOpsNotSimulated},
      {"tensor.recip", kTensorOpsNotSimulated},
      {"tensor.reshape", kTensorOpsNotSimulated},
      {"tensor.row_argmax", kTensorOpsNotSimulated},
      {"tensor.row_argmin", kTensorOpsNotSimulated},
      {"tensor.row_expand", kTensorOpsNotSimulated},
      {"tensor.row_expand_add", kTensorOpsNotSimulated},
      {"tensor.row_expand_div", kTensorOpsNotSimulated},
      {"tensor.row_expand_expdif", kTensorOpsNotSimulated},
      {"tensor.row_expand_max", kTensorOpsNotSimulated},
      {"tensor.row_expand_min", kTensorOpsNotSimulated},
      {"tensor.row_expand_mul", kTensorOpsNotSimulated},
      {"tensor.row_expand_sub", kTensorOpsNotSimulated},
      {"tensor.row_max", kTensorOpsNotSimulated},
      {"tensor.row_min", kTensorOpsNotSimulated},
      {"tensor.row_prod", kTensorOpsNotSimulated},
      {"tensor.row_sum", kTensorOpsNotSimulated},
      {"tensor.rsqrt", kTensorOpsNotSimulated},
      {"tensor.scatter", kTensorOpsNotSimulated},
      {"tensor.scatter_mask", kTensorOpsNotSimulated},
      {"tensor.scatter_update", kTensorOpsNotSimulated},
      {"tensor.set_validshape", kTensorOpsNotSimulated},
      {"tensor.shl", kTensorOpsNotSimulated},
      {"tensor.shls", kTensorOpsNotSimulated},
      {"tensor.shr", kTensorOpsNotSimulated},
      {"tensor.shrs", kTensorOpsNotSimulated},
      {"tensor.slice", kTensorOpsNotSimulated},
      {"tensor.sort32", kTensorOpsNotSimulated},
      {"tensor.sqrt", kTensorOpsNotSimulated},
      {"tensor.transpose", kTensorOpsNotSimulated},
      {"tensor.write", kTensorOpsNotSimulated},
      {"tensor.xor", kTensorOpsNotSimulated},
      {"tensor.xors", kTensorOpsNotSimulated},
  // repeats. Appended per batch; not sorted.
  static constexpr absl::string_view kRegisteredOnly20 =
      "not simulated yet (#20 registers it for parsing and passes only)";
  static const KernelExclusion kExcluded[] = {
      {"array.create", kRegisteredOnly20},
      {"array.get_element", kRegisteredOnly20},
      {"array.update_element", kRegisteredOnly20},
      {"builtin.tensor.allreduce", kRegisteredOnly20},
      {"builtin.tensor.allreduce_ring", kRegisteredOnly20},
      {"builtin.tensor.barrier", kRegisteredOnly20},
      {"builtin.tensor.broadcast", kRegisteredOnly20},
      {"builtin.tensor.reduce_scatter", kRegisteredOnly20},
      {"builtin.tensor.allgather", kRegisteredOnly20},
      {"builtin.tensor.all_to_all", kRegisteredOnly20},
      {"builtin.tensor.all_to_all_v", kRegisteredOnly20},
      {"pld.tensor.get", kRegisteredOnly20},
      {"dist.make_tensor", kRegisteredOnly20},
      {"dist.tree_reduce", kRegisteredOnly20},
      {"dist.submit_worker", kRegisteredOnly20},
      {"dist.submit_orchestrator", kRegisteredOnly20},
      {"dist.future_get", kRegisteredOnly20},
      {"pld.tensor.alloc_window_buffer", kRegisteredOnly20},
      {"pld.tensor.window", kRegisteredOnly20},
      {"pld.tensor.put", kRegisteredOnly20},
      {"pld.tile.remote_store", kRegisteredOnly20},
      {"pld.tensor.remote_store", kRegisteredOnly20},
      {"pld.system.defer_wait", kRegisteredOnly20},
      {"pld.system.world_size", kRegisteredOnly20},
      {"prefetch.make_context", kRegisteredOnly20},
      {"prefetch.async_prefetch", kRegisteredOnly20},
      {"prefetch.session", kRegisteredOnly20},
      {"prefetch.wait", kRegisteredOnly20},
      {"system.set_ffts", kRegisteredOnly20},
      {"system.sync_set", kRegisteredOnly20},
      {"system.sync_wait", kRegisteredOnly20},
      {"system.tfree_to_aic", kRegisteredOnly20},
      {"system.tfree_to_aiv", kRegisteredOnly20},
      {"system.aic_initialize_pipe", kRegisteredOnly20},
      {"system.aiv_initialize_pipe", kRegisteredOnly20},
      {"system.reserve_buffer", kRegisteredOnly20},
      {"system.import_peer_buffer", kRegisteredOnly20},
      {"system.available_cluster_count", kRegisteredOnly20},
      {"system.available_aiv_count", kRegisteredOnly20},
      {"system.sync_src", kRegisteredOnly20},
      {"system.sync_dst", kRegisteredOnly20},
      {"system.bar_v", kRegisteredOnly20},
      {"system.bar_m", kRegisteredOnly20},
      {"system.bar_all", kRegisteredOnly20},
      {"system.fence", kRegisteredOnly20},
      {"system.cacheinvalid", kRegisteredOnly20},
      {"system.syncall", kRegisteredOnly20},
      {"system.task_invalid", kRegisteredOnly20},
      {"system.task_dummy", kRegisteredOnly20},
      {"system.task_is_valid", kRegisteredOnly20},
  };
  return kExcluded;
}

}  // namespace pto::sim
