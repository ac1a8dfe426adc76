#include "ir/analysis/verifier.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier_test_fixture.h"
#include "ir/context.h"

namespace pto::ir {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

// --- Clean programs --------------------------------------------------------------------

TEST_F(VerifierTest, LoadComputeStoreKernelIsClean) {
  const Var* x = V("x", Tensor(DataType::kFP32), L(1, 7));
  const Var* out = V("out", Tensor(DataType::kFP16), L(1, 20));
  const Var *t, *s, *nxt, *c, *r;
  const Stmt* load = Let(t, "t", Op("tile.load", {x, Ints({0, 0}), Ints({16, 16}), Ints({16, 16})}),
                         L(2));
  const Stmt* adds = Let(s, "s", Op("tile.adds", {t, F(1.0)}), L(3));
  const IterArg* acc = Iter("acc", s, L(4, 12));
  const Var* acc_out = V("acc_out", acc->type(), L(6));
  const Stmt* muls = Let(nxt, "nxt", Op("tile.muls", {acc, F(2.0)}), L(5));
  const Stmt* loop = For(LoopVar(), 4, {acc}, {muls, Yield({nxt}, L(6))}, {acc_out}, L(4));
  const Stmt* cast = Let(c, "c", Op("tile.cast", {acc_out},
                                    {{"target_type", AttrValue::DType(DataType::kFP16)}}),
                         L(7));
  const Stmt* store = Let(r, "r", Op("tile.store", {c, Ints({0, 0}), out}), L(8));
  Program p = Kernel({x, out}, {r->type()}, {load, adds, loop, cast, store, Ret({r}, L(9))});
  EXPECT_TRUE(VerifyProgram(p).ok()) << VerifyProgram(p);
  EXPECT_THAT(CollectDiagnostics(p), IsEmpty());
}

TEST_F(VerifierTest, NestedLoopsIfsWhilesTuplesAndCallsAreClean) {
  // def pair(t) -> (Tile, Tile): return (t, t + 1)
  const Var* pt = V("t", Tile(), L(20));
  const Var* pu;
  const Stmt* pu_let = Let(pu, "u", Op("tile.adds", {pt, F(1.0)}), L(21));
  const Function* pair = Fn("pair", {pt}, {Tile(), Tile()}, Seq({pu_let, Ret({pt, pu}, L(22))}),
                            FunctionType::kInCore, L(20));

  // def k(x: Tile, n: Scalar[INDEX], N-shaped tensor):
  const Var* dyn = V("N", Scalar());
  const Var* x = V("x", Tile(), L(1));
  const Var* n = V("n", Scalar(), L(1));
  const Var* big = V("big", ctx_.GetTensorType(DataType::kFP32, {dyn, ctx_.Index(16)}), L(1));
  // rows = N * 2 (a dynamic dim is defined at entry)
  const Var* rows = V("rows", Scalar());
  const Stmt* rows_let =
      ctx_.NewAssign(rows, ctx_.NewBinary(BinaryOp::kMul, dyn, ctx_.Index(2), DataType::kIndex),
                     L(2));
  // Nested loops: for i, (a,) in range(4, init=(x,)): for j, (b,) in range(2, init=(a,)): ...
  const IterArg* a = Iter("a", x, L(3));
  const IterArg* b = Iter("b", a, L(4));
  const Var *b1, *a1;
  const Stmt* inner_body = Let(b1, "b1", Op("tile.adds", {b, F(1.0)}), L(5));
  const Var* b_out = V("b_out", b->type());
  const Stmt* inner = For(LoopVar("j"), 2, {b}, {inner_body, Yield({b1}, L(6))}, {b_out}, L(4));
  const Stmt* a1_let = Let(a1, "a1", Op("tile.mul", {b_out, a}), L(7));
  const Var* a_out = V("a_out", a->type());
  const Stmt* outer = For(LoopVar("i"), 4, {a}, {inner, a1_let, Yield({a1}, L(8))}, {a_out}, L(3));
  // if n < 3: y = a_out * 2 ; yield y  else: yield a_out
  const Var* y;
  const Stmt* y_let = Let(y, "y", Op("tile.muls", {a_out, F(2.0)}), L(10));
  const Var* picked = V("picked", a_out->type());
  const Stmt* branch = ctx_.NewIf(Lt(n, 3), Seq({y_let, Yield({y}, L(11))}),
                                  Seq({Yield({a_out}, L(12))}), {&picked, 1}, L(9));
  // while k < 10 (k carried): k2 = k + 1; yield k2
  const IterArg* k = Iter("k", n, L(13));
  const Var* k2 = V("k2", Scalar());
  const Var* k_out = V("k_out", Scalar());
  const IterArg* ks[] = {k};
  const Stmt* loop = ctx_.NewWhile(
      Lt(k, 10), ks,
      Seq({ctx_.NewAssign(k2, ctx_.NewBinary(BinaryOp::kAdd, k, ctx_.Index(1), DataType::kIndex),
                          L(14)),
           Yield({k2}, L(15))}),
      {&k_out, 1}, L(13));
  // pr = self.pair(picked); first = pr[0]; tup = (first, picked); second = tup[1]
  const Var* pr = V("pr", ctx_.GetTupleType({Tile(), Tile()}));
  const Stmt* call = ctx_.NewAssign(
      pr, ctx_.NewFunctionCall(ctx_.GetGlobalVar("pair"), {picked}, pr->type(), L(16, 10)), L(16));
  const Var *first, *tup, *second;
  const Stmt* first_let = Let(first, "first", ctx_.NewTupleGetItem(pr, 0), L(17));
  const Expr* elems[] = {first, picked};
  const Stmt* tup_let = Let(tup, "tup", ctx_.NewMakeTuple(elems), L(18));
  const Stmt* second_let = Let(second, "second", ctx_.NewTupleGetItem(tup, 1), L(19));
  const Function* kfn = Fn("k", {x, n, big}, {Tile(), Scalar()},
                           Seq({rows_let, outer, branch, loop, call, first_let, tup_let,
                                second_let, Ret({second, k_out}, L(20))}),
                           FunctionType::kInCore, L(1, 1));
  Program p = Prog({pair, kfn});
  EXPECT_TRUE(VerifyProgram(p).ok()) << VerifyProgram(p);
}

TEST_F(VerifierTest, CalleeDynamicDimsAcceptConcreteArguments) {
  const Var* dyn = V("N", Scalar());
  const Var* t = V("t", ctx_.GetTensorType(DataType::kFP32, {dyn, ctx_.Index(16)}), L(1));
  const Function* g =
      Fn("g", {t}, {}, Seq({}), FunctionType::kOrchestration, L(1));
  const Var* x = V("x", ctx_.GetTensorType(DataType::kFP32, ctx_.IndexList({64, 16})), L(5));
  const Stmt* call =
      ctx_.NewEval(ctx_.NewFunctionCall(ctx_.GetGlobalVar("g"), {x}, ctx_.GetUnknownType()), L(6));
  Program p = Prog({g, Fn("main", {x}, {}, Seq({call}), FunctionType::kOrchestration, L(5))});
  EXPECT_TRUE(VerifyProgram(p).ok()) << VerifyProgram(p);
}

// --- SSA and scoping ------------------------------------------------------------------

// A Var whose first definition is no longer visible cannot be assigned again
// (a loop that carries values keeps its body's names to itself).
TEST_F(VerifierTest, VarDefinedTwice) {
  const Var* x = V("x", Tile(), L(1));
  const Call* v = Op("tile.adds", {x, F(1.0)});
  const Var* y = V("y", v->type(), L(3));
  const IterArg* acc = Iter("acc", x, L(2, 12));
  const Var* out = V("out", x->type(), L(2, 30));
  const Stmt* loop =
      For(LoopVar(), 4, {acc}, {ctx_.NewAssign(y, v, L(3)), Yield({acc}, L(4))}, {out}, L(2));
  Program p = Kernel({x}, {}, {loop, ctx_.NewAssign(y, v, L(5))});
  EXPECT_THAT(Errors(p), ElementsAre("k.py:5:5: error: 'y' is defined more than once (first "
                                     "defined at k.py:3:5)"));
}

// Pattern B: assigning a visible Var again is a reassignment (upstream's
// non-strict_ssa IR), also of a parameter and from inside a loop body.
TEST_F(VerifierTest, VisibleVarMayBeAssignedAgain) {
  const Var* x = V("x", Tile(), L(1));
  const Call* v = Op("tile.adds", {x, F(1.0)});
  const Stmt* loop = For(LoopVar(), 4, {}, {ctx_.NewAssign(x, v, L(3))}, {}, L(2));
  Program p = Kernel({x}, {}, {loop, ctx_.NewAssign(x, v, L(4))});
  EXPECT_THAT(Errors(p), IsEmpty());
}

TEST_F(VerifierTest, ParamListedTwice) {
  const Var* x = V("x", Tile(), L(1, 7));
  Program p = Kernel({x, x}, {}, {});
  EXPECT_THAT(Errors(p), ElementsAre("k.py:1:7: error: 'x' is defined more than once (first "
                                     "defined at k.py:1:7)"));
}

TEST_F(VerifierTest, UseBeforeDefinition) {
  const Var* x = V("x", Tile(), L(1));
  const Call* v = Op("tile.adds", {x, F(1.0)});
  const Var* late = V("late", v->type());
  const Var* y;
  const Stmt* use = Let(y, "y", Op("tile.adds", {late, F(1.0)}), L(2));
  Program p = Kernel({x}, {}, {use, ctx_.NewAssign(late, v, L(3))});
  EXPECT_THAT(Errors(p), ElementsAre("k.py:2:5: error: 'late' is used before its definition "
                                     "(defined at k.py:3:5)"));
}

TEST_F(VerifierTest, UndefinedVar) {
  const Var* ghost = V("ghost", Tile(), L(40));
  const Var* y;
  Program p = Kernel({}, {}, {Let(y, "y", Op("tile.adds", {ghost, F(1.0)}, {}, L(2, 9)), L(2))});
  EXPECT_THAT(Errors(p), ElementsAre("k.py:2:9: error: 'ghost' is not defined in function 'k'"));
}

TEST_F(VerifierTest, VarOfAnotherFunction) {
  const Var* x = V("x", Tile(), L(1));
  const Function* f = Fn("f", {x}, {}, Seq({}), FunctionType::kInCore, L(1));
  const Function* g = Fn("g", {}, {x->type()}, Seq({Ret({x}, L(5))}), FunctionType::kInCore, L(4));
  EXPECT_THAT(Errors(Prog({f, g})),
              ElementsAre("k.py:5:5: error: 'x' is not defined in function 'g'"));
}

// A loop that carries values keeps its body's names (and its loop var).
TEST_F(VerifierTest, LoopBodyDefinitionsAreNotVisibleAfterACarryingLoop) {
  const Var* x = V("x", Tile(), L(1));
  const Var* i = LoopVar();
  const Var* t;
  const Stmt* inside = Let(t, "t", Op("tile.adds", {x, F(1.0)}), L(4));
  const IterArg* acc = Iter("acc", x, L(3, 12));
  const Var* out = V("out", x->type(), L(3, 30));
  const Stmt* loop = For(i, 4, {acc}, {inside, Yield({acc}, L(5))}, {out}, L(3));
  const Var *u, *w;
  const Stmt* use_t = Let(u, "u", Op("tile.adds", {t, F(1.0)}), L(6));
  const Stmt* use_i = Let(w, "w", ctx_.NewBinary(BinaryOp::kAdd, i, ctx_.Index(1),
                                                 DataType::kIndex), L(7));
  EXPECT_THAT(Errors(Kernel({x}, {}, {loop, use_t, use_i})),
              ElementsAre("k.py:6:5: error: 't' is used outside the scope that defines it "
                          "(defined at k.py:4:5)",
                          "k.py:7:5: error: 'i' is used outside the scope that defines it "
                          "(defined at k.py:3:5)"));
}

// Pattern B: a loop without carried values leaks its body's names.
TEST_F(VerifierTest, LoopBodyDefinitionsLeakFromAPlainLoop) {
  const Var* x = V("x", Tile(), L(1));
  const Var* i = LoopVar();
  const Var* t;
  const Stmt* inside = Let(t, "t", Op("tile.adds", {x, F(1.0)}), L(4));
  const Stmt* loop = For(i, 4, {}, {inside}, {}, L(3));
  const Var *u, *w;
  const Stmt* use_t = Let(u, "u", Op("tile.adds", {t, F(1.0)}), L(6));
  const Stmt* use_i = Let(w, "w", ctx_.NewBinary(BinaryOp::kAdd, i, ctx_.Index(1),
                                                 DataType::kIndex), L(7));
  EXPECT_THAT(Errors(Kernel({x}, {}, {loop, use_t, use_i})), IsEmpty());
}

TEST_F(VerifierTest, IterArgsAreVisibleOnlyInTheirLoop) {
  const Var* x = V("x", Tile(), L(1));
  const IterArg* acc = Iter("acc", x, L(3, 12));
  const Var* out = V("out", x->type(), L(3, 30));
  const Stmt* loop = For(LoopVar(), 4, {acc}, {Yield({acc}, L(4))}, {out}, L(3));
  const Var* y;
  const Stmt* use = Let(y, "y", Op("tile.adds", {acc, F(1.0)}), L(5));
  EXPECT_THAT(Errors(Kernel({x}, {}, {loop, use})),
              ElementsAre("k.py:5:5: error: 'acc' is used outside the scope that defines it "
                          "(defined at k.py:3:12)"));
}

// Pattern B: an if without return vars leaks its branches' names.
TEST_F(VerifierTest, BranchDefinitionsLeakFromAnIfWithoutReturnVars) {
  const Var* x = V("x", Tile(), L(1));
  const Var* c = V("c", Scalar(DataType::kBool), L(1));
  const Var *v, *w, *z;
  const Stmt* then_let = Let(v, "v", Op("tile.adds", {x, F(1.0)}), L(3));
  const Stmt* else_let = Let(w, "w", Op("tile.adds", {x, F(2.0)}), L(5));
  const Stmt* branch = ctx_.NewIf(c, Seq({then_let}), Seq({else_let}), {}, L(2));
  const Stmt* after = Let(z, "z", Op("tile.adds", {w, F(1.0)}), L(6));
  EXPECT_THAT(Errors(Kernel({x, c}, {}, {branch, after})), IsEmpty());
}

TEST_F(VerifierTest, BranchDefinitionsAreVisibleInTheirBranchOnly) {
  const Var* x = V("x", Tile(), L(1));
  const Var* c = V("c", Scalar(DataType::kBool), L(1));
  const Var *v, *w, *z;
  const Stmt* then_let = Let(v, "v", Op("tile.adds", {x, F(1.0)}), L(3));
  const Stmt* else_use = Let(w, "w", Op("tile.adds", {v, F(1.0)}), L(5));
  const Var* r = V("r", x->type(), L(2));
  const Stmt* branch = ctx_.NewIf(c, Seq({then_let, Yield({x}, L(4))}),
                                  Seq({else_use, Yield({x}, L(5))}), {r}, L(2));
  const Stmt* after = Let(z, "z", Op("tile.adds", {v, F(1.0)}), L(6));
  EXPECT_THAT(Errors(Kernel({x, c}, {}, {branch, after})),
              ElementsAre("k.py:5:5: error: 'v' is used outside the scope that defines it "
                          "(defined at k.py:3:5)",
                          "k.py:6:5: error: 'v' is used outside the scope that defines it "
                          "(defined at k.py:3:5)"));
}

TEST_F(VerifierTest, DynamicDimIsDefinedAtEntry) {
  const Var* dyn = V("N", Scalar());
  const Var* x = V("x", ctx_.GetTensorType(DataType::kFP32, {dyn, ctx_.Index(16)}), L(1));
  const Var* m = V("m", Scalar());
  const Stmt* use = ctx_.NewAssign(
      m, ctx_.NewBinary(BinaryOp::kMul, dyn, ctx_.Index(2), DataType::kIndex), L(2));
  EXPECT_THAT(Errors(Kernel({x}, {}, {use})), IsEmpty());

  // ... and so cannot be defined again.
  const Stmt* redefine = ctx_.NewAssign(dyn, ctx_.Index(4), L(3));
  EXPECT_THAT(Errors(Kernel({x}, {}, {use, redefine})),
              ElementsAre("k.py:3:5: error: 'N' is defined more than once (it is a dynamic dim "
                          "of a parameter type)"));
}
}  // namespace
}  // namespace pto::ir
