// pto-opt: the tile IR optimizer driver.
//
//   pto-opt [FILE|-] [-o FILE] [--passes=LIST|default|none] [--backend=a5|a2a3|none]
//           [--emit=ir|pto] [--emit-source-loc] [--verify-each=true] [--print-ir-after-all]
//           [--concise]
//   pto-opt --list-passes | --help
//
// Reads a program in PyPTO's printed DSL, runs the pass pipeline with the
// verifier after every pass, and prints the result. On error it prints the
// diagnostic to stderr, exits 1 and writes no output: not to an -o file, not
// to stdout (tools/output_file.h).

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "absl/flags/flag.h"
#include "ir/huge_pages.h"
#include "passes/all_passes.h"
#include "tools/cli.h"
#include "tools/opt_driver.h"
#include "tools/output_file.h"
#include "tools/pass_list.h"

ABSL_FLAG(std::string, o, "-", "Output file; '-' is stdout.");
ABSL_FLAG(std::string, passes, "default",
          "Pass pipeline: 'default', 'none', or comma-separated pass and pipeline names "
          "(see --list-passes).");
ABSL_FLAG(std::string, backend, "a5", "Target: a5 (Ascend950), a2a3 (Ascend910) or none.");
ABSL_FLAG(bool, verify_each, true, "Run the verifier on the input and after every pass.");
ABSL_FLAG(bool, print_ir_after_all, false, "Print the IR to stderr after every pass.");
ABSL_FLAG(bool, concise, false, "Omit type annotations on assignments.");
ABSL_FLAG(std::string, emit, "ir", "Output: 'ir' (the program) or 'pto' (PTO for --backend).");
ABSL_FLAG(bool, emit_source_loc, false,
          "With --emit=pto: end every op with loc(\"FILE\":LINE:COL), its place in the input "
          "(PyPTO's emit_source_loc); PTOAS then reports errors at the user's line.");
ABSL_FLAG(bool, allow_unregistered_ops, false,
          "Keep calls of unknown ops whose result type is annotated as opaque calls "
          "(like mlir-opt --allow-unregistered-dialect); --emit=pto rejects them.");
ABSL_FLAG(std::string, define, "",
          "NAME=VALUE (repeatable): a closure value the file does not define, as a "
          "module-level constant expression, e.g. --define=dtype=pl.FP16, --define=shape=[64,128]; "
          "it wins over the file's own module-level assignment to NAME.");
ABSL_FLAG(bool, list_passes, false, "Print the registered passes and pipelines, then exit.");

namespace {

// Block reads into a string sized from the file when it is a regular one:
// a large input then costs one pass over fresh (huge) pages, not a
// character loop and repeated regrowth.
bool ReadInput(const std::string& path, std::string* text) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
    text->reserve(static_cast<size_t>(st.st_size));
    // The block copies touch every page of it once: 2 MiB faults, not 4 KiB.
    pto::AdviseHugePages(text->data(), text->capacity());
  }
  char block[1 << 16];
  size_t n = 0;
  while ((n = std::fread(block, 1, sizeof(block), f)) > 0) text->append(block, n);
  bool ok = std::ferror(f) == 0;
  if (f != stdin) std::fclose(f);
  return ok;
}

// A regular file mapped read-only, its pages taken from the page cache at
// once: no copy of the text and no fresh pages for one (on a VM the
// kernel's zeroing of fresh pages is a large part of a run). Empty when the
// input is no regular non-empty file or cannot be mapped; ReadInput then
// copies it. Never unmapped: the process exits after one run.
absl::string_view MapInput(const std::string& path) {
  if (path == "-") return {};
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  struct stat st;
  void* p = MAP_FAILED;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
    p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd,
             0);
  }
  close(fd);
  if (p == MAP_FAILED) return {};
  return absl::string_view(static_cast<const char*>(p), static_cast<size_t>(st.st_size));
}

}  // namespace

int main(int argc, char** argv) {
  pto::tools::SetUsage({"pto-opt [FILE|-] [-o FILE] [--passes=LIST|default|none] [flags]",
                        "Runs tile IR passes on a program in PyPTO's printed DSL (stdin when "
                        "FILE is '-' or absent) and prints the result or its PTO. "
                        "--list-passes lists the passes and pipelines.",
                        __FILE__});
  std::vector<std::string> flag_args = pto::tools::NormalizeFlagNames(argc, argv);
  std::vector<std::string> defines = pto::tools::TakeRepeatedFlag(flag_args, "define");
  std::vector<char*> args = pto::tools::ParseFlags(flag_args);
  if (absl::GetFlag(FLAGS_list_passes)) {
    absl::Status status = pto::tools::WriteOutput("-", "pto-opt", [](pto::ir::TextSink& out) {
      return out.Write(pto::tools::ListPasses(pto::passes::BuiltinPasses()));
    });
    if (!status.ok()) std::fprintf(stderr, "%s\n", std::string(status.message()).c_str());
    return status.ok() ? 0 : 1;
  }
  if (args.size() > 2) {
    std::fprintf(stderr, "pto-opt: error: expected at most one input file\n");
    return 1;
  }
  std::string input = args.size() == 2 ? args[1] : "-";
  const absl::string_view mapped = MapInput(pto::tools::UserPath(input));
  std::string text;
  if (mapped.empty() && !ReadInput(pto::tools::UserPath(input), &text)) {
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
  options.allow_unregistered_ops = absl::GetFlag(FLAGS_allow_unregistered_ops);
  absl::StatusOr<std::vector<pto::ir::Define>> parsed_defines = pto::tools::ParseDefines(defines);
  if (!parsed_defines.ok()) {
    std::fprintf(stderr, "pto-opt: error: %s\n",
                 std::string(parsed_defines.status().message()).c_str());
    return 1;
  }
  options.defines = *std::move(parsed_defines);

  // One run, then exit: every large table a stage frees (the parser's name
  // bindings, the verifier's and the printer's per-function tables) is
  // handed to the next stage's requests instead of back to the kernel, which
  // would zero fresh pages for them (on a VM a large share of the run:
  // docs/performance.md). Mappings no later request fits stay mapped until
  // exit, which can raise peak memory a little.
  pto::SetHugePageCacheLimit(SIZE_MAX);
  std::string dumps;
  absl::Status status = pto::tools::WriteOutput(
      pto::tools::UserPath(absl::GetFlag(FLAGS_o)), "pto-opt", [&](pto::ir::TextSink& out) {
        const absl::string_view name = input == "-" ? absl::string_view("<stdin>") : input;
        if (!mapped.empty()) {
          return pto::tools::RunOptOnBorrowedText(mapped, name, options, out, &dumps);
        }
        return pto::tools::RunOpt(std::move(text), name, options, out, &dumps);
      });
  std::fwrite(dumps.data(), 1, dumps.size(), stderr);
  if (!status.ok()) {
    std::string message(status.message());
    std::fprintf(stderr, "%s\n", message.c_str());
    return 1;
  }
  return 0;
}
