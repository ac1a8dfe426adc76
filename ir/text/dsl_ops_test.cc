#include "ir/text/dsl_ops.h"

#include <string>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "ir/op_registry.h"
#include "ir/ops/builtin.h"

namespace pto::ir::text {
namespace {

// Ops the table names that #20's helpers are registering. The coordinator
// empties this list after merging them; from then on a misspelt op name in
// a row fails EveryRowNamesARegisteredOp.
const absl::flat_hash_set<absl::string_view>& AwaitingRegistration() {
  static const auto* names = new absl::flat_hash_set<absl::string_view>{
      "tile.exp", "tile.sqrt", "tensor.part_add", "tensor.part_mul", "tensor.part_max", "tensor.part_min",
      "tile.part_add", "tile.part_mul", "tile.part_max", "tile.part_min", "tensor.fmod",
      "tensor.fmods", "tile.fmod", "tile.fmods", "tensor.exp",
      "tensor.log", "tensor.neg", "tensor.abs", "tensor.recip", "tensor.sqrt", "tensor.rsqrt",
      "tile.log", "tile.recip", "tile.rsqrt",
      "tensor.row_expand", "tensor.row_expand_mul", "tensor.row_expand_div",
      "tensor.row_expand_add", "tensor.row_expand_sub", "tensor.row_expand_max",
      "tensor.row_expand_min", "tensor.row_expand_expdif", "tensor.col_expand",
      "tensor.col_expand_mul", "tensor.col_expand_div", "tensor.col_expand_sub",
      "tensor.col_expand_add", "tensor.col_expand_max", "tensor.col_expand_min",
      "tensor.col_expand_expdif", "tile.row_expand", "tile.row_expand_mul",
      "tile.row_expand_div", "tile.row_expand_add", "tile.row_expand_sub", "tile.row_expand_max",
      "tile.row_expand_min", "tile.row_expand_expdif", "tile.col_expand", "tile.col_expand_mul",
      "tile.col_expand_div", "tile.col_expand_sub", "tile.col_expand_add", "tile.col_expand_max",
      "tile.col_expand_min", "tile.col_expand_expdif", "tensor.concat", "tile.concat",
      "tensor.expands", "tile.expands", "tensor.reshape", "tile.reshape", "tensor.transpose",
      "tensor.slice", "tile.slice", "tensor.fillpad", "tile.fillpad", "tensor.fillpad_expand",
      "tile.fillpad_expand", "tensor.matmul", "tile.matmul", "tile.batch_matmul",
      "tensor.matmul_acc", "tile.matmul_acc", "tensor.row_max", "tensor.row_sum",
      "tensor.row_min", "tensor.row_prod", "tensor.col_sum", "tensor.col_max", "tensor.col_min",
      "tensor.col_prod", "tensor.row_argmax", "tensor.row_argmin", "tensor.col_argmax",
      "tensor.col_argmin", "tile.row_max", "tile.row_sum", "tile.row_min", "tile.row_prod",
      "tile.col_sum", "tile.col_max", "tile.col_min", "tile.col_prod", "tile.row_argmax",
      "tile.row_argmin", "tile.col_argmax", "tile.col_argmin", "tensor.cmp", "tensor.and",
      "tensor.ands", "tensor.or", "tensor.ors", "tensor.xor", "tensor.xors", "tensor.not",
      "tensor.shl", "tensor.shls", "tensor.shr", "tensor.shrs", "tile.and", "tile.ands",
      "tile.or", "tile.ors", "tile.xor", "tile.xors", "tile.not", "tile.shl", "tile.shls",
      "tile.shr", "tile.shrs", "tensor.set_validshape", "tile.read", "tensor.write", "tile.write",
      "tensor.assemble", "tile.assemble", "tensor.gather_row", "tile.gather_row",
      "tensor.scatter_update", "tile.scatter_update", "tensor.sort32", "tile.sort32",
      "tensor.mrgsort", "tile.mrgsort", "tile.move", "tile.relu", "tile.rem", "tile.rems",
      "tile.prelu", "tile.lrelu", "tile.addc", "tile.subc", "tile.addsc", "tile.subsc",
      "tile.tri", "tile.gatherb", "tile.mgather", "tile.mscatter", "tile.matmul_bias",
      "tile.matmul_mx", "tile.matmul_mx_acc", "tile.matmul_mx_bias", "tile.gemv",
      "tile.gemv_acc", "tile.gemv_bias", "tile.aiv_shard", "tile.aic_gather", "tensor.ci",
      "tensor.dim", "tensor.expand_clone", "tensor.gather", "tensor.scatter",
      "tensor.paged_gather", "tensor.random", "tensor.create_l1", "tensor.get_block_idx",
      "tensor.get_block_num", "tensor.get_subblock_idx", "tile.tpush_to_aiv",
      "tile.tpush_to_aic", "tile.tpop_from_aic", "tile.tpop_from_aiv", "system.tfree_to_aic",
      "system.tfree_to_aiv", "system.reserve_buffer", "system.import_peer_buffer",
      "system.aic_initialize_pipe", "system.aiv_initialize_pipe", "pld.system.world_size",
      "pld.tensor.alloc_window_buffer", "pld.tensor.window", "pld.tensor.remote_store",
      "pld.tile.remote_store",
  };
  return *names;
}

std::vector<absl::string_view> OpsOf(const DslOpRow& r) {
  std::vector<absl::string_view> out;
  for (absl::string_view op : {r.tensor, r.tensor_scalar, r.tile, r.tile_scalar, r.fixed}) {
    if (!op.empty()) out.push_back(op);
  }
  return out;
}

TEST(DslOpsTest, EveryRowNamesARegisteredOp) {
  const OpRegistry& ops = BuiltinOps();
  std::vector<std::string> missing, stale;
  for (const DslOpRow& r : DslOps()) {
    for (absl::string_view op : OpsOf(r)) {
      bool registered = ops.Find(op) != nullptr;
      bool awaited = AwaitingRegistration().contains(op);
      if (!registered && !awaited) missing.push_back(absl::StrCat(r.name, " -> ", op));
      if (registered && awaited) stale.push_back(std::string(op));
    }
  }
  EXPECT_TRUE(missing.empty()) << "rows naming no registered op: " << absl::StrJoin(missing, ", ");
  // Keeps the waiting list honest: drop a name once its op is registered.
  EXPECT_TRUE(stale.empty()) << "registered, still listed as awaited: "
                             << absl::StrJoin(stale, ", ");
}

TEST(DslOpsTest, EveryAwaitedOpIsNamedByARow) {
  absl::flat_hash_set<absl::string_view> named;
  for (const DslOpRow& r : DslOps()) {
    for (absl::string_view op : OpsOf(r)) named.insert(op);
  }
  for (absl::string_view op : AwaitingRegistration()) EXPECT_TRUE(named.contains(op)) << op;
}

TEST(DslOpsTest, NamesAreUniqueAndFound) {
  absl::flat_hash_set<absl::string_view> seen;
  for (const DslOpRow& r : DslOps()) {
    EXPECT_TRUE(seen.insert(r.name).second) << "duplicate row " << r.name;
    EXPECT_EQ(FindDslOp(r.name), &r);
  }
  EXPECT_EQ(FindDslOp("bogus"), nullptr);
}

// upstream-dsl.md §a.1: the 81 dispatchers of unified_ops.py.
TEST(DslOpsTest, HasTheEightyOneDispatchers) {
  int n = 0;
  for (const DslOpRow& r : DslOps()) {
    if (r.dispatches() && !absl::StartsWith(r.name, "pld.")) ++n;
  }
  EXPECT_EQ(n, 81);
}

TEST(DslOpsTest, DispatchColumns) {
  const DslOpRow* add = FindDslOp("add");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->tensor, "tensor.add");
  EXPECT_EQ(add->tensor_scalar, "tensor.adds");
  EXPECT_EQ(add->tile, "tile.add");
  EXPECT_EQ(add->tile_scalar, "tile.adds");
  EXPECT_EQ(add->scalar, DslScalarForm::kBinary);
  EXPECT_EQ(add->binary, BinaryOp::kAdd);
  EXPECT_EQ(FindDslOp("div")->binary, BinaryOp::kFloatDiv);
  EXPECT_EQ(FindDslOp("exp")->scalar, DslScalarForm::kNone);
  EXPECT_EQ(FindDslOp("cast")->scalar, DslScalarForm::kCast);
  EXPECT_EQ(FindDslOp("load")->fixed, "tile.load");
  EXPECT_EQ(FindDslOp("load")->fill, DslFill::kValidShapeFromShapes);
  EXPECT_EQ(FindDslOp("create_tensor")->fixed, "tensor.create");
  EXPECT_EQ(FindDslOp("arange")->fixed, "tensor.ci");
  EXPECT_EQ(FindDslOp("pld.rank")->fixed, "pld.system.rank");
  EXPECT_EQ(FindDslOp("batch_matmul")->tensor, "");
}

TEST(DslOpsTest, RulesOfAnExplicitOp) {
  EXPECT_EQ(FindDslRulesOf("tile.cast"), FindDslOp("cast"));
  EXPECT_EQ(FindDslRulesOf("tile.adds"), FindDslOp("add"));
  EXPECT_EQ(FindDslRulesOf("tile.load"), FindDslOp("load"));
  EXPECT_EQ(FindDslRulesOf("tile.full")->params, "shape,dtype,value");
  EXPECT_EQ(FindDslRulesOf("tile.bogus"), nullptr);
}

}  // namespace
}  // namespace pto::ir::text
