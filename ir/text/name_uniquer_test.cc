#include "ir/text/name_uniquer.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::ir::text {
namespace {

using ::testing::ElementsAre;

std::vector<std::string> Unique(std::vector<absl::string_view> names) {
  NameUniquer u;
  u.Assign(names);
  return std::vector<std::string>(u.names().begin(), u.names().end());
}

TEST(NameUniquerTest, UniqueNamesAreKept) {
  EXPECT_THAT(Unique({"a", "b", "c"}), ElementsAre("a", "b", "c"));
  EXPECT_THAT(Unique({}), ElementsAre());
}

TEST(NameUniquerTest, FirstHolderKeepsTheNameLaterOnesGetSuffixes) {
  EXPECT_THAT(Unique({"x", "i", "x", "x"}), ElementsAre("x", "i", "x_1", "x_2"));
}

TEST(NameUniquerTest, SuffixesSkipNamesHeldElsewhere) {
  // x_1 is a real (unique) name, so the second x skips to x_2.
  EXPECT_THAT(Unique({"x", "i", "x", "x_1", "x"}), ElementsAre("x", "i", "x_2", "x_1", "x_3"));
  // Generated names are reserved too: x's second holder takes x_1 before the
  // first holder of the (shared) name x_1 asks for it.
  EXPECT_THAT(Unique({"x", "x", "x_1", "x_1"}), ElementsAre("x", "x_1", "x_1_1", "x_1_2"));
}

// Names built to collide with each other's suffixed spellings: bases that
// are suffixed spellings themselves (x_1, x_1_1), look-alikes that are no
// suffix (x_11, x_01), and reserved names among them.
TEST(NameUniquerTest, SpellingsAreDistinctForCollidingNames) {
  const std::vector<absl::string_view> pool = {"x",   "x_1",  "x_2",    "x_1_1", "x_11",
                                               "x_01", "x_1_2", "y",     "x_",    "x__1"};
  std::mt19937 rng(7);
  NameUniquer u;
  for (int round = 0; round < 2000; ++round) {
    std::vector<absl::string_view> names(1 + rng() % 24);
    for (absl::string_view& n : names) n = pool[rng() % pool.size()];
    std::vector<absl::string_view> reserved;
    if (rng() % 2 == 0) reserved.push_back(pool[rng() % pool.size()]);
    u.Assign(names, reserved);
    absl::flat_hash_map<absl::string_view, int> holders;
    for (absl::string_view n : names) ++holders[n];
    absl::flat_hash_set<std::string> seen(reserved.begin(), reserved.end());
    for (size_t i = 0; i < names.size(); ++i) {
      std::string got(u.names()[i]);
      EXPECT_TRUE(seen.insert(got).second) << "round " << round << ": " << got << " twice";
      bool kept = holders[names[i]] == 1 &&
                  std::find(reserved.begin(), reserved.end(), names[i]) == reserved.end();
      if (kept) {
        EXPECT_EQ(got, names[i]) << "round " << round << ": a unique name changed";
      }
    }
  }
}

TEST(NameUniquerTest, ReusableAcrossCalls) {
  NameUniquer u;
  std::vector<absl::string_view> first = {"a", "a"};
  u.Assign(first);
  EXPECT_EQ(u.names()[1], "a_1");
  std::vector<absl::string_view> second = {"a", "b"};
  u.Assign(second);
  EXPECT_THAT(std::vector<std::string>(u.names().begin(), u.names().end()), ElementsAre("a", "b"));
}

TEST(NameUniquerTest, ManyHoldersOfOneNameStayLinear) {
  std::vector<absl::string_view> names(20000, "t");
  NameUniquer u;
  u.Assign(names);
  EXPECT_EQ(u.names()[0], "t");
  EXPECT_EQ(u.names()[19999], "t_19999");
}

TEST(NameUniquerTest, ReservedNamesAreNeverHandedOut) {
  NameUniquer u;
  std::vector<absl::string_view> names = {"N", "y", "N", "N_1"};
  std::vector<absl::string_view> reserved = {"N", "M"};
  u.Assign(names, reserved);
  EXPECT_THAT(std::vector<std::string>(u.names().begin(), u.names().end()),
              ElementsAre("N_2", "y", "N_3", "N_1"));
}

TEST(NameUniquerTest, NamesThatAreNoIdentifiersAreRespelled) {
  EXPECT_THAT(Unique({"a b", "", "1x", "for", "a_b", "lambda", "ok"}),
              ElementsAre("a_b", "_", "_1x", "for_", "a_b_1", "lambda_", "ok"));
  EXPECT_TRUE(IsPrintableName("x_1"));
  EXPECT_FALSE(IsPrintableName("in"));
  EXPECT_FALSE(IsPrintableName("a-b"));
  EXPECT_FALSE(IsPrintableName(""));
}

}  // namespace
}  // namespace pto::ir::text
