// pto-opt: the tile IR optimizer driver.
//
//   pto-opt [FILE|-] [-o FILE] [--passes=LIST|default|none] [--backend=a5|a2a3|none]
//           [--emit=ir|pto] [--emit-source-loc] [--verify-each=true] [--print-ir-after-all]
//           [--concise]
//
// Reads a program in PyPTO's printed DSL, runs the pass pipeline with the
// verifier after every pass, and prints the result. On error it prints the
// diagnostic to stderr, exits 1 and writes no output: not to an -o file, not
// to stdout.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <system_error>
#include <utility>

#include "absl/flags/flag.h"
#include "absl/flags/usage.h"
#include "absl/strings/str_cat.h"
#include "tools/cli.h"
#include "tools/opt_driver.h"

ABSL_FLAG(std::string, o, "-", "Output file; '-' is stdout.");
ABSL_FLAG(std::string, passes, "default",
          "Pass pipeline: 'default', 'none', or comma-separated pass names.");
ABSL_FLAG(std::string, backend, "a5", "Target: a5 (Ascend950), a2a3 (Ascend910) or none.");
ABSL_FLAG(bool, verify_each, true, "Run the verifier on the input and after every pass.");
ABSL_FLAG(bool, print_ir_after_all, false, "Print the IR to stderr after every pass.");
ABSL_FLAG(bool, concise, false, "Omit type annotations on assignments.");
ABSL_FLAG(std::string, emit, "ir", "Output: 'ir' (the program) or 'pto' (PTO for --backend).");
ABSL_FLAG(bool, emit_source_loc, false,
          "With --emit=pto: end every op with loc(\"FILE\":LINE:COL), its place in the input "
          "(PyPTO's emit_source_loc); PTOAS then reports errors at the user's line.");

namespace {

// Block reads into a string sized from the file when it is a regular one:
// a large input then costs one pass over fresh pages, not a character loop
// and repeated regrowth.
bool ReadInput(const std::string& path, std::string* text) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
    text->reserve(static_cast<size_t>(st.st_size));
  }
  char block[1 << 16];
  size_t n = 0;
  while ((n = std::fread(block, 1, sizeof(block), f)) > 0) text->append(block, n);
  bool ok = std::ferror(f) == 0;
  if (f != stdin) std::fclose(f);
  return ok;
}

absl::Status IoError(const absl::Status& s) {
  return absl::UnavailableError(absl::StrCat("pto-opt: error: ", s.message()));
}

// Streams the output of `run` into an open stream.
template <typename Run>
absl::Status WriteStream(std::FILE* file, const std::string& name, Run run) {
  pto::ir::FileSink sink(file, name);
  absl::Status status = run(sink);
  if (!sink.status().ok()) return IoError(sink.status());
  if (std::fflush(file) != 0 && status.ok()) {
    status = absl::UnavailableError(
        absl::StrCat("pto-opt: error: cannot write ", name, ": ", std::strerror(errno)));
  }
  return status;
}

// Writes the output of `run` to a stream that cannot be taken back (stdout,
// a pipe, a device) only once it is complete: PTO emission can fail in a
// later function after the earlier ones were produced.
template <typename Run>
absl::Status WriteWhole(std::FILE* file, const std::string& name, Run run) {
  std::string text;
  pto::ir::StringSink sink(&text);
  absl::Status status = run(sink);
  if (!status.ok()) return status;
  return WriteStream(file, name, [&](pto::ir::TextSink& out) { return out.Write(text); });
}

// Writes the output of `run` to stdout. Redirected to a regular file that
// holds nothing past the write position (`> out.py` truncates it, `>> log`
// appends), stdout is streamed into, and a failure cuts the file back to
// where the output began; anything else gets the whole output once it is
// complete.
template <typename Run>
absl::Status WriteStdout(Run run) {
  const int fd = fileno(stdout);
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) return WriteWhole(stdout, "<stdout>", run);
  const bool append = (fcntl(fd, F_GETFL) & O_APPEND) != 0;
  const off_t start = append ? st.st_size : ftello(stdout);
  if (start != st.st_size) return WriteWhole(stdout, "<stdout>", run);
  absl::Status status = WriteStream(stdout, "<stdout>", run);
  if (!status.ok() && ftruncate(fd, start) == 0 && !append) fseeko(stdout, start, SEEK_SET);
  return status;
}

// Writes the output of `run` to `path` ('-' is stdout, see WriteStdout). A
// regular file is streamed into a temporary and renamed, so a failure never
// leaves a partial output behind; a pipe or device (`-o /dev/null`) gets the
// whole output once it is complete. Errors are complete messages.
template <typename Run>
absl::Status WriteOutput(const std::string& path, Run run) {
  if (path == "-") return WriteStdout(run);
  struct stat st;
  if (stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (file == nullptr) {
      return absl::UnavailableError(absl::StrCat("pto-opt: error: cannot write ", path));
    }
    absl::Status status = WriteWhole(file, path, run);
    std::fclose(file);
    return status;
  }
  std::string tmp = absl::StrCat(path, ".tmp-pto-opt");
  std::FILE* file = std::fopen(tmp.c_str(), "wb");
  if (file == nullptr) {
    return absl::UnavailableError(absl::StrCat("pto-opt: error: cannot write ", tmp));
  }
  absl::Status status = WriteStream(file, tmp, run);
  if (std::fclose(file) != 0 && status.ok()) {
    status = absl::UnavailableError(absl::StrCat("pto-opt: error: cannot write ", tmp));
  }
  std::error_code ec;
  if (status.ok()) {
    std::filesystem::rename(tmp, path, ec);
    if (!ec) return absl::OkStatus();
    status = absl::UnavailableError(
        absl::StrCat("pto-opt: error: cannot write ", path, ": ", ec.message()));
  }
  std::filesystem::remove(tmp, ec);
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  absl::SetProgramUsageMessage(
      "Runs tile IR passes on a program in PyPTO's printed DSL.\n"
      "usage: pto-opt [FILE|-] [-o FILE] [--passes=LIST|default|none] [flags]");
  std::vector<std::string> flag_args = pto::tools::NormalizeFlagNames(argc, argv);
  std::vector<char*> args = pto::tools::ParseFlags(flag_args);
  if (args.size() > 2) {
    std::fprintf(stderr, "pto-opt: error: expected at most one input file\n");
    return 1;
  }
  std::string input = args.size() == 2 ? args[1] : "-";
  std::string text;
  if (!ReadInput(pto::tools::UserPath(input), &text)) {
    std::fprintf(stderr, "pto-opt: error: cannot read '%s'\n", input.c_str());
    return 1;
  }

  pto::tools::OptOptions options;
  options.passes = absl::GetFlag(FLAGS_passes);
  options.backend = absl::GetFlag(FLAGS_backend);
  options.verify_each = absl::GetFlag(FLAGS_verify_each);
  options.print_ir_after_all = absl::GetFlag(FLAGS_print_ir_after_all);
  options.concise = absl::GetFlag(FLAGS_concise);
  options.emit = absl::GetFlag(FLAGS_emit);
  options.emit_source_loc = absl::GetFlag(FLAGS_emit_source_loc);

  std::string dumps;
  absl::Status status =
      WriteOutput(pto::tools::UserPath(absl::GetFlag(FLAGS_o)), [&](pto::ir::TextSink& out) {
        return pto::tools::RunOpt(std::move(text), input == "-" ? "<stdin>" : input, options, out, &dumps);
      });
  std::fwrite(dumps.data(), 1, dumps.size(), stderr);
  if (!status.ok()) {
    std::string message(status.message());
    std::fprintf(stderr, "%s\n", message.c_str());
    return 1;
  }
  return 0;
}
