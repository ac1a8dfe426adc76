#include "codegen/ssa_names.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"

namespace pto::codegen {
namespace {

TEST(SsaNamesTest, FirstHolderKeepsTheName) {
  SsaNames names;
  EXPECT_EQ(names.Fresh("x"), "%x");
  EXPECT_EQ(names.Fresh("x"), "%x_1");
  EXPECT_EQ(names.Fresh("x"), "%x_2");
  EXPECT_EQ(names.Fresh("y"), "%y");
}

TEST(SsaNamesTest, SuffixesSkipTakenNames) {
  SsaNames names;
  EXPECT_EQ(names.Fresh("x_1"), "%x_1");
  EXPECT_EQ(names.Fresh("x"), "%x");
  EXPECT_EQ(names.Fresh("x"), "%x_2");
  EXPECT_EQ(names.Fresh("x_1"), "%x_1_1");
}

TEST(SsaNamesTest, HintsBecomeLegalIds) {
  SsaNames names;
  EXPECT_EQ(names.Fresh("a b+c"), "%a_b_c");
  EXPECT_EQ(names.Fresh(""), "%v");
  EXPECT_EQ(names.Fresh("0x"), "%v0x");
  EXPECT_EQ(names.Fresh("c-1_i32"), "%c-1_i32");
  EXPECT_EQ(names.Fresh("a.b$c"), "%a.b$c");
}

TEST(SsaNamesTest, ViewsStayValid) {
  SsaNames names;
  absl::string_view first = names.Fresh("keep");
  for (int i = 0; i < 10000; ++i) names.Fresh(absl::StrCat("n", i));
  EXPECT_EQ(first, "%keep");
}

TEST(SsaNamesTest, ManyHoldersOfOneNameStayLinear) {
  SsaNames names;
  std::string last;
  for (int i = 0; i < 100000; ++i) last = std::string(names.Fresh("t"));
  EXPECT_EQ(last, "%t_99999");
}

}  // namespace
}  // namespace pto::codegen
