#include "sim/pto/lexer.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::sim::pto_text {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;

std::vector<std::string> Kinds(absl::string_view text) {
  std::vector<std::string> out;
  absl::StatusOr<std::vector<Token>> tokens = Lexer("t.pto", text).Tokenize();
  EXPECT_TRUE(tokens.ok()) << tokens.status();
  if (!tokens.ok()) return out;
  for (const Token& t : *tokens) {
    out.push_back(absl::StrCat(TokenKindName(t.kind), ":", t.text));
  }
  return out;
}

TEST(LexerTest, DialectTypesAndAttributesAreOneToken) {
  EXPECT_THAT(Kinds("%a = pto.alloc_tile : !pto.tile_buf<loc=vec, dtype=f32, rows=1> {x = #pto<cmp gt>}"),
              ElementsAre("SSA value:%a", "punctuation:=", "identifier:pto.alloc_tile",
                          "punctuation::", "type:!pto.tile_buf<loc=vec, dtype=f32, rows=1>",
                          "punctuation:{", "identifier:x", "punctuation:=",
                          "attribute:#pto<cmp gt>", "punctuation:}", "end of input:"));
}

TEST(LexerTest, NumbersArrowsAndStrings) {
  EXPECT_THAT(Kinds("%c-3 -> -1 2.5e-3 0x1F \"a5\" @k ^bb0 // comment\n?"),
              ElementsAre("SSA value:%c-3", "punctuation:->", "integer:-1", "float:2.5e-3", "integer:0x1F",
                          "string:a5", "symbol:@k", "punctuation:^", "identifier:bb0",
                          "punctuation:?", "end of input:"));
}

TEST(LexerTest, NestedAnglesAndArrowsInsideATypeBalance) {
  EXPECT_THAT(Kinds("!pto.ptr<!pto.f8E8M0> #pto.layout<nd>"),
              ElementsAre("type:!pto.ptr<!pto.f8E8M0>", "attribute:#pto.layout<nd>",
                          "end of input:"));
}

TEST(LexerTest, ErrorsAreLocated) {
  absl::StatusOr<std::vector<Token>> t = Lexer("t.pto", "x\n  !pto.tile_buf<loc=vec").Tokenize();
  ASSERT_FALSE(t.ok());
  EXPECT_THAT(t.status().message(), HasSubstr("t.pto:2:3: error: unbalanced '<'"));
  t = Lexer("t.pto", "a $ b").Tokenize();
  ASSERT_FALSE(t.ok());
  EXPECT_THAT(t.status().message(), HasSubstr("t.pto:1:3: error: unexpected character '$'"));
  t = Lexer("t.pto", "\"open").Tokenize();
  EXPECT_THAT(t.status().message(), HasSubstr("unterminated string"));
}

}  // namespace
}  // namespace pto::sim::pto_text
