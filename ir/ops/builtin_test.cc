// Registry-wide invariants of the built-in ops, and MakeCall/BuiltinOp.

#include "ir/ops/builtin.h"

#include <set>
#include <string>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

TEST(BuiltinOpsTest, EveryOpHasDeducerDocAndCategory) {
  std::vector<const Op*> ops = BuiltinOps().SortedOps();
  ASSERT_FALSE(ops.empty());
  for (const Op* op : ops) {
    SCOPED_TRACE(op->name());
    EXPECT_NE(op->deducer(), nullptr);
    EXPECT_FALSE(op->doc().empty());
    absl::string_view prefix = op->name().substr(0, op->name().find('.'));
    if (prefix == "tile") {
      EXPECT_EQ(op->category(), OpCategory::kTile);
    } else if (prefix == "tensor") {
      EXPECT_EQ(op->category(), OpCategory::kTensor);
    } else if (prefix == "pld") {
      EXPECT_EQ(op->category(), absl::StartsWith(op->name(), "pld.system.")
                                    ? OpCategory::kSystem
                                    : OpCategory::kDistributed);
    } else if (prefix == "system" || prefix == "array" || prefix == "prefetch") {
      EXPECT_EQ(op->category(), OpCategory::kSystem);
    } else if (prefix == "builtin" || prefix == "dist") {
      EXPECT_EQ(op->category(), OpCategory::kDistributed);
    } else {
      ADD_FAILURE() << "unexpected namespace " << prefix;
    }
    // Schema sanity: unique names; required args before optional ones;
    // every default has the declared kind.
    std::set<std::string> names;
    bool seen_optional = false;
    for (const ArgSpec& a : op->args()) {
      EXPECT_TRUE(names.insert(std::string(a.name)).second) << a.name;
      if (!a.keyword) {
        EXPECT_FALSE(seen_optional && !a.optional) << a.name;
        seen_optional = seen_optional || a.optional;
      }
    }
    for (const KwargSpec& k : op->kwargs()) {
      EXPECT_TRUE(names.insert(std::string(k.name)).second) << k.name;
      EXPECT_EQ(k.default_value.has_value(), k.presence == KwargSpec::Presence::kDefault);
      if (k.default_value) {
        EXPECT_EQ(k.default_value->kind(), k.kind);
      }
    }
  }
}

// Every op upstream PyPTO registers (e2d0f78ae, src/ir/op/, without its
// test.* ops), by name: the DSL's users may write any of them.
constexpr absl::string_view kUpstreamOps[] = {
    "array.create", "array.get_element", "array.update_element", "builtin.tensor.all_to_all",
    "builtin.tensor.all_to_all_v", "builtin.tensor.allgather", "builtin.tensor.allreduce",
    "builtin.tensor.allreduce_ring", "builtin.tensor.barrier", "builtin.tensor.broadcast",
    "builtin.tensor.reduce_scatter", "dist.future_get", "dist.make_tensor",
    "dist.submit_orchestrator", "dist.submit_worker", "dist.tree_reduce", "pld.system.defer_wait",
    "pld.system.get_comm_ctx", "pld.system.notify", "pld.system.nranks", "pld.system.rank",
    "pld.system.wait", "pld.system.world_size", "pld.tensor.all_to_all", "pld.tensor.all_to_all_v",
    "pld.tensor.allgather", "pld.tensor.alloc_window_buffer", "pld.tensor.allreduce",
    "pld.tensor.barrier", "pld.tensor.broadcast", "pld.tensor.get", "pld.tensor.put",
    "pld.tensor.reduce_scatter", "pld.tensor.remote_store", "pld.tensor.window", "pld.tile.get",
    "pld.tile.put", "pld.tile.remote_load", "pld.tile.remote_store", "prefetch.async_prefetch",
    "prefetch.make_context", "prefetch.session", "prefetch.wait", "system.aic_initialize_pipe",
    "system.aiv_initialize_pipe", "system.available_aiv_count", "system.available_cluster_count",
    "system.bar_all", "system.bar_m", "system.bar_v", "system.cacheinvalid", "system.fence",
    "system.import_peer_buffer", "system.reserve_buffer", "system.set_ffts", "system.sync_dst",
    "system.sync_set", "system.sync_src", "system.sync_wait", "system.syncall",
    "system.task_dummy", "system.task_invalid", "system.task_is_valid", "system.tfree_to_aic",
    "system.tfree_to_aiv", "tensor.abs", "tensor.add", "tensor.adds", "tensor.aic_gather",
    "tensor.aiv_shard", "tensor.alloc", "tensor.and", "tensor.ands", "tensor.assemble",
    "tensor.cast", "tensor.ci", "tensor.cmp", "tensor.col_argmax", "tensor.col_argmin",
    "tensor.col_expand", "tensor.col_expand_add", "tensor.col_expand_div",
    "tensor.col_expand_expdif", "tensor.col_expand_max", "tensor.col_expand_min",
    "tensor.col_expand_mul", "tensor.col_expand_sub", "tensor.col_max", "tensor.col_min",
    "tensor.col_prod", "tensor.col_sum", "tensor.concat", "tensor.cos", "tensor.create",
    "tensor.create_l1", "tensor.dim", "tensor.div", "tensor.divs", "tensor.exp",
    "tensor.expand_clone", "tensor.expands", "tensor.fillpad", "tensor.fillpad_expand",
    "tensor.fmod", "tensor.fmods", "tensor.full", "tensor.gather", "tensor.gather_compare",
    "tensor.gather_mask", "tensor.gather_row", "tensor.get_block_idx", "tensor.get_block_num",
    "tensor.get_subblock_idx", "tensor.log", "tensor.matmul", "tensor.matmul_acc",
    "tensor.maximum", "tensor.minimum", "tensor.mrgsort_format1", "tensor.mrgsort_format2",
    "tensor.mul", "tensor.muls", "tensor.neg", "tensor.not", "tensor.or", "tensor.ors",
    "tensor.paged_gather", "tensor.part_add", "tensor.part_max", "tensor.part_min",
    "tensor.part_mul", "tensor.random", "tensor.read", "tensor.recip", "tensor.reinterpret_view",
    "tensor.reshape", "tensor.row_argmax", "tensor.row_argmin", "tensor.row_expand",
    "tensor.row_expand_add", "tensor.row_expand_div", "tensor.row_expand_expdif",
    "tensor.row_expand_max", "tensor.row_expand_min", "tensor.row_expand_mul",
    "tensor.row_expand_sub", "tensor.row_max", "tensor.row_min", "tensor.row_prod",
    "tensor.row_sum", "tensor.rsqrt", "tensor.scatter", "tensor.scatter_mask",
    "tensor.scatter_update", "tensor.set_validshape", "tensor.shl", "tensor.shls", "tensor.shr",
    "tensor.shrs", "tensor.sin", "tensor.slice", "tensor.sort32", "tensor.sqrt", "tensor.sub",
    "tensor.subs", "tensor.transpose", "tensor.view", "tensor.write", "tensor.xor", "tensor.xors",
    "tile.abs", "tile.add", "tile.addc", "tile.adds", "tile.addsc", "tile.aic_gather",
    "tile.aiv_shard", "tile.alloc", "tile.and", "tile.ands", "tile.assemble", "tile.batch_matmul",
    "tile.batch_matmul_acc", "tile.cast", "tile.ci", "tile.cmp", "tile.cmps", "tile.col_argmax",
    "tile.col_argmin", "tile.col_expand", "tile.col_expand_add", "tile.col_expand_div",
    "tile.col_expand_expdif", "tile.col_expand_max", "tile.col_expand_min", "tile.col_expand_mul",
    "tile.col_expand_sub", "tile.col_max", "tile.col_min", "tile.col_prod", "tile.col_sum",
    "tile.concat", "tile.cos", "tile.create", "tile.div", "tile.divs", "tile.exp", "tile.expands",
    "tile.extract", "tile.fillpad", "tile.fillpad_expand", "tile.fillpad_inplace", "tile.fmod",
    "tile.fmods", "tile.full", "tile.gather", "tile.gather_compare", "tile.gather_mask",
    "tile.gather_row", "tile.gatherb", "tile.gemv", "tile.gemv_acc", "tile.gemv_bias",
    "tile.get_block_idx", "tile.get_block_num", "tile.get_subblock_idx", "tile.load", "tile.log",
    "tile.lrelu", "tile.matmul", "tile.matmul_acc", "tile.matmul_bias", "tile.matmul_mx",
    "tile.matmul_mx_acc", "tile.matmul_mx_bias", "tile.maximum", "tile.maximums", "tile.mgather",
    "tile.minimum", "tile.minimums", "tile.move", "tile.mrgsort_format1", "tile.mrgsort_format2",
    "tile.mscatter", "tile.mul", "tile.muls", "tile.neg", "tile.not", "tile.or", "tile.ors",
    "tile.part_add", "tile.part_max", "tile.part_min", "tile.part_mul", "tile.prelu",
    "tile.random", "tile.read", "tile.recip", "tile.reinterpret_view", "tile.relu", "tile.rem",
    "tile.rems", "tile.reshape", "tile.row_argmax", "tile.row_argmin", "tile.row_expand",
    "tile.row_expand_add", "tile.row_expand_div", "tile.row_expand_expdif", "tile.row_expand_max",
    "tile.row_expand_min", "tile.row_expand_mul", "tile.row_expand_sub", "tile.row_max",
    "tile.row_min", "tile.row_prod", "tile.row_sum", "tile.rsqrt", "tile.scatter",
    "tile.scatter_mask", "tile.scatter_update", "tile.sel", "tile.sels", "tile.set_validshape",
    "tile.shl", "tile.shls", "tile.shr", "tile.shrs", "tile.sin", "tile.slice", "tile.sort32",
    "tile.sqrt", "tile.store", "tile.sub", "tile.subc", "tile.subs", "tile.subsc",
    "tile.tget_scale_addr", "tile.tpop_from_aic", "tile.tpop_from_aiv", "tile.tpush_to_aic",
    "tile.tpush_to_aiv", "tile.transpose", "tile.transpose_view", "tile.tri", "tile.write",
    "tile.xor", "tile.xors",
};

// Ops of ours that upstream does not register, and why.
constexpr absl::string_view kOwnOps[] = {
    "tile.select",        // the spec's composite select (lower_composite_ops.md)
    "tile.tmov_x2zz",     // MX lowering's layout move (lower_composite_ops.md)
    "tile.tquant_mx",     // MX quantization, composite (lower_composite_ops.md)
    "tile.tquant_mx_raw", // its primitive form
};

TEST(BuiltinOpsTest, RegistersEveryUpstreamOpAndOnlyThoseOfOurOwnBesides) {
  const OpRegistry& ops = BuiltinOps();
  for (absl::string_view name : kUpstreamOps) {
    EXPECT_NE(ops.Find(name), nullptr) << "upstream op " << name << " is not registered";
  }
  std::set<absl::string_view> known(std::begin(kUpstreamOps), std::end(kUpstreamOps));
  known.insert(std::begin(kOwnOps), std::end(kOwnOps));
  for (const Op* op : ops.SortedOps()) {
    EXPECT_TRUE(known.count(op->name()) == 1) << op->name() << " is neither upstream's nor listed as ours";
  }
  EXPECT_EQ(ops.SortedOps().size(), std::size(kUpstreamOps) + std::size(kOwnOps));
}

// Composite ops carry the name of the pass that lowers them; codegen and the
// fuzzers rely on it.
TEST(BuiltinOpsTest, CompositeOpsNameTheirLoweringPass) {
  std::vector<std::string> composites;
  for (const Op* op : BuiltinOps().SortedOps()) {
    if (op->lowered_by().empty()) continue;
    EXPECT_EQ(op->lowered_by(), "lower-composite-ops") << op->name();
    composites.emplace_back(op->name());
  }
  EXPECT_THAT(composites,
              ::testing::ElementsAre("pld.tensor.all_to_all", "pld.tensor.all_to_all_v",
                                     "pld.tensor.allgather", "pld.tensor.allreduce",
                                     "pld.tensor.barrier", "pld.tensor.broadcast",
                                     "pld.tensor.reduce_scatter", "tile.cos", "tile.select",
                                     "tile.sin", "tile.tquant_mx"));
}

// Where an op reads its tile operands (Op::input_memory), the fact
// InferTileMemorySpace satisfies with tile.move.
TEST(BuiltinOpsTest, OperandMemorySpaces) {
  using ::testing::ElementsAre;
  const OpRegistry& ops = BuiltinOps();
  const Op* matmul_acc = ops.Find("tile.matmul_acc");
  EXPECT_THAT(matmul_acc->input_memory(0), ElementsAre(MemorySpace::kAcc));
  EXPECT_THAT(matmul_acc->input_memory(1), ElementsAre(MemorySpace::kLeft));
  EXPECT_THAT(matmul_acc->input_memory(2), ElementsAre(MemorySpace::kRight));
  EXPECT_TRUE(matmul_acc->input_memory(3).empty());  // init_cond, a scalar
  EXPECT_THAT(ops.Find("tile.matmul_mx_acc")->input_memory(2),
              ElementsAre(MemorySpace::kLeftScale));
  // A store reads UB or the accumulator, UB first; its tensor is no tile.
  const Op* store = ops.Find("tile.store");
  EXPECT_THAT(store->input_memory(0), ElementsAre(MemorySpace::kVec, MemorySpace::kAcc));
  EXPECT_TRUE(store->input_memory(2).empty());
  EXPECT_THAT(ops.Find("pld.tile.remote_store")->input_memory(0),
              ElementsAre(MemorySpace::kVec, MemorySpace::kAcc));
  // The vector unit's ops read every tile operand from Vec.
  for (const char* name : {"tile.add", "tile.muls", "tile.exp", "tile.row_sum",
                           "tile.row_expand_add", "tile.cast", "tile.cmp", "tile.and"}) {
    EXPECT_THAT(ops.Find(name)->input_memory(0), ElementsAre(MemorySpace::kVec)) << name;
  }
  // Moves, views and loads take a tile from wherever it is.
  for (const char* name : {"tile.move", "tile.reshape", "tile.slice", "tile.load"}) {
    EXPECT_TRUE(ops.Find(name)->input_memory(0).empty()) << name;
  }
}

// Kwarg order is the printed order; it follows the DSL wrappers.
TEST(BuiltinOpsTest, KwargOrderFollowsTheDsl) {
  auto kwarg_names = [](absl::string_view op) {
    std::vector<std::string> names;
    for (const KwargSpec& k : BuiltinOp(op).kwargs()) names.emplace_back(k.name);
    return names;
  };
  using ::testing::ElementsAre;
  EXPECT_THAT(kwarg_names("tile.cast"), ElementsAre("target_type", "mode", "saturation_mode"));
  EXPECT_THAT(kwarg_names("tensor.cast"), ElementsAre("target_type", "mode", "saturation_mode"));
  EXPECT_THAT(kwarg_names("tile.load"), ElementsAre("target_memory", "clamp"));
  EXPECT_THAT(kwarg_names("tile.create"),
              ElementsAre("dtype", "target_memory", "transpose", "flat_layout"));
  EXPECT_THAT(kwarg_names("tensor.create"),
              ElementsAre("dtype", "layout", "manual_dep", "init_value"));
  EXPECT_THAT(kwarg_names("tile.store"), ElementsAre("atomic"));
  EXPECT_THAT(kwarg_names("tile.cmps"), ElementsAre("cmp_type"));
  EXPECT_THAT(kwarg_names("tile.reinterpret_view"), ElementsAre("dtype"));
  EXPECT_THAT(kwarg_names("pld.tensor.allreduce"), ElementsAre("op", "mode", "core_num"));
  EXPECT_THAT(kwarg_names("pld.system.notify"), ElementsAre("op"));
  EXPECT_THAT(kwarg_names("pld.system.wait"), ElementsAre("cmp"));
  EXPECT_THAT(kwarg_names("pld.tile.put"), ElementsAre("atomic"));
  EXPECT_THAT(kwarg_names("pld.tile.get"), ElementsAre());
  EXPECT_THAT(kwarg_names("tensor.matmul"),
              ElementsAre("a_trans", "b_trans", "c_matrix_nz", "out_dtype"));
  EXPECT_THAT(kwarg_names("tensor.paged_gather"),
              ElementsAre("block_size", "size", "max_indices", "col_off", "is_trans",
                          "is_b_matrix", "space"));
  EXPECT_THAT(kwarg_names("tensor.gather_compare"),
              ElementsAre("cmp_mode", "offset", "out_cols", "count_dtype"));
  EXPECT_THAT(kwarg_names("tensor.slice"), ElementsAre("pad_value", "clamp"));
  EXPECT_EQ(BuiltinOp("tensor.gather_row").FindKeywordArg("valid_shape"), 5);
  // Keyword-printed args come after the kwargs.
  EXPECT_EQ(BuiltinOp("tile.full").FindKeywordArg("value"), 1);
  EXPECT_EQ(BuiltinOp("tensor.full").FindKeywordArg("value"), 1);
  EXPECT_EQ(BuiltinOp("tile.reinterpret_view").FindKeywordArg("shape"), 1);
  EXPECT_EQ(BuiltinOp("tensor.reinterpret_view").FindKeywordArg("shape"), 1);
  // Ops that write an argument: the output tensor of a store, and the
  // workspaces of MX quantization (so dead-code elimination keeps the calls).
  for (const Op* op : BuiltinOps().SortedOps()) {
    uint32_t want = 0;
    if (op->name() == "tile.store") want = 1u << 2;
    if (op->name() == "tile.tquant_mx_raw") want = (1u << 1) | (1u << 2);
    if (op->name() == "tile.tmov_x2zz") want = 1u << 1;
    if (op->name() == "tile.fillpad_inplace") want = 1u << 0;
    // Distributed ops: the windows they update (notify its signal, put/get
    // their destination and bounce tile(s), each collective its in-place
    // windows).
    if (op->name() == "pld.system.notify") want = 1u << 0;
    if (op->name() == "pld.tile.put" || op->name() == "pld.tile.get") {
      want = (1u << 0) | (1u << 3) | (1u << 4);
    }
    if (op->name() == "pld.tensor.allreduce" || op->name() == "pld.tensor.reduce_scatter" ||
        op->name() == "pld.tensor.broadcast") {
      want = (1u << 0) | (1u << 1);
    }
    if (op->name() == "pld.tensor.barrier") want = 1u << 0;
    if (op->name() == "pld.tensor.allgather" || op->name() == "pld.tensor.all_to_all") {
      want = (1u << 1) | (1u << 2);
    }
    if (op->name() == "pld.tensor.all_to_all_v") want = (1u << 1) | (1u << 2) | (1u << 4);
    // Tensor ops that write their first argument (the assembled target, the
    // written tensor, the gather_row accumulator).
    if (op->name() == "tensor.assemble" || op->name() == "tensor.write" ||
        op->name() == "tensor.gather_row") {
      want = 1u << 0;
    }
    // #20: the host collectives as their pld.tensor.* namesakes; put / get
    // their destination; the remote stores their target; the soft syncall
    // its workspace.
    if (op->name() == "builtin.tensor.allreduce" || op->name() == "builtin.tensor.allreduce_ring" ||
        op->name() == "builtin.tensor.broadcast" || op->name() == "builtin.tensor.reduce_scatter") {
      want = (1u << 0) | (1u << 1);
    }
    if (op->name() == "builtin.tensor.barrier") want = 1u << 0;
    if (op->name() == "builtin.tensor.allgather" || op->name() == "builtin.tensor.all_to_all") {
      want = (1u << 1) | (1u << 2);
    }
    if (op->name() == "builtin.tensor.all_to_all_v") want = (1u << 1) | (1u << 2) | (1u << 4);
    if (op->name() == "pld.tensor.put" || op->name() == "pld.tensor.get") want = 1u << 0;
    if (op->name() == "pld.tile.remote_store" || op->name() == "pld.tensor.remote_store") {
      want = 1u << 1;
    }
    if (op->name() == "system.syncall") want = 1u << 0;
    // Issue #20 batch B: accumulators, in-place tile updates and scatters.
    for (const char* name :
         {"tile.write", "tile.assemble", "tile.scatter_update", "tile.matmul_acc", "tile.gemv_acc",
          "tile.batch_matmul_acc", "tile.matmul_mx_acc", "tile.tget_scale_addr", "tile.gather_row",
          "tile.scatter", "tile.scatter_mask"}) {
      if (op->name() == name) want = 1u << 0;
    }
    if (op->name() == "tile.mscatter") want = 1u << 2;
    EXPECT_EQ(op->written_args(), want) << op->name();
  }
}

// Every deducer answers every combination of operand kinds (including
// malformed types a hand-written annotation can spell) with a type or an
// InvalidArgument naming the op; none may crash on user input.
TEST(BuiltinOpsTest, DeducersNeverCrashOnOddOperands) {
  Context ctx;
  auto dims = [&](std::initializer_list<int64_t> d) {
    return ctx.IndexList(std::vector<int64_t>(d));
  };
  const Var* n = ctx.NewVar("N", ctx.GetScalarType(DataType::kIndex));
  const Expr* sym_shape[] = {n, ctx.Index(16)};
  TileView bad_valid;
  bad_valid.valid_shape = dims({16});
  TileView narrow;
  narrow.valid_shape = dims({16, 2});
  TensorView dn;
  dn.layout = TensorLayout::kDN;
  TensorView mx;
  mx.layout = TensorLayout::kMxAZZ;
  TensorView partial;
  partial.valid_shape = dims({8, 16});
  std::vector<const Expr*> pool = {
      ctx.NewVar("t", ctx.GetTileType(DataType::kFP32, dims({16, 16}), MemorySpace::kVec)),
      ctx.NewVar("m", ctx.GetTileType(DataType::kUInt8, dims({16, 32}), MemorySpace::kVec,
                                      &narrow)),
      ctx.NewVar("z", ctx.GetTileType(DataType::kFP32, dims({}), std::nullopt)),
      ctx.NewVar("b", ctx.GetTileType(DataType::kFP16, dims({16, 16}), MemorySpace::kMat,
                                      &bad_valid)),
      ctx.NewVar("s", ctx.GetTileType(DataType::kInt8, sym_shape, MemorySpace::kVec)),
      ctx.NewVar("x", ctx.GetTensorType(DataType::kFP32, dims({16, 16}), partial)),
      ctx.NewVar("d", ctx.GetTensorType(DataType::kFP32, dims({16}), dn)),
      ctx.NewVar("q", ctx.GetDistributedTensorType(DataType::kUInt8, dims({16, 4}), mx)),
      ctx.NewVar("sig", ctx.GetDistributedTensorType(DataType::kInt32, dims({4, 1}))),
      ctx.NewVar("w", ctx.GetDistributedTensorType(DataType::kFP32, dims({4, 16}))),
      ctx.NewVar("c", ctx.GetCommCtxType()),
      ctx.Int(1, DataType::kInt32),
      n,
      ctx.Float(0.5),
      ctx.Int(-1, DataType::kInt64),
      ctx.Index(0),
      ctx.NewMakeTuple(dims({16, 16})),
      ctx.NewMakeTuple(dims({})),
      ctx.NewMakeTuple(std::vector<const Expr*>{n, ctx.Index(0)}),
      ctx.NewMakeTuple(std::vector<const Expr*>{ctx.Float(1.0)}),
      // #20: handles, arrays and task ids.
      ctx.NewVar("ptr", ctx.GetHandleType(HandleKind::kPtr)),
      ctx.NewVar("evt", ctx.GetHandleType(HandleKind::kAsyncEvent)),
      ctx.NewVar("arr", ctx.GetArrayType(DataType::kTaskId, 4)),
      ctx.NewVar("tid", ctx.GetScalarType(DataType::kTaskId)),
  };
  auto candidates = [](AttrKind kind) -> std::vector<AttrValue> {
    switch (kind) {
      case AttrKind::kDataType:
        return {AttrValue::DType(DataType::kFP32), AttrValue::DType(DataType::kInt8),
                AttrValue::DType(DataType::kFP4)};
      case AttrKind::kMemorySpace:
        return {AttrValue::Enum(MemorySpace::kVec), AttrValue::Enum(MemorySpace::kMat),
                AttrValue::Enum(MemorySpace::kLeftScale)};
      case AttrKind::kTensorLayout:
        return {AttrValue::Enum(TensorLayout::kND), AttrValue::Enum(TensorLayout::kDN),
                AttrValue::Enum(TensorLayout::kNZ)};
      case AttrKind::kInt: return {AttrValue::Int(0), AttrValue::Int(7)};
      case AttrKind::kBool: return {AttrValue::Bool(true), AttrValue::Bool(false)};
      case AttrKind::kFloat: return {AttrValue::Float(1.0)};
      case AttrKind::kRoundMode: return {AttrValue::Enum(RoundMode::kRint)};
      case AttrKind::kSaturationMode: return {AttrValue::Enum(SaturationMode::kOff)};
      case AttrKind::kAtomicType: return {AttrValue::Enum(AtomicType::kAdd)};
      case AttrKind::kArgDirection: return {AttrValue::Enum(ArgDirection::kInOut)};
      case AttrKind::kPadValue:
        return {AttrValue::Enum(PadValue::kZero), AttrValue::Enum(PadValue::kMax),
                AttrValue::Enum(PadValue::kNull)};
      case AttrKind::kString:
        return {AttrValue::String("mesh"), AttrValue::String("ring"), AttrValue::String("")};
      case AttrKind::kTileLayout:
        return {AttrValue::Enum(TileLayout::kRowMajor), AttrValue::Enum(TileLayout::kColMajor),
                AttrValue::Enum(TileLayout::kNoneBox)};
      default: return {};
    }
  };
  int calls = 0;
  for (const Op* op : BuiltinOps().SortedOps()) {
    SCOPED_TRACE(op->name());
    for (int variant = 0; variant < 3; ++variant) {
      std::vector<NamedAttr> kwargs;
      for (const KwargSpec& k : op->kwargs()) {
        if (k.presence != KwargSpec::Presence::kRequired && variant == 0) continue;
        std::vector<AttrValue> c = candidates(k.kind);
        ASSERT_FALSE(c.empty()) << k.name;
        kwargs.push_back({k.name, c[variant % c.size()]});
      }
      for (int arity = op->min_args(); arity <= op->max_args(); ++arity) {
        // Every combination up to a budget; beyond it (ops with many
        // operands) a fixed pseudo-random sample of the same size.
        constexpr uint64_t kBudget = 1u << 16;
        uint64_t combos = 1;
        for (int i = 0; i < arity && combos <= kBudget; ++i) combos *= pool.size();
        bool sample = combos > kBudget;
        uint64_t state = 0x9E3779B97F4A7C15ull;
        uint64_t drawn = 0;
        std::vector<size_t> pick(arity, 0);
        while (true) {
          if (sample) {
            for (size_t& p : pick) {
              state = state * 6364136223846793005ull + 1442695040888963407ull;
              p = static_cast<size_t>((state >> 33) % pool.size());
            }
          }
          std::vector<const Expr*> args;
          for (size_t p : pick) args.push_back(pool[p]);
          absl::StatusOr<const Call*> c = CreateCall(ctx, *op, args, kwargs);
          ++calls;
          if (!c.ok()) {
            EXPECT_EQ(c.status().code(), absl::StatusCode::kInvalidArgument) << c.status();
            EXPECT_TRUE(absl::StartsWith(c.status().message(), absl::StrCat(op->name(), ": ")))
                << c.status();
          } else {
            EXPECT_NE((*c)->type(), nullptr);
          }
          if (sample) {
            if (++drawn == kBudget) break;
            continue;
          }
          size_t k = 0;
          while (k < pick.size() && ++pick[k] == pool.size()) pick[k++] = 0;
          if (k == pick.size()) break;
        }
      }
    }
  }
  EXPECT_GT(calls, 10000);
}

TEST(BuiltinOpsTest, BuiltinOpIsStableAndMakeCallUsesIt) {
  const Op& cast = BuiltinOp("tile.cast");
  EXPECT_EQ(&cast, BuiltinOps().Find("tile.cast"));
  EXPECT_EQ(cast.name(), "tile.cast");
  Context ctx;
  const Var* t = ctx.NewVar(
      "t", ctx.GetTileType(DataType::kFP32, ctx.IndexList({16, 16}), MemorySpace::kVec));
  absl::StatusOr<const Call*> c = MakeCall(ctx, "tile.adds", {t, ctx.Float(1.0)});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ((*c)->op(), &BuiltinOp("tile.adds"));
  EXPECT_EQ((*c)->type(), t->type());
}

TEST(BuiltinOpsTest, MakeCallRejectsUnknownOps) {
  Context ctx;
  absl::StatusOr<const Call*> c = MakeCall(ctx, "tile.nope", {});
  EXPECT_EQ(c.status().code(), absl::StatusCode::kNotFound);
  EXPECT_THAT(c.status().message(), HasSubstr("unknown op 'tile.nope'"));
}

}  // namespace
}  // namespace pto::ir
