// The parser's diagnostics: file:line:col, the message, and the source line
// with a caret under the column.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/text/testing/parser_test_fixture.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

// --- Diagnostics ------------------------------------------------------------------------

struct DiagnosticCase {
  std::vector<std::string> body;
  std::string expected;
};

class DiagnosticTest : public ParserTest, public ::testing::WithParamInterface<DiagnosticCase> {};

TEST_P(DiagnosticTest, ReportsLocationAndMessage) {
  const DiagnosticCase& c = GetParam();
  std::string message = ErrorOf(Wrap(c.body));
  EXPECT_THAT(message, HasSubstr(c.expected)) << absl::StrJoin(c.body, "\n");
  // Every diagnostic is followed by its source line and a caret.
  EXPECT_NE(message.find("\n"), std::string::npos);
  EXPECT_EQ(message.back(), '^');
}

const DiagnosticCase kDiagnostics[] = {
    {{"b: pl.Scalar[pl.INDEX] = c"}, "t.py:6:34: error: undefined name 'c'"},
    {{"b: pl.Scalar[pl.FP32] = a"},
     "t.py:6:12: error: type annotation pl.Scalar[pl.FP32] does not match the deduced type "
     "pl.Scalar[pl.INDEX]"},
    {{"c = pl.tile.cast(t, target_type=pl.FP32)"},
     "t.py:6:13: error: tile.cast: target_type FP32 equals the input dtype"},
    {{"c = pl.tile.bogus(t)"}, "t.py:6:13: error: unknown op 'tile.bogus'"},
    {{"c = pl.tile.adds(t, 1.0, foo=1)"},
     "t.py:6:34: error: tile.adds: unexpected argument 'foo'"},
    {{"c = pl.tile.adds(t)"}, "t.py:6:13: error: tile.adds: argument 'rhs' is missing"},
    {{"c = pl.tile.adds(t, float('huge'))"},
     "t.py:6:35: error: float() cannot convert 'huge' to a float"},
    {{"c = pl.tile.adds(t, float(1.0))"},
     "t.py:6:35: error: float() takes a string such as 'inf' or 'nan', found"},
    {{"c = pl.tile.full([16, 16], dtype=pl.FP32)"},
     "t.py:6:13: error: tile.full: argument 'value' is missing"},
    {{"c = pl.tile.full([16, 16], pl.FP32, 0.0, value=1.0)"},
     "t.py:6:50: error: tile.full: argument 'value' given twice"},
    {{"c = pl.tile.cast(t, target_type=a)"}, "t.py:6:41: error: expected a kwarg value"},
    {{"c = pl.tile.create([16, 16], dtype=pl.FP32, target_memory=pl.Mem.Foo)"},
     "t.py:6:74: error: unknown member 'Foo' of pl.Mem"},
    // A loop that carries values, or an if that yields, keeps its names
    // (pattern B, where they leak, is in parser/forms/leak_test.cc).
    {{"for i, (s,) in pl.range(4, init_values=(a,)):", "    b: pl.Scalar[pl.INDEX] = s + i",
      "    r = pl.yield_(b)", "c: pl.Scalar[pl.INDEX] = b"},
     "t.py:9:34: error: 'b' is not visible here: it is defined inside a for body (at 7:13); "
     "values leave a loop or if only through pl.yield_"},
    {{"for i, (s,) in pl.range(4, init_values=(a,)):", "    r = pl.yield_(s)",
      "c: pl.Scalar[pl.INDEX] = i"},
     "t.py:8:34: error: 'i' is not visible here: it is defined inside a for body (at 6:13)"},
    {{"if a == 0:", "    b = a", "    r = pl.yield_(b)", "else:", "    c = b"},
     "t.py:10:17: error: 'b' is not visible here: it is defined inside a if branch (at 7:13)"},
    {{"for i, (b,) in pl.range(4, init_values=(a,)):", "    c: pl.Scalar[pl.INDEX] = pl.yield_(b)",
      "    d: pl.Scalar[pl.INDEX] = b"},
     "t.py:7:38: error: pl.yield_ must be the last statement of its block"},
    {{"pl.yield_(a)"}, "t.py:6:9: error: pl.yield_ outside a loop or if body: use return"},
    {{"if a == 0:", "    r: pl.Scalar[pl.INDEX] = pl.yield_(a)"},
     "t.py:7:38: error: an if that yields values needs an else branch yielding the same names"},
    {{"if a == 0:", "    r = pl.yield_(a)", "else:", "    s = pl.yield_(a)"},
     "t.py:9:13: error: the else branch yields 's' where the if branch yields 'r'"},
    {{"if a == 0:", "    r = pl.yield_(a)", "else:", "    pass"},
     "t.py:6:9: error: both branches of an if must end with pl.yield_ assigning the same names"},
    {{"if a == 0:", "    r = pl.yield_(a)", "else:", "    r = pl.yield_(1.0)"},
     "t.py:9:17: error: 'r' has type pl.Scalar[pl.INDEX] in the if branch but "
     "pl.Scalar[pl.FP32] in the else branch"},
    {{"if a == 0:", "    r: pl.Scalar[pl.INDEX] = pl.yield_(a)",
      "else:", "    r: pl.Scalar[pl.INT32] = pl.yield_(a)"},
     "t.py:9:16: error: type annotation pl.Scalar[pl.INT32] does not match the deduced type "
     "pl.Scalar[pl.INDEX]"},
    {{"for (b,) in pl.while_(init_values=(a,)):", "    pl.cond(b < 4)",
      "    c: pl.Scalar[pl.INDEX] = b"},
     "t.py:6:9: error: a loop with init_values must end with pl.yield_ of its 1 carried value"},
    {{"for i, (b,) in pl.range(4, init_values=(a,)):", "    pl.yield_(b, b)"},
     "t.py:7:13: error: pl.yield_ gives 2 values but the loop carries 1"},
    {{"for i, (b,) in pl.range(4, init_values=(a,)):", "    c, d = pl.yield_(b)"},
     "t.py:7:20: error: pl.yield_ gives 1 value but 2 names are assigned"},
    {{"for i, (b, c) in pl.range(4, init_values=(a,)):", "    pass"},
     "t.py:6:29: error: 2 loop-carried names but 1 init value"},
    {{"for i, (b,) in pl.range(4):", "    pass"},
     "t.py:6:27: error: loop-carried names need init_values=(...)"},
    {{"for i in pl.range(4, init_values=(a,)):", "    pass"},
     "t.py:6:9: error: init_values needs loop-carried names"},
    {{"for i in pl.pipeline(4):", "    pass"}, "t.py:6:21: error: pl.pipeline() requires stage=N"},
    {{"for i in pl.range(4, stage=2):", "    pass"},
     "t.py:6:36: error: stage= is only supported on pl.pipeline(), not pl.range()"},
    {{"for i in pl.pipeline(4, stage=0):", "    pass"},
     "t.py:6:39: error: stage must be a positive integer literal"},
    {{"for i, (b,) in pl.unroll(4, init_values=(a,)):", "    c = pl.yield_(b)"},
     "t.py:6:27: error: pl.unroll() cannot carry values"},
    {{"for i in pl.range():", "    pass"},
     "t.py:6:21: error: pl.range() takes 1 to 3 positional arguments"},
    {{"for i in pl.range(1.5):", "    pass"},
     "t.py:6:27: error: loop bounds must be integer scalars, got pl.Scalar[pl.FP32]"},
    {{"for i in range(4):", "    pass"}, "t.py:6:18: error: expected pl.range"},
    {{"for (b,) in pl.range(4, init_values=(a,)):", "    pass"},
     "t.py:6:9: error: pl.range needs a loop variable"},
    {{"for i, (b,) in pl.while_(init_values=(a,)):", "    pass"},
     "t.py:6:13: error: pl.while_ has no loop variable"},
    {{"for (b,) in pl.while_(init_values=(a,)):", "    c = b"},
     "t.py:7:13: error: the first statement of a pl.while_ body must be pl.cond(<condition>)"},
    {{"while t:", "    pass"}, "t.py:6:9: error: a while condition must be a scalar"},
    {{"if t:", "    pass"}, "t.py:6:9: error: an if condition must be a scalar"},
    {{"b: pl.Scalar[pl.BOOL] = a < 1 < 2"},
     "t.py:6:39: error: chained comparisons are not supported: combine them with 'and'"},
    {{"b = True + 1"}, "t.py:6:18: error: operator '+' does not accept bool operands"},
    {{"b = a + 1.0"},
     "t.py:6:15: error: operator '+' cannot mix index and fp32; convert one with pl.cast"},
    {{"b = t + 1"}, "t.py:6:15: error: operator '+' requires scalar operands, got pl.Tile"},
    {{"b = ~1.5"}, "t.py:6:13: error: operator '~' requires an integer operand"},
    {{"b = a[0]"},
     "t.py:6:14: error: only tuples, tensors, tiles and arrays can be indexed, not "
     "pl.Scalar[pl.INDEX]"},
    {{"b = p[2]"},
     "t.py:6:15: error: tuple index 2 is out of range for pl.Tuple[pl.Scalar[pl.INDEX], "
     "pl.Scalar[pl.FP32]]"},
    {{"b = p[a]"}, "t.py:6:15: error: a tuple index must be a non-negative integer literal"},
    {{"b = a.shape"}, "t.py:6:14: error: values have no attributes"},
    {{"elif a == 1:", "    pass"}, "t.py:6:9: error: 'elif' without a matching 'if'"},
    {{"for i in pl.parallel(4):", "    break"},
     "t.py:7:13: error: 'break' is only allowed in a pl.range or while loop"},
    {{"else:", "    pass"}, "t.py:6:9: error: 'else' without a matching 'if'"},
    {{"a += 1"}, "t.py:6:11: error: augmented assignment is not supported"},
    {{"b = a; c = a"}, "t.py:6:14: error: ';' is not supported"},
    {{"p[0] = a"},
     "t.py:6:10: error: only a tensor, tile or array can be assigned through a subscript, not "
     "pl.Tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.FP32]]"},
    {{"[a, 1]"}, "t.py:6:9: error: an expression statement cannot be a list or tuple"},
    {{"b, c = a"}, "t.py:6:16: error: assigning several names needs a tuple value"},
    {{"b: pl.Scalar[pl.INDEX]"}, "t.py:6:31: error: a declaration needs a value"},
    {{"b = pl.cast(a, pl.INT32, saturation_mode='on')"},
     "t.py:6:13: error: pl.cast: Scalar inputs do not support saturation_mode"},
    {{"b = pl.cast(a, pl.INT32, 'floor')"},
     "t.py:6:13: error: pl.cast: Scalar inputs do not support a non-default mode"},
    {{"b = pl.cast(a)"}, "t.py:6:13: error: pl.cast needs a target dtype"},
    {{"b = pl.cast(p, pl.INT32)"},
     "t.py:6:21: error: pl.cast takes a Tensor, Tile or Scalar, not pl.Tuple"},
    {{"b = pl.const(1.5, pl.INT32)"},
     "t.py:6:22: error: pl.const: a float value needs a float dtype, not pl.INT32"},
    {{"b = pl.const(1, pl.BOOL)"}, "t.py:6:25: error: pl.const needs an integer or float dtype"},
    {{"b = pl.const(a, pl.INT32)"}, "t.py:6:22: error: pl.const takes a number literal"},
    {{"b = 99999999999999999999"}, "t.py:6:13: error: integer literal is out of range"},
    {{"b: pl.Scalar[pl.FP99] = a"}, "t.py:6:25: error: unknown dtype 'pl.FP99'"},
    {{"b: pl.Foo = a"}, "t.py:6:15: error: unknown type 'pl.Foo'"},
    {{"b: int = a"}, "t.py:6:12: error: expected a type such as pl.Tile[...] but found 'int'"},
    {{"b: pl.Out[pl.Scalar[pl.INDEX]] = a"},
     "t.py:6:15: error: pl.Out[...] is only allowed on function parameters"},
    {{"b = self.g(a)"}, "t.py:6:18: error: unknown function 'g'"},
    {{"b = foo(a)"}, "t.py:6:13: error: unknown function 'foo'"},
    {{"b = min(a)"}, "t.py:6:13: error: min() takes 2 arguments, got 1"},
    {{"b = a $ 1"}, "t.py:6:15: error: invalid character '$'"},
    {{"b = 'abc"}, "t.py:6:13: error: unterminated string literal"},
    {{"b = [a"}, "t.py:6:13: error: '[' was never closed"},
    {{"b: pl.Tensor[[1.5], pl.FP32] = x"},
     "t.py:6:23: error: a dimension must be an integer scalar, got pl.Scalar[pl.FP32]"},
    {{"b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8])] = t"},
     "t.py:6:15: error: valid_shape has 1 dims but the shape has 2"},
    {{"b: pl.Tile[[16, 16], pl.FP32, pl.TileView(fractal=0)] = t"},
     "t.py:6:59: error: fractal must be a positive number of bytes"},
    {{"b: pl.Tile[[16, 16], pl.FP32, pl.TileView(bogus=1)] = t"},
     "t.py:6:51: error: unknown pl.TileView field 'bogus'"},
    {{"b: pl.Tensor[[16], pl.FP32, pl.TensorView(layout=pl.TileLayout.row_major)] = x"},
     "t.py:6:61: error: expected pl.TensorLayout.<member> but found pl.TileLayout"},
    {{"b = pl.FP32"}, "t.py:6:13: error: pl.FP32 is a dtype, not a value"},
    {{"b = pl.tile"}, "t.py:6:13: error: 'pl.tile' is not a value"},
    {{"b = 'x'"}, "t.py:6:13: error: a string is not a value here"},
    {{"b = pl.yield_"}, "t.py:6:13: error: pl.yield_ outside a loop or if body"},
    {{"for i, (c,) in pl.range(4, init_values=(a,)):", "    b = pl.yield_(c) + 1"},
     "t.py:7:30: error: expected the end of the line but found '+'"},
    {{"b = pl.cond(a)"}, "t.py:6:13: error: pl.cond(...) must be the first statement"},
    {{"b = pl.range(4)"}, "t.py:6:13: error: pl.range(...) can only be iterated by a for loop"},
    {{"N = pl.dynamic('N')"}, "t.py:6:13: error: pl.dynamic declarations belong at module level"},
    {{"for i in pl.range(n):", "    pass"}, "t.py:6:27: error: undefined name 'n'"},
    {{"for i in pl.range(4):", "b = a"}, "t.py:7:9: error: expected an indented block"},
    {{"for i in pl.range(4): pass"},
     "t.py:6:31: error: expected the end of the line after ':' but found 'pass'"},
    {{"b = a", "    c = a"}, "t.py:7:13: error: unexpected indentation"},
    {{"def g():", "    pass"}, "t.py:6:9: error: nested function definitions are not supported"},
    {{"import os"}, "t.py:6:9: error: imports are only allowed at module level"},
    {{"b = (a b)"}, "t.py:6:16: error: expected ')' but found 'b'"},
    {{"b = pl.tile.adds(t, 1.0, a)"},
     "t.py:6:34: error: tile.adds: takes 2 positional arguments but 3 were given"},
    {{"b = pl.tile.adds(t, 1.0, rhs=2.0)"},
     "t.py:6:34: error: tile.adds: argument 'rhs' given twice"},
    {{"b = pl.tile.cast(target_type=pl.FP16, t)"},
     "t.py:6:47: error: positional argument follows keyword argument"},
};

INSTANTIATE_TEST_SUITE_P(Table, DiagnosticTest, ::testing::ValuesIn(kDiagnostics));

TEST_F(ParserTest, DiagnosticShowsTheSourceLineAndCaret) {
  EXPECT_EQ(ErrorOf(Wrap({"b: pl.Scalar[pl.INDEX] = c"})),
            "t.py:6:34: error: undefined name 'c'\n"
            "        b: pl.Scalar[pl.INDEX] = c\n"
            "                                 ^");
}

TEST_F(ParserTest, ModuleLevelDiagnostics) {
  EXPECT_THAT(ErrorOf("import pypto.language as pl\n"),
              HasSubstr("t.py:2:1: error: no @pl.program class found"));
  EXPECT_THAT(ErrorOf("(1)\n"),
              HasSubstr("t.py:1:1: error: expected an import, a pl.dynamic declaration or a "
                        "@pl.program class"));
  EXPECT_THAT(ErrorOf("@pl.program\nclass A:\n    @pl.function\n    def f(self):\n"
                      "        return\n@pl.program\nclass B:\n    pass\n"),
              HasSubstr("t.py:6:1: error: only one @pl.program class is allowed per file"));
  EXPECT_THAT(ErrorOf("@pl.function\nclass A:\n    pass\n"),
              HasSubstr("t.py:1:2: error: expected @pl.program before the program class"));
  EXPECT_THAT(ErrorOf("@pl.program\nclass A:\n    x = 1\n"),
              HasSubstr("t.py:3:5: error: expected a function definition in the program class"));
  EXPECT_THAT(ErrorOf("  x = 1\n"), HasSubstr("t.py:1:3: error: unexpected indentation"));
}

TEST_F(ParserTest, FunctionLevelDiagnostics) {
  auto program = [](absl::string_view functions) {
    return absl::StrCat("import pypto.language as pl\n@pl.program\nclass P:\n", functions);
  };
  EXPECT_THAT(ErrorOf(program("    def f(self):\n        pass\n    def f(self):\n        pass\n")),
              HasSubstr("t.py:6:9: error: function 'f' is already defined at 4:5"));
  EXPECT_THAT(ErrorOf(program("    def f(self, a: pl.Scalar[pl.INDEX], a: pl.Scalar[pl.INDEX]):\n"
                              "        pass\n")),
              HasSubstr("t.py:4:41: error: duplicate parameter 'a'"));
  EXPECT_THAT(ErrorOf(program("    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.HOST)\n"
                              "    def f():\n        pass\n")),
              HasSubstr("t.py:5:5: error: InCore functions have level CHIP_DIE, not HOST"));
  EXPECT_THAT(ErrorOf(program("    @pl.function(type=pl.FunctionType.AIC, role=pl.Role.Worker)\n"
                              "    def f():\n        pass\n")),
              HasSubstr("t.py:5:5: error: AIC functions have role SubWorker, not Worker"));
  EXPECT_THAT(ErrorOf(program("    @pl.function(autoscope=False)\n    def f():\n        pass\n")),
              HasSubstr("t.py:4:18: error: unsupported @pl.function argument 'autoscope'"));
  EXPECT_THAT(ErrorOf(program("    @pl.function(type=pl.FunctionType.Kernel)\n"
                              "    def f():\n        pass\n")),
              HasSubstr("t.py:4:39: error: unknown function type pl.FunctionType.Kernel"));
  EXPECT_THAT(ErrorOf(program("    @pl.function\n    def f(self, a: pl.Scalar[pl.INDEX]):\n"
                              "        b = self.g(a, a)\n"
                              "    @pl.function\n    def g(self, a: pl.Scalar[pl.INDEX]):\n"
                              "        pass\n")),
              HasSubstr("t.py:6:18: error: function 'g' takes 1 argument, got 2"));
  EXPECT_THAT(ErrorOf(program("    @pl.function\n    def f(self, a: pl.Scalar[pl.INDEX]):\n"
                              "        b = self.g(a=a)\n"
                              "    @pl.function\n    def g(self, a: pl.Scalar[pl.INDEX]):\n"
                              "        pass\n")),
              HasSubstr("t.py:6:20: error: a call of a program function does not take 'a' (it "
                        "takes device and attrs)"));
  // An error in a signature read ahead for a forward call points at the
  // callee's definition.
  EXPECT_THAT(ErrorOf(program("    @pl.function\n    def f(self, a: pl.Scalar[pl.INDEX]):\n"
                              "        b = self.g(a)\n"
                              "    @pl.function\n    def g(self, a: pl.Scalar[pl.BAD]):\n"
                              "        pass\n")),
              HasSubstr("t.py:8:33: error: unknown dtype 'pl.BAD'"));
  EXPECT_THAT(ErrorOf(program("    @pl.function\n    def f(self, a: pl.Scalar[pl.INDEX]):\n"
                              "        pl.yield_(a)\n")),
              HasSubstr("pl.yield_ outside a loop or if body"));
}
}  // namespace
}  // namespace pto::ir
