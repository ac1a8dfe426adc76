#include "sim/pto/format.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/pto/grammar.h"
#include "sim/pto/lexer.h"

namespace pto::sim::pto_text {
namespace {

using ::testing::HasSubstr;

// Parses `text` (the part after an op name) with `spec`.
absl::StatusOr<Operation> ParseWith(absl::string_view spec, absl::string_view text,
                                    int results = 0) {
  absl::StatusOr<OpFormat> f = OpFormat::Compile(spec);
  if (!f.ok()) return f.status();
  static std::vector<Token>* tokens = new std::vector<Token>;
  static std::string* source = new std::string;
  *source = std::string(text);
  absl::StatusOr<std::vector<Token>> t = Lexer("t.pto", *source).Tokenize();
  if (!t.ok()) return t.status();
  *tokens = *t;
  Cursor c("t.pto", *source, *tokens);
  Operation op;
  for (int i = 0; i < results; ++i) op.results.push_back({"result", "%r", "", {}});
  absl::Status s = f->Parse(c, op);
  if (!s.ok()) return s;
  if (c.Peek().kind != Token::kEnd) return c.Expected("the end");
  return op;
}

TEST(OpFormatTest, OperandsTypesAndAttributesTakeTheirRoles) {
  absl::StatusOr<Operation> op =
      ParseWith(FindOpGrammar("pto.tcmp")->format.spec(),
                "ins(%a, %b {cmpMode = #pto<cmp lt>} : !pto.t<1>, !pto.t<2>) outs(%m : !pto.t<3>)");
  ASSERT_TRUE(op.ok()) << op.status();
  ASSERT_EQ(op->operands.size(), 3u);
  EXPECT_EQ(op->Find("src1")->value, "%b");
  EXPECT_EQ(op->Find("src1")->type, "!pto.t<2>");
  EXPECT_EQ(op->Find("dst")->type, "!pto.t<3>");
  EXPECT_EQ(op->FindAttr("cmpMode")->value, "#pto<cmp lt>");
}

TEST(OpFormatTest, OptionalGroupsAndLists) {
  absl::string_view put = FindOpGrammar("pto.comm.tput")->format.spec();
  absl::StatusOr<Operation> op = ParseWith(put, "(%d, %s, buf(%p, %q) : !a, !b, !c, !c)");
  ASSERT_TRUE(op.ok()) << op.status();
  EXPECT_EQ(op->FindAll("buf").size(), 2u);
  EXPECT_EQ(op->FindAll("buf")[1]->type, "!c");
  op = ParseWith(put, "(%d, %s : !a, !b) {atomicType = #pto<atomic_type atomic_add>}");
  ASSERT_TRUE(op.ok()) << op.status();
  EXPECT_TRUE(op->FindAll("buf").empty());
  op = ParseWith(FindOpGrammar("pto.partition_view")->format.spec(),
                 "%v, offsets = [%a, %b], sizes = [] : !v -> !p", 1);
  ASSERT_TRUE(op.ok()) << op.status();
  EXPECT_EQ(op->FindAll("offsets").size(), 2u);
  EXPECT_EQ(op->results[0].type, "!p");
}

// The grouped `ins(%a, %b : Ta, Tb)` is not pto.tmov's format.
TEST(OpFormatTest, TmovTypesEachOperand) {
  absl::string_view tmov = FindOpGrammar("pto.tmov")->format.spec();
  EXPECT_TRUE(ParseWith(tmov, "ins(%e : !t, %w : !u) outs(%z : !v) {grpAxis = #x<a>}").ok());
  absl::StatusOr<Operation> op = ParseWith(tmov, "ins(%e, %w : !t, !u) outs(%z : !v)");
  ASSERT_FALSE(op.ok());
  EXPECT_THAT(op.status().message(), HasSubstr("t.pto:1:7: error: expected ':', found ','"));
}

// The two forms of pto.cmo.cacheinvalid are alternatives: after `all X`,
// the next op's result is not the view form's operand.
TEST(OpFormatTest, AlternativesAreExclusive) {
  absl::string_view cmo = FindOpGrammar("pto.cmo.cacheinvalid")->format.spec();
  absl::StatusOr<Operation> op = ParseWith(cmo, "%v single_cache_line : !p");
  ASSERT_TRUE(op.ok()) << op.status();
  EXPECT_EQ(op->FindAttr("range")->value, "single_cache_line");
  op = ParseWith(cmo, "all #pto.address_space<gm> %next");
  ASSERT_FALSE(op.ok());
  EXPECT_THAT(op.status().message(), HasSubstr("expected the end, found '%next'"));
}

TEST(OpFormatTest, MalformedSpecsAreRejected) {
  EXPECT_FALSE(OpFormat::Compile("[[ $a").ok());
  EXPECT_FALSE(OpFormat::Compile("$a ]]").ok());
  EXPECT_FALSE(OpFormat::Compile("[[ ]]").ok());
  EXPECT_FALSE(OpFormat::Compile("[[ attr-dict ]]").ok());
  EXPECT_FALSE(OpFormat::Compile("[[ $a | ]]").ok());
  EXPECT_FALSE(OpFormat::Compile("$a | $b").ok());
}

// Every entry of the table compiled (a bad one would have stopped the
// table) and names its op once.
TEST(OpFormatTest, TheGrammarTableHoldsEveryOpOnce) {
  EXPECT_GE(AllOpGrammars().size(), 70u);
  for (const OpGrammar& g : AllOpGrammars()) EXPECT_EQ(FindOpGrammar(g.name), &g) << g.name;
  EXPECT_EQ(FindOpGrammar("pto.tfoo"), nullptr);
}

}  // namespace
}  // namespace pto::sim::pto_text
