#include "ir/text/parser.h"

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/op_registry.h"
#include "ir/text/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

// A one-function program; the body starts on line 6, column 9.
constexpr absl::string_view kPrefix =
    "import pypto.language as pl\n"
    "@pl.program\n"
    "class P:\n"
    "    @pl.function\n"
    "    def f(self, a: pl.Scalar[pl.INDEX], t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], "
    "x: pl.Tensor[[16, 16], pl.FP32], p: pl.Tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.FP32]]):\n";

std::string Wrap(std::vector<std::string> lines) {
  std::string out(kPrefix);
  for (const std::string& l : lines) absl::StrAppend(&out, "        ", l, "\n");
  return out;
}

class ParserTest : public ::testing::Test {
 protected:
  absl::StatusOr<Program> Parse(absl::string_view text) { return ParseProgram(ctx_, text, "t.py"); }
  // The error message of parsing `text` (empty if it parsed).
  std::string ErrorOf(absl::string_view text, const ParseOptions& options = {}) {
    absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py", options);
    if (p.ok()) return "";
    EXPECT_EQ(p.status().code(), absl::StatusCode::kInvalidArgument);
    return std::string(p.status().message());
  }
  // The statements of the only function of `text`.
  Stmts BodyOf(absl::string_view text) {
    absl::StatusOr<Program> p = Parse(text);
    EXPECT_TRUE(p.ok()) << p.status();
    if (!p.ok()) return {};
    return p->functions()[0]->body()->As<SeqStmts>()->stmts();
  }
  const Expr* ValueOf(const Stmt* s) { return s->As<AssignStmt>()->value(); }
  Context ctx_;
};

// --- Accepted spellings and the IR they build ----------------------------------------

TEST_F(ParserTest, HandWrittenSpellings) {
  absl::string_view text =
      "from pypto import language as pl\n"
      "import pypto.language.distributed as pld\n"
      "\n"
      "\n"
      "@pl.program\n"
      "class Hand:\n"
      "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
      "role=pl.Role.SubWorker)\n"
      "    def k(self, x: pl.Tensor[[16, 16], pl.INT32]):\n"
      "        t = pl.tile.load(x, [0, 0], [16, 16], target_memory=pl.MemorySpace.Vec)\n"
      "        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, "
      "target_type=pl.FP16, mode=\"rint\")\n"
      "\n"
      "    @pl.function\n"
      "    def g(n: pl.Scalar[pl.INDEX]) -> None:\n"
      "        pass\n";
  absl::StatusOr<Program> p = Parse(text);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->name(), "Hand");
  ASSERT_EQ(p->functions().size(), 2u);
  const Function* k = p->functions()[0];
  EXPECT_EQ(k->func_type(), FunctionType::kInCore);
  Stmts body = k->body()->As<SeqStmts>()->stmts();
  ASSERT_EQ(body.size(), 2u);
  // tile.load with three positional args gets valid_shape = shapes.
  const Call* load = ValueOf(body[0])->As<Call>();
  ASSERT_EQ(load->args().size(), 4u);
  EXPECT_EQ(load->arg(3), load->arg(2));
  const Call* cast = ValueOf(body[1])->As<Call>();
  EXPECT_EQ(cast->FindKwarg("mode")->As<RoundMode>(), RoundMode::kRint);
  EXPECT_EQ(p->functions()[1]->params().size(), 1u);
  EXPECT_TRUE(p->functions()[1]->return_types().empty());
}

TEST_F(ParserTest, FormattedMultiLineSignaturesAndComments) {
  absl::string_view text =
      "# pypto.program: Fmt\n"
      "import pypto.language as pl  # trailing comment\n"
      "\n"
      "\n"
      "@pl.program\n"
      "class Fmt:\n"
      "    # a comment above a function belongs to nothing\n"
      "    @pl.function\n"
      "    # between the decorator and def\n"
      "    def f(\n"
      "        self,\n"
      "        a: pl.Scalar[pl.INDEX],  # param comment\n"
      "        # own-line comment inside brackets\n"
      "        b: pl.Scalar[pl.INDEX],\n"
      "    ) -> pl.Scalar[pl.INDEX]:\n"
      "        # first\n"
      "        c: pl.Scalar[pl.INDEX] = pl.min(\n"
      "            a,\n"
      "            b,\n"
      "        )  # trailing\n"
      "\n"
      "        # second\n"
      "        return c\n"
      "# at the end\n";
  Stmts body = BodyOf(text);
  ASSERT_EQ(body.size(), 2u);
  ASSERT_EQ(body[0]->comments().size(), 1u);
  EXPECT_EQ(body[0]->comments()[0], "first");
  ASSERT_EQ(body[1]->comments().size(), 1u);
  EXPECT_EQ(body[1]->comments()[0], "second");
}

TEST_F(ParserTest, LiteralsAndConstants) {
  Stmts body = BodyOf(Wrap({
      "b = 7",
      "c = 2.5",
      "d = True",
      "e = pl.const(7, pl.INT32)",
      "f = pl.const(-3, pl.INT64)",
      "g = pl.const(2, pl.FP16)",
      "h = pl.const(0.5, pl.BF16)",
      "i = -1",
      "j = -2.5",
      "k = 1e+17",
      "l = -9223372036854775808",
  }));
  ASSERT_EQ(body.size(), 11u);
  auto int_of = [&](int i) { return ValueOf(body[i])->As<ConstInt>(); };
  auto float_of = [&](int i) { return ValueOf(body[i])->As<ConstFloat>(); };
  EXPECT_EQ(int_of(0)->dtype(), DataType::kIndex);
  EXPECT_EQ(int_of(0)->value(), 7);
  EXPECT_EQ(float_of(1)->dtype(), DataType::kFP32);
  EXPECT_EQ(float_of(1)->value(), 2.5);
  EXPECT_TRUE(ValueOf(body[2])->As<ConstBool>()->value());
  EXPECT_EQ(int_of(3)->dtype(), DataType::kInt32);
  EXPECT_EQ(int_of(4)->value(), -3);
  EXPECT_EQ(int_of(4)->dtype(), DataType::kInt64);
  EXPECT_EQ(float_of(5)->dtype(), DataType::kFP16);
  EXPECT_EQ(float_of(5)->value(), 2.0);
  EXPECT_EQ(float_of(6)->dtype(), DataType::kBF16);
  // Negated literals fold to constants.
  EXPECT_EQ(int_of(7)->value(), -1);
  EXPECT_EQ(float_of(8)->value(), -2.5);
  EXPECT_EQ(float_of(9)->value(), 1e17);
  EXPECT_EQ(int_of(10)->value(), INT64_MIN);
}

TEST_F(ParserTest, ScalarPromotion) {
  absl::string_view text =
      "import pypto.language as pl\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def f(self, a: pl.Scalar[pl.INT32], b: pl.Scalar[pl.INT64]):\n"
      "        c = a + 1\n"
      "        d = 1 + b\n"
      "        e = a < 4\n";
  Stmts body = BodyOf(text);
  ASSERT_EQ(body.size(), 3u);
  EXPECT_EQ(PrintExpr(ValueOf(body[0])), "pl.cast(a, pl.INDEX) + 1");
  EXPECT_EQ(ValueOf(body[0])->type(), ctx_.GetScalarType(DataType::kIndex));
  // INDEX and INT64 mix without a cast; the left dtype wins the tie.
  EXPECT_EQ(PrintExpr(ValueOf(body[1])), "1 + b");
  EXPECT_EQ(ValueOf(body[1])->type(), ctx_.GetScalarType(DataType::kIndex));
  EXPECT_EQ(ValueOf(body[2])->type(), ctx_.GetScalarType(DataType::kBool));
}

TEST_F(ParserTest, UnifiedCast) {
  absl::string_view text =
      "import pypto.language as pl\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def f(self, a: pl.Scalar[pl.INT32], t: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec], "
      "x: pl.Tensor[[16, 16], pl.FP32]):\n"
      "        s = pl.cast(a, pl.INDEX)\n"
      "        s2 = pl.cast(a, target_type=pl.FP32, mode='round')\n"
      "        u = pl.cast(t, pl.FP16, 'floor')\n"
      "        v = pl.cast(t, target_type=pl.BF16, saturation_mode='on')\n"
      "        w = pl.cast(x, pl.FP16)\n";
  Stmts body = BodyOf(text);
  ASSERT_EQ(body.size(), 5u);
  const auto* s = ValueOf(body[0])->As<UnaryExpr>();
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->op(), UnaryOp::kCast);
  EXPECT_EQ(s->dtype(), DataType::kIndex);
  EXPECT_EQ(ValueOf(body[1])->As<UnaryExpr>()->dtype(), DataType::kFP32);
  const Call* u = ValueOf(body[2])->As<Call>();
  EXPECT_EQ(u->op()->name(), "tile.cast");
  EXPECT_EQ(u->FindKwarg("mode")->As<RoundMode>(), RoundMode::kFloor);
  EXPECT_EQ(u->FindKwarg("target_type")->dtype(), DataType::kFP16);
  const Call* v = ValueOf(body[3])->As<Call>();
  EXPECT_EQ(v->FindKwarg("saturation_mode")->As<SaturationMode>(), SaturationMode::kOn);
  EXPECT_EQ(ValueOf(body[4])->As<Call>()->op()->name(), "tensor.cast");
}

TEST_F(ParserTest, KeywordArgsByNameOrPosition) {
  Stmts body = BodyOf(Wrap({
      "f = pl.tile.full([16, 16], dtype=pl.FP32, value=1.0)",
      "g = pl.tile.full([16, 16], pl.FP32, 1.0)",
  }));
  ASSERT_EQ(body.size(), 2u);
  EXPECT_EQ(PrintExpr(ValueOf(body[0])), PrintExpr(ValueOf(body[1])));
  EXPECT_EQ(PrintExpr(ValueOf(body[0])), "pl.tile.full([16, 16], dtype=pl.FP32, value=1.0)");
}

TEST_F(ParserTest, TuplesListsAndIndexing) {
  Stmts body = BodyOf(Wrap({
      "b = (a, 1)",
      "c = (a,)",
      "d = ()",
      "e = [a, [1, 2]]",
      "g = p[1]",
      "h = (a)",
  }));
  ASSERT_EQ(body.size(), 6u);
  EXPECT_EQ(ValueOf(body[0])->As<MakeTuple>()->elements().size(), 2u);
  EXPECT_EQ(ValueOf(body[1])->As<MakeTuple>()->elements().size(), 1u);
  EXPECT_EQ(ValueOf(body[2])->As<MakeTuple>()->elements().size(), 0u);
  EXPECT_EQ(PrintExpr(ValueOf(body[3])), "[a, [1, 2]]");
  const auto* g = ValueOf(body[4])->As<TupleGetItem>();
  ASSERT_NE(g, nullptr);
  EXPECT_EQ(g->index(), 1);
  EXPECT_EQ(g->type(), ctx_.GetScalarType(DataType::kFP32));
  EXPECT_TRUE(ValueOf(body[5])->Is<Var>());
}

TEST_F(ParserTest, DynamicDims) {
  absl::string_view text =
      "import pypto.language as pl\n"
      "N = pl.dynamic('N')\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def f(self, x: pl.Tensor[[N, M], pl.FP32], y: pl.Tensor[[M, N], pl.FP32]):\n"
      "        pass\n";
  absl::StatusOr<Program> p = Parse(text);
  ASSERT_TRUE(p.ok()) << p.status();
  const Function* f = p->functions()[0];
  ExprSpan xs = f->params()[0]->type()->As<TensorType>()->shape();
  ExprSpan ys = f->params()[1]->type()->As<TensorType>()->shape();
  // The undeclared M became a dynamic dim shared by both params.
  EXPECT_EQ(xs[0], ys[1]);
  EXPECT_EQ(xs[1], ys[0]);
  EXPECT_EQ(xs[1]->As<Var>()->name(), "M");
  EXPECT_THAT(PrintProgram(*p), HasSubstr("M = pl.dynamic(\"M\")\nN = pl.dynamic(\"N\")\n"));
}

TEST_F(ParserTest, ForwardReferencesToLaterFunctions) {
  absl::string_view text =
      "import pypto.language as pl\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def main(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
      "        b: pl.Scalar[pl.INDEX] = self.helper(a)\n"
      "        c: pl.Tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.FP32]] = self.pair(b)\n"
      "        return self.helper(b)\n"
      "    @pl.function\n"
      "    def pair(self, a: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], "
      "pl.Scalar[pl.FP32]]:\n"
      "        return a, 1.0\n"
      "    @pl.function\n"
      "    def helper(self, z: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
      "        return z\n";
  absl::StatusOr<Program> p = Parse(text);
  ASSERT_TRUE(p.ok()) << p.status();
  ASSERT_EQ(p->functions().size(), 3u);
  // The function defined after its first call keeps the params the call saw.
  const Function* helper = p->FindFunction("helper");
  Stmts hb = helper->body()->As<SeqStmts>()->stmts();
  EXPECT_EQ(hb[0]->As<ReturnStmt>()->values()[0], helper->params()[0]);
  Stmts mb = p->FindFunction("main")->body()->As<SeqStmts>()->stmts();
  const Type* pair[] = {ctx_.GetScalarType(DataType::kIndex), ctx_.GetScalarType(DataType::kFP32)};
  EXPECT_EQ(mb[1]->As<AssignStmt>()->var()->type(), ctx_.GetTupleType(pair));
  std::string printed = PrintProgram(*p);
  EXPECT_LT(printed.find("def helper"), printed.find("def main"));
}

TEST_F(ParserTest, RecursionKeepsProgramOrder) {
  // A call cycle (here self-recursion) makes the printer keep program order,
  // as upstream's topological sort does.
  absl::string_view text =
      "import pypto.language as pl\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def main(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
      "        return self.rec(a)\n"
      "    @pl.function\n"
      "    def rec(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
      "        return self.rec(a)\n";
  absl::StatusOr<Program> p = Parse(text);
  ASSERT_TRUE(p.ok()) << p.status();
  std::string printed = PrintProgram(*p);
  EXPECT_LT(printed.find("def main"), printed.find("def rec"));
}

TEST_F(ParserTest, LoopVarDTypeFollowsTypedBounds) {
  Stmts body = BodyOf(Wrap({
      "for i in pl.range(pl.const(0, pl.INT64), pl.const(4, pl.INT64)):",
      "    pass",
      "for j in pl.range(pl.const(4, pl.INT32)):",
      "    pass",
      "for k in pl.range(a):",
      "    pass",
  }));
  ASSERT_EQ(body.size(), 3u);
  EXPECT_EQ(body[0]->As<ForStmt>()->loop_var()->type(), ctx_.GetScalarType(DataType::kInt64));
  EXPECT_EQ(body[1]->As<ForStmt>()->loop_var()->type(), ctx_.GetScalarType(DataType::kInt32));
  EXPECT_EQ(body[2]->As<ForStmt>()->loop_var()->type(), ctx_.GetScalarType(DataType::kIndex));
}

TEST_F(ParserTest, NodesCarrySourceLocations) {
  Stmts body = BodyOf(Wrap({"b = a + 1", "for i in pl.range(4):", "    pass"}));
  ASSERT_EQ(body.size(), 2u);
  EXPECT_EQ(body[0]->loc().line, 6u);
  EXPECT_EQ(body[0]->loc().col, 9u);
  EXPECT_EQ(ctx_.FormatLoc(body[1]->loc()), "t.py:7:9");
  EXPECT_EQ(ValueOf(body[0])->loc().col, 13u);
}

TEST_F(ParserTest, ReassignmentShadowsAndBranchScopes) {
  // Python function scope: a name may be rebound; each binding is a new Var.
  Stmts body = BodyOf(Wrap({
      "b = a + 1",
      "b = b + 1",
      "if a == 0:",
      "    c = b",
      "    r = pl.yield_(c)",
      "else:",
      "    r = pl.yield_(b)",
      "d = r",
  }));
  ASSERT_EQ(body.size(), 4u);
  const Var* b0 = body[0]->As<AssignStmt>()->var();
  const Var* b1 = body[1]->As<AssignStmt>()->var();
  EXPECT_NE(b0, b1);
  EXPECT_EQ(ValueOf(body[1])->As<BinaryExpr>()->lhs(), b0);
  EXPECT_EQ(ValueOf(body[3]), body[2]->As<IfStmt>()->return_vars()[0]);
}

TEST_F(ParserTest, RepeatedAnnotationsReuseTheirType) {
  // Identical annotation texts are parsed once; the reuse must not change
  // what is accepted or where errors point.
  Stmts body = BodyOf(Wrap({
      "b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = t",
      "c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = b",
      "d: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]= c",
      "e: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]  =  d",
  }));
  ASSERT_EQ(body.size(), 4u);
  for (const Stmt* s : body)
    EXPECT_EQ(s->As<AssignStmt>()->var()->type(), body[0]->As<AssignStmt>()->var()->type());
  EXPECT_THAT(ErrorOf(Wrap({"b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = t",
                            "c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = a"})),
              HasSubstr("t.py:7:12: error: type annotation pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] "
                        "does not match the deduced type pl.Scalar[pl.INDEX]"));
  EXPECT_THAT(ErrorOf(Wrap({"b: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = t",
                            "c: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]x = t"})),
              HasSubstr("t.py:7:50: error: a declaration needs a value"));
  // Annotations that name variables are never reused: `n` means a
  // different Var in the second loop.
  Stmts loops = BodyOf(Wrap({
      "for n in pl.range(4):",
      "    u: pl.Scalar[pl.INDEX] = n",
      "    v: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = t",
      "for n in pl.range(4):",
      "    w: pl.Scalar[pl.INDEX] = n",
  }));
  ASSERT_EQ(loops.size(), 2u);
  const auto* second = loops[1]->As<ForStmt>();
  EXPECT_EQ(second->body()->As<SeqStmts>()->stmts()[0]->As<AssignStmt>()->value(),
            second->loop_var());
}

absl::StatusOr<const Type*> FirstArgType(const DeduceContext& dc) { return dc.arg(0)->type(); }
absl::StatusOr<const Type*> NoValue(const DeduceContext& dc) { return dc.ctx().GetUnknownType(); }

TEST_F(ParserTest, DistributedOpsAndKeywordNamedOpsWithACustomRegistry) {
  OpRegistry ops;
  ops.Register("tile.and").Arg("lhs").Arg("rhs").Deduce(FirstArgType);
  ops.Register("pld.system.notify")
      .Arg("target")
      .Arg("peer")
      .Arg("offsets")
      .Arg("value")
      .Kwarg("op", AttrKind::kInt)
      .Deduce(NoValue);
  ParseOptions options;
  options.ops = &ops;
  std::string text =
      "# pypto.program: Dist\n"
      "import pypto.language as pl\n"
      "\n"
      "@pl.program\n"
      "class Dist:\n"
      "    @pl.function\n"
      "    def f(self, s: pld.DistributedTensor[[4, 1], pl.INT32], "
      "t: pl.Tile[[8], pl.INT32, pl.Mem.Vec], peer: pl.Scalar[pl.INT32]):\n"
      "        u: pl.Tile[[8], pl.INT32, pl.Mem.Vec] = pl.tile.and_(t, t)\n"
      "        pld.system.notify(s, peer, [0, 0], pl.const(1, pl.INT32), op=1)";
  absl::StatusOr<Program> p = ParseProgram(ctx_, text, "t.py", options);
  ASSERT_TRUE(p.ok()) << p.status();
  Stmts body = p->functions()[0]->body()->As<SeqStmts>()->stmts();
  EXPECT_EQ(ValueOf(body[0])->As<Call>()->op()->name(), "tile.and");
  EXPECT_EQ(body[1]->As<EvalStmt>()->expr()->As<Call>()->op()->name(), "pld.system.notify");
  EXPECT_EQ(PrintProgram(*p), text);
  // Without the registry entry the op is unknown (the built-in registry has
  // tile.and since issue #20, so this asks an empty one).
  OpRegistry empty;
  ParseOptions without;
  without.ops = &empty;
  EXPECT_THAT(ErrorOf(text, without), HasSubstr("t.py:8:49: error: unknown op 'tile.and_'"));
}

TEST_F(ParserTest, CallTypesNameTheArgumentsNotTheCalleeParams) {
  constexpr absl::string_view text =
      "# pypto.program: P\n"
      "import pypto.language as pl\n"
      "\n"
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def g(self, n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[n, 16], pl.FP32]:\n"
      "        r: pl.Tensor[[n, 16], pl.FP32] = pl.tensor.create([n, 16], dtype=pl.FP32)\n"
      "        return r\n"
      "\n"
      "    @pl.function\n"
      "    def f(self, m: pl.Scalar[pl.INDEX]) -> pl.Tensor[[m + 1, 16], pl.FP32]:\n"
      "        y: pl.Tensor[[m + 1, 16], pl.FP32] = self.g(m + 1)\n"
      "        return y";
  absl::StatusOr<Program> p = Parse(text);
  ASSERT_TRUE(p.ok()) << p.status();
  std::string printed = PrintProgram(*p);
  EXPECT_THAT(printed, HasSubstr("y: pl.Tensor[[m + pl.const(1, pl.INDEX), 16], pl.FP32] = "
                                 "self.g(m + 1)"));
  absl::StatusOr<Program> again = Parse(printed);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_EQ(PrintProgram(*again), printed);
}

TEST_F(ParserTest, DynamicDimNamesMustBeIdentifiers) {
  EXPECT_THAT(ErrorOf("import pypto.language as pl\nN = pl.dynamic(\"a b\")\n"),
              HasSubstr("t.py:2:16: error: pl.dynamic takes an identifier such as \"N\", not 'a b'"));
  EXPECT_THAT(ErrorOf("import pypto.language as pl\nN = pl.dynamic(\"for\")\n"),
              HasSubstr("not 'for'"));
}

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
    // (pattern B, where they leak, is in parser_leak_test.cc).
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
  EXPECT_THAT(ErrorOf("@pl.program\nclass A:\n    pass\n@pl.program\nclass B:\n    pass\n"),
              HasSubstr("t.py:4:1: error: only one @pl.program class is allowed per file"));
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

// --- Depth caps --------------------------------------------------------------------------

TEST_F(ParserTest, DeepParenthesesAreCapped) {
  std::string expr = std::string(300, '(') + "a" + std::string(300, ')');
  EXPECT_THAT(ErrorOf(Wrap({"b = " + expr})),
              HasSubstr("error: nesting is too deep (the limit is 256 levels)"));
}

TEST_F(ParserTest, LongLeftAssociativeChainsAreCapped) {
  std::vector<std::string> terms(300, "a");
  EXPECT_THAT(ErrorOf(Wrap({"b = " + absl::StrJoin(terms, " + ")})),
              HasSubstr("error: expression is nested too deeply (the limit is 256 levels)"));
  // 200 terms are fine.
  terms.resize(200);
  EXPECT_EQ(ErrorOf(Wrap({"b = " + absl::StrJoin(terms, " + ")})), "");
}

TEST_F(ParserTest, DeepUnaryAndPowerChainsAreCapped) {
  EXPECT_THAT(ErrorOf(Wrap({"b = " + std::string(300, '-') + "a"})),
              HasSubstr("nesting is too deep"));
  EXPECT_THAT(ErrorOf(Wrap({"b = " + std::string(300, '~') + "a"})),
              HasSubstr("nesting is too deep"));
  std::vector<std::string> powers(300, "a");
  EXPECT_THAT(ErrorOf(Wrap({"b = " + absl::StrJoin(powers, " ** ")})),
              HasSubstr("nesting is too deep"));
  std::vector<std::string> nots(300, "not");
  EXPECT_THAT(ErrorOf(Wrap({"b = " + absl::StrJoin(nots, " ") + " a"})),
              HasSubstr("nesting is too deep"));
}

TEST_F(ParserTest, DeepBlocksAndTypesAreCapped) {
  std::vector<std::string> lines;
  for (int i = 0; i < 300; ++i) lines.push_back(std::string(4 * i, ' ') + "if a == 0:");
  lines.push_back(std::string(4 * 300, ' ') + "pass");
  EXPECT_THAT(ErrorOf(Wrap(lines)), HasSubstr("nesting is too deep"));
  std::string type;
  for (int i = 0; i < 300; ++i) type += "pl.Tuple[";
  type += "pl.Scalar[pl.INDEX]" + std::string(300, ']');
  EXPECT_THAT(ErrorOf(Wrap({"b: " + type + " = a"})), HasSubstr("nesting is too deep"));
  std::string list = std::string(300, '[') + "a" + std::string(300, ']');
  EXPECT_THAT(ErrorOf(Wrap({"b = " + list})), HasSubstr("nesting is too deep"));
}

TEST_F(ParserTest, DepthLimitIsConfigurable) {
  ParseOptions options;
  options.max_depth = 8;
  EXPECT_THAT(ErrorOf(Wrap({"b = a + a + a + a + a + a + a + a + a + a"}), options),
              HasSubstr("the limit is 8 levels"));
  EXPECT_EQ(ErrorOf(Wrap({"b = a + a + a"}), options), "");
}

TEST_F(ParserTest, HugeNestingDoesNotOverflowTheStack) {
  std::string expr = std::string(200000, '(');
  EXPECT_THAT(ErrorOf(Wrap({"b = " + expr})), HasSubstr("nesting is too deep"));
}

// --- Robustness ----------------------------------------------------------------------------

constexpr absl::string_view kValid =
    "# pypto.program: Program\n"
    "import pypto.language as pl\n"
    "\n"
    "N = pl.dynamic(\"N\")\n"
    "\n"
    "@pl.program\n"
    "class Program:\n"
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n"
    "    def k(x: pl.Tensor[[16, N], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) -> "
    "pl.Tensor[[16, 16], pl.FP16]:\n"
    "        t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], [16, 16], "
    "[16, 16], target_memory=pl.Mem.Vec)\n"
    "        # cast\n"
    "        c: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, "
    "mode='round')\n"
    "        for i, (acc,) in pl.range(4, init_values=(c,)):\n"
    "            if i < 2:\n"
    "                s: pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec] = pl.tile.adds(acc, "
    "pl.const(1.0, pl.FP16))\n"
    "                u = pl.yield_(s)\n"
    "            else:\n"
    "                u = pl.yield_(acc)\n"
    "            acc_out = pl.yield_(u)\n"
    "        r: pl.Tensor[[16, 16], pl.FP16] = pl.tile.store(acc_out, [0, 0], out)\n"
    "        return r\n"
    "    @pl.function\n"
    "    def main(self, x: pl.Tensor[[16, N], pl.INT32], o: pl.Tensor[[16, 16], pl.FP16]):\n"
    "        y = self.k(x, o)\n";

TEST_F(ParserTest, ValidSampleParses) {
  absl::StatusOr<Program> p = Parse(kValid);
  ASSERT_TRUE(p.ok()) << p.status();
}

TEST_F(ParserTest, EveryTruncationFailsCleanly) {
  for (size_t n = 0; n < kValid.size(); ++n) {
    Context ctx;
    absl::StatusOr<Program> p = ParseProgram(ctx, kValid.substr(0, n), "t.py");
    if (!p.ok()) {
      EXPECT_THAT(std::string(p.status().message()), StartsWith("t.py:")) << n;
    }
  }
}

TEST_F(ParserTest, RandomMutationsNeverCrash) {
  std::mt19937 rng(12345);
  const std::string alphabet = "()[]{}:,.=+-*/<>!~'\"#\n\t _aplN0123456789";
  for (int iter = 0; iter < 3000; ++iter) {
    std::string text(kValid);
    int edits = 1 + static_cast<int>(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      size_t pos = rng() % text.size();
      switch (rng() % 3) {
        case 0:
          text[pos] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          text.erase(pos, 1 + rng() % 8);
          break;
        default:
          text.insert(pos, 1, alphabet[rng() % alphabet.size()]);
          break;
      }
      if (text.empty()) text = "x";
    }
    Context ctx;
    absl::StatusOr<Program> p = ParseProgram(ctx, text, "t.py");
    if (!p.ok()) {
      ASSERT_THAT(std::string(p.status().message()), StartsWith("t.py:")) << text;
    } else {
      // Whatever parses must print and parse back.
      std::string printed = PrintProgram(*p);
      Context ctx2;
      ASSERT_TRUE(ParseProgram(ctx2, printed, "again.py").ok()) << printed;
    }
  }
}

TEST_F(ParserTest, LargeInputsParseInLinearTime) {
  // 40k chained statements: a quadratic step would make this take minutes.
  std::string text(kPrefix);
  absl::StrAppend(&text, "        v0 = pl.tile.adds(t, 1.0)\n");
  for (int i = 1; i < 40000; ++i) {
    absl::StrAppend(&text, "        v", i,
                    ": pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = pl.tile.adds(v", i - 1, ", 1.0)\n");
  }
  absl::StatusOr<Program> p = Parse(text);
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->functions()[0]->body()->As<SeqStmts>()->stmts().size(), 40000u);
}

}  // namespace
}  // namespace pto::ir
