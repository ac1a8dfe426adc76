// The generated dictionaries (//fuzz:text_dictionaries) in libFuzzer's
// format, parsed by the rules of libFuzzer's ParseDictionaryFile: a line is
// blank, a '#' comment, or `[name=]"value"` where the value's escapes are
// \\, \" and \xNN and the decoded value is at most 64 bytes (libFuzzer's
// Word::GetMaxSize(); it refuses the whole file otherwise).

#include <cctype>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "absl/strings/ascii.h"
#include "absl/strings/string_view.h"
#include "fuzz/dict/text_dictionary.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/dtype.h"
#include "ir/op.h"
#include "ir/op_registry.h"
#include "ir/ops/builtin.h"
#include "ir/text/dsl/dsl_ops.h"

namespace pto::fuzz {
namespace {

constexpr size_t kMaxWord = 64;

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// One entry line; nullopt when libFuzzer would reject it.
std::optional<std::string> ParseEntry(absl::string_view line) {
  size_t open = line.find('"');
  if (open == absl::string_view::npos || line.size() < open + 2 || line.back() != '"') {
    return std::nullopt;
  }
  absl::string_view body = line.substr(open + 1, line.size() - open - 2);
  std::string value;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] != '\\') {
      value.push_back(body[i]);
      continue;
    }
    if (i + 1 >= body.size()) return std::nullopt;
    char next = body[++i];
    if (next == '\\' || next == '"') {
      value.push_back(next);
    } else if (next == 'x' && i + 2 < body.size() + 0 && HexValue(body[i + 1]) >= 0 &&
               HexValue(body[i + 2]) >= 0) {
      value.push_back(static_cast<char>(HexValue(body[i + 1]) * 16 + HexValue(body[i + 2])));
      i += 2;
    } else {
      return std::nullopt;
    }
  }
  if (value.size() > kMaxWord) return std::nullopt;
  return value;
}

// Every entry of `text`; adds a failure naming the first bad line.
std::vector<std::string> ParseDictionary(absl::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    absl::string_view l = absl::StripAsciiWhitespace(line);
    if (l.empty() || l[0] == '#') continue;
    std::optional<std::string> word = ParseEntry(l);
    if (!word.has_value()) {
      ADD_FAILURE() << "line " << number << " is not a libFuzzer dictionary entry: " << line;
      continue;
    }
    words.push_back(*word);
  }
  return words;
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(DictTest, EscapesRoundTripThroughTheLibFuzzerFormat) {
  const std::string raw = std::string("a\"b\\c\x01\x7f\xff d", 10);
  std::optional<std::string> parsed = ParseEntry("w=\"" + EscapeDictValue(raw) + "\"");
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(*parsed, raw);
  EXPECT_EQ(EscapeDictValue("pl.tile.cast"), "pl.tile.cast");
}

TEST(DictTest, CallSpellingFollowsThePrinter) {
  EXPECT_EQ(CallSpelling("tile.cast"), "pl.tile.cast");
  EXPECT_EQ(CallSpelling("pld.system.notify"), "pld.system.notify");
  EXPECT_EQ(CallSpelling("tile.and"), "pl.tile.and_");
}

TEST(DictTest, GeneratedFilesParseAndHoldTheLanguage) {
  for (const char* path : {"fuzz/parser_fuzzer.dict", "fuzz/roundtrip_fuzzer.dict"}) {
    SCOPED_TRACE(path);
    const std::string text = ReadFile(path);
    EXPECT_EQ(text, TextFormDictionary()) << "the genrule's output is not the generator's";
    std::vector<std::string> words = ParseDictionary(text);
    std::set<std::string> set(words.begin(), words.end());
    EXPECT_THAT(set, ::testing::IsSupersetOf({"pl.tile.cast", "pl.FP16", "pl.BF16", "while",
                                              "def", "return", "target_type="}));
    for (const ir::Op* op : ir::BuiltinOps().SortedOps()) {
      EXPECT_TRUE(set.count(CallSpelling(op->name()))) << op->name();
    }
    for (ir::DataType t : ir::DataType::All()) {
      EXPECT_TRUE(set.count("pl." + std::string(t.name()))) << t.name();
    }
    // The hand-written DSL: every unified name of the call table, and its
    // statement-level forms.
    for (const ir::text::DslOpRow& row : ir::text::DslOps()) {
      EXPECT_TRUE(set.count(CallSpelling(row.name))) << row.name;
    }
    EXPECT_THAT(set, ::testing::IsSupersetOf({"pl.add", "pl.load", "pld.rank", "pl.spmd",
                                              "pl.split_aiv", "pl.submit", "@pl.function",
                                              "strict_ssa=", "init_values="}));
    for (absl::string_view form : DslForms()) EXPECT_TRUE(set.count(std::string(form))) << form;
    // A name that is no keyword of the lexer is not offered as one.
    EXPECT_FALSE(set.count("print"));
  }
}

// Each DSL form of the dictionary is written in some golden program of
// testdata/ (which the golden tests parse), so none is invented or stale.
TEST(DictTest, DslFormsOccurInTheDslGoldens) {
  std::string goldens;
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator("testdata")) {
    if (entry.path().extension() != ".py") continue;
    goldens += ReadFile(entry.path().string());
    ++files;
  }
  ASSERT_GT(files, 10);
  for (absl::string_view form : DslForms()) {
    EXPECT_NE(goldens.find(std::string(form)), std::string::npos)
        << "'" << form << "' occurs in no testdata/ program";
  }
}

}  // namespace
}  // namespace pto::fuzz
