#include "ir/packed_string.h"

#include <string>

#include "gtest/gtest.h"
#include "ir/arena.h"

namespace pto::ir {
namespace {

TEST(PackedStringTest, DefaultIsEmpty) { EXPECT_EQ(PackedString().view(), ""); }

TEST(PackedStringTest, CopiesKeepTheirBytesAndLength) {
  Arena arena;
  std::string source = "t_12";
  PackedString s = PackedString::Copy(arena, source);
  source[0] = 'x';  // the copy does not alias its source
  EXPECT_EQ(s.view(), "t_12");
  EXPECT_EQ(PackedString::Copy(arena, "").view(), "");
}

TEST(PackedStringTest, LengthsBeyondAByteAndWithNulsSurvive) {
  Arena arena;
  std::string long_name(70000, 'a');
  long_name[100] = '\0';
  PackedString s = PackedString::Copy(arena, long_name);
  EXPECT_EQ(s.view().size(), 70000u);
  EXPECT_EQ(s.view(), long_name);
}

TEST(PackedStringTest, NeighboursDoNotOverlap) {
  Arena arena;
  PackedString a = PackedString::Copy(arena, "a");
  PackedString b = PackedString::Copy(arena, "bcd");
  PackedString c = PackedString::Copy(arena, "efghi");
  EXPECT_EQ(a.view(), "a");
  EXPECT_EQ(b.view(), "bcd");
  EXPECT_EQ(c.view(), "efghi");
}

}  // namespace
}  // namespace pto::ir
