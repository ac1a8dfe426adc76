#include "tools/cli.h"

#include <cstdlib>
#include <filesystem>

#include "absl/flags/parse.h"
#include "absl/strings/match.h"

namespace pto::tools {

std::vector<std::string> NormalizeFlagNames(int argc, char** argv) {
  std::vector<std::string> out;
  out.reserve(argc);
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (i > 0 && a.size() > 2 && (absl::StartsWith(a, "--") || absl::StartsWith(a, "-"))) {
      size_t begin = a[1] == '-' ? 2 : 1;
      size_t end = std::min(a.find('='), a.size());
      for (size_t k = begin; k < end; ++k) {
        if (a[k] == '-') a[k] = '_';
      }
    }
    out.push_back(std::move(a));
  }
  return out;
}

std::vector<char*> ParseFlags(std::vector<std::string>& args) {
  std::vector<char*> cargs;
  cargs.reserve(args.size());
  for (std::string& s : args) cargs.push_back(s.data());
  return absl::ParseCommandLine(static_cast<int>(cargs.size()), cargs.data());
}

std::string UserPath(const std::string& path) {
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");
  if (path == "-" || path.empty() || cwd == nullptr || std::filesystem::path(path).is_absolute()) {
    return path;
  }
  return (std::filesystem::path(cwd) / path).string();
}

}  // namespace pto::tools
