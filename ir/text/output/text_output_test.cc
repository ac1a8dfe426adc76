#include "ir/text/output/text_output.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "ir/huge_pages.h"
#include "ir/text/output/text_sink.h"

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

// Records each chunk it is handed; fails from the `fail_at`-th write on.
class RecordingSink : public TextSink {
 public:
  absl::Status Write(absl::string_view chunk) override {
    if (static_cast<int>(chunks.size()) == fail_at) return absl::UnavailableError("disk full");
    chunks.emplace_back(chunk);
    return absl::OkStatus();
  }
  std::vector<std::string> chunks;
  int fail_at = -1;
};

TEST(TextOutputTest, StreamsThroughOneBufferIntoTheSink) {
  RecordingSink sink;
  std::string expected;
  {
    TextOutput out(&sink);
    for (int i = 0; expected.size() < (5 << 20); ++i) {
      std::string piece = "line " + std::to_string(i) + "\n";
      out.append(piece);
      expected += piece;
    }
    out.append(3 << 20, 'x');  // one piece larger than the buffer
    expected.append(3 << 20, 'x');
    out.push_back('!');
    expected.push_back('!');
    // Every byte counts, the ones handed over included.
    EXPECT_EQ(out.position(), expected.size());
    EXPECT_LT(out.size(), expected.size());
    ASSERT_TRUE(out.Flush().ok());
    EXPECT_EQ(out.size(), 0u);
    EXPECT_EQ(out.position(), expected.size());
    ASSERT_TRUE(out.Flush().ok());  // nothing buffered: no empty write
  }
  std::string joined;
  for (const std::string& c : sink.chunks) {
    EXPECT_FALSE(c.empty());
    EXPECT_LE(c.size(), size_t{3 << 20} + 1);
    joined += c;
  }
  EXPECT_GT(sink.chunks.size(), 5u);  // handed over as it went, not at the end
  EXPECT_TRUE(joined == expected);
}

TEST(TextOutputTest, KeepsTheSinksFirstErrorAndStopsWriting) {
  RecordingSink sink;
  sink.fail_at = 1;
  TextOutput out(&sink);
  for (int i = 0; i < 3 << 20; ++i) out.push_back('a');
  absl::Status status = out.Flush();
  EXPECT_EQ(status, absl::UnavailableError("disk full"));
  EXPECT_EQ(sink.chunks.size(), 1u);
  out.append("more");
  EXPECT_EQ(out.Flush(), absl::UnavailableError("disk full"));
  EXPECT_EQ(sink.chunks.size(), 1u);
}

TEST(TextSinkTest, StringAndFileSinksAppend) {
  std::string text;
  StringSink to_string(&text);
  ASSERT_TRUE(to_string.Write("ab").ok());
  ASSERT_TRUE(to_string.Write("").ok());
  ASSERT_TRUE(to_string.Write("c").ok());
  EXPECT_EQ(text, "abc");

  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  FileSink to_file(f, "tmp");
  ASSERT_TRUE(to_file.Write("hello ").ok());
  ASSERT_TRUE(to_file.Write("file").ok());
  std::rewind(f);
  char buf[32] = {};
  EXPECT_EQ(std::fread(buf, 1, sizeof(buf), f), 10u);
  EXPECT_STREQ(buf, "hello file");
  std::fclose(f);

  std::FILE* full = std::fopen("/dev/full", "w");
  if (full != nullptr) {  // Linux: every write fails with ENOSPC
    std::setvbuf(full, nullptr, _IONBF, 0);
    FileSink to_full(full, "/dev/full");
    absl::Status s = to_full.Write("x");
    EXPECT_EQ(s, absl::UnavailableError("cannot write /dev/full: No space left on device"));
    EXPECT_EQ(to_full.status(), s);
    EXPECT_EQ(to_full.Write("y"), s);  // the first error sticks
    std::fclose(full);
  }
}

}  // namespace
}  // namespace pto::ir::text
