#include "codegen/text_buffer.h"

#include <string>

#include "gtest/gtest.h"

namespace pto::codegen {
namespace {

TEST(TextBufferTest, KeepsAppendOrderAcrossChunks) {
  TextBuffer b;
  std::string expected;
  for (int i = 0; i < 300000; ++i) {
    std::string piece = std::to_string(i) + (i % 7 == 0 ? "\n" : " ");
    b.Append(piece);
    expected += piece;
    if (i % 1000 == 0) {
      b.AppendChars(5, '.');
      expected.append(5, '.');
    }
  }
  // Larger than a chunk in one piece.
  std::string big(3 << 20, 'x');
  b.Append(big);
  expected += big;
  EXPECT_EQ(b.size(), expected.size());
  std::string out = "head:";
  b.MoveTo(out);
  EXPECT_EQ(out, "head:" + expected);
  EXPECT_EQ(b.size(), 0u);
}

}  // namespace
}  // namespace pto::codegen
