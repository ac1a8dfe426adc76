// HOST SubWorker bodies kept as host Python text: what the parser keeps,
// how it prints, and that the text takes part in structural equality.

#include <string>

#include "absl/strings/str_cat.h"
#include "gtest/gtest.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/structural_hash.h"
#include "ir/context.h"
#include "ir/text/parser/parser.h"
#include "ir/text/printer/printer.h"
#include "ir/text/testing/roundtrip.h"

namespace pto::ir {
namespace {

constexpr absl::string_view kHead =
    "import pypto.language as pl\n@pl.program\nclass P:\n"
    "    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n"
    "    def verify(f: pl.Tensor[[64], pl.FP32]):\n";

std::string WithBody(absl::string_view body) { return absl::StrCat(kHead, body); }

TEST(PythonBodyTest, KeepsTheBodyAsText) {
  Context ctx;
  absl::StatusOr<Program> p = ParseProgram(
      ctx, WithBody("        import torch  # noqa\n\n        assert torch.allclose(f, f)\n"),
      "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  const Function* f = p->FindFunction("verify");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->attrs().python_body, "import torch\nassert torch.allclose(f, f)");
  EXPECT_FALSE(f->attrs().requires_runtime_binding);
  const auto* seq = f->body()->As<SeqStmts>();
  ASSERT_NE(seq, nullptr);
  EXPECT_TRUE(seq->stmts().empty());
  EXPECT_EQ(PrintProgram(*p),
            "# pypto.program: P\nimport pypto.language as pl\n\n@pl.program\nclass P:\n"
            "    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n"
            "    def verify(f: pl.Tensor[[64], pl.FP32]):\n"
            "        import torch\n        assert torch.allclose(f, f)");
}

TEST(PythonBodyTest, AbstractBodyStaysRuntimeBound) {
  Context ctx;
  absl::StatusOr<Program> p =
      ParseProgram(ctx, WithBody("        \"\"\"Doc.\"\"\"\n        ...\n"), "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  const Function* f = p->FindFunction("verify");
  EXPECT_TRUE(f->attrs().requires_runtime_binding);
  EXPECT_TRUE(f->attrs().python_body.empty());
}

// The print of a program whose host body is `body`, checked to verify, to be
// a fixed point and to read back structurally equal; or the first error.
std::string RoundTrip(absl::string_view body) {
  Context ctx;
  RoundTripOptions options;
  options.verify = RoundTripVerify::kReturnError;
  options.structural = true;
  return PrintRoundTrip(ctx, WithBody(body), options);
}

TEST(PythonBodyTest, RoundTripIsStructurallyEqual) {
  std::string out =
      RoundTrip("        s = '''a\n  # b\n'''\n        g(1,\n  2)\n        if s:\n"
                "            raise ValueError(f\"{s!r}\")\n");
  EXPECT_EQ(out.find("error"), std::string::npos) << out;
  EXPECT_NE(out.find("        s = 'a\\n  # b\\n'\n        g(1, 2)\n        if s:\n"
                     "            raise ValueError(f'{s!r}')"),
            std::string::npos)
      << out;
}

// Upstream keeps "\n".join(ast.unparse(stmt) for stmt in body): so does the IR.
TEST(PythonBodyTest, KeepsTheCanonicalForm) {
  Context ctx;
  absl::StatusOr<Program> p = ParseProgram(
      ctx, WithBody("        x = f( a,b )  # c\n        s = \"a\" 'b'\n        n = 0x10 + 1e3\n"),
      "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->FindFunction("verify")->attrs().python_body,
            "x = f(a, b)\ns = 'ab'\nn = 16 + 1000.0");
}

TEST(PythonBodyTest, OneLineBodyIsCanonicalToo) {
  Context ctx;
  absl::StatusOr<Program> p = ParseProgram(
      ctx,
      "import pypto.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(level=pl.Level.HOST, role=pl.Role.SubWorker)\n"
      "    def verify(f: pl.Tensor[[64], pl.FP32]): return ( f )\n",
      "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->FindFunction("verify")->attrs().python_body, "return f");
}

TEST(PythonBodyTest, PythonSyntaxErrorIsLocated) {
  Context ctx;
  absl::StatusOr<Program> p =
      ParseProgram(ctx, WithBody("        x = 1\n        y = f(a=1, b)\n"), "t.py");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("t.py:7:20: error: invalid host Python: positional "
                                      "argument follows keyword argument"),
            std::string::npos)
      << p.status();
}

// The print follows upstream's (later lines re-indented to the body) except
// inside a string, which must not change on re-reading.
TEST(PythonBodyTest, NestedDocstringPrintsAndReadsBack) {
  std::string out =
      RoundTrip("        x = 1\n        def g( a ):\n            '''Two\n  lines.'''\n"
                "            return a\n");
  EXPECT_EQ(out.find("error"), std::string::npos) << out;
  EXPECT_NE(out.find("        x = 1\n        def g(a):\n            \"\"\"Two\n  lines.\"\"\"\n"
                     "            return a"),
            std::string::npos)
      << out;
}

// Valid Python the canonicalizer does not cover keeps the scanned text.
TEST(PythonBodyTest, UncoveredPythonKeepsTheUsersText) {
  Context ctx;
  absl::StatusOr<Program> p = ParseProgram(
      ctx, WithBody("        s  =  '\\N{EM DASH}'  # c\n        if s :\n            pass\n"), "t.py");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->FindFunction("verify")->attrs().python_body,
            "s  =  '\\N{EM DASH}'\nif s :\n    pass");
}

}  // namespace
}  // namespace pto::ir
