// How the printer spells calls, statements, loops, ifs, whiles and function
// signatures, and that it stays linear on long bodies.

#include "ir/text/printer/printer.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/text/testing/printer_test_fixture.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

TEST_F(PrinterTest, CallsKwargsAndKeywordArgs) {
  const Var* x = ctx_.NewVar("x", Tile({16, 16}, DataType::kFP32));
  EXPECT_EQ(PrintExpr(Op("tile.full", {List({16, 16}), ctx_.Float(0.0)},
                         {{"dtype", AttrValue::DType(DataType::kFP32)}})),
            "pl.tile.full([16, 16], dtype=pl.FP32, value=0.0)");
  EXPECT_EQ(PrintExpr(Op("tile.and", {x, x})), "pl.tile.and_(x, x)");
  EXPECT_EQ(PrintExpr(Op("pld.system.notify", {x, ctx_.Int(1, DataType::kInt32)},
                         {{"op", AttrValue::Int(1)}})),
            "pld.system.notify(x, pl.const(1, pl.INT32), op=1)");
  EXPECT_EQ(PrintExpr(Op("tile.cast", {x},
                         {{"target_type", AttrValue::DType(DataType::kBF16)},
                          {"mode", AttrValue::Enum(RoundMode::kRint)},
                          {"saturation_mode", AttrValue::Enum(SaturationMode::kOn)}})),
            "pl.tile.cast(x, target_type=pl.BF16, mode='rint', saturation_mode='on')");
  EXPECT_EQ(PrintExpr(Op("test.kinds", {x},
                         {{"b", AttrValue::Bool(true)},
                          {"i", AttrValue::Int(-3)},
                          {"f", AttrValue::Float(2.0)},
                          {"s", AttrValue::String("it's")},
                          {"dt", AttrValue::DType(DataType::kFP8E4M3FN)},
                          {"mem", AttrValue::Enum(MemorySpace::kLeftScale)},
                          {"tl", AttrValue::Enum(TileLayout::kNoneBox)},
                          {"tnl", AttrValue::Enum(TensorLayout::kMxAZZ)},
                          {"pad", AttrValue::Enum(PadValue::kMin)},
                          {"atomic", AttrValue::Enum(AtomicType::kNone)},
                          {"mode", AttrValue::Enum(RoundMode::kTrunc)},
                          {"sat", AttrValue::Enum(SaturationMode::kOff)}})),
            "pl.test.kinds(x, b=True, i=-3, f=2.0, s='it\\'s', dt=pl.FP8E4M3FN, "
            "mem=pl.Mem.LeftScale, tl=pl.TileLayout.none_box, tnl=pl.TensorLayout.MX_A_ZZ, "
            "pad=pl.PadValue.min, atomic=pl.AtomicType.None_, mode='trunc', sat='off')");
  const Call* pair = Op("tile.pair", {x});
  EXPECT_EQ(PrintExpr(ctx_.NewTupleGetItem(pair, 1)), "pl.tile.pair(x)[1]");
}

TEST_F(PrinterTest, StatementsAndComments) {
  const Var* x = ctx_.NewVar("x", Tile({16, 16}, DataType::kFP32));
  const Var* s = ctx_.NewVar("s", Scalar(DataType::kIndex));
  absl::string_view notes[] = {"first note", ""};
  const Stmt* body[] = {
      ctx_.NewAssign(s, ctx_.Index(3), {}, notes),
      ctx_.NewEval(Op("pld.system.notify", {x, s}, {{"op", AttrValue::Int(0)}})),
      ctx_.NewReturn({x, s}),
  };
  EXPECT_EQ(Body(std::vector<const Stmt*>(std::begin(body), std::end(body)), {x}),
            "        # first note\n"
            "        # \n"
            "        s: pl.Scalar[pl.INDEX] = 3\n"
            "        pld.system.notify(x, s, op=0)\n"
            "        return x, s");
}

TEST_F(PrinterTest, ForLoopForms) {
  const Var* i = ctx_.NewVar("i", Scalar(DataType::kIndex));
  const Var* n = ctx_.NewVar("n", Scalar(DataType::kIndex));
  auto loop = [&](const Expr* start, const Expr* stop, const Expr* step, ForKind kind,
                  int stage = 0) {
    return ctx_.NewFor(i, start, stop, step, {}, ctx_.NewSeq({}), {}, kind, stage);
  };
  EXPECT_EQ(Body({loop(ctx_.Index(0), n, ctx_.Index(1), ForKind::kSequential)}, {n}),
            "        for i in pl.range(n):\n            pass");
  EXPECT_EQ(Body({loop(ctx_.Index(2), n, ctx_.Index(1), ForKind::kParallel)}, {n}),
            "        for i in pl.parallel(2, n):\n            pass");
  EXPECT_EQ(Body({loop(ctx_.Index(0), n, ctx_.Index(2), ForKind::kUnroll)}, {n}),
            "        for i in pl.unroll(0, n, 2):\n            pass");
  EXPECT_EQ(Body({loop(ctx_.Index(0), ctx_.Index(8), ctx_.Index(1), ForKind::kPipeline, 2)}),
            "        for i in pl.pipeline(8, stage=2):\n            pass");
  // Non-INDEX bounds are never elided.
  EXPECT_EQ(
      Body({loop(ctx_.Int(0, DataType::kInt64), n, ctx_.Index(1), ForKind::kSequential)}, {n}),
      "        for i in pl.range(pl.const(0, pl.INT64), n):\n            pass");
}

TEST_F(PrinterTest, LoopWithSeveralIterArgs) {
  const Var* a = ctx_.NewVar("a", Scalar(DataType::kIndex));
  const Var* b = ctx_.NewVar("b", Scalar(DataType::kIndex));
  const Var* i = ctx_.NewVar("i", Scalar(DataType::kIndex));
  const IterArg* x = ctx_.NewIterArg("x", a->type(), a);
  const IterArg* y = ctx_.NewIterArg("y", b->type(), b);
  const Var* x2 = ctx_.NewVar("x2", a->type());
  const Var* rx = ctx_.NewVar("rx", a->type());
  const Var* ry = ctx_.NewVar("ry", a->type());
  const ForStmt* loop = ctx_.NewFor(
      i, ctx_.Index(0), ctx_.Index(10), ctx_.Index(1), {x, y},
      ctx_.NewSeq({ctx_.NewAssign(x2, ctx_.NewBinary(BinaryOp::kAdd, x, i, DataType::kIndex)),
                   ctx_.NewYield({x2, y})}),
      {rx, ry});
  EXPECT_EQ(Body({loop, ctx_.NewReturn({rx, ry})}, {a, b}),
            "        for i, (x, y) in pl.range(10, init_values=(a, b)):\n"
            "            x2: pl.Scalar[pl.INDEX] = x + i\n"
            "            rx, ry = pl.yield_(x2, y)\n"
            "        return rx, ry");
}

TEST_F(PrinterTest, IfWithReturnVars) {
  const Var* a = ctx_.NewVar("a", Scalar(DataType::kIndex));
  const Var* r = ctx_.NewVar("r", a->type());
  const Expr* cond = ctx_.NewBinary(BinaryOp::kLt, a, ctx_.Index(4), DataType::kBool);
  const IfStmt* s = ctx_.NewIf(cond, ctx_.NewSeq({ctx_.NewYield({a})}),
                               ctx_.NewSeq({ctx_.NewYield({ctx_.Index(0)})}), {r});
  EXPECT_EQ(Body({s}, {a}),
            "        if a < 4:\n"
            "            r: pl.Scalar[pl.INDEX] = pl.yield_(a)\n"
            "        else:\n"
            "            r: pl.Scalar[pl.INDEX] = pl.yield_(0)");
  EXPECT_EQ(Body({s}, {a}, Concise()),
            "        if a < 4:\n"
            "            r = pl.yield_(a)\n"
            "        else:\n"
            "            r = pl.yield_(0)");
  const IfStmt* no_else = ctx_.NewIf(cond, ctx_.NewSeq({ctx_.NewReturn({})}), nullptr, {});
  EXPECT_EQ(Body({no_else}, {a}), "        if a < 4:\n            return");
}

TEST_F(PrinterTest, WhileForms) {
  const Var* a = ctx_.NewVar("a", Scalar(DataType::kIndex));
  const IterArg* x = ctx_.NewIterArg("x", a->type(), a);
  const Var* x2 = ctx_.NewVar("x2", a->type());
  const Var* r = ctx_.NewVar("r", a->type());
  const WhileStmt* w = ctx_.NewWhile(
      ctx_.NewBinary(BinaryOp::kLt, x, ctx_.Index(10), DataType::kBool), {x},
      ctx_.NewSeq(
          {ctx_.NewAssign(x2, ctx_.NewBinary(BinaryOp::kAdd, x, ctx_.Index(1), DataType::kIndex)),
           ctx_.NewYield({x2})}),
      {r});
  EXPECT_EQ(Body({w}, {a}),
            "        for (x,) in pl.while_(init_values=(a,)):\n"
            "            pl.cond(x < 10)\n"
            "            x2: pl.Scalar[pl.INDEX] = x + 1\n"
            "            r: pl.Scalar[pl.INDEX] = pl.yield_(x2)");
  const WhileStmt* plain = ctx_.NewWhile(
      ctx_.NewBinary(BinaryOp::kLt, a, ctx_.Index(10), DataType::kBool), {}, ctx_.NewSeq({}), {});
  EXPECT_EQ(Body({plain}, {a}), "        while a < 10:\n            pass");
}

TEST_F(PrinterTest, NamesAreUniquePerFunction) {
  const Var* x = ctx_.NewVar("x", Scalar(DataType::kIndex));
  const Var* x_again = ctx_.NewVar("x", Scalar(DataType::kIndex));
  const Var* x_third = ctx_.NewVar("x", Scalar(DataType::kIndex));
  const Var* x_1 = ctx_.NewVar("x_1", Scalar(DataType::kIndex));
  EXPECT_EQ(Body({ctx_.NewAssign(x_1, ctx_.Index(1)), ctx_.NewAssign(x_again, x),
                  ctx_.NewAssign(x_third, x_again), ctx_.NewReturn({x_third, x_1})},
                 {x}, Concise()),
            "        x_1 = 1\n"
            "        x_2 = x\n"
            "        x_3 = x_2\n"
            "        return x_3, x_1");
}

TEST_F(PrinterTest, FreeVarsAreMarked) {
  const Var* stray = ctx_.NewVar("stray", Scalar(DataType::kIndex));
  EXPECT_EQ(Body({ctx_.NewReturn({stray})}), "        return stray__FREE_VAR");
}

TEST_F(PrinterTest, FunctionDecoratorsAndSignatures) {
  const Var* a = ctx_.NewVar("a", Tensor({8}, DataType::kFP32));
  const Var* b = ctx_.NewVar("b", Tensor({8}, DataType::kFP32));
  const Var* c = ctx_.NewVar("c", Tensor({8}, DataType::kFP32));
  const Function* orch = Fn("main", {a, b, c}, {a->type(), b->type()}, {ctx_.NewReturn({a, b})},
                            FunctionType::kOrchestration,
                            {ParamDirection::kIn, ParamDirection::kOut, ParamDirection::kInOut});
  std::string text = Print({orch});
  EXPECT_THAT(text, HasSubstr("    @pl.function(type=pl.FunctionType.Orchestration, "
                              "level=pl.Level.CHIP, role=pl.Role.Orchestrator)\n"
                              "    def main(self, a: pl.Tensor[[8], pl.FP32], b: "
                              "pl.Out[pl.Tensor[[8], pl.FP32]], c: pl.InOut[pl.Tensor[[8], "
                              "pl.FP32]]) -> tuple[pl.Tensor[[8], pl.FP32], pl.Tensor[[8], "
                              "pl.FP32]]:\n"));
  const Var* d = ctx_.NewVar("d", Tensor({8}, DataType::kFP32));
  const Function* aiv = Fn("v", {d}, {}, {}, FunctionType::kAIV);
  EXPECT_THAT(Print({aiv}), HasSubstr("    @pl.function(type=pl.FunctionType.AIV, "
                                      "level=pl.Level.AIV, role=pl.Role.SubWorker)\n"
                                      "    def v(d: pl.Tensor[[8], pl.FP32]):\n"));
  const Function* bare = ctx_.NewFunction("g", {}, {}, {}, ctx_.NewSeq({}));
  EXPECT_THAT(Print({bare}), HasSubstr("    @pl.function\n    def g(self):\n        pass"));
  const Function* leveled =
      ctx_.NewFunction("h", {}, {}, {}, ctx_.NewSeq({}), FunctionType::kOpaque, Level::kHost);
  EXPECT_THAT(Print({leveled}), HasSubstr("    @pl.function(level=pl.Level.HOST)\n"));
}

TEST_F(PrinterTest, CalleesPrintFirst) {
  const Var* x = ctx_.NewVar("x", Scalar(DataType::kIndex));
  const Var* y = ctx_.NewVar("y", Scalar(DataType::kIndex));
  const Call* call =
      ctx_.NewFunctionCall(ctx_.GetGlobalVar("helper"), {x}, ctx_.GetScalarType(DataType::kIndex));
  const Function* main =
      Fn("main", {x}, {x->type()}, {ctx_.NewAssign(y, call), ctx_.NewReturn({y})});
  const Var* z = ctx_.NewVar("z", Scalar(DataType::kIndex));
  const Function* helper = Fn("helper", {z}, {z->type()}, {ctx_.NewReturn({z})});
  const Var* w = ctx_.NewVar("w", Scalar(DataType::kIndex));
  const Function* other = Fn("other", {w}, {}, {});
  std::string text = Print({main, other, helper});
  size_t h = text.find("def helper");
  size_t m = text.find("def main");
  size_t o = text.find("def other");
  EXPECT_LT(h, m);
  EXPECT_LT(m, o);
  EXPECT_THAT(text, HasSubstr("        y: pl.Scalar[pl.INDEX] = self.helper(x)\n"
                              "        return y\n"
                              "    @pl.function\n"
                              "    def other(self, w: pl.Scalar[pl.INDEX]):\n"
                              "        pass"));
}

TEST_F(PrinterTest, EmptyProgramStaysParseable) {
  EXPECT_EQ(PrintProgram(ctx_.NewProgram("", {})),
            "# pypto.program: Program\n"
            "import pypto.language as pl\n"
            "\n"
            "@pl.program\n"
            "class Program:\n"
            "    pass");
}

TEST_F(PrinterTest, PrintingIsLinearOnLongBodies) {
  // 50k chained statements print without super-linear work (a smoke test:
  // the budgeted checks above keep each statement O(1)).
  const Var* x = ctx_.NewVar("x", Tile({16, 16}, DataType::kFP32));
  std::vector<const Stmt*> body;
  const Var* prev = x;
  for (int i = 0; i < 50000; ++i) {
    const Call* c = Op("tile.adds", {prev, ctx_.Float(1.0)});
    const Var* v = ctx_.NewVar("t", c->type());
    body.push_back(ctx_.NewAssign(v, c));
    prev = v;
  }
  std::string text = Body(body, {x});
  EXPECT_THAT(text, HasSubstr("t_49999: pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec] = "
                              "pl.tile.adds(t_49998, 1.0)"));
}
}  // namespace
}  // namespace pto::ir
