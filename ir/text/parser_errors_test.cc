// Rejections of the text form outside op calls, each with the position and
// message the user sees: the lexer, decorators, module constants, types,
// statements, loops and subscripts. One row per diagnostic; a row fails if
// its check is removed (the input then parses, or fails later elsewhere).
// The op-call rejections are in parser_call_errors_test.cc.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/text/testing/error_cases.h"

namespace pto::ir {
namespace {


// A program with the decorators `program_args` (after @pl.program) and
// `function` of a method `f` that returns; the method's decorator is line 4.
std::string Decorated(absl::string_view program_args, absl::string_view function) {
  return absl::StrCat("import pypto.language as pl\n@pl.program", program_args,
                      "\nclass P:\n    ", function, "\n    def f(self):\n        return\n");
}

// A method `f` after the module-level statements `consts`, with the
// parameters `sig` after self; its body starts on line 6 + (lines of consts).
std::string Module(absl::string_view consts, absl::string_view sig,
                   std::vector<std::string> lines) {
  std::string out = absl::StrCat("import pypto.language as pl\n", consts,
                                 "@pl.program\nclass P:\n    @pl.function\n    def f(self", sig,
                                 "):\n");
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  return out;
}

// A module-level @pl.inline function of one INDEX parameter (lines 2-4).
constexpr absl::string_view kInc =
    "@pl.inline\ndef inc(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n    return x\n";

std::vector<ErrorCase> TextCases() {
  return {
    // The lexer and the token expectations every parse function shares.
    {"backslash", Body({"x = n \\ + 1"}),
     "t.py:6:15: error: unexpected '\\': a line continuation must end its line"},
    {"semicolon", Body({"x = n; y = n"}),
     "t.py:6:14: error: ';' is not supported: put each statement on its own line"},
    {"notparen", Body({"x = n if not n else n"}),
     "t.py:6:15: error: expected the end of the line but found 'if'"},
    {"exprfound", Body({"x = )"}),
     "t.py:6:13: error: unmatched ')'"},
    {"lexopen", Body({"x = (n"}),
     "t.py:6:13: error: '(' was never closed"},
    {"lexmismatch", Body({"x = (n]"}),
     "t.py:6:15: error: closing ']' does not match the open bracket (expected ')')"},
    {"lexbad", Body({"x = n $ 1"}),
     "t.py:6:15: error: invalid character '$'"},
    {"expname", Body({"x = pl.tile.adds(t, 1.0, 1=2)"}),
     "t.py:6:35: error: expected ')' but found '='"},
    {"expectrp", Body({"x = pl.tile.adds(t 1.0)"}),
     "t.py:6:28: error: expected ')' but found '1.0'"},
    // Decorators: @pl.program(...) and @pl.function(...) arguments, attrs={...}.
    {"progarg", Decorated("(strict_ssa=1)", "@pl.function"),
     "t.py:2:24: error: strict_ssa must be True or False"},
    {"notfunction", Decorated("", "@pl.foo"),
     "t.py:4:6: error: expected @pl.function but found 'pl'"},
    {"extsrc", Decorated("", "@pl.function(external_source=\"\")"),
     "t.py:4:34: error: external_source must be a non-empty one-line string (a file path)"},
    {"level", Decorated("", "@pl.function(level=pl.Level.BOGUS)"),
     "t.py:4:33: error: unknown level pl.Level.BOGUS"},
    {"role", Decorated("", "@pl.function(role=pl.Role.BOGUS)"),
     "t.py:4:31: error: unknown role pl.Role.BOGUS"},
    {"attrkey", Decorated("", "@pl.function(attrs={\"\": 1})"),
     "t.py:4:25: error: a function attr key must be a non-empty one-line string"},
    {"attrstr", Decorated("", "@pl.function(attrs={\"k\": \"a\\nb\"})"),
     "t.py:4:30: error: a function attr string must be one line"},
    {"progunk", Decorated("(foo=True)", "@pl.function"),
     "t.py:2:13: error: unsupported @pl.program argument 'foo'"},
    {"splitattr", Decorated("", "@pl.function(attrs={\"split\": pl.SplitMode.BOGUS})"),
     "t.py:4:47: error: unknown member 'BOGUS' of pl.SplitMode"},
    {"attrname", Decorated("", "@pl.function(attrs={\"k\": n})"),
     "t.py:4:30: error: function attr 'k': 'n' is not defined; a decorator cannot name a parameter (write pl.func_attr({\"k\": n}) as the body's first statement)"},
    {"neg_str", Decorated("", "@pl.function(attrs={\"k\": -\"a\"})"),
     "t.py:4:31: error: expected a number after '-' but found '\"a\"'"},
    {"extsrc_kind", Decorated("", "@pl.function(external_source=\"k.cpp\")"),
     "t.py:4:34: error: external_source= is only allowed on AIC and AIV functions"},
    {"indentclass", "import pypto.language as pl\n@pl.program\nclass P:\npass\n",
     "t.py:4:1: error: expected an indented class body"},
    {"defafter", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n    x = 1\n",
     "t.py:5:5: error: expected 'def' after the decorator but found 'x'"},
    {"funcattr2", Body({"pl.func_attr({\"a\": 1})", "pl.func_attr({\"a\": 2})"}),
     "t.py:7:9: error: function attr 'a' is given twice"},
    {"funcattrlate", Body({"x = 1", "pl.func_attr({\"a\": 1})"}),
     "t.py:7:9: error: pl.func_attr() must come before every other statement of the function"},
    {"ellipsis_where", Body({"..."}),
     "t.py:6:9: error: a `...` body is only allowed on a SubWorker at level HOST or above (a runtime-bound callback) or an external_source kernel; write the body, or `pass`"},
    {"ellipsis_more", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.AIC, external_source=\"k.cpp\")\n    def f(self):\n        ...\n        x = 1\n",
     "t.py:6:9: error: a `...` body holds nothing else (a docstring and pl.func_attr at most)"},
    // HOST SubWorker bodies: host Python kept as text (parser_python_body.cc).
    {"hostpy_self", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f(self, x: pl.Scalar[pl.INDEX]):\n        pass\n",
     "t.py:5:11: error: SubWorker function 'f' must not declare 'self': a SubWorker at level HOST or above is self-contained; remove the parameter"},
    {"hostpy_self_abstract", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f(self): ...\n",
     "t.py:5:11: error: SubWorker function 'f' must not declare 'self': a SubWorker at level HOST or above is self-contained; remove the parameter"},
    {"hostpy_noblock", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():\n    x = 1\n",
     "t.py:6:5: error: expected an indented block (the host Python body of the function)"},
    {"hostpy_eof", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():",
     "t.py:5:13: error: expected an indented block (the host Python body of the function)"},
    {"hostpy_eof_comment", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():  # c\n\n  # only a comment\n",
     "t.py:8:1: error: expected an indented block (the host Python body of the function)"},
    {"hostpy_unindent", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():\n        x = 1\n      y = 2\n",
     "t.py:7:7: error: unindent does not match any outer indentation level"},
    {"hostpy_tab", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():\n\tx = 1\n",
     "t.py:6:1: error: tab characters are not allowed in indentation"},
    {"hostpy_string", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():\n        x = 'abc\n",
     "t.py:6:13: error: unterminated string literal in the host Python body"},
    {"hostpy_triple", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():\n        x = \"\"\"abc\n\n",
     "t.py:6:13: error: unterminated triple-quoted string literal in the host Python body"},
    {"hostpy_bracket", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():\n        x = g(1,\n",
     "t.py:6:14: error: '(' was never closed in the host Python body"},
    {"hostpy_unmatched", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():\n        x = 1)\n",
     "t.py:6:14: error: unmatched ')' in the host Python body"},
    {"hostpy_mismatch", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():\n        x = [1)\n",
     "t.py:6:15: error: closing ')' does not match '[' in the host Python body"},
    {"hostpy_backslash", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f():\n        x = 1 + \\\n",
     "t.py:7:1: error: unexpected end of input after a '\\' line continuation"},
    {"hostpy_oneline_string", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f(): x = 'a\n",
     "t.py:5:18: error: unterminated string literal in the host Python body"},
    {"hostpy_oneline_indent", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n    def f(): x = 1\n        y = 2\n",
     "t.py:6:9: error: expected a function definition in the program class but found an indented line"},
    {"modfunc", "import pypto.language as pl\ndef g(x):\n    return x\n@pl.program\nclass P:\n    @pl.function\n    def f(self, n: pl.Scalar[pl.INDEX]):\n        x = g(n)\n",
     "t.py:8:13: error: 'g' is defined at module level without @pl.function: only DSL functions can be called"},
    {"unkfunc", Body({"x = self.g(n)"}),
     "t.py:6:18: error: unknown function 'g'"},
    // Module-level constants used where they cannot go.
    {"cstr", Module("S = 'abc'\n", "", {"x = S"}),
     "t.py:7:13: error: 'S' is a string: it is only a kwarg value"},
    {"cdtype", Module("D = pl.FP32\n", "", {"x = D"}),
     "t.py:7:13: error: 'D' is the dtype pl.FP32, not a value; use it where a dtype goes"},
    {"cenum", Module("E = pl.Mem.Vec\n", "", {"x = E"}),
     "t.py:7:13: error: 'E' is an enum member: it is only a kwarg value"},
    {"copaque", Module("O = foo(1)\n", "", {"x = O"}),
     "t.py:7:13: error: 'O' is assigned at module level (2:1) a value the parser cannot evaluate: constants may be numbers, bools, strings, dtypes, enum members, lists and tuples of them, and arithmetic on them"},
    {"cnotints", Module("S = [1, 'a']\n", ", a: pl.Tensor[S, pl.FP32]", {"return"}),
     "t.py:6:30: error: 'S' is not a list of integers"},
    // Types, dtypes, enum members and kwarg values.
    {"pldtype", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n    def f(self, a: pld.Bogus[[16], pl.FP32]):\n        return\n",
     "t.py:5:24: error: unknown type 'pld.Bogus'"},
    {"arrext", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n    def f(self, a: pl.Array[0, pl.INT32]):\n        return\n",
     "t.py:5:29: error: an array extent must be positive"},
    {"memtwice", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n    def f(self, t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec, pl.Mem.Vec]):\n        return\n",
     "t.py:5:59: error: the memory space is given twice"},
    {"memexp", "import pypto.language as pl\n@pl.program\nclass P:\n    @pl.function\n    def f(self, t: pl.Tile[[16, 16], pl.FP32, 1]):\n        return\n",
     "t.py:5:47: error: expected pl.Mem.<space>, pl.MemRef(...) or pl.TileView(...) but found '1'"},
    {"enumcls", Body({"x = pl.tile.load(a, [0, 0], [16, 16], target_memory=pl.Foo.Vec)"}),
     "t.py:6:64: error: pl.Foo values are not kwarg values"},
    {"dotname", Body({"x = pl.(1)"}),
     "t.py:6:16: error: expected a name after '.' but found '('"},
    {"maskpat", Body({"x = pl.tile.MaskPattern.P9"}),
     "t.py:6:33: error: unknown member 'P9' of pl.tile.MaskPattern"},
    {"dtypeval", Body({"x = pl.FP32"}),
     "t.py:6:13: error: pl.FP32 is a dtype, not a value; pass it as a kwarg (e.g. dtype=pl.FP32)"},
    {"getbyte", Body({"x = pl.FOO.get_byte()"}),
     "t.py:6:16: error: unknown dtype 'pl.FOO'"},
    {"minusname", Body({"x = pl.tensor.create([16, 16], dtype=pl.FP32, layout=-n)"}),
     "t.py:6:62: error: expected a kwarg value (a number, a string, True/False, a dtype such as pl.FP32 or an enum such as pl.Mem.Vec) for tensor.create's 'layout'"},
    {"pldenum", Body({"x = pl.tile.adds(t, 1.0, foo=pld.Comm.BOGUS)"}),
     "t.py:6:47: error: unknown value pld.Comm.BOGUS"},
    // Statements and expressions.
    {"notclass", Body({"@pl.function", "def g(self):", "    return"}),
     "t.py:6:9: error: classes and decorators are only allowed at module level"},
    {"declnoval", Body({"x: pl.Scalar[pl.INDEX]"}),
     "t.py:6:31: error: a declaration needs a value: write `x: T = value`"},
    {"assignnonname", Body({"1 = n"}),
     "t.py:6:11: error: only a name can be assigned to"},
    {"annotnonname", Body({"n + 1: pl.Scalar[pl.INDEX] = n"}),
     "t.py:6:14: error: only a name can be annotated"},
    {"notparen3", Body({"x = n + not n"}),
     "t.py:6:17: error: 'not' needs parentheses here"},
    {"exprfound2", Body({"x = n + ,"}),
     "t.py:6:17: error: expected an expression but found ','"},
    {"callnonop", Body({"x = (n)(1)"}),
     "t.py:6:16: error: only ops and functions can be called"},
    {"strvalue", Body({"x = 'abc'"}),
     "t.py:6:13: error: a string is not a value here (strings are kwarg values)"},
    {"selfdot", Body({"x = self.g.h(1)"}),
     "t.py:6:13: error: self.<function>(...) is the only use of self"},
    {"yieldexpr", Body({"x = 1 + pl.yield_(n)"}),
     "t.py:6:17: error: pl.yield_ is a statement: write `r = pl.yield_(v)` as the last statement of a loop or if body"},
    {"negbig", Body({"x = -99999999999999999999"}),
     "t.py:6:14: error: integer literal is out of range"},
    {"stmt_del", Body({"del n"}),
     "t.py:6:9: error: 'del' is not supported"},
    {"stmt_global", Body({"global n"}),
     "t.py:6:9: error: 'global' is not supported"},
    {"with_pl", Body({"with pl.foo():", "    pass"}),
     "t.py:6:17: error: expected pl.at, pl.cluster, pl.spmd, pl.scope or pl.manual_scope after 'with' but found pl.foo"},
    {"with_name", Body({"with foo():", "    pass"}),
     "t.py:6:14: error: expected pl.at, pl.cluster, pl.spmd, pl.scope or pl.manual_scope after 'with' but found 'foo'"},
    // Loops, if/else yields, break.
    {"indentblock", Body({"if n:", "pass"}),
     "t.py:7:9: error: expected an indented block but found 'pass'"},
    {"forkind", Body({"for i in range(4):", "    pass"}),
     "t.py:6:18: error: expected pl.range, pl.parallel, pl.unroll, pl.pipeline, pl.while_, pl.spmd or pl.split_aiv but found 'range'"},
    {"forkind2", Body({"for i in pl.bogus(4):", "    pass"}),
     "t.py:6:21: error: expected pl.range, pl.parallel, pl.unroll, pl.pipeline, pl.while_, pl.spmd or pl.split_aiv but found pl.bogus"},
    {"initvals", Body({"for i, (x,) in pl.range(4, init_values=n):", "    x2 = pl.yield_(x)"}),
     "t.py:6:48: error: init_values must be a tuple: init_values=(a0, b0)"},
    {"whileonly", Body({"for (x,) in pl.while_(init_values=(n,), foo=1):", "    pl.cond(x < 4)", "    x2 = pl.yield_(x)"}),
     "t.py:6:49: error: unknown keyword 'foo' in pl.while_()"},
    {"whileneed", Body({"for () in pl.while_(init_values=()):", "    pl.cond(n < 4)"}),
     "t.py:6:22: error: pl.while_ needs at least one loop-carried value; use `while cond:`"},
    {"whilevar", Body({"for i, (x,) in pl.while_(init_values=(n,)):", "    pl.cond(x < 4)", "    x2 = pl.yield_(x)"}),
     "t.py:6:13: error: pl.while_ has no loop variable: write for (a,) in pl.while_(init_values=(a0,))"},
    {"rangenovar", Body({"for (x,) in pl.range(4, init_values=(n,)):", "    x2 = pl.yield_(x)"}),
     "t.py:6:9: error: pl.range needs a loop variable: for i, (a,) in pl.range(n, init_values=(a0,))"},
    {"whilepos", Body({"for (x,) in pl.while_(4, init_values=(n,)):", "    pl.cond(x < 4)", "    x2 = pl.yield_(x)"}),
     "t.py:6:24: error: pl.while_ takes only init_values; the condition goes in pl.cond()"},
    {"rangeargs", Body({"for i in pl.range(1, 2, 3, 4):", "    pass"}),
     "t.py:6:21: error: pl.range() takes 1 to 3 positional arguments (stop, or start, stop[, step]), got 4"},
    {"stage0", Body({"for i in pl.pipeline(4, stage=0):", "    pass"}),
     "t.py:6:39: error: stage must be a positive integer literal"},
    {"whilecond", Body({"while t:", "    pass"}),
     "t.py:6:9: error: a while condition must be a scalar, got pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]"},
    {"yield2", Body({"for i, (x,) in pl.range(4, init_values=(n,)):", "    x2 = pl.yield_(x, x)"}),
     "t.py:7:18: error: pl.yield_ gives 2 values but one name is assigned"},
    {"elsecount", Body({"if n > 0:", "    r = pl.yield_(n)", "else:", "    r, q = pl.yield_(n, n)"}),
     "t.py:9:20: error: the else branch yields 2 values but the if branch yields 1"},
    {"ifyieldname", Body({"if n > 0:", "    r = pl.yield_(n)", "else:", "    q = pl.yield_(n)"}),
     "t.py:9:13: error: the else branch yields 'q' where the if branch yields 'r'"},
    {"ifyieldtype", Body({"if n > 0:", "    r = pl.yield_(n)", "else:", "    r = pl.yield_(s)"}),
     "t.py:9:17: error: 'r' has type pl.Scalar[pl.INDEX] in the if branch but pl.Scalar[pl.FP32] in the else branch"},
    {"breakout", Body({"break"}),
     "t.py:6:9: error: 'break' is only allowed in a pl.range or while loop (not in pl.parallel, pl.unroll or pl.pipeline)"},
    // Unpacking.
    {"tuplen", Body({"p = pl.tile.adds(t, 1.0)", "x, y = p"}),
     "t.py:7:16: error: assigning several names needs a tuple value, got pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]"},
    {"tuplecount", Orch({"x, y, z = pl.submit(self.k, x)"}),
     "t.py:9:9: error: a submit is unpacked as `out, tid = ...` (2 names) or, for several results, `(a, b), tid = ...`; this one has 1 result(s) and 3 names"},
    {"tuple3", Body({"x, y = (n, n, n)"}),
     "t.py:6:9: error: 2 names are assigned from a tuple of 3"},
    // Subscripts: reads, windows, writes.
    {"slicestep", Body({"x = a[0:8:2, 0:16]"}),
     "t.py:6:19: error: a slice step is not supported in a subscript: write a[start:stop]"},
    {"subnoidx", Body({"x = a[]"}),
     "t.py:6:16: error: a subscript needs an index"},
    {"arrtwo", Body({"arr = pl.array.create(4, pl.INT32)", "x = arr[0, 1]"}),
     "t.py:7:16: error: an array takes a single index: arr[i]"},
    {"ssa", "import pypto.language as pl\n@pl.program(strict_ssa=True)\nclass P:\n    @pl.function\n    def f(self, a: pl.Tensor[[16, 16], pl.FP32], t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]):\n        a[0:16, 0:16] = t\n        return\n",
     "t.py:6:10: error: strict_ssa: 'dst[...] = src' rebinds dst; write dst = pl.assemble(...)"},
    {"subeq", Body({"a[0, 0] + 1"}),
     "t.py:6:17: error: expected '=' after `a[...]` (a subscript write) but found '+'"},
    {"arrset2", Body({"arr = pl.array.create(4, pl.INT32)", "arr[0, 1] = 1"}),
     "t.py:7:12: error: an array takes a single index: arr[i] = value"},
    {"elemwrite", Body({"a[0, 0] = s"}),
     "t.py:6:10: error: an element write 'dst[i, j] = scalar' is not supported for a tensor: write a window, dst[i:i+1, j:j+1] = src"},
    {"tilesub0", Body({"x = t[0:0, 0:16]"}),
     "t.py:6:15: error: a tile subscript must give a positive static extent (keep the bounds inside the tile's shape, upper > lower)"},
    {"tilesubneg", Body({"x = t[4:2, 0:16]"}),
     "t.py:6:15: error: a tile subscript must give a positive static extent (keep the bounds inside the tile's shape, upper > lower)"},
    {"subval", Body({"a[0:16, 0:16] = n"}),
     "t.py:6:25: error: the value assigned to a tensor window must be a tensor, got pl.Scalar[pl.INDEX]"},
    {"sub_tiledyn", Body({"x = t[n:16, 0:16]"}),
     "t.py:6:15: error: a tile subscript needs a constant lower bound (use explicit tile ops for a dynamic window)"},
    {"sub_vrank", Body({"b = pl.tensor.create([2, 16, 16], dtype=pl.FP32)", "a[0:16, 0:16] = b"}),
     "t.py:7:25: error: the value must be 2-D to fill the tensor window, got 3-D"},
    {"sub_wext", Body({"b = pl.tensor.create([16, 16], dtype=pl.FP32)", "a[0:8, 0:16] = b"}),
     "t.py:7:24: error: the tensor window has 8 elements on the value's axis 0, the value 16"},
    // Calls of @pl.inline functions (parser_inline.cc); the body starts on line 9.
    {"inl_arity", Module(kInc, ", n: pl.Scalar[pl.INDEX]", {"y = inc(n, n)"}),
     "t.py:9:13: error: inline function 'inc' (t.py:3) expects 1 argument(s), got 2"},
    {"inl_kwarg", Module(kInc, ", n: pl.Scalar[pl.INDEX]", {"y = inc(x=n)"}),
     "t.py:9:17: error: inline function 'inc' takes positional arguments only"},
    {"inl_notvar", Module(kInc, ", n: pl.Scalar[pl.INDEX]", {"y = inc(n + 1)"}),
     "t.py:9:13: error: inline function 'inc': argument 1 must be a variable name"},
    {"inl_noret",
     Module("@pl.inline\ndef noret(x: pl.Scalar[pl.INDEX]):\n    y = x\n",
            ", n: pl.Scalar[pl.INDEX]", {"y = noret(n)"}),
     "t.py:9:13: error: inline function 'noret' has no return value"},
    {"inl_recursive",
     Module("@pl.inline\ndef rec(x: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
            "    return rec(x)\n",
            ", n: pl.Scalar[pl.INDEX]", {"y = rec(n)"}),
     "t.py:4:12: error: inline function 'rec' expands itself (recursive @pl.inline calls)"},
  };
}

class ParserErrorsTest : public ::testing::TestWithParam<ErrorCase> {};

TEST_P(ParserErrorsTest, RejectsWithALocatedMessage) { ExpectLocatedError(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Cases, ParserErrorsTest, ::testing::ValuesIn(TextCases()),
                         CaseName);

}  // namespace
}  // namespace pto::ir
