// Command-line conveniences shared by the tools.
//
//   SetUsage({"pto-opt [FILE|-] [flags]", "Runs passes.", __FILE__});  // what --help prints
//   std::vector<std::string> args = NormalizeFlagNames(argc, argv);   // --print-ir-after-all
//   std::vector<char*> positional = ParseFlags(args);                  // absl::ParseCommandLine
//   std::ifstream in(UserPath(positional[1]));                         // honours `bazel run`

#ifndef PTO_TOOLS_CLI_H_
#define PTO_TOOLS_CLI_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/context.h"
#include "ir/function.h"
#include "ir/text/parser/parser.h"

namespace pto::tools {

// What `--help` prints: "usage: " + `line`, then `description`, then every
// flag defined in `main_file` (the tool's main: pass __FILE__) with its
// default. absl's own --help lists only flags from a file named like the
// program ("pto-opt.cc"), so for "pto_opt.cc" it said "No flags matched".
struct Usage {
  std::string line;
  std::string description;
  std::string main_file;
};

// Registers `usage` for ParseFlags' --help and absl's --helpshort,
// --helppackage and --helpfull. Call once, before ParseFlags.
void SetUsage(Usage usage);

// The help text for `usage`; flag names are spelled with '-', as users type
// them.
std::string HelpText(const Usage& usage);

// argv with every flag name's '-' spelled '_' (`--verify-each=false` ->
// `--verify_each=false`): absl's flag names use underscores, users type
// dashes. Values and positional arguments are untouched.
std::vector<std::string> NormalizeFlagNames(int argc, char** argv);

// absl::ParseCommandLine over `args` (which must outlive the result);
// returns the positional arguments, argv[0] first. With `--help`, `-help` or
// `-h` (and SetUsage called) it prints HelpText to stdout and exits 0.
std::vector<char*> ParseFlags(std::vector<std::string>& args);

// Removes every `--NAME=V`, `-NAME=V`, `--NAME V` and `-NAME V` from `args`
// (before a `--`) and returns the Vs in order: a repeatable flag, which
// absl's flags are not (they keep the last occurrence, and a list flag splits
// at commas, which a `--define=shape=[64,128]` value contains).
std::vector<std::string> TakeRepeatedFlag(std::vector<std::string>& args, absl::string_view name);

// `--define`'s NAME=VALUE split at the first '='; an error naming the flag
// when there is no '=' or no NAME.
absl::StatusOr<std::pair<std::string, std::string>> SplitDefine(absl::string_view arg);

// Every `--define` value (TakeRepeatedFlag's) split by SplitDefine, in
// order, as the parser's closure values; the first bad value's error.
absl::StatusOr<std::vector<ir::Define>> ParseDefines(const std::vector<std::string>& values);

// Parses a tool's input `text` as `filename`, with the parse options every
// tool takes from its flags (--allow-unregistered-ops, --define). `ctx`
// keeps the text alive for the program's source locations.
absl::StatusOr<ir::Program> ParseInput(ir::Context& ctx, std::string text,
                                       absl::string_view filename, bool allow_unregistered_ops,
                                       const std::vector<ir::Define>& defines);
// The same for a text the caller keeps alive and unchanged as long as `ctx`
// (a file mapped into memory): `ctx` keeps a view, not a copy.
absl::StatusOr<ir::Program> ParseBorrowedInput(ir::Context& ctx, absl::string_view text,
                                               absl::string_view filename,
                                               bool allow_unregistered_ops,
                                               const std::vector<ir::Define>& defines);

// Under `bazel run` the process starts in the runfiles tree; a relative
// `path` means the directory the user ran the command from
// ($BUILD_WORKING_DIRECTORY). "-" (stdin/stdout) is returned as is.
std::string UserPath(const std::string& path);

// The whole file at UserPath(path); "TOOL: error: cannot read 'PATH'" when
// it cannot be read.
absl::StatusOr<std::string> ReadUserFile(const std::string& path, absl::string_view tool);

}  // namespace pto::tools

#endif  // PTO_TOOLS_CLI_H_
