#include "ir/analysis/verifier.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/test_util.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"

namespace pto::ir {
namespace {

using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

class VerifierTest : public IrTest {
 protected:
  // Every diagnostic of `p`, formatted.
  std::vector<std::string> Errors(const Program& p) {
    std::vector<std::string> out;
    for (const Diagnostic& d : CollectDiagnostics(p)) out.push_back(FormatDiagnostic(ctx_, d));
    return out;
  }
  // `def k(params) -> returns: body` as a one-function program.
  Program Kernel(std::initializer_list<const Var*> params,
                 std::initializer_list<const Type*> returns,
                 std::initializer_list<const Stmt*> body) {
    return Prog({Fn("k", params, returns, Seq(body), FunctionType::kInCore, L(1, 1))});
  }
  const Stmt* Ret(std::initializer_list<const Expr*> values, SourceLoc loc) {
    return ctx_.NewReturn(std::vector<const Expr*>(values), loc);
  }
  const Stmt* Yield(std::initializer_list<const Expr*> values, SourceLoc loc = {}) {
    return ctx_.NewYield(std::vector<const Expr*>(values), loc);
  }
  const ForStmt* For(const Var* i, int64_t stop, std::initializer_list<const IterArg*> iters,
                     std::initializer_list<const Stmt*> body,
                     std::initializer_list<const Var*> return_vars, SourceLoc loc) {
    return ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(stop), ctx_.Index(1),
                       std::vector<const IterArg*>(iters), Seq(body),
                       std::vector<const Var*>(return_vars), ForKind::kSequential, 0, loc);
  }
  const Var* LoopVar(absl::string_view name = "i") { return V(name, Scalar()); }
  const Expr* F(double v) { return ctx_.Float(v); }
  const Expr* Lt(const Expr* a, int64_t b) {
    return ctx_.NewBinary(BinaryOp::kLt, a, ctx_.Index(b), DataType::kBool);
  }

  std::string FP32 = "pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]";
  std::string FP16 = "pl.Tile[[16, 16], pl.FP16, pl.Mem.Vec]";
};

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

// --- Types -----------------------------------------------------------------------------

TEST_F(VerifierTest, OpCallTypeMustBeTheDeducedType) {
  const Var* x = V("x", Tile(), L(1));
  const Call* good = Op("tile.adds", {x, F(1.0)});
  const Call* bad =
      ctx_.NewOpCall(good->op(), good->args(), good->kwargs(), Tile(DataType::kFP16), L(2, 9));
  const Var* y = V("y", bad->type());
  EXPECT_THAT(Errors(Kernel({x}, {}, {ctx_.NewAssign(y, bad, L(2))})),
              ElementsAre("k.py:2:9: error: tile.adds: type " + FP16 +
                          " does not match the deduced type " + FP32));
}

TEST_F(VerifierTest, AnnotationRetypesAreAcceptedAndNothingElse) {
  const Var* x = V("x", Tile(), L(1));
  const Call* deduced = Op("tile.adds", {x, F(1.0)});
  auto retyped = [&](const Type* type) {
    const Call* c = ctx_.NewOpCall(deduced->op(), deduced->args(), deduced->kwargs(), type,
                                   L(2, 9));
    return Errors(Kernel({x}, {}, {ctx_.NewAssign(V("y", type), c, L(2))}));
  };
  // Upstream's annotation rules: a tile takes another memory space or view.
  TileView narrow;
  std::vector<const Expr*> valid = {ctx_.Index(8), ctx_.Index(16)};
  narrow.valid_shape = valid;
  EXPECT_THAT(retyped(Tile(DataType::kFP32, {16, 16}, MemorySpace::kMat)), IsEmpty());
  EXPECT_THAT(retyped(ctx_.GetTileType(DataType::kFP32, Tile()->shape(), MemorySpace::kVec,
                                       &narrow)),
              IsEmpty());
  // Never another dtype or shape.
  EXPECT_THAT(retyped(Tile(DataType::kFP32, {16, 8})),
              ElementsAre(HasSubstr("does not match the deduced type")));
  EXPECT_THAT(retyped(Scalar(DataType::kFP32)),
              ElementsAre(HasSubstr("does not match the deduced type")));
}

TEST_F(VerifierTest, AnIndexValueMayBindAnIntegerName) {
  const Var* i = V("i", Scalar(), L(1));
  const Var* j = V("j", Scalar(DataType::kInt32), L(1));
  const Var* y = V("y", Scalar(DataType::kInt64));
  EXPECT_THAT(Errors(Kernel({i}, {}, {ctx_.NewAssign(y, i, L(2))})), IsEmpty());
  // Only INDEX converts implicitly.
  const Var* z = V("z", Scalar(DataType::kInt64));
  EXPECT_THAT(Errors(Kernel({j}, {}, {ctx_.NewAssign(z, j, L(2))})),
              ElementsAre(HasSubstr("'z' has type pl.Scalar[pl.INT64] but its value has type "
                                    "pl.Scalar[pl.INT32]")));
}

TEST_F(VerifierTest, DeducerErrorIsReported) {
  const Var* x = V("x", Tile(), L(1));
  const Call* bad =
      ctx_.NewOpCall(&BuiltinOp("tile.add"), {x, F(1.0)}, {}, x->type(), L(2, 9));
  std::vector<std::string> errors = Errors(Kernel({x}, {}, {ctx_.NewEval(bad, L(2))}));
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_THAT(errors[0], HasSubstr("k.py:2:9: error: tile.add: rhs must be a TileType"));
}

TEST_F(VerifierTest, OpCallArityAndKwargsAreCheckedBeforeDeduction) {
  const Var* x = V("x", Tile(), L(1));
  const Call* one_arg = ctx_.NewOpCall(&BuiltinOp("tile.add"), {x}, {}, x->type(), L(2, 9));
  const Call* no_kwargs = ctx_.NewOpCall(&BuiltinOp("tile.cast"), {x}, {}, x->type(), L(3, 9));
  Kwarg wrong_kind[] = {{0, AttrValue::Int(5)}, {1, AttrValue::Enum(RoundMode::kRound)}};
  const Call* bad_kind =
      ctx_.NewOpCall(&BuiltinOp("tile.cast"), {x}, wrong_kind, x->type(), L(4, 9));
  Kwarg unknown[] = {{7, AttrValue::Bool(true)}};
  const Call* bad_key = ctx_.NewOpCall(&BuiltinOp("tile.adds"), {x, F(1.0)}, unknown, x->type(),
                                       L(5, 9));
  EXPECT_THAT(
      Errors(Kernel({x}, {}, {ctx_.NewEval(one_arg, L(2)), ctx_.NewEval(no_kwargs, L(3)),
                              ctx_.NewEval(bad_kind, L(4)), ctx_.NewEval(bad_key, L(5))})),
      ElementsAre("k.py:2:9: error: tile.add: expects 2 arguments, got 1",
                  "k.py:3:9: error: tile.cast: missing kwarg 'target_type'",
                  "k.py:3:9: error: tile.cast: missing kwarg 'mode'",
                  "k.py:4:9: error: tile.cast: kwarg 'target_type' has kind int, expected DataType",
                  "k.py:5:9: error: tile.adds: kwarg key 7 is outside the op's kwarg schema"));
}

TEST_F(VerifierTest, AssignedVarHasTheValueType) {
  const Var* x = V("x", Tile(), L(1));
  const Var* y = V("y", Tile(DataType::kFP16));
  EXPECT_THAT(Errors(Kernel({x}, {}, {ctx_.NewAssign(y, Op("tile.adds", {x, F(1.0)}), L(2))})),
              ElementsAre("k.py:2:5: error: 'y' has type " + FP16 + " but its value has type " +
                          FP32));
}

TEST_F(VerifierTest, FunctionCallsAreChecked) {
  const Var* t = V("t", Tile(), L(1));
  const Function* g = Fn("g", {t}, {Tile()}, Seq({Ret({t}, L(2))}), FunctionType::kInCore, L(1));
  const Var* x = V("x", Tile(), L(4));
  const Var* h = V("h", Tile(DataType::kFP16), L(4));
  auto call = [&](absl::string_view callee, std::vector<const Expr*> args, const Type* type,
                  uint32_t line) {
    return ctx_.NewEval(ctx_.NewFunctionCall(ctx_.GetGlobalVar(callee), args, type, L(line, 9)),
                        L(line));
  };
  const Function* main = Fn(
      "main", {x, h}, {},
      Seq({call("nope", {x}, Tile(), 5), call("g", {x, x}, Tile(), 6), call("g", {h}, Tile(), 7),
           call("g", {x}, Tile(DataType::kFP16), 8), call("g", {x}, Tile(), 9)}),
      FunctionType::kInCore, L(4));
  EXPECT_THAT(
      Errors(Prog({g, main})),
      ElementsAre("k.py:5:9: error: call of undefined function 'nope'",
                  "k.py:6:9: error: call of 'g': expects 1 argument, got 2",
                  "k.py:7:9: error: call of 'g': argument 0 has type " + FP16 +
                      " but parameter 't' has type " + FP32,
                  "k.py:8:9: error: call of 'g': type " + FP16 +
                      " does not match the function's return type " + FP32));
}

// Upstream checks no types where a value crosses a function boundary; we
// keep the sort and the dtype (FitsFunctionBoundary, ir/type_compat.h).
TEST_F(VerifierTest, FunctionBoundariesAcceptOtherShapesViewsAndIndex) {
  const Var* t = V("t", Tensor(DataType::kFP32, {64}), L(1));
  const Var* n = V("n", Scalar(DataType::kInt32), L(1));
  const Function* g =
      Fn("g", {t, n}, {Tensor(DataType::kFP32, {64})}, Seq({Ret({t}, L(2))}),
         FunctionType::kInCore, L(1));
  const Var* x = V("x", Tensor(DataType::kFP32, {4, 16}), L(4));
  const Var* i = V("i", Scalar(DataType::kIndex), L(4));
  const Var* f = V("f", Scalar(DataType::kFP32), L(4));
  auto call = [&](std::vector<const Expr*> args, uint32_t line) {
    return ctx_.NewEval(ctx_.NewFunctionCall(ctx_.GetGlobalVar("g"), args,
                                             Tensor(DataType::kFP32, {64}), L(line, 9)),
                        L(line));
  };
  const Function* main =
      Fn("main", {x, i, f}, {Tensor(DataType::kFP32, {64})},
         Seq({call({x, i}, 5), call({x, f}, 6), Ret({x}, L(7))}), FunctionType::kInCore, L(4));
  EXPECT_THAT(Errors(Prog({g, main})),
              ElementsAre("k.py:6:9: error: call of 'g': argument 1 has type pl.Scalar[pl.FP32] "
                          "but parameter 'n' has type pl.Scalar[pl.INT32]"));
  // A tile returned where a tensor is declared keeps only its dtype checked.
  const Var* y = V("y", Tile(), L(1));
  EXPECT_THAT(Errors(Kernel({y}, {Tensor()}, {Ret({y}, L(2))})), IsEmpty());
}

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

// --- Reporting ------------------------------------------------------------------------

TEST_F(VerifierTest, ReportsEveryProblemOnePerLine) {
  const Var* x = V("x", Tile(), L(1));
  const Var* ghost = V("ghost", Tile());
  const Var* y = V("y", Tile(DataType::kFP16));
  const Var* z;
  Program p = Kernel({x}, {x->type()},
                     {ctx_.NewAssign(y, Op("tile.adds", {x, F(1.0)}), L(2)),
                      Let(z, "z", Op("tile.adds", {ghost, F(1.0)}), L(3)), Ret({z, z}, L(4))});
  absl::Status s = VerifyProgram(p);
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(std::string(s.message()),
            "k.py:2:5: error: 'y' has type " + FP16 + " but its value has type " + FP32 +
                "\n"
                "k.py:3:5: error: 'ghost' is not defined in function 'k'\n"
                "k.py:4:5: error: return gives 2 values but function 'k' declares 1 return "
                "type");
  std::vector<Diagnostic> diags = CollectDiagnostics(p);
  ASSERT_EQ(diags.size(), 3u);
  EXPECT_EQ(diags[1].loc.line, 3u);
  EXPECT_EQ(diags[1].message, "'ghost' is not defined in function 'k'");
}

TEST_F(VerifierTest, VerifiesOneFunction) {
  const Var* x = V("x", Tile(), L(1));
  const Function* ok = Fn("ok", {x}, {}, Seq({}), FunctionType::kInCore, L(1));
  const Function* bad = Fn("bad", {}, {}, Seq({Yield({}, L(6))}), FunctionType::kInCore, L(5));
  Program p = Prog({ok, bad});
  EXPECT_TRUE(VerifyFunction(p, ok).ok());
  EXPECT_EQ(std::string(VerifyFunction(p, bad).message()),
            "k.py:6:5: error: yield is only allowed as the last statement of a loop body or if "
            "branch");
}

TEST_F(VerifierTest, UnknownLocationsFallBackToTheStatementThenTheFunction) {
  const Var* x = V("x", Tile(), L(1));
  const Call* bad = ctx_.NewOpCall(&BuiltinOp("tile.add"), {x}, {}, x->type());
  EXPECT_THAT(Errors(Kernel({x}, {}, {ctx_.NewEval(bad, L(3))})),
              ElementsAre("k.py:3:5: error: tile.add: expects 2 arguments, got 1"));
  EXPECT_THAT(Errors(Kernel({x}, {}, {ctx_.NewEval(bad)})),
              ElementsAre("k.py:1:1: error: tile.add: expects 2 arguments, got 1"));
}

TEST_F(VerifierTest, DeepNestingIsReportedNotFatal) {
  const Var* n = V("n", Scalar(), L(1));
  const Expr* deep = n;
  for (int i = 0; i < 5000; ++i) {
    deep = ctx_.NewBinary(BinaryOp::kAdd, deep, ctx_.Index(1), DataType::kIndex);
  }
  const Var* m = V("m", Scalar());
  EXPECT_THAT(Errors(Kernel({n}, {}, {ctx_.NewAssign(m, deep, L(2))})),
              ElementsAre("k.py:2:5: error: nesting deeper than 1000 levels; the rest is not "
                          "verified"));
}

TEST_F(VerifierTest, LargeProgramVerifiesInLinearTime) {
  const Var* x = V("x", Tile(), L(1));
  std::vector<const Stmt*> stmts;
  const Var* cur = x;
  for (int i = 0; i < 200000; ++i) {
    const Var* v;
    stmts.push_back(Let(v, "v", Op("tile.adds", {cur, F(1.0)}), L(i + 2)));
    cur = v;
  }
  const Expr* ret = cur;
  stmts.push_back(ctx_.NewReturn({&ret, 1}, L(200002)));
  Program p = Prog({Fn("k", {x}, {x->type()}, ctx_.NewSeq(stmts), FunctionType::kInCore, L(1))});
  EXPECT_TRUE(VerifyProgram(p).ok());
}

}  // namespace
}  // namespace pto::ir
