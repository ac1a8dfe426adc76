// Finding and normalizing host Python kept as text (source.h).

#include "ir/text/python/source.h"

#include <string>

#include "gtest/gtest.h"

namespace pto::ir::text {
namespace {

// Scans the block starting on line 2 of `src` under a header indented 4.
PythonBlock Block(absl::string_view src) {
  PythonBlock b;
  PythonBlockError err;
  const uint32_t start = static_cast<uint32_t>(src.find('\n') + 1);
  EXPECT_TRUE(ScanPythonBlock(src, start, 2, 4, &b, &err)) << err.message;
  return b;
}

PythonBlockError BlockError(absl::string_view src) {
  PythonBlock b;
  PythonBlockError err;
  const uint32_t start = static_cast<uint32_t>(src.find('\n') + 1);
  EXPECT_FALSE(ScanPythonBlock(src, start, 2, 4, &b, &err));
  return err;
}

TEST(PythonSourceTest, EndsAtTheFirstLessIndentedStatement) {
  std::string src =
      "    def f():\n"
      "        import torch  # noqa\n"
      "\n"
      "        # a comment\n"
      "        if x:\n"
      "            y = 1\n"
      "    # next\n"
      "    @pl.function\n";
  PythonBlock b = Block(src);
  EXPECT_EQ(b.text, "import torch\nif x:\n    y = 1");
  EXPECT_FALSE(b.abstract);
  // Lexing resumes after the last statement, before the comment line.
  EXPECT_EQ(b.end, src.find("    # next"));
  EXPECT_EQ(b.end_line, 7u);
  EXPECT_EQ(b.end_line_start, b.end);
}

TEST(PythonSourceTest, StringsCommentsAndBracketsDoNotEndTheBlock) {
  std::string src =
      "    def f():\n"
      "        s = \"\"\"a # not a comment\n"
      "x\n"
      "  \"\"\"  # comment\n"
      "        t = g(1,\n"
      "  # inside brackets\n"
      "    2)\n"
      "        u = 1 + \\\n"
      "  2\n"
      "        v = 'it''s' \"#\"\n"
      "    def g(): pass\n";
  PythonBlock b = Block(src);
  EXPECT_EQ(b.text,
            "s = \"\"\"a # not a comment\nx\n  \"\"\"\nt = g(1,\n2)\nu = 1 + \\\n2\n"
            "v = 'it''s' \"#\"");
  EXPECT_EQ(b.end, src.find("    def g()"));
}

TEST(PythonSourceTest, RunsToTheEndOfInput) {
  std::string src = "    def f():\n        assert x is not None";
  PythonBlock b = Block(src);
  EXPECT_EQ(b.text, "assert x is not None");
  EXPECT_EQ(b.end, src.size());
  EXPECT_EQ(b.end_line, 2u);
}

TEST(PythonSourceTest, AbstractBodies) {
  EXPECT_TRUE(Block("    def f():\n        ...\n").abstract);
  EXPECT_TRUE(Block("    def f():\n        \"\"\"Doc.\"\"\"\n        pl.func_attr({\"a\": 1})\n"
                    "        ...  # bound later\n")
                  .abstract);
  EXPECT_TRUE(Block("    def f():\n        r'doc'\n        ...\n").abstract);
  EXPECT_FALSE(Block("    def f():\n        pass\n").abstract);
  EXPECT_FALSE(Block("    def f():\n        ...\n        ...\n").abstract);
  EXPECT_FALSE(Block("    def f():\n        ...\n        x = 1\n").abstract);
  EXPECT_FALSE(Block("    def f():\n        f'doc'\n        ...\n").abstract);
  EXPECT_FALSE(Block("    def f():\n        if x:\n            ...\n").abstract);
}

TEST(PythonSourceTest, Errors) {
  EXPECT_EQ(BlockError("    def f():\n    x = 1\n").message,
            "expected an indented block (the host Python body of the function)");
  PythonBlockError e = BlockError("    def f():\n        x = (1,\n");
  EXPECT_EQ(e.message, "'(' was never closed in the host Python body");
  EXPECT_EQ(e.pos.line, 2u);
  EXPECT_EQ(e.pos.col, 13u);
  EXPECT_EQ(BlockError("    def f():\n        x = 'a\n").message,
            "unterminated string literal in the host Python body");
  EXPECT_EQ(BlockError("    def f():\n        x = '''a\n").message,
            "unterminated triple-quoted string literal in the host Python body");
  EXPECT_EQ(BlockError("    def f():\n        x = ]\n").message,
            "unmatched ']' in the host Python body");
}

TEST(PythonSourceTest, OneLineBody) {
  std::string src = "    def f(): x = g(1,\n  2); assert x  # c\n    def h(): pass\n";
  PythonBlock b;
  PythonBlockError err;
  const uint32_t start = static_cast<uint32_t>(src.find("x = "));
  ASSERT_TRUE(ScanPythonLine(src, start, 1, 0, &b, &err)) << err.message;
  EXPECT_EQ(b.text, "x = g(1,\n  2); assert x");
  EXPECT_EQ(b.end, src.find("\n    def h"));
  EXPECT_EQ(b.end_line, 2u);
}

TEST(PythonSourceTest, ReindentingIsAFixedPoint) {
  std::string src =
      "    def f():\n"
      "        s = '''a\n"
      "b'''\n"
      "        t = g(1,\n"
      "  2)\n"
      "        if s:\n"
      "            pass\n";
  PythonBlock once = Block(src);
  std::string printed = "    def f():\n";
  AppendIndentedPython(once.text, "        ", &printed);
  // Lines inside the string are not re-indented.
  EXPECT_EQ(printed,
            "    def f():\n        s = '''a\nb'''\n        t = g(1,\n        2)\n"
            "        if s:\n            pass");
  EXPECT_EQ(Block(printed).text, once.text);
}

// '\f' and '\r' in indentation count for nothing, as in the DSL lexer, and
// the kept text indents with spaces only: before, a form feed ahead of the
// first line's spaces set the block's indentation differently when the
// printed text was read back (found by parser_fuzzer).
TEST(PythonSourceTest, IndentationKeepsOnlySpaces) {
  std::string src =
      "    def f():\n"
      "\f        x = g(1,\n"
      "  \f   2)\n"
      "        \r  y = 3\n"
      "        z = 4\n";
  PythonBlock once = Block(src);
  EXPECT_EQ(once.text, "x = g(1,\n2)\n  y = 3\nz = 4");
  std::string printed = "    def f():\n";
  AppendIndentedPython(once.text, "        ", &printed);
  EXPECT_EQ(Block(printed).text, once.text);

  std::string line = "    def f(): x = g(1,\n\f  2)\n";
  PythonBlock b;
  PythonBlockError err;
  ASSERT_TRUE(ScanPythonLine(line, static_cast<uint32_t>(line.find("x = ")), 1, 0, &b, &err))
      << err.message;
  EXPECT_EQ(b.text, "x = g(1,\n  2)");
}

}  // namespace
}  // namespace pto::ir::text
