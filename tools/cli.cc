#include "tools/cli.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <utility>

#include "absl/flags/commandlineflag.h"
#include "absl/flags/parse.h"
#include "absl/flags/reflection.h"
#include "absl/flags/usage.h"
#include "absl/flags/usage_config.h"
#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "absl/strings/str_split.h"

namespace pto::tools {
namespace {

Usage* registered_usage = nullptr;

// Appends `text` wrapped at 80 columns, every line indented by `indent`.
void AppendWrapped(absl::string_view text, absl::string_view indent, std::string& out) {
  size_t column = 0;
  for (absl::string_view word : absl::StrSplit(text, ' ', absl::SkipEmpty())) {
    if (column > 0 && column + 1 + word.size() > 80) {
      out += "\n";
      column = 0;
    }
    if (column == 0) {
      absl::StrAppend(&out, indent, word);
      column = indent.size() + word.size();
    } else {
      absl::StrAppend(&out, " ", word);
      column += 1 + word.size();
    }
  }
  out += "\n";
}

bool IsHelpFlag(absl::string_view arg) {
  return arg == "--help" || arg == "-help" || arg == "-h";
}

// `source` is the text `ctx` keeps.
absl::StatusOr<ir::Program> ParseKept(ir::Context& ctx, absl::string_view source,
                                      absl::string_view filename, bool allow_unregistered_ops,
                                      const std::vector<ir::Define>& defines) {
  ir::ParseOptions options;
  options.allow_unregistered_ops = allow_unregistered_ops;
  options.defines = defines;
  return ir::ParseProgram(ctx, source, filename, options);
}

}  // namespace

void SetUsage(Usage usage) {
  registered_usage = new Usage(std::move(usage));
  absl::SetProgramUsageMessage(
      absl::StrCat(registered_usage->description, "\nusage: ", registered_usage->line));
  absl::FlagsUsageConfig config;
  const std::string main_file = registered_usage->main_file;
  config.contains_helpshort_flags = [main_file](absl::string_view file) {
    return file == main_file;
  };
  config.contains_help_flags = config.contains_helpshort_flags;
  config.contains_helppackage_flags = config.contains_helpshort_flags;
  absl::SetFlagsUsageConfig(config);
}

std::string HelpText(const Usage& usage) {
  std::vector<const absl::CommandLineFlag*> flags;
  for (const auto& [name, flag] : absl::GetAllFlags()) {
    if (flag->Filename() == usage.main_file) flags.push_back(flag);
  }
  std::sort(flags.begin(), flags.end(), [](const auto* a, const auto* b) {
    return a->Name() < b->Name();
  });
  std::string out = absl::StrCat("usage: ", usage.line, "\n");
  AppendWrapped(usage.description, "", out);
  out += "\nflags (a '-' in a name may also be spelled '_'):\n";
  for (const absl::CommandLineFlag* flag : flags) {
    std::string name = absl::StrReplaceAll(flag->Name(), {{"_", "-"}});
    absl::StrAppend(&out, name.size() == 1 ? "  -" : "  --", name);
    std::string value = flag->DefaultValue();
    if (!value.empty()) absl::StrAppend(&out, " (default: ", value, ")");
    out += "\n";
    AppendWrapped(flag->Help(), "      ", out);
  }
  return out;
}

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
  for (size_t i = 1; registered_usage != nullptr && i < args.size() && args[i] != "--"; ++i) {
    if (IsHelpFlag(args[i])) {
      std::string help = HelpText(*registered_usage);
      std::fwrite(help.data(), 1, help.size(), stdout);
      std::exit(0);
    }
  }
  return absl::ParseCommandLine(static_cast<int>(cargs.size()), cargs.data());
}

std::vector<std::string> TakeRepeatedFlag(std::vector<std::string>& args, absl::string_view name) {
  std::vector<std::string> values, rest;
  const std::string eq1 = absl::StrCat("--", name, "="), eq2 = absl::StrCat("-", name, "=");
  const std::string bare1 = absl::StrCat("--", name), bare2 = absl::StrCat("-", name);
  bool positional_only = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (i == 0 || positional_only) {
      rest.push_back(a);
    } else if (a == "--") {
      positional_only = true;
      rest.push_back(a);
    } else if (absl::StartsWith(a, eq1)) {
      values.push_back(a.substr(eq1.size()));
    } else if (absl::StartsWith(a, eq2)) {
      values.push_back(a.substr(eq2.size()));
    } else if ((a == bare1 || a == bare2) && i + 1 < args.size()) {
      values.push_back(args[++i]);
    } else {
      rest.push_back(a);
    }
  }
  args = std::move(rest);
  return values;
}

absl::StatusOr<std::pair<std::string, std::string>> SplitDefine(absl::string_view arg) {
  size_t eq = arg.find('=');
  if (eq == absl::string_view::npos || eq == 0) {
    return absl::InvalidArgumentError(
        absl::StrCat("--define=", arg, ": expected --define=NAME=VALUE"));
  }
  return std::make_pair(std::string(arg.substr(0, eq)), std::string(arg.substr(eq + 1)));
}

absl::StatusOr<std::vector<ir::Define>> ParseDefines(const std::vector<std::string>& values) {
  std::vector<ir::Define> defines;
  for (const std::string& v : values) {
    absl::StatusOr<std::pair<std::string, std::string>> nv = SplitDefine(v);
    if (!nv.ok()) return nv.status();
    defines.push_back(ir::Define{nv->first, nv->second});
  }
  return defines;
}

absl::StatusOr<ir::Program> ParseInput(ir::Context& ctx, std::string text,
                                       absl::string_view filename, bool allow_unregistered_ops,
                                       const std::vector<ir::Define>& defines) {
  absl::string_view source = ctx.AdoptSource(filename, std::move(text));
  return ParseKept(ctx, source, filename, allow_unregistered_ops, defines);
}

absl::StatusOr<ir::Program> ParseBorrowedInput(ir::Context& ctx, absl::string_view text,
                                               absl::string_view filename,
                                               bool allow_unregistered_ops,
                                               const std::vector<ir::Define>& defines) {
  absl::string_view source = ctx.BorrowSource(filename, text);
  return ParseKept(ctx, source, filename, allow_unregistered_ops, defines);
}

std::string UserPath(const std::string& path) {
  const char* cwd = std::getenv("BUILD_WORKING_DIRECTORY");
  if (path == "-" || path.empty() || cwd == nullptr || std::filesystem::path(path).is_absolute()) {
    return path;
  }
  return (std::filesystem::path(cwd) / path).string();
}

absl::StatusOr<std::string> ReadUserFile(const std::string& path, absl::string_view tool) {
  std::ifstream in(UserPath(path), std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat(tool, ": error: cannot read '", path, "'"));
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

}  // namespace pto::tools
