#include "ir/text/dsl/dsl_ops.h"

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

std::vector<absl::string_view> OpsOf(const DslOpRow& r) {
  std::vector<absl::string_view> out;
  for (absl::string_view op : {r.tensor, r.tensor_scalar, r.tile, r.tile_scalar, r.fixed}) {
    if (!op.empty()) out.push_back(op);
  }
  return out;
}

TEST(DslOpsTest, EveryRowNamesARegisteredOp) {
  const OpRegistry& ops = BuiltinOps();
  std::vector<std::string> missing;
  for (const DslOpRow& r : DslOps()) {
    for (absl::string_view op : OpsOf(r)) {
      if (ops.Find(op) == nullptr) missing.push_back(absl::StrCat(r.name, " -> ", op));
    }
  }
  EXPECT_TRUE(missing.empty()) << "rows naming no registered op: " << absl::StrJoin(missing, ", ");
}

TEST(DslOpsTest, NamesAreUniqueAndFound) {
  absl::flat_hash_set<absl::string_view> seen;
  for (const DslOpRow& r : DslOps()) {
    EXPECT_TRUE(seen.insert(r.name).second) << "duplicate row " << r.name;
    EXPECT_EQ(FindDslOp(r.name), &r);
  }
  EXPECT_EQ(FindDslOp("bogus"), nullptr);
}

// upstream-dsl.md §a.1: the 81 dispatchers of unified_ops.py. pl.mrgsort's
// op (mrgsort_format1 or _format2) depends on whether block_len is given:
// its row names the format2 ops and the kMergeSort rule picks.
TEST(DslOpsTest, HasEveryDispatcher) {
  int n = 0;
  for (const DslOpRow& r : DslOps()) {
    if (r.dispatches() && !absl::StartsWith(r.name, "pld.")) ++n;
  }
  EXPECT_EQ(n, 81);
  const DslOpRow* mrgsort = FindDslOp("mrgsort");
  ASSERT_NE(mrgsort, nullptr);
  EXPECT_EQ(mrgsort->fill, DslFill::kMergeSort);
  EXPECT_EQ(mrgsort->tile, "tile.mrgsort_format2");
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
