#include "ir/text/parser/parser.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/op_registry.h"
#include "ir/text/testing/parser_test_fixture.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

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
  // The signature's comments lead the first statement, as do the comments
  // through its last line; those above the def and after the last statement
  // belong to nothing (comments_test.cc has the rules).
  Stmts body = BodyOf(text);
  ASSERT_EQ(body.size(), 2u);
  EXPECT_THAT(body[0]->comments(), ::testing::ElementsAre("param comment",
                                                          "own-line comment inside brackets",
                                                          "first", "trailing"));
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
  // Outside strict_ssa a name is one Var: rebinding it assigns that Var
  // again, as upstream's parser does.
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
  EXPECT_EQ(b0, b1);
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
}  // namespace
}  // namespace pto::ir
