// Which statement each `#` comment leads (parser/comment_queue.h): upstream
// PyPTO's placement rules, checked on the printed text, which must read back
// to the same text.

#include <regex>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/text/testing/parser_test_fixture.h"

namespace pto::ir {
namespace {

class CommentsTest : public ParserTest {
 protected:
  // The printed program, checked to be a fixed point of print(parse(.)).
  std::string Printed(absl::string_view text) {
    absl::StatusOr<Program> p = Parse(text);
    EXPECT_TRUE(p.ok()) << p.status();
    if (!p.ok()) return "";
    std::string once = PrintProgram(*p);
    Context again;
    absl::StatusOr<Program> q = ParseProgram(again, once, "once.py");
    EXPECT_TRUE(q.ok()) << q.status() << "\n" << once;
    if (q.ok()) {
      EXPECT_EQ(PrintProgram(*q), once);
    }
    return once;
  }
  // The printed body of the function `name`, less the body's indentation,
  // with `x: pl.Scalar[pl.INDEX] = v` shortened to `x = v`.
  std::string BodyText(absl::string_view text, absl::string_view name = "f") {
    std::string printed = Printed(text);
    std::vector<std::string> lines = absl::StrSplit(printed, '\n');
    std::vector<std::string> body;
    bool in = false;
    static const std::regex kScalar("^( *)(\\w+): pl\\.Scalar\\[pl\\.INDEX\\] = ");
    for (const std::string& l : lines) {
      if (absl::StartsWith(l, absl::StrCat("    def ", name, "("))) {
        in = true;
        continue;
      }
      if (!in) continue;
      if (!absl::StartsWith(l, "        ")) break;
      body.push_back(std::regex_replace(l.substr(8), kScalar, "$1$2 = "));
    }
    return absl::StrJoin(body, "\n");
  }
};

TEST_F(CommentsTest, OwnLineAndEndOfLineCommentsLeadTheirStatement) {
  EXPECT_EQ(BodyText(Wrap({
                "# above",
                "b = a + 1  # after it",
                "c = b + 1",
                "return c  # on the return",
            })),
            "# above\n"
            "# after it\n"
            "b = a + 1\n"
            "c = b + 1\n"
            "# on the return\n"
            "return c");
}

TEST_F(CommentsTest, CommentsInsideAMultiLineCallLeadItsStatement) {
  EXPECT_EQ(BodyText(Wrap({
                "b = pl.min(",
                "    a,  # first argument",
                "    # own line, inside the brackets",
                "    a + 1,",
                ")  # after the call",
                "return b",
            })),
            "# first argument\n"
            "# own line, inside the brackets\n"
            "# after the call\n"
            "b = pl.min(a, a + 1)\n"
            "return b");
}

TEST_F(CommentsTest, SignatureCommentsLeadTheFirstStatement) {
  // Between a method's decorator and its def: dropped (upstream reads a
  // method's lines from its def on); in the parameter list: the first
  // statement's.
  std::string text =
      "import pypto.language as pl\n"
      "@pl.program\n"
      "class P:\n"
      "    # above the method\n"
      "    @pl.function\n"
      "    # between decorator and def\n"
      "    def f(\n"
      "        self,\n"
      "        a: pl.Scalar[pl.INDEX],  # a's\n"
      "        # before b\n"
      "        b: pl.Scalar[pl.INDEX],\n"
      "    ) -> pl.Scalar[pl.INDEX]:  # the header's\n"
      "        c = a + b\n"
      "        return c\n";
  EXPECT_EQ(BodyText(text),
            "# a's\n"
            "# before b\n"
            "# the header's\n"
            "c = a + b\n"
            "return c");
}

TEST_F(CommentsTest, AModuleLevelFunctionKeepsCommentsAfterItsDecorator) {
  // Upstream reads a module-level function's whole source, decorator on.
  std::string text =
      "import pypto.language as pl\n"
      "# above the decorator\n"
      "@pl.function\n"
      "# between decorator and def\n"
      "def g(a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
      "    b = a + 1\n"
      "    return b\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
      "        c = g(a)\n"
      "        return c\n";
  EXPECT_EQ(BodyText(text, "g"),
            "# between decorator and def\n"
            "b = a + 1\n"
            "return b");
}

TEST_F(CommentsTest, HeaderCommentsLeadTheCompoundStatement) {
  EXPECT_EQ(BodyText(Wrap({
                "# above the for",
                "for i in pl.range(  # on the header",
                "    4,  # inside the wrapped header",
                "):  # after the colon",
                "    # between the header and the body",
                "    b = a + i",
                "if a > 0:  # the if's",
                "    c = a + 1",
                "with pl.at(level=pl.Level.CORE_GROUP):  # the with's",
                "    d = a + 2",
                "return a",
            })),
            "# above the for\n"
            "# on the header\n"
            "# inside the wrapped header\n"
            "# after the colon\n"
            "for i in pl.range(4):\n"
            "    # between the header and the body\n"
            "    b = a + i\n"
            "# the if's\n"
            "if a > 0:\n"
            "    c = a + 1\n"
            "# the with's\n"
            "with pl.at(level=pl.Level.CORE_GROUP):\n"
            "    d = a + 2\n"
            "return a");
}

TEST_F(CommentsTest, CommentsAboveACompoundIndentedLikeItsBodyGoToTheBody) {
  // Above a block's first statement, a compound one: a comment indented
  // less than its body is its own; one indented as far is left for the body.
  EXPECT_EQ(BodyText(Wrap({
                "for i in pl.range(4):",
                "    # the if's",
                "        # the body's",
                "    if i > 0:",
                "        b = a + i",
                "return a",
            })),
            "for i in pl.range(4):\n"
            "    # the if's\n"
            "    if i > 0:\n"
            "        # the body's\n"
            "        b = a + i\n"
            "return a");
}

TEST_F(CommentsTest, CommentsBeforeElseAndElif) {
  EXPECT_EQ(BodyText(Wrap({
                "if a > 0:",
                "    b = a + 1",
                "    # the then branch's tail: dropped",
                "# at the if's column: the else branch's",
                "else:  # on the else line",
                "    # the else body's",
                "    b = a + 2",
                "if a > 1:",
                "    c = a + 1",
                "    # dropped",
                "# before elif: the nested if's",
                "elif a > 2:  # the elif's",
                "    c = a + 2",
                "return a",
            })),
            "if a > 0:\n"
            "    b = a + 1\n"
            "else:\n"
            "    # at the if's column: the else branch's\n"
            "    # on the else line\n"
            "    # the else body's\n"
            "    b = a + 2\n"
            "if a > 1:\n"
            "    c = a + 1\n"
            "else:\n"
            "    # before elif: the nested if's\n"
            "    # the elif's\n"
            "    if a > 2:\n"
            "        c = a + 2\n"
            "return a");
}

TEST_F(CommentsTest, TailOfBlockCommentsAreDropped) {
  EXPECT_EQ(BodyText(Wrap({
                "for i in pl.range(4):",
                "    b = a + i",
                "        # deeper, above a later statement of the block: dropped",
                "    c = a + i",
                "    # the body's tail: dropped",
                "# after the loop, at its column: the next statement's",
                "d = a + 1",
                "for j in pl.range(4):",
                "    e = a + j",
                "    # the tail, then a blank line: dropped",
                "",
                "return a",
                "# the function's tail: dropped",
            })),
            "for i in pl.range(4):\n"
            "    b = a + i\n"
            "    c = a + i\n"
            "# after the loop, at its column: the next statement's\n"
            "d = a + 1\n"
            "for j in pl.range(4):\n"
            "    e = a + j\n"
            "return a");
}

TEST_F(CommentsTest, DocstringsLeadTheNextStatementAsComments) {
  EXPECT_EQ(BodyText(Wrap({
                "\"\"\"Summary.",
                "",
                "    Indented detail.",
                "\"\"\"",
                "b = a + 1",
                "'''A bare string in the body.'''  # and its comment",
                "c = b + 1",
                "for i in pl.range(2):",
                "    d = a + i",
                "    \"\"\"Ending a block, right above the next statement.\"\"\"",
                "return a",
            })),
            // Wrap() indents every line, the docstring's too: its lines
            // keep that indentation, blank ones included.
            "# Summary.\n"
            "#         \n"
            "#             Indented detail.\n"
            "#         \n"
            "b = a + 1\n"
            "# and its comment\n"
            "# A bare string in the body.\n"
            "c = b + 1\n"
            "for i in pl.range(2):\n"
            "    d = a + i\n"
            "# Ending a block, right above the next statement.\n"
            "return a");
}

TEST_F(CommentsTest, PassAndStaticAssertHandTheirCommentsOn) {
  EXPECT_EQ(BodyText(Wrap({
                "# above pass",
                "pass  # on pass",
                "pl.static_assert(True)  # no IR either",
                "if a > 0:",
                "    b = a + 1",
                "    pass  # ending the then branch",
                "else:",
                "    b = a + 2",
                "return a",
            })),
            "# above pass\n"
            "# on pass\n"
            "# no IR either\n"
            "if a > 0:\n"
            "    b = a + 1\n"
            "else:\n"
            "    # ending the then branch\n"
            "    b = a + 2\n"
            "return a");
}

TEST_F(CommentsTest, ACommentOnlyBodyKeepsNothing) {
  std::string text =
      "import pypto.language as pl\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def f(self, a: pl.Scalar[pl.INDEX]):\n"
      "        \"\"\"Only a docstring and comments.\"\"\"\n"
      "        # a comment\n"
      "        pass  # and pass\n"
      "        # the tail\n";
  EXPECT_EQ(BodyText(text), "pass");
}

TEST_F(CommentsTest, TextKeepsTrailingBlanksAndEmptyCommentsPrintWithTheirSpace) {
  EXPECT_EQ(BodyText(Wrap({
                "#",
                "#  two spaces after '#': one is kept",
                "# trailing blanks stay  ",
                "# a carriage return ends the text\rwhich Python reads as a line break",
                "b = a + 1",
                "return b",
            })),
            "# \n"
            "#  two spaces after '#': one is kept\n"
            "# trailing blanks stay  \n"
            "# a carriage return ends the text\n"
            "b = a + 1\n"
            "return b");
}

TEST_F(CommentsTest, YieldCondAndJumpComments) {
  EXPECT_EQ(BodyText(Wrap({
                "for i, (s,) in pl.range(4, init_values=(a,)):",
                "    s2 = s + i",
                "    s_out = pl.yield_(s2)  # the yield's",
                "for (w,) in pl.while_(init_values=(a,)):",
                "    pl.cond(w > 0)  # pl.cond is no statement: the next one's",
                "    w2 = w - 1",
                "    w_out = pl.yield_(w2)",
                "for j in pl.range(4):",
                "    if j > 1:",
                "        break  # the break's",
                "    continue  # the continue's",
                "return s_out",
            })),
            "for i, (s,) in pl.range(4, init_values=(a,)):\n"
            "    s2 = s + i\n"
            "    # the yield's\n"
            "    s_out = pl.yield_(s2)\n"
            "for (w,) in pl.while_(init_values=(a,)):\n"
            "    pl.cond(w > 0)\n"
            "    # pl.cond is no statement: the next one's\n"
            "    w2 = w - 1\n"
            "    w_out = pl.yield_(w2)\n"
            "for j in pl.range(4):\n"
            "    if j > 1:\n"
            "        # the break's\n"
            "        break\n"
            "    # the continue's\n"
            "    continue\n"
            "return s_out");
}

TEST_F(CommentsTest, AFuncAttrDirectiveHandsItsCommentsOn) {
  EXPECT_EQ(BodyText(Wrap({
                "pl.func_attr({\"k\": 1})  # the directive's",
                "b = a + 1",
                "return b",
            })),
            "pl.func_attr({\"k\": 1})\n"
            "# the directive's\n"
            "b = a + 1\n"
            "return b");
}

TEST_F(CommentsTest, StatementsStillCarryTheirComments) {
  // The IR side: the comments are the statements', not text of the print.
  Stmts body = BodyOf(Wrap({"b = a + 1  # note", "return b"}));
  ASSERT_EQ(body.size(), 2u);
  ASSERT_EQ(body[0]->comments().size(), 1u);
  EXPECT_EQ(body[0]->comments()[0], "note");
  EXPECT_TRUE(body[1]->comments().empty());
}

}  // namespace
}  // namespace pto::ir
