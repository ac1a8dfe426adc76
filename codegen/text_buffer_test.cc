#include "codegen/text_buffer.h"

#include <string>

#include "absl/status/status.h"
#include "gtest/gtest.h"
#include "ir/text/output/text_sink.h"

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
  ir::StringSink sink(&out);
  ASSERT_TRUE(b.WriteTo(sink).ok());
  EXPECT_EQ(out, "head:" + expected);
  EXPECT_EQ(b.size(), 0u);
}

// A sink that takes `limit` writes and fails the rest.
struct FailingSink : ir::TextSink {
  explicit FailingSink(int limit) : limit(limit) {}
  absl::Status Write(absl::string_view chunk) override {
    if (writes == limit) return absl::DataLossError("disk full");
    ++writes;
    bytes += chunk.size();
    return absl::OkStatus();
  }
  int limit;
  int writes = 0;
  size_t bytes = 0;
};

TEST(TextBufferTest, WriteToStopsAtTheSinksErrorAndEmptiesTheBuffer) {
  TextBuffer b;
  std::string big(3 << 20, 'x');  // more than one chunk
  b.Append(big);
  b.Append(big);
  FailingSink sink(1);
  EXPECT_EQ(b.WriteTo(sink), absl::DataLossError("disk full"));
  EXPECT_EQ(sink.writes, 1);
  EXPECT_LT(sink.bytes, 2 * big.size());
  EXPECT_EQ(b.size(), 0u);
  // Emptied, the buffer takes new text.
  b.Append("next");
  std::string out;
  ir::StringSink to_string(&out);
  ASSERT_TRUE(b.WriteTo(to_string).ok());
  EXPECT_EQ(out, "next");
}

}  // namespace
}  // namespace pto::codegen
