// Command-line conveniences shared by the tools.
//
//   std::vector<std::string> args = NormalizeFlagNames(argc, argv);   // --print-ir-after-all
//   std::vector<char*> positional = ParseFlags(args);                  // absl::ParseCommandLine
//   std::ifstream in(UserPath(positional[1]));                         // honours `bazel run`

#ifndef PTO_TOOLS_CLI_H_
#define PTO_TOOLS_CLI_H_

#include <string>
#include <vector>

namespace pto::tools {

// argv with every flag name's '-' spelled '_' (`--verify-each=false` ->
// `--verify_each=false`): absl's flag names use underscores, users type
// dashes. Values and positional arguments are untouched.
std::vector<std::string> NormalizeFlagNames(int argc, char** argv);

// absl::ParseCommandLine over `args` (which must outlive the result);
// returns the positional arguments, argv[0] first.
std::vector<char*> ParseFlags(std::vector<std::string>& args);

// Under `bazel run` the process starts in the runfiles tree; a relative
// `path` means the directory the user ran the command from
// ($BUILD_WORKING_DIRECTORY). "-" (stdin/stdout) is returned as is.
std::string UserPath(const std::string& path);

}  // namespace pto::tools

#endif  // PTO_TOOLS_CLI_H_
