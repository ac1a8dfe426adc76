// pto-opt: the tile IR optimizer driver.
//
//   pto-opt [FILE|-] [-o FILE] [--passes=LIST|default|none] [--backend=a5|a2a3|none]
//           [--emit=ir|pto] [--verify-each=true] [--print-ir-after-all] [--concise]
//
// Reads a program in PyPTO's printed DSL, runs the pass pipeline with the
// verifier after every pass, and prints the result. On error it prints the
// diagnostic to stderr, exits 1 and writes no output file.

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <system_error>

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

namespace {

bool ReadInput(const std::string& path, std::string* text) {
  if (path == "-") {
    text->assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  text->assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

// Writes through a temporary file and a rename, so a failure never leaves a
// partial output behind.
bool WriteOutput(const std::string& path, const std::string& text, std::string* error) {
  if (path == "-") {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return std::fflush(stdout) == 0;
  }
  std::string tmp = absl::StrCat(path, ".tmp-pto-opt");
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
    out.close();
    if (!out) {
      *error = absl::StrCat("cannot write ", tmp);
      std::filesystem::remove(tmp);
      return false;
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    *error = absl::StrCat("cannot write ", path, ": ", ec.message());
    std::filesystem::remove(tmp);
    return false;
  }
  return true;
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

  std::string dumps;
  absl::StatusOr<std::string> out =
      pto::tools::RunOpt(text, input == "-" ? "<stdin>" : input, options, &dumps);
  std::fwrite(dumps.data(), 1, dumps.size(), stderr);
  if (!out.ok()) {
    std::string message(out.status().message());
    std::fprintf(stderr, "%s\n", message.c_str());
    return 1;
  }
  std::string error;
  if (!WriteOutput(pto::tools::UserPath(absl::GetFlag(FLAGS_o)), *out, &error)) {
    std::fprintf(stderr, "pto-opt: error: %s\n", error.c_str());
    return 1;
  }
  return 0;
}
