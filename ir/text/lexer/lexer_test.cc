#include "ir/text/lexer/lexer.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace pto::ir::text {
namespace {

using ::testing::AnyOf;
using ::testing::Each;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::SizeIs;
using K = TokenKind;

std::vector<TokenKind> Kinds(absl::string_view source) {
  absl::StatusOr<std::vector<Token>> tokens = Tokenize(source, "t.py");
  EXPECT_TRUE(tokens.ok()) << tokens.status();
  std::vector<TokenKind> kinds;
  if (!tokens.ok()) return kinds;
  for (const Token& t : *tokens) kinds.push_back(t.kind);
  return kinds;
}

std::vector<std::string> Texts(absl::string_view source) {
  absl::StatusOr<std::vector<Token>> tokens = Tokenize(source, "t.py");
  EXPECT_TRUE(tokens.ok()) << tokens.status();
  std::vector<std::string> texts;
  if (!tokens.ok()) return texts;
  for (const Token& t : *tokens) {
    texts.emplace_back(source.substr(t.offset, t.length));
  }
  return texts;
}

std::string ErrorOf(absl::string_view source) {
  absl::StatusOr<std::vector<Token>> tokens = Tokenize(source, "t.py");
  EXPECT_FALSE(tokens.ok());
  if (tokens.ok()) return "";
  EXPECT_EQ(tokens.status().code(), absl::StatusCode::kInvalidArgument);
  return std::string(tokens.status().message());
}

TEST(LexerTest, SimpleStatement) {
  EXPECT_THAT(
      Kinds("x: pl.Scalar[pl.INDEX] = 16\n"),
      ElementsAre(K::kName, K::kColon, K::kName, K::kDot, K::kName, K::kLBracket, K::kName, K::kDot,
                  K::kName, K::kRBracket, K::kAssign, K::kInt, K::kNewline, K::kEof));
  EXPECT_THAT(Texts("x = pl.tile.add(a, b)"), ElementsAre("x", "=", "pl", ".", "tile", ".", "add",
                                                          "(", "a", ",", "b", ")", "", ""));
}

TEST(LexerTest, LineAndColumnAreOneBased) {
  absl::StatusOr<std::vector<Token>> tokens = Tokenize("a\n  bb = 1\n", "t.py");
  ASSERT_TRUE(tokens.ok());
  // a NEWLINE INDENT bb = 1 NEWLINE DEDENT EOF
  const Token& bb = (*tokens)[3];
  EXPECT_EQ(bb.kind, K::kName);
  EXPECT_EQ(bb.line, 2u);
  EXPECT_EQ(bb.col, 3u);
  EXPECT_EQ(bb.offset, 4u);
  EXPECT_EQ(bb.length, 2u);
  EXPECT_EQ((*tokens)[0].line, 1u);
  EXPECT_EQ((*tokens)[0].col, 1u);
}

TEST(LexerTest, KeywordsAndNames) {
  EXPECT_THAT(Kinds("def class for in if else elif while return pass and or not True False "
                    "None import from as break xor and_ yield_"),
              ElementsAre(K::kDef, K::kClass, K::kFor, K::kIn, K::kIf, K::kElse, K::kElif,
                          K::kWhile, K::kReturn, K::kPass, K::kAnd, K::kOr, K::kNot, K::kTrue,
                          K::kFalse, K::kNone, K::kImport, K::kFrom, K::kAs, K::kOtherKeyword,
                          K::kName, K::kName, K::kName, K::kNewline, K::kEof));
}

// Every keyword by the keyword table, and names that come close to one.
TEST(LexerTest, EveryPythonKeywordAndNearMisses) {
  EXPECT_THAT(Kinds("assert async await break continue del except finally global is lambda "
                    "nonlocal raise try with yield"),
              Each(AnyOf(K::kOtherKeyword, K::kNewline, K::kEof)));
  EXPECT_THAT(Kinds("assert async await break continue del except finally global is lambda "
                    "nonlocal raise try with yield"),
              SizeIs(18));
  for (absl::string_view name :
       {"a", "an", "ands", "As", "classy", "de", "defs", "el", "elif_", "False_", "fo", "fr",
        "iff", "imports", "ins", "Non", "nota", "o", "ors", "pas", "returns", "Tru", "whiles",
        "asserts", "asyn", "awai", "breaks", "continu", "dell", "excepts", "finall", "globa",
        "isa", "lambd", "nonlocals", "rais", "tr", "wit", "yields", "pl", "tile", "muls", "t0",
        "t199999", "x", "self", "TASK_ID"}) {
    EXPECT_THAT(Kinds(name), ElementsAre(K::kName, K::kNewline, K::kEof)) << name;
    EXPECT_FALSE(IsPythonKeyword(name)) << name;
  }
  EXPECT_TRUE(IsPythonKeyword("nonlocal"));
  EXPECT_TRUE(IsPythonKeyword("as"));
  EXPECT_FALSE(IsPythonKeyword(""));
}

TEST(LexerTest, Numbers) {
  EXPECT_THAT(Kinds("0 16 1.5 .5 1. 1e5 2.5E-3 0.31830987334251404"),
              ElementsAre(K::kInt, K::kInt, K::kFloat, K::kFloat, K::kFloat, K::kFloat, K::kFloat,
                          K::kFloat, K::kNewline, K::kEof));
  EXPECT_THAT(Texts("1e+16"), ElementsAre("1e+16", "", ""));
  EXPECT_THAT(ErrorOf("x = 12abc"), HasSubstr("t.py:1:5: error: invalid number literal"));
  EXPECT_THAT(ErrorOf("x = 0x"), HasSubstr("invalid number literal"));
  EXPECT_THAT(ErrorOf("x = 0x1g"), HasSubstr("invalid number literal"));
  EXPECT_THAT(ErrorOf("x = 0b102"), HasSubstr("invalid number literal"));
  EXPECT_THAT(ErrorOf("x = 0o8"), HasSubstr("invalid number literal"));
  EXPECT_THAT(ErrorOf("x = 0x1_"), HasSubstr("invalid number literal"));
  EXPECT_THAT(ErrorOf("x = 0x1.5"), HasSubstr("invalid number literal"));
}

// Python's prefixed integers (base=0x1000 in reserve_buffer calls).
TEST(LexerTest, PrefixedIntegers) {
  EXPECT_THAT(Kinds("0x1000 0XfF 0o17 0b1010 0x_ff 0xdead_beef"),
              ElementsAre(K::kInt, K::kInt, K::kInt, K::kInt, K::kInt, K::kInt, K::kNewline,
                          K::kEof));
  EXPECT_THAT(Texts("0x1000"), ElementsAre("0x1000", "", ""));
  EXPECT_THAT(ErrorOf("x = 1e"), HasSubstr("invalid number literal"));
}

TEST(LexerTest, Operators) {
  EXPECT_THAT(
      Kinds("+ - * ** / // % << >> & | ^ ~ < > <= >= == != -> = @ ... ;"),
      ElementsAre(K::kPlus, K::kMinus, K::kStar, K::kDoubleStar, K::kSlash, K::kDoubleSlash,
                  K::kPercent, K::kLShift, K::kRShift, K::kAmp, K::kPipe, K::kCaret, K::kTilde,
                  K::kLess, K::kGreater, K::kLessEq, K::kGreaterEq, K::kEqEq, K::kNotEq, K::kArrow,
                  K::kAssign, K::kAt, K::kEllipsis, K::kSemicolon, K::kNewline, K::kEof));
  EXPECT_THAT(Kinds("a += 1"), ElementsAre(K::kName, K::kAugAssign, K::kInt, K::kNewline, K::kEof));
  EXPECT_THAT(Kinds("a **= 1"),
              ElementsAre(K::kName, K::kAugAssign, K::kInt, K::kNewline, K::kEof));
  // Every augmented assignment is one token; comparisons and '->' are not
  // augmented by a following '='.
  EXPECT_THAT(Texts("+= -= *= **= /= //= %= @= &= |= ^= <<= >>="),
              ElementsAre("+=", "-=", "*=", "**=", "/=", "//=", "%=", "@=", "&=", "|=", "^=",
                          "<<=", ">>=", "", ""));
  for (absl::string_view op : {"+=", "-=", "*=", "**=", "/=", "//=", "%=", "@=", "&=", "|=",
                               "^=", "<<=", ">>="}) {
    EXPECT_THAT(Kinds(op), ElementsAre(K::kAugAssign, K::kNewline, K::kEof)) << op;
  }
  EXPECT_THAT(Kinds("<== >== ->= !=="),
              ElementsAre(K::kLessEq, K::kAssign, K::kGreaterEq, K::kAssign, K::kArrow,
                          K::kAssign, K::kNotEq, K::kAssign, K::kNewline, K::kEof));
  // Two dots are two dots; three are an ellipsis; a dot before a digit
  // starts a number.
  EXPECT_THAT(Kinds("a..b ... .5"), ElementsAre(K::kName, K::kDot, K::kDot, K::kName,
                                                  K::kEllipsis, K::kFloat, K::kNewline, K::kEof));
}

TEST(LexerTest, Strings) {
  absl::string_view src = "a = 'round'\nb = \"x\\\"y\"\n";
  EXPECT_THAT(Texts(src), ElementsAre("a", "=", "'round'", "", "b", "=", "\"x\\\"y\"", "", ""));
  EXPECT_EQ(UnquoteString("'round'"), "round");
  EXPECT_EQ(UnquoteString("\"x\\\"y\""), "x\"y");
  EXPECT_EQ(UnquoteString("'a\\nb\\\\c\\'d'"), "a\nb\\c'd");
  EXPECT_EQ(UnquoteString("''"), "");
}

TEST(LexerTest, UnterminatedStrings) {
  EXPECT_THAT(ErrorOf("x = 'abc\ny = 1\n"),
              HasSubstr("t.py:1:5: error: unterminated string literal\nx = 'abc\n    ^"));
  EXPECT_THAT(ErrorOf("x = \"abc"), HasSubstr("t.py:1:5: error: unterminated string literal"));
  EXPECT_THAT(ErrorOf("x = 'abc\\"), HasSubstr("unterminated string literal"));
  EXPECT_THAT(ErrorOf("x = '''doc\ny = 1\n"),
              HasSubstr("t.py:1:5: error: unterminated triple-quoted string"));
}

TEST(LexerTest, TripleQuotedStringsSpanLines) {
  absl::string_view src = "x = \"\"\"a\n'b'\n\"c\" \"\"\"\ny = '''q'''\n";
  Lexer lexer(src, "t.py");
  std::vector<Token> toks;
  for (Token t = lexer.Next(); t.kind != TokenKind::kEof; t = lexer.Next()) toks.push_back(t);
  ASSERT_GE(toks.size(), 8u);
  EXPECT_EQ(toks[2].kind, TokenKind::kString);
  EXPECT_EQ(toks[2].line, 1u);
  EXPECT_EQ(toks[2].col, 5u);
  EXPECT_EQ(UnquoteString(lexer.Text(toks[2])), "a\n'b'\n\"c\" ");
  EXPECT_EQ(toks[3].kind, TokenKind::kNewline);
  EXPECT_EQ(toks[4].line, 4u);  // y: the lines inside the string count
  EXPECT_EQ(UnquoteString(lexer.Text(toks[6])), "q");
}

TEST(LexerTest, IndentAndDedent) {
  absl::string_view src =
      "class P:\n"
      "    def f():\n"
      "        x = 1\n"
      "\n"
      "        y = 2\n"
      "    def g():\n"
      "        pass\n";
  EXPECT_THAT(
      Kinds(src),
      ElementsAre(K::kClass, K::kName, K::kColon, K::kNewline,  //
                  K::kIndent, K::kDef, K::kName, K::kLParen, K::kRParen, K::kColon,
                  K::kNewline,                                                                    //
                  K::kIndent, K::kName, K::kAssign, K::kInt, K::kNewline,                         //
                  K::kName, K::kAssign, K::kInt, K::kNewline,                                     //
                  K::kDedent, K::kDef, K::kName, K::kLParen, K::kRParen, K::kColon, K::kNewline,  //
                  K::kIndent, K::kPass, K::kNewline,                                              //
                  K::kDedent, K::kDedent, K::kEof));
}

TEST(LexerTest, MultipleDedentsAtOnceAndAtEof) {
  absl::string_view src = "a:\n  b:\n    c\nd\n";
  EXPECT_THAT(Kinds(src), ElementsAre(K::kName, K::kColon, K::kNewline, K::kIndent, K::kName,
                                      K::kColon, K::kNewline, K::kIndent, K::kName, K::kNewline,
                                      K::kDedent, K::kDedent, K::kName, K::kNewline, K::kEof));
  // No trailing newline: NEWLINE and DEDENTs are still produced.
  EXPECT_THAT(Kinds("a:\n  b"), ElementsAre(K::kName, K::kColon, K::kNewline, K::kIndent, K::kName,
                                            K::kNewline, K::kDedent, K::kEof));
}

TEST(LexerTest, InconsistentDedent) {
  EXPECT_THAT(ErrorOf("a:\n    b\n  c\n"),
              HasSubstr("t.py:3:3: error: unindent does not match any outer indentation level"));
}

TEST(LexerTest, TabsInIndentation) {
  EXPECT_THAT(ErrorOf("a:\n\tb\n"),
              HasSubstr("t.py:2:1: error: tab characters are not allowed in indentation"));
  // Tabs elsewhere are whitespace, and blank lines may hold anything.
  EXPECT_THAT(Kinds("a\t= 1\n\t\n"),
              ElementsAre(K::kName, K::kAssign, K::kInt, K::kNewline, K::kEof));
}

TEST(LexerTest, BracketsSuppressNewlinesAndIndentation) {
  absl::string_view src =
      "f(a,\n"
      "      b,\n"
      "  [c,\n"
      "d])\n"
      "e\n";
  EXPECT_THAT(Kinds(src),
              ElementsAre(K::kName, K::kLParen, K::kName, K::kComma, K::kName, K::kComma,
                          K::kLBracket, K::kName, K::kComma, K::kName, K::kRBracket, K::kRParen,
                          K::kNewline, K::kName, K::kNewline, K::kEof));
}

TEST(LexerTest, UnbalancedBrackets) {
  EXPECT_THAT(ErrorOf("f(a, [b)\n"),
              HasSubstr("t.py:1:8: error: closing ')' does not match the open bracket "
                        "(expected ']')"));
  EXPECT_THAT(ErrorOf("x = a)\n"), HasSubstr("t.py:1:6: error: unmatched ')'"));
  EXPECT_THAT(ErrorOf("x = f(a,\n  b\n"), HasSubstr("t.py:1:6: error: '(' was never closed"));
}

TEST(LexerTest, LineContinuation) {
  EXPECT_THAT(Kinds("x = a + \\\n    b\n"), ElementsAre(K::kName, K::kAssign, K::kName, K::kPlus,
                                                        K::kName, K::kNewline, K::kEof));
  EXPECT_THAT(ErrorOf("x = a \\ b\n"), HasSubstr("unexpected '\\'"));
}

TEST(LexerTest, BadCharacters) {
  EXPECT_THAT(ErrorOf("x = a $ b\n"),
              HasSubstr("t.py:1:7: error: invalid character '$'\nx = a $ b\n      ^"));
  EXPECT_THAT(ErrorOf("x = a ! b\n"), HasSubstr("invalid character '!'"));
  EXPECT_THAT(ErrorOf("x = \xc3\xa9\n"), HasSubstr("invalid character (byte 0xC3)"));
  EXPECT_THAT(ErrorOf(absl::string_view("x = \0", 5)), HasSubstr("(byte 0x00)"));
}

TEST(LexerTest, ErrorIsSticky) {
  Lexer lexer("$ a", "t.py");
  EXPECT_EQ(lexer.Next().kind, K::kError);
  EXPECT_EQ(lexer.Next().kind, K::kError);
  EXPECT_THAT(lexer.status().message(), HasSubstr("invalid character"));
}

TEST(LexerTest, EveryCommentIsRecordedWithItsPosition) {
  absl::string_view src =
      "# header\n"
      "a = 1  # trailing\n"
      "    # indented comment does not indent\n"
      "#no space\n"
      "b = f(x,  # after an argument\n"
      "      # inside brackets\n"
      "      y)\n";
  Lexer lexer(src, "t.py");
  std::vector<Token> tokens;
  for (Token t = lexer.Next(); t.kind != K::kEof; t = lexer.Next()) {
    ASSERT_NE(t.kind, K::kError) << lexer.status();
    tokens.push_back(t);
  }
  ASSERT_EQ(lexer.comments().size(), 6u);
  EXPECT_EQ(lexer.comments()[0].text, "header");
  EXPECT_EQ(lexer.comments()[1].text, "trailing");
  EXPECT_EQ(lexer.comments()[1].pos.line, 2u);
  EXPECT_EQ(lexer.comments()[1].pos.col, 8u);
  EXPECT_EQ(lexer.comments()[2].text, "indented comment does not indent");
  EXPECT_EQ(lexer.comments()[2].pos.line, 3u);
  EXPECT_EQ(lexer.comments()[2].pos.col, 5u);
  EXPECT_EQ(lexer.comments()[3].text, "no space");
  EXPECT_EQ(lexer.comments()[4].text, "after an argument");
  EXPECT_EQ(lexer.comments()[4].pos.line, 5u);
  EXPECT_EQ(lexer.comments()[5].text, "inside brackets");
  EXPECT_EQ(lexer.comments()[5].pos.line, 6u);
  EXPECT_EQ(lexer.comments()[5].pos.col, 7u);
  // `a` follows one comment; `b` follows four; `y` all six.
  EXPECT_EQ(lexer.Text(tokens[0]), "a");
  EXPECT_EQ(tokens[0].comments_before, 1u);
  EXPECT_EQ(lexer.Text(tokens[4]), "b");
  EXPECT_EQ(tokens[4].comments_before, 4u);
  EXPECT_EQ(lexer.Text(tokens[10]), "y");
  EXPECT_EQ(tokens[10].comments_before, 6u);
  // No INDENT was produced by the indented comment.
  for (const Token& t : tokens) EXPECT_NE(t.kind, K::kIndent);
}

TEST(LexerTest, CommentTextKeepsTrailingBlanksAndExtraSpaces) {
  // One space after '#' goes; a second stays, as do trailing blanks. An
  // empty comment has empty text; the text ends at a '\r' (a CRLF line end
  // or, as Python reads it, a line break).
  Lexer lexer("#  two spaces\n# trailing \t\n#\n# \nx = 1  # crlf\r\n## heading\n# a\rb\r\r\n",
              "t.py");
  for (Token t = lexer.Next(); t.kind != K::kEof; t = lexer.Next()) {
    ASSERT_NE(t.kind, K::kError) << lexer.status();
  }
  ASSERT_EQ(lexer.comments().size(), 7u);
  EXPECT_EQ(lexer.comments()[0].text, " two spaces");
  EXPECT_EQ(lexer.comments()[1].text, "trailing \t");
  EXPECT_EQ(lexer.comments()[2].text, "");
  EXPECT_EQ(lexer.comments()[3].text, "");
  EXPECT_EQ(lexer.comments()[4].text, "crlf");
  EXPECT_EQ(lexer.comments()[5].text, "# heading");
  EXPECT_EQ(lexer.comments()[6].text, "a");
}

TEST(LexerTest, CommentsBeforeAnIndentedBlock) {
  absl::string_view src =
      "for i in r:\n"
      "    # first\n"
      "    x = 1\n";
  Lexer lexer(src, "t.py");
  Token t;
  do {
    t = lexer.Next();
  } while (t.kind != K::kIndent && t.kind != K::kEof);
  ASSERT_EQ(t.kind, K::kIndent);
  EXPECT_EQ(t.comments_before, 1u);
  EXPECT_EQ(t.line, 3u);
}

TEST(LexerTest, CrLfLineEndings) {
  EXPECT_THAT(Kinds("a:\r\n    b\r\n"), ElementsAre(K::kName, K::kColon, K::kNewline, K::kIndent,
                                                    K::kName, K::kNewline, K::kDedent, K::kEof));
}

TEST(LexerTest, StartAtOffsetIgnoresFirstLineIndentation) {
  absl::string_view src = "class P:\n    def f(x) -> T:\n        body\n";
  uint32_t offset = static_cast<uint32_t>(src.find("    def"));
  Lexer lexer(src, "t.py", offset, 2);
  Token def = lexer.Next();
  EXPECT_EQ(def.kind, K::kDef);
  EXPECT_EQ(def.line, 2u);
  EXPECT_EQ(def.col, 5u);
  EXPECT_EQ(lexer.Next().kind, K::kName);
}

TEST(LexerTest, DiagnosticCaretFollowsTabs) {
  absl::StatusOr<std::vector<Token>> tokens = Tokenize("x =\t$\n", "t.py");
  ASSERT_FALSE(tokens.ok());
  EXPECT_EQ(tokens.status().message(), "t.py:1:5: error: invalid character '$'\nx =\t$\n   \t^");
}

TEST(LexerTest, EmptySource) {
  EXPECT_THAT(Kinds(""), ElementsAre(K::kEof));
  EXPECT_THAT(Kinds("\n\n# only a comment\n"), ElementsAre(K::kEof));
}

// Lines indented exactly as their block take a shortcut past the spaces;
// every neighbour of that case keeps the general rules.
TEST(LexerTest, LinesAtTheBlockIndentAroundEightSpaceWords) {
  const std::string ten(10, ' ');
  const std::string src = "a:\n" + ten + "b\n" + ten + "c\n" + ten + " d\n" + ten + "e\n" +
                          ten + "_f\n" + ten + "9\n";
  EXPECT_THAT(Kinds(src),
              ElementsAre(K::kName, K::kColon, K::kNewline, K::kIndent, K::kName, K::kNewline,
                          K::kName, K::kNewline, K::kIndent, K::kName, K::kNewline, K::kDedent,
                          K::kName, K::kNewline, K::kName, K::kNewline, K::kInt, K::kNewline,
                          K::kDedent, K::kEof));
  absl::StatusOr<std::vector<Token>> tokens = Tokenize(src, "t.py");
  ASSERT_TRUE(tokens.ok());
  EXPECT_EQ((*tokens)[6].line, 3u);
  EXPECT_EQ((*tokens)[6].col, 11u);
  // A tab inside the indentation is still an error, and so is a line
  // between two levels.
  EXPECT_THAT(ErrorOf("a:\n" + ten + "b\n" + std::string(9, ' ') + "\tc\n"), HasSubstr("tab"));
  EXPECT_THAT(ErrorOf("a:\n" + ten + "b\n" + std::string(9, ' ') + "c\n"),
              HasSubstr("unindent does not match"));
}

}  // namespace
}  // namespace pto::ir::text
