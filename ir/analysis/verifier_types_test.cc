// The verifier on types: op calls have their deduced type, annotations retype
// only as allowed, calls of program functions match the callee.

#include "ir/analysis/verifier.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/builtin.h"
#include "ir/analysis/verifier_test_fixture.h"
#include "ir/context.h"

namespace pto::ir {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;

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
}  // namespace
}  // namespace pto::ir
