// The verifier on control flow: loops, whiles and ifs with their iter args,
// yields and return vars; returns; loop bounds and conditions.

#include "ir/analysis/verifier.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier_test_fixture.h"
#include "ir/context.h"

namespace pto::ir {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

// --- Control flow ----------------------------------------------------------------------

// Without a yield, a for loop whose return vars match its iter args is in
// upstream's pre-SSA form (its body rebinds the carried names); without them
// the yield is missing.
TEST_F(VerifierTest, LoopWithIterArgsMustEndInAYieldUnlessPreSsa) {
  const Var* x = V("x", Tile(), L(1));
  const IterArg* acc = Iter("acc", x, L(3, 12));
  const Var* y;
  const Stmt* body = Let(y, "y", Op("tile.adds", {acc, F(1.0)}), L(4));
  const Var* out = V("out", x->type(), L(3, 30));
  EXPECT_THAT(Errors(Kernel({x}, {}, {For(LoopVar(), 4, {acc}, {body}, {out}, L(3))})),
              IsEmpty());
  EXPECT_THAT(Errors(Kernel({x}, {}, {For(LoopVar(), 4, {acc}, {body}, {}, L(3))})),
              Contains("k.py:3:5: error: a for loop with iter args must end its body with a "
                       "yield"));
}

TEST_F(VerifierTest, LoopYieldMustMatchIterArgs) {
  const Var* x = V("x", Tile(), L(1));
  const Var* h = V("h", Tile(DataType::kFP16), L(1));
  const IterArg* acc = Iter("acc", x, L(3, 12));
  const Var* out = V("out", x->type(), L(3, 30));
  const Stmt* two = For(LoopVar(), 4, {acc}, {Yield({acc, acc}, L(4))}, {out}, L(3));
  const IterArg* acc2 = Iter("acc", x, L(5, 12));
  const Var* out2 = V("out", x->type(), L(5, 30));
  const Stmt* wrong_type = For(LoopVar(), 4, {acc2}, {Yield({h}, L(6))}, {out2}, L(5));
  EXPECT_THAT(Errors(Kernel({x, h}, {}, {two, wrong_type})),
              ElementsAre("k.py:4:5: error: yield gives 2 values but the for loop has 1 iter arg",
                          "k.py:6:5: error: yield value 0 has type " + FP16 +
                              " but iter arg 'acc' has type " + FP32));
}

TEST_F(VerifierTest, LoopReturnVarsMustMatchIterArgs) {
  const Var* x = V("x", Tile(), L(1));
  const IterArg* acc = Iter("acc", x, L(3, 12));
  const Var* r1 = V("r1", x->type(), L(3, 30));
  const Var* r2 = V("r2", x->type(), L(3, 34));
  const Stmt* two = For(LoopVar(), 4, {acc}, {Yield({acc}, L(4))}, {r1, r2}, L(3));
  const IterArg* acc2 = Iter("acc", x, L(5, 12));
  const Var* r3 = V("r3", Tile(DataType::kFP16), L(5, 30));
  const Stmt* wrong_type = For(LoopVar(), 4, {acc2}, {Yield({acc2}, L(6))}, {r3}, L(5));
  EXPECT_THAT(Errors(Kernel({x}, {}, {two, wrong_type})),
              ElementsAre("k.py:3:5: error: the for loop has 2 return vars but 1 iter arg",
                          "k.py:5:5: error: return var 'r3' has type " + FP16 +
                              " but iter arg 'acc' has type " + FP32));
}

// Upstream's type checker leaves a carried tile's memory space to a later
// pass (CarriedTypesAgree).
TEST_F(VerifierTest, CarriedTilesMayDifferInMemorySpace) {
  const Var* x = V("x", Tile(DataType::kFP32, {16, 16}, std::nullopt), L(1));
  const Var* acc_tile = V("a", Tile(DataType::kFP32, {16, 16}, MemorySpace::kAcc), L(1));
  const IterArg* acc = Iter("acc", x, L(3, 12));
  const Var* out = V("out", x->type(), L(3, 30));
  const Stmt* loop = For(LoopVar(), 4, {acc}, {Yield({acc_tile}, L(4))}, {out}, L(3));
  EXPECT_THAT(Errors(Kernel({x, acc_tile}, {}, {loop})), IsEmpty());
}

TEST_F(VerifierTest, IterArgTypeIsItsInitType) {
  const Var* x = V("x", Tile(), L(1));
  const IterArg* acc = ctx_.NewIterArg("acc", Tile(DataType::kFP16), x, L(3, 12));
  const Var* out = V("out", acc->type(), L(3, 30));
  EXPECT_THAT(Errors(Kernel({x}, {}, {For(LoopVar(), 4, {acc}, {Yield({acc}, L(4))}, {out},
                                          L(3))})),
              ElementsAre("k.py:3:12: error: iter arg 'acc' has type " + FP16 +
                          " but its init value has type " + FP32));
}

TEST_F(VerifierTest, WhileLoopRules) {
  const Var* n = V("n", Scalar(), L(1));
  const IterArg* k = Iter("k", n, L(3, 12));
  const Var* out = V("out", Scalar(), L(3, 30));
  const IterArg* ks[] = {k};
  // No yield; and a tile condition.
  const Var* t = V("t", Tile(), L(1));
  const Stmt* loop = ctx_.NewWhile(t, ks, Seq({}), {&out, 1}, L(3));
  EXPECT_THAT(Errors(Kernel({n, t}, {}, {loop})),
              ElementsAre("k.py:3:5: error: while condition must be a scalar, got " + FP32,
                          "k.py:3:5: error: a while loop with iter args must end its body with a "
                          "yield"));
}

TEST_F(VerifierTest, IfWithReturnVarsNeedsYieldsInBothBranches) {
  const Var* x = V("x", Tile(), L(1));
  const Var* c = V("c", Scalar(DataType::kBool), L(1));
  const Var* r = V("r", x->type(), L(2, 20));
  const Stmt* no_else = ctx_.NewIf(c, Seq({Yield({x}, L(3))}), nullptr, {&r, 1}, L(2));
  const Var* r2 = V("r2", x->type(), L(4, 20));
  const Var* y;
  const Stmt* then_let = Let(y, "y", Op("tile.adds", {x, F(1.0)}), L(5));
  const Stmt* no_yield = ctx_.NewIf(c, Seq({then_let}), Seq({Yield({}, L(7))}), {&r2, 1}, L(4));
  const Var* r3 = V("r3", Tile(DataType::kFP16), L(8, 20));
  const Stmt* wrong_type = ctx_.NewIf(c, Seq({Yield({x}, L(9))}), Seq({Yield({x}, L(11))}),
                                      {&r3, 1}, L(8));
  EXPECT_THAT(
      Errors(Kernel({x, c}, {}, {no_else, no_yield, wrong_type})),
      ElementsAre("k.py:2:5: error: an if with return vars needs an else branch",
                  "k.py:4:5: error: the then branch of an if with return vars must end with a "
                  "yield",
                  "k.py:7:5: error: yield gives 0 values but the if has 1 return var",
                  "k.py:9:5: error: yield value 0 has type " + FP32 +
                      " but return var 'r3' has type " + FP16,
                  "k.py:11:5: error: yield value 0 has type " + FP32 +
                      " but return var 'r3' has type " + FP16));
}

TEST_F(VerifierTest, YieldOnlyEndsLoopBodiesAndBranches) {
  const Var* x = V("x", Tile(), L(1));
  const IterArg* acc = Iter("acc", x, L(3, 12));
  const Var* out = V("out", x->type(), L(3, 30));
  const Stmt* loop =
      For(LoopVar(), 4, {acc}, {Yield({acc}, L(4)), Yield({acc}, L(5))}, {out}, L(3));
  EXPECT_THAT(Errors(Kernel({x}, {}, {loop, Yield({x}, L(6))})),
              ElementsAre("k.py:4:5: error: yield is only allowed as the last statement of a "
                          "loop body or if branch",
                          "k.py:6:5: error: yield is only allowed as the last statement of a "
                          "loop body or if branch"));
}

// Upstream allows a return anywhere (an early return; what follows it is
// dead code), but every path must return.
TEST_F(VerifierTest, ReturnsEveryPathAndMatchesItsTypes) {
  const Var* x = V("x", Tile(), L(1));
  const Stmt* loop = For(LoopVar(), 4, {}, {Ret({x}, L(3))}, {}, L(2));
  EXPECT_THAT(Errors(Kernel({x}, {x->type()}, {loop, Ret({x}, L(4)), Ret({x}, L(5))})),
              IsEmpty());
  EXPECT_THAT(Errors(Kernel({x}, {x->type()}, {loop})),
              ElementsAre(HasSubstr("error: function 'k' declares 1 return type but a path "
                                    "through its body ends without a return")));
  EXPECT_THAT(Errors(Kernel({x}, {x->type()}, {Ret({x, x}, L(2))})),
              ElementsAre("k.py:2:5: error: return gives 2 values but function 'k' declares 1 "
                          "return type"));
  EXPECT_THAT(Errors(Kernel({x}, {Tile(DataType::kFP16)}, {Ret({x}, L(2))})),
              ElementsAre("k.py:2:5: error: return value 0 has type " + FP32 +
                          " but function 'k' returns " + FP16));
}

// Upstream's unannotated function (no `->`) declares no return types but may
// return values.
// `return self.g(...)`: one tuple value for several return types.
TEST_F(VerifierTest, OneTupleValueMayReturnSeveralTypes) {
  const Var* x = V("x", Tile(), L(1));
  std::vector<const Expr*> two = {x, x}, three = {x, x, x};
  const Expr* pair = ctx_.NewMakeTuple(two);
  EXPECT_THAT(Errors(Kernel({x}, {x->type(), x->type()}, {Ret({pair}, L(2))})), IsEmpty());
  const Expr* triple = ctx_.NewMakeTuple(three);
  EXPECT_THAT(Errors(Kernel({x}, {x->type(), x->type()}, {Ret({triple}, L(2))})),
              ElementsAre("k.py:2:5: error: return gives 1 value but function 'k' declares 2 "
                          "return types"));
}

TEST_F(VerifierTest, FunctionWithoutReturnTypesMayReturnValues) {
  const Var* x = V("x", Tile(), L(1));
  EXPECT_THAT(Errors(Kernel({x}, {}, {Ret({x, x}, L(2))})), IsEmpty());
}

TEST_F(VerifierTest, ForBoundsAreIntegersAndTheLoopVarIsIndexLike) {
  const Var* x = V("x", Tile(), L(1));
  // An INT32 bound (pld.system.nranks) is fine: codegen casts it to index.
  const Stmt* int32_bounds = ctx_.NewFor(
      LoopVar(), ctx_.Int(1, DataType::kInt32), ctx_.Int(4, DataType::kInt32),
      ctx_.Int(1, DataType::kInt16), {}, Seq({}), {}, ForKind::kSequential, 0, L(2));
  const Stmt* float_stop = ctx_.NewFor(LoopVar(), ctx_.Index(0), ctx_.Float(4.0), ctx_.Index(1),
                                       {}, Seq({}), {}, ForKind::kSequential, 0, L(2));
  const Stmt* bool_step = ctx_.NewFor(LoopVar(), ctx_.Index(0), ctx_.Index(4), ctx_.Bool(true),
                                      {}, Seq({}), {}, ForKind::kSequential, 0, L(5));
  const Stmt* tile_start = ctx_.NewFor(LoopVar(), x, ctx_.Index(4), ctx_.Index(1), {}, Seq({}),
                                       {}, ForKind::kSequential, 0, L(3));
  const Stmt* float_var = ctx_.NewFor(V("f", Scalar(DataType::kFP32)), ctx_.Index(0),
                                      ctx_.Index(4), ctx_.Int(1, DataType::kInt64), {}, Seq({}),
                                      {}, ForKind::kSequential, 0, L(4));
  EXPECT_THAT(Errors(Kernel({x}, {}, {int32_bounds})), ElementsAre());
  EXPECT_THAT(
      Errors(Kernel({x}, {}, {float_stop, tile_start, float_var, bool_step})),
      ElementsAre("k.py:2:5: error: for loop stop must be an integer scalar, got "
                  "pl.Scalar[pl.FP32]",
                  "k.py:3:5: error: for loop start must be an integer scalar, got " + FP32,
                  "k.py:4:5: error: for loop variable 'f' must be an index-like scalar (INT64, "
                  "UINT64 or INDEX), got pl.Scalar[pl.FP32]",
                  "k.py:5:5: error: for loop step must be an integer scalar, got "
                  "pl.Scalar[pl.BOOL]"));
}

TEST_F(VerifierTest, IfConditionIsAScalar) {
  const Var* x = V("x", Tile(), L(1));
  const Stmt* branch = ctx_.NewIf(x, Seq({}), nullptr, {}, L(2));
  EXPECT_THAT(Errors(Kernel({x}, {}, {branch})),
              ElementsAre("k.py:2:5: error: if condition must be a scalar, got " + FP32));
}

TEST_F(VerifierTest, MissingPiecesAreReportedNotFatal) {
  const Var* t = V("t", Tile(), L(10));
  const Function* g = Fn("g", {t}, {}, Seq({}), FunctionType::kInCore, L(10));
  const Var* x = V("x", Tile(), L(1));
  const Stmt* loop = ctx_.NewFor(LoopVar(), nullptr, ctx_.Index(4), ctx_.Index(1), {}, Seq({}),
                                 {}, ForKind::kSequential, 0, L(2));
  const Stmt* branch = ctx_.NewIf(nullptr, Seq({}), nullptr, {}, L(3));
  const Expr* no_arg[] = {nullptr};
  const Stmt* call = ctx_.NewEval(
      ctx_.NewFunctionCall(ctx_.GetGlobalVar("g"), no_arg, ctx_.GetUnknownType(), L(4, 9)), L(4));
  const Stmt* ret = ctx_.NewReturn(no_arg, L(5));
  Program p = Prog({g, Fn("k", {x}, {Tile()}, Seq({loop, branch, call, ret}),
                          FunctionType::kInCore, L(1))});
  EXPECT_THAT(Errors(p), ElementsAre("k.py:2:5: error: for loop has no start",
                                     "k.py:3:5: error: if has no condition",
                                     "k.py:4:9: error: call of 'g': argument 0 is missing",
                                     "k.py:5:5: error: missing expression"));
}
}  // namespace
}  // namespace pto::ir
