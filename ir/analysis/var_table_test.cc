#include "ir/analysis/var_table.h"

#include <vector>

#include "gtest/gtest.h"
#include "ir/context.h"

namespace pto::ir {
namespace {

class VarTableTest : public ::testing::Test {
 protected:
  std::vector<const Var*> MakeVars(Context& ctx, int n) {
    std::vector<const Var*> vars;
    for (int i = 0; i < n; ++i) vars.push_back(ctx.NewVar("v", ctx.GetScalarType(DataType::kIndex)));
    return vars;
  }
  Context ctx_;
};

TEST_F(VarTableTest, InsertFindAscendingIds) {
  std::vector<const Var*> vars = MakeVars(ctx_, 10000);
  VarTable<int> table;
  for (int i = 0; i < 10000; ++i) {
    auto [value, inserted] = table.Insert(vars[i], i);
    ASSERT_TRUE(inserted);
    EXPECT_EQ(*value, i);
  }
  EXPECT_EQ(table.size(), 10000u);
  for (int i = 0; i < 10000; ++i) {
    ASSERT_NE(table.Find(vars[i]), nullptr);
    EXPECT_EQ(*table.Find(vars[i]), i);
  }
  auto [value, inserted] = table.Insert(vars[5], 99);
  EXPECT_FALSE(inserted);
  EXPECT_EQ(*value, 5);
}

TEST_F(VarTableTest, DescendingAndScatteredIds) {
  std::vector<const Var*> vars = MakeVars(ctx_, 50000);
  VarTable<int> table;
  // Descending: the window grows downwards.
  for (int i = 999; i >= 0; --i) table.Insert(vars[i], i);
  // Far apart: beyond the window's limit, so kept in the fallback map.
  for (int i = 1000; i < 50000; i += 997) table.Insert(vars[i], i);
  EXPECT_EQ(*table.Find(vars[0]), 0);
  EXPECT_EQ(*table.Find(vars[999]), 999);
  for (int i = 1000; i < 50000; i += 997) {
    ASSERT_NE(table.Find(vars[i]), nullptr) << i;
    EXPECT_EQ(*table.Find(vars[i]), i);
  }
  EXPECT_EQ(table.Find(vars[1001]), nullptr);
  // Filling the gap later widens the window over Vars that overflowed; they
  // must still be found, and not inserted twice.
  for (int i = 1000; i < 50000; ++i) table.Insert(vars[i], i);
  EXPECT_EQ(table.size(), 50000u);
  for (int i = 0; i < 50000; ++i) EXPECT_EQ(*table.Find(vars[i]), i);
}

TEST_F(VarTableTest, InterleavedIdRunsStayInPages) {
  // A pass's output: each kept Var (low ids) is followed by the Vars the
  // pass made for it (high ids, far away).
  std::vector<const Var*> kept = MakeVars(ctx_, 5000);
  MakeVars(ctx_, 100000);
  std::vector<const Var*> made = MakeVars(ctx_, 5000 * 30);
  VarTable<int> table;
  for (int i = 0; i < 5000; ++i) {
    ASSERT_TRUE(table.Insert(kept[i], -i).second);
    for (int j = 0; j < 30; ++j) ASSERT_TRUE(table.Insert(made[i * 30 + j], i * 30 + j).second);
  }
  EXPECT_EQ(table.size(), 5000u + 150000u);
  EXPECT_EQ(table.spilled(), 0u);
  for (int i = 0; i < 5000; ++i) EXPECT_EQ(*table.Find(kept[i]), -i);
  for (int k = 0; k < 150000; ++k) EXPECT_EQ(*table.Find(made[k]), k);
}

TEST_F(VarTableTest, RunsFartherApartThanTheBoundStayInPages) {
  // A Context that served earlier pipeline runs: the Vars a pass makes have
  // ids a million above the ones it kept, farther than a directory bounded
  // by the entries seen so far could stretch.
  std::vector<const Var*> kept = MakeVars(ctx_, 2000);
  MakeVars(ctx_, 1000000);
  std::vector<const Var*> made = MakeVars(ctx_, 2000 * 8);
  MakeVars(ctx_, 1000000);
  std::vector<const Var*> third = MakeVars(ctx_, 2000);
  VarTable<int> table;
  for (int i = 0; i < 2000; ++i) {
    ASSERT_TRUE(table.Insert(kept[i], -i).second);
    for (int j = 0; j < 8; ++j) ASSERT_TRUE(table.Insert(made[i * 8 + j], i * 8 + j).second);
    ASSERT_TRUE(table.Insert(third[i], 100000 + i).second);
  }
  EXPECT_EQ(table.spilled(), 0u);
  for (int i = 0; i < 2000; ++i) {
    EXPECT_EQ(*table.Find(kept[i]), -i);
    EXPECT_EQ(*table.Find(third[i]), 100000 + i);
  }
  for (int k = 0; k < 2000 * 8; ++k) EXPECT_EQ(*table.Find(made[k]), k);
  EXPECT_EQ(table.Find(ctx_.NewVar("x", ctx_.GetScalarType(DataType::kIndex))), nullptr);
}

TEST_F(VarTableTest, RunsBeyondTheSegmentBudgetSpillButAreFound) {
  // Twenty runs 100k ids apart: the first few get directory segments, the
  // rest go to the hash map; every entry is found either way.
  std::vector<std::vector<const Var*>> runs;
  for (int r = 0; r < 20; ++r) {
    runs.push_back(MakeVars(ctx_, 500));
    MakeVars(ctx_, 100000);
  }
  VarTable<int> table;
  for (int i = 0; i < 500; ++i) {
    for (int r = 0; r < 20; ++r) ASSERT_TRUE(table.Insert(runs[r][i], r * 1000 + i).second);
  }
  EXPECT_EQ(table.size(), 20u * 500u);
  EXPECT_GT(table.spilled(), 0u);
  EXPECT_LT(table.spilled(), 20u * 500u);
  for (int r = 0; r < 20; ++r) {
    for (int i = 0; i < 500; ++i) EXPECT_EQ(*table.Find(runs[r][i]), r * 1000 + i);
  }
}

TEST_F(VarTableTest, SparseIdsSpillInsteadOfGrowingPages) {
  // One Var in every 1000 ids: a page per entry would be 64 slots per
  // entry, over the bound of 4.
  std::vector<const Var*> vars = MakeVars(ctx_, 2000000);
  VarTable<int> table;
  for (int i = 0; i < 2000000; i += 1000) table.Insert(vars[i], i);
  EXPECT_EQ(table.size(), 2000u);
  EXPECT_GT(table.spilled(), 1000u);
  for (int i = 0; i < 2000000; i += 1000) EXPECT_EQ(*table.Find(vars[i]), i);
  EXPECT_EQ(table.Find(vars[1]), nullptr);
}

TEST_F(VarTableTest, SameIdFromAnotherContextIsADifferentKey) {
  Context other;
  std::vector<const Var*> a = MakeVars(ctx_, 100);
  std::vector<const Var*> b = MakeVars(other, 100);
  ASSERT_EQ(a[7]->id(), b[7]->id());
  VarTable<int> table;
  for (int i = 0; i < 100; ++i) table.Insert(a[i], i);
  EXPECT_EQ(table.Find(b[7]), nullptr);
  EXPECT_TRUE(table.Insert(b[7], -7).second);
  EXPECT_EQ(*table.Find(b[7]), -7);
  EXPECT_EQ(*table.Find(a[7]), 7);
}

TEST_F(VarTableTest, ClearEmpties) {
  std::vector<const Var*> vars = MakeVars(ctx_, 10);
  VarTable<int> table;
  table.Insert(vars[3], 3);
  table.Clear();
  EXPECT_EQ(table.size(), 0u);
  EXPECT_EQ(table.Find(vars[3]), nullptr);
  EXPECT_TRUE(table.Insert(vars[9], 9).second);
  EXPECT_EQ(*table.Find(vars[9]), 9);
}

TEST_F(VarTableTest, ReusedPagesStartEmpty) {
  // The verifier clears its table per function; the pages a Clear()
  // releases come back empty, whatever ids they served before.
  std::vector<const Var*> vars = MakeVars(ctx_, 3000);
  VarTable<int> table;
  for (int i = 0; i < 1000; ++i) table.Insert(vars[i], i);
  table.Clear();
  for (int i = 2000; i < 3000; ++i) table.Insert(vars[i], -i);
  EXPECT_EQ(table.size(), 1000u);
  for (int i = 0; i < 1000; ++i) EXPECT_EQ(table.Find(vars[i]), nullptr);
  for (int i = 1000; i < 2000; ++i) EXPECT_EQ(table.Find(vars[i]), nullptr);
  for (int i = 2000; i < 3000; ++i) EXPECT_EQ(*table.Find(vars[i]), -i);
  EXPECT_EQ(table.spilled(), 0u);
}

}  // namespace
}  // namespace pto::ir
