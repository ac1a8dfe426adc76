#include "ir/text/text_output.h"

#include <string>

#include "gtest/gtest.h"
#include "ir/huge_pages.h"

namespace pto::ir::text {
namespace {

TEST(TextOutputTest, AppendsEveryForm) {
  TextOutput out;
  EXPECT_EQ(out.size(), 0u);
  EXPECT_EQ(out.Take(), "");
  out.append("ab");
  out.push_back('c');
  out.append(3, '-');
  out.append(absl::string_view("xyz").substr(1));
  out.append("tail!", 4);
  EXPECT_EQ(out.view(), "abc---yztail");
  EXPECT_EQ(out.size(), 12u);
  EXPECT_EQ(out.Take(), "abc---yztail");
  EXPECT_EQ(out.size(), 0u);
  out.append("again");
  EXPECT_EQ(out.Take(), "again");
}

TEST(TextOutputTest, GrowsAcrossTheHugePageThreshold) {
  TextOutput out;
  std::string expected;
  for (int i = 0; expected.size() < 3 * kHugePageThreshold; ++i) {
    std::string piece = "line " + std::to_string(i) + "\n";
    out.append(piece);
    expected += piece;
  }
  out.append(kHugePageThreshold, 'x');  // one append larger than the free room
  expected.append(kHugePageThreshold, 'x');
  EXPECT_EQ(out.size(), expected.size());
  EXPECT_TRUE(out.Take() == expected);
}

TEST(TextOutputTest, ReserveKeepsContents) {
  TextOutput out;
  out.append("keep");
  out.Reserve(5 * kHugePageThreshold);
  out.push_back('!');
  EXPECT_EQ(out.Take(), "keep!");
}

}  // namespace
}  // namespace pto::ir::text
