// py::CanonicalPython against CPython 3.11's ast.unparse: one table per
// area of input -> canonical text (each expected text was checked against
// "\n".join(ast.unparse(s) for s in ast.parse(input).body)), then the
// syntax errors with their places, and what is left to the caller's text.

#include "ir/text/python/unparse.h"

#include <string>

#include "gtest/gtest.h"

namespace pto::ir::text::py {
namespace {

struct Row {
  const char* in;
  const char* out;
};

std::string Canon(absl::string_view src, ParseResult* r, SyntaxError* err,
                  TokMode mode = TokMode::kBlock) {
  std::string out;
  *r = CanonicalPython(src, {0, static_cast<uint32_t>(src.size()), 1, 0}, mode, &out, err);
  return out;
}

void ExpectRows(const Row* rows, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    ParseResult r;
    SyntaxError err;
    const std::string out = Canon(rows[i].in, &r, &err);
    EXPECT_EQ(r, ParseResult::kOk) << rows[i].in << ": " << err.message;
    EXPECT_EQ(out, rows[i].out) << rows[i].in;
    // ast.unparse is a fixed point on its own output.
    const std::string again = Canon(out, &r, &err);
    EXPECT_EQ(again, out) << rows[i].in;
  }
}

constexpr Row kExpressions[] = {
    {"x = f( a,b )",
     "x = f(a, b)"},
    {"x = a ** b ** c",
     "x = a ** b ** c"},
    {"x = (a ** b) ** c",
     "x = (a ** b) ** c"},
    {"x = -a ** 2",
     "x = -a ** 2"},
    {"x = (-a) ** 2",
     "x = (-a) ** 2"},
    {"x = not a == b",
     "x = not a == b"},
    {"x = a < b <= c",
     "x = a < b <= c"},
    {"x = a or b or c and d",
     "x = a or b or (c and d)"},
    {"x = (a and b) or c",
     "x = a and b or c"},
    {"x = a - (b - c)",
     "x = a - (b - c)"},
    {"x = (a + b) * c",
     "x = (a + b) * c"},
    {"x = a if b else c if d else e",
     "x = a if b else c if d else e"},
    {"x = (a if b else c) if d else e",
     "x = (a if b else c) if d else e"},
    {"x = lambda x, *a, k=1, **kw: x",
     "x = lambda x, *a, k=1, **kw: x"},
    {"x = [i for i in range(3) if i]",
     "x = [i for i in range(3) if i]"},
    {"x = {k: v for k, v in d.items()}",
     "x = {k: v for k, v in d.items()}"},
    {"f(x for x in y)",
     "f((x for x in y))"},
    {"x = {1: 2, **e}",
     "x = {1: 2, **e}"},
    {"x = {1, 2}",
     "x = {1, 2}"},
    {"x = (y := 3)",
     "x = (y := 3)"},
    {"x = a[1:2, ::3]",
     "x = a[1:2, ::3]"},
    {"x = a[1,]",
     "x = a[1,]"},
    {"x = a[*b]",
     "x = a[*b,]"},
    {"print(*a, sep='', **k)",
     "print(*a, sep='', **k)"},
    {"x = 1 .real",
     "x = 1 .real"},
    {"x = (1).real",
     "x = 1 .real"},
    {"x = True.real",
     "x = True .real"},
    {"x = ~a + +b - -c",
     "x = ~a + +b - -c"},
    {"x = await a",
     "x = await a"},
    {"t = 1, 2",
     "t = (1, 2)"},
    {"a, *b = c",
     "a, *b = c"},
};

constexpr Row kLiterals[] = {
    {"s = '\\u0378\\U0001dcba\\u1fff\\ufefe\\u00e9'",
     "s = '\\u0378\\U0001dcba\\u1fff\\ufefeé'"},
    {"s = \"a\"",
     "s = 'a'"},
    {"s = 'it\\'s'",
     "s = \"it's\""},
    {"s = \"say \\\"hi\\\"\"",
     "s = 'say \"hi\"'"},
    {"s = 'a' \"b\"",
     "s = 'ab'"},
    {"s = u'x'",
     "s = u'x'"},
    {"s = r'\\d'",
     "s = '\\\\d'"},
    {"s = b'\\x00\\xff'",
     "s = b'\\x00\\xff'"},
    {"s = '''a\n  b'''",
     "s = 'a\\n  b'"},
    {"s = '\\t\\u00e9\\x7f'",
     "s = '\\té\\x7f'"},
    {"n = 0x10",
     "n = 16"},
    {"n = 1_000",
     "n = 1000"},
    {"n = 0o17 + 0b101",
     "n = 15 + 5"},
    {"n = 123456789012345678901234567890",
     "n = 123456789012345678901234567890"},
    {"n = 1e3",
     "n = 1000.0"},
    {"n = 1.5e-7",
     "n = 1.5e-07"},
    {"n = 1e16",
     "n = 1e+16"},
    {"n = 1e15",
     "n = 1000000000000000.0"},
    {"n = .5",
     "n = 0.5"},
    {"n = 1e400",
     "n = 1e309"},
    {"n = 3j",
     "n = 3j"},
    {"n = 1.5J",
     "n = 1.5j"},
    {"x = f'{a!r:>10} {b=}'",
     "x = f'{a!r:>10} b={b!r}'"},
    {"x = f\"{'q'}\"",
     "x = f\"{'q'}\""},
    {"x = f'{x:{w}}'",
     "x = f'{x:{w}}'"},
    {"x = f'{{}}{x}\\n'",
     "x = f'{{}}{x}\\n'"},
    {"x = f'{x}' 'y'",
     "x = f'{x}y'"},
};

constexpr Row kStatements[] = {
    {"x = y = 1",
     "x = y = 1"},
    {"x += 1",
     "x += 1"},
    {"x: int",
     "x: int"},
    {"x: int = 1",
     "x: int = 1"},
    {"(x): int = 1",
     "(x): int = 1"},
    {"a.b: int = 1",
     "a.b: int = 1"},
    {"return",
     "return"},
    {"return 1, 2",
     "return (1, 2)"},
    {"assert x, 'msg'",
     "assert x, 'msg'"},
    {"import a.b as c, d",
     "import a.b as c, d"},
    {"from .. import a as b",
     "from .. import a as b"},
    {"from . m import (x, y,)",
     "from .m import x, y"},
    {"while x: pass; break",
     "while x:\n    pass\n    break"},
    {"raise",
     "raise"},
    {"raise E from e",
     "raise E from e"},
    {"del a, b[0]",
     "del a, b[0]"},
    {"global a, b",
     "global a, b"},
    {"nonlocal x",
     "nonlocal x"},
    {"x = yield",
     "x = (yield)"},
    {"yield from g",
     "yield from g"},
};

constexpr Row kCompound[] = {
    {"if a:\n    pass\nelif b:\n    x = 1\nelse:\n    y = 2",
     "if a:\n    pass\nelif b:\n    x = 1\nelse:\n    y = 2"},
    {"if a: b()",
     "if a:\n    b()"},
    {"if a:\n    pass\nelse:\n    if b:\n        pass",
     "if a:\n    pass\nelif b:\n    pass"},
    {"for i, j in z:\n    continue\nelse:\n    pass",
     "for i, j in z:\n    continue\nelse:\n    pass"},
    {"while x:\n    break",
     "while x:\n    break"},
    {"with open(f) as g, h:\n    pass",
     "with open(f) as g, h:\n    pass"},
    {"with (a as b, c):\n    pass",
     "with a as b, c:\n    pass"},
    {"try:\n    pass\nexcept (A, B) as e:\n    raise\nelse:\n    pass\nfinally:\n    pass",
     "try:\n    pass\nexcept (A, B) as e:\n    raise\nelse:\n    pass\nfinally:\n    pass"},
    {"try:\n    pass\nexcept* E:\n    pass",
     "try:\n    pass\nexcept* E:\n    pass"},
    {"def f(a, /, b=1, *, c, **k) -> int:\n    '''doc'''\n    return a",
     "def f(a, /, b=1, *, c, **k) -> int:\n    \"\"\"doc\"\"\"\n    return a"},
    {"x = 1\ndef g():\n    pass",
     "x = 1\ndef g():\n    pass"},
    {"def f():\n    x = 1\n    def g():\n        pass",
     "def f():\n    x = 1\n\n    def g():\n        pass"},
    {"@dec\nclass A(B, metaclass=M):\n    x: int = 1",
     "@dec\nclass A(B, metaclass=M):\n    x: int = 1"},
    {"async def f():\n    async for a in b:\n        await c\n    async with d:\n        pass",
     "async def f():\n    async for a in b:\n        await c\n    async with d:\n        pass"},
    {"match x, y:\n    case (a, b) | [a, b]:\n        pass\n    case {'k': v, **rest}:\n        pass\n    case Point(x=0, y=_) if x > 1:\n        pass\n    case [1, *_, 2]:\n        pass\n    case -1 | 1+2j | None:\n        pass\n    case (1 | 2) as z:\n        pass\n    case _:\n        pass",
     "match (x, y):\n    case [a, b] | [a, b]:\n        pass\n    case {'k': v, **rest}:\n        pass\n    case Point(x=0, y=_) if x > 1:\n        pass\n    case [1, *_, 2]:\n        pass\n    case -1 | 1 + 2j | None:\n        pass\n    case 1 | 2 as z:\n        pass\n    case _:\n        pass"},
    {"match = [1]; match[0]",
     "match = [1]\nmatch[0]"},
    {"def f(*args: *Ts):\n    pass",
     "def f(*args: *Ts):\n    pass"},
};

TEST(PythonUnparseTest, Expressions) { ExpectRows(kExpressions, std::size(kExpressions)); }
TEST(PythonUnparseTest, StringsAndNumbers) { ExpectRows(kLiterals, std::size(kLiterals)); }
TEST(PythonUnparseTest, Statements) { ExpectRows(kStatements, std::size(kStatements)); }
TEST(PythonUnparseTest, CompoundStatements) { ExpectRows(kCompound, std::size(kCompound)); }

TEST(PythonUnparseTest, CommentsBlankLinesAndBracketedLinesGo) {
  ParseResult r;
  SyntaxError err;
  EXPECT_EQ(Canon("# lead\nx = foo(1,  # one\n        2)\n\n\ny = [\n  3,\n]  # tail\n", &r, &err),
            "x = foo(1, 2)\ny = [3]");
  EXPECT_EQ(r, ParseResult::kOk);
}

TEST(PythonUnparseTest, IndentedBlockAndOneLineForms) {
  ParseResult r;
  SyntaxError err;
  // A block indented under its header: the first statement line sets the base.
  EXPECT_EQ(Canon("        if a:\n            b( 1 )\n        c = 2\n", &r, &err),
            "if a:\n    b(1)\nc = 2");
  // After `def f():` on the header's line: one logical line only.
  EXPECT_EQ(Canon("x = f( a,b ); y = 2\nz = 3\n", &r, &err, TokMode::kLine), "x = f(a, b)\ny = 2");
  EXPECT_EQ(r, ParseResult::kOk);
}

struct ErrorRow {
  const char* in;
  uint32_t line;
  uint32_t col;
  const char* message;
};

constexpr ErrorRow kErrors[] = {
    {"x = (1,\n", 1, 5, "'(' was never closed"},
    {"x = 'abc", 1, 5, "unterminated string literal"},
    {"f() = 1", 1, 1, "cannot assign to function call"},
    {"x = 01", 1, 5, "leading zeros in decimal integer literals are not permitted"},
    {"def f(a=1, b):\n    pass", 1, 12, "non-default argument follows default argument"},
    {"x = f'{}'", 1, 8, "f-string: empty expression not allowed"},
    {"x = 1 +", 1, 8, "invalid syntax"},
    {"if x:\npass", 2, 1, "expected an indented block"},
    {"x = b'a' 'b'", 1, 10, "cannot mix bytes and nonbytes literals"},
    {"f(a=1, b)", 1, 8, "positional argument follows keyword argument"},
    {"try:\n    pass\nx = 1", 3, 1, "expected 'except' or 'finally' block"},
    {"x = a[1", 1, 6, "'[' was never closed"},
    {"x = f'{a!z}'", 1, 9, "f-string: invalid conversion character"},
    {"del f()", 1, 5, "cannot delete function call"},
    {"x = $", 1, 5, "invalid character '$'"},
    // What CPython's compiler rejects in a function body.
    {"break", 1, 1, "'break' outside loop"},
    {"for x in y:\n    pass\nelse:\n    continue", 4, 5, "'continue' not properly in loop"},
    {"class C:\n    return 1", 2, 5, "'return' outside function"},
    {"async for x in y:\n    pass", 1, 1, "'async for' outside async function"},
    {"from m import *", 1, 15, "import * only allowed at module level"},
    {"from __future__ import annotations", 1, 1, "from __future__ imports must occur"},
    {"try:\n    pass\nexcept:\n    pass\nexcept E:\n    pass", 3, 1,
     "default 'except:' must be last"},
    {"x = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
     "((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((("
     "(((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1",
     1, 205, "too many nested parentheses"},
};

TEST(PythonUnparseTest, SyntaxErrorsAreLocated) {
  for (const ErrorRow& e : kErrors) {
    ParseResult r;
    SyntaxError err;
    Canon(e.in, &r, &err);
    EXPECT_EQ(r, ParseResult::kSyntaxError) << e.in;
    EXPECT_EQ(err.pos.line, e.line) << e.in;
    EXPECT_EQ(err.pos.col, e.col) << e.in;
    EXPECT_NE(err.message.find(e.message), std::string::npos) << e.in << ": " << err.message;
  }
}

TEST(PythonUnparseTest, ValidPythonOutOfReachIsUnsupportedNotAnError) {
  const std::string deep_unary = "x = " + std::string(1000, '-') + "1";
  std::string long_sum = "x = 1";
  for (int i = 0; i < 2000; ++i) long_sum += "+1";
  // A non-printable character (U+0093) in a nested replacement field of a
  // format spec: ast.unparse's escape puts a backslash in an expression
  // part, which does not read back (found by parser_fuzzer).
  const std::string spec_escape = "s = f'{x:{y\xc2\x93}}'";
  for (const std::string& in :
       {std::string("s = '\\N{EM DASH}'"), deep_unary, long_sum, spec_escape}) {
    ParseResult r;
    SyntaxError err;
    Canon(in, &r, &err);
    EXPECT_EQ(r, ParseResult::kUnsupported) << in.substr(0, 40);
    EXPECT_FALSE(err.message.empty());
  }
}

}  // namespace
}  // namespace pto::ir::text::py
