#include "tools/output_file.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::tools {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

// More than a stdio buffer, so a streamed partial output reaches the file.
const std::string kPartial(100000, 'p');

std::string Read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void WriteText(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

std::string TestPath(const std::string& name) {
  std::string path = (fs::path(::testing::TempDir()) / name).string();
  fs::remove(path);
  return path;
}

absl::Status Produce(ir::TextSink& out) {
  if (absl::Status s = out.Write("line 1\n"); !s.ok()) return s;
  return out.Write("line 2\n");
}

absl::Status Fail(ir::TextSink& out) {
  if (absl::Status s = out.Write(kPartial); !s.ok()) return s;
  return absl::InvalidArgumentError("k.py:9:1: error: boom");
}

TEST(OutputFileTest, PathIsWrittenThroughATemporaryAndRenamed) {
  std::string path = TestPath("renamed.py");
  WriteText(path, "old\n");
  absl::Status status = WriteOutput(path, "pto-opt", [&](ir::TextSink& out) {
    absl::Status s = Produce(out);
    EXPECT_EQ(Read(path), "old\n");  // untouched until the output is complete
    EXPECT_TRUE(fs::exists(path + ".tmp-pto-opt"));
    return s;
  });
  ASSERT_TRUE(status.ok()) << status;
  EXPECT_EQ(Read(path), "line 1\nline 2\n");
  EXPECT_FALSE(fs::exists(path + ".tmp-pto-opt"));
}

TEST(OutputFileTest, FailedRunKeepsTheOldFileAndRemovesTheTemporary) {
  std::string path = TestPath("kept.py");
  WriteText(path, "old\n");
  absl::Status status = WriteOutput(path, "pto-opt", Fail);
  EXPECT_EQ(status.message(), "k.py:9:1: error: boom");
  EXPECT_EQ(Read(path), "old\n");
  EXPECT_FALSE(fs::exists(path + ".tmp-pto-opt"));

  std::string fresh = TestPath("fresh.py");
  EXPECT_FALSE(WriteOutput(fresh, "pto-opt", Fail).ok());
  EXPECT_FALSE(fs::exists(fresh));
  EXPECT_FALSE(fs::exists(fresh + ".tmp-pto-opt"));
}

TEST(OutputFileTest, UnwritableDirectoryNamesTheTemporary) {
  absl::Status status = WriteOutput("/no-such-dir/out.py", "pto-opt", Produce);
  EXPECT_EQ(status.message(),
            "pto-opt: error: cannot write /no-such-dir/out.py.tmp-pto-opt: No such file or "
            "directory");
}

TEST(OutputFileTest, RedirectedFileIsStreamedAndCutBackOnFailure) {
  std::string path = TestPath("redirected.py");
  std::FILE* stream = std::fopen(path.c_str(), "wb");  // `> redirected.py`
  ASSERT_NE(stream, nullptr);
  absl::Status status = WriteOutputStream(stream, "<stdout>", "pto-opt", [&](ir::TextSink& out) {
    absl::Status s = Fail(out);
    EXPECT_GT(fs::file_size(path), 0u);  // streamed, not held in memory
    return s;
  });
  EXPECT_EQ(status.message(), "k.py:9:1: error: boom");
  EXPECT_EQ(fs::file_size(path), 0u);
  // The stream is back where the output began: what follows starts there.
  ASSERT_TRUE(WriteOutputStream(stream, "<stdout>", "pto-opt", Produce).ok());
  std::fclose(stream);
  EXPECT_EQ(Read(path), "line 1\nline 2\n");
}

TEST(OutputFileTest, AppendedFileIsCutBackToItsOldEnd) {
  std::string path = TestPath("appended.log");
  WriteText(path, "kept\n");
  std::FILE* stream = std::fopen(path.c_str(), "ab");  // `>> appended.log`
  ASSERT_NE(stream, nullptr);
  EXPECT_FALSE(WriteOutputStream(stream, "<stdout>", "pto-opt", Fail).ok());
  EXPECT_EQ(Read(path), "kept\n");
  ASSERT_TRUE(WriteOutputStream(stream, "<stdout>", "pto-opt", Produce).ok());
  std::fclose(stream);
  EXPECT_EQ(Read(path), "kept\nline 1\nline 2\n");
}

TEST(OutputFileTest, FileOpenedBeforeItsEndGetsOnlyACompleteOutput) {
  std::string path = TestPath("middle.py");
  WriteText(path, "abcdef");
  std::FILE* stream = std::fopen(path.c_str(), "r+b");  // `1<> middle.py`
  ASSERT_NE(stream, nullptr);
  EXPECT_FALSE(WriteOutputStream(stream, "<stdout>", "pto-opt", Fail).ok());
  std::fclose(stream);
  EXPECT_EQ(Read(path), "abcdef");
}

// Everything readable from `fd` now, without waiting.
std::string Available(int fd) {
  std::string text;
  char buffer[4096];
  pollfd p{fd, POLLIN, 0};
  while (poll(&p, 1, 0) == 1 && (p.revents & POLLIN)) {
    ssize_t n = read(fd, buffer, sizeof(buffer));
    if (n <= 0) break;
    text.append(buffer, static_cast<size_t>(n));
  }
  return text;
}

TEST(OutputFileTest, PipeGetsTheOutputOnlyOnceComplete) {
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::FILE* stream = fdopen(fds[1], "wb");
  ASSERT_NE(stream, nullptr);
  absl::Status status = WriteOutputStream(stream, "<stdout>", "pto-opt", [&](ir::TextSink& out) {
    if (absl::Status s = out.Write(std::string(5000, 'p')); !s.ok()) return s;
    EXPECT_EQ(Available(fds[0]), "");  // held back while the run may still fail
    return absl::InvalidArgumentError("k.py:9:1: error: boom");
  });
  EXPECT_EQ(status.message(), "k.py:9:1: error: boom");
  EXPECT_EQ(Available(fds[0]), "");
  ASSERT_TRUE(WriteOutputStream(stream, "<stdout>", "pto-opt", Produce).ok());
  EXPECT_EQ(Available(fds[0]), "line 1\nline 2\n");
  std::fclose(stream);
  close(fds[0]);
}

TEST(OutputFileTest, StdoutOnADeviceGetsOnlyACompleteOutput) {
  std::FILE* stream = std::fopen("/dev/null", "wb");  // `> /dev/null`
  ASSERT_NE(stream, nullptr);
  EXPECT_TRUE(WriteOutputStream(stream, "<stdout>", "pto-opt", Produce).ok());
  EXPECT_EQ(WriteOutputStream(stream, "<stdout>", "pto-opt", Fail).message(),
            "k.py:9:1: error: boom");
  std::fclose(stream);
}

// A path that is not a regular file (a device, a FIFO) is written in place,
// never replaced by a renamed temporary. A FIFO stands in for a device: were
// a regression to rename over `-o /dev/null`, a test run as root would
// replace the machine's /dev/null.
TEST(OutputFileTest, FifoPathIsWrittenInPlaceOnlyWithACompleteOutput) {
  std::string path = TestPath("fifo");
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  for (bool fail : {true, false}) {
    // Opened first and without blocking, so the writer's open succeeds and a
    // regression cannot hang the test.
    int reader = open(path.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    // A partial output smaller than the FIFO's buffer: streamed by mistake,
    // it would show up here instead of blocking the writer.
    absl::Status status = WriteOutput(path, "pto-opt", [&](ir::TextSink& out) {
      if (!fail) return Produce(out);
      if (absl::Status s = out.Write(std::string(5000, 'p')); !s.ok()) return s;
      return absl::InvalidArgumentError("k.py:9:1: error: boom");
    });
    EXPECT_EQ(status.ok(), !fail);
    EXPECT_EQ(Available(reader), fail ? "" : "line 1\nline 2\n");
    close(reader);
  }
  EXPECT_TRUE(fs::is_fifo(path));
  EXPECT_FALSE(fs::exists(path + ".tmp-pto-opt"));
}

// Through a stream: a regression that renamed over a `-o /dev/full` path
// would replace the device (see above).
TEST(OutputFileTest, WriteErrorIsReported) {
  std::FILE* stream = std::fopen("/dev/full", "wb");
  ASSERT_NE(stream, nullptr);
  EXPECT_EQ(WriteOutputStream(stream, "/dev/full", "pto-opt", Produce).message(),
            "pto-opt: error: cannot write /dev/full: No space left on device");
  // A failed run is reported as itself: its output never reached the device.
  EXPECT_EQ(WriteOutputStream(stream, "/dev/full", "pto-opt", Fail).message(),
            "k.py:9:1: error: boom");
  std::fclose(stream);
}

}  // namespace
}  // namespace pto::tools
