#include "ir/text/dsl/scalar_builder.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/text/printer/printer.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class ScalarBuilderTest : public ::testing::Test {
 protected:
  const Var* V(absl::string_view name, DataType t) {
    return ctx_.NewVar(name, ctx_.GetScalarType(t));
  }
  std::string Build(BinaryOp op, const Expr* a, const Expr* b) {
    absl::StatusOr<const Expr*> e = MakeScalarBinary(ctx_, op, a, b);
    if (!e.ok()) return std::string(e.status().message());
    return PrintExpr(*e) + " : " + std::string((*e)->type()->As<ScalarType>()->dtype().name());
  }
  Context ctx_;
};

TEST_F(ScalarBuilderTest, WiderIntWinsWithACast) {
  const Var* i32 = V("a", DataType::kInt32);
  const Var* idx = V("b", DataType::kIndex);
  EXPECT_EQ(Build(BinaryOp::kAdd, i32, idx), "pl.cast(a, pl.INDEX) + b : INDEX");
  EXPECT_EQ(Build(BinaryOp::kMul, idx, i32), "b * pl.cast(a, pl.INDEX) : INDEX");
  const Var* i8 = V("c", DataType::kInt8);
  EXPECT_EQ(Build(BinaryOp::kSub, i32, i8), "a - pl.cast(c, pl.INT32) : INT32");
}

TEST_F(ScalarBuilderTest, IndexAndInt64MixWithoutCast) {
  const Var* i64 = V("a", DataType::kInt64);
  const Var* idx = V("b", DataType::kIndex);
  EXPECT_EQ(Build(BinaryOp::kAdd, i64, idx), "a + b : INT64");
  EXPECT_EQ(Build(BinaryOp::kAdd, idx, i64), "b + a : INDEX");
}

TEST_F(ScalarBuilderTest, EqualWidthKeepsTheLeftDType) {
  EXPECT_EQ(Build(BinaryOp::kAdd, V("u", DataType::kUInt32), V("s", DataType::kInt32)),
            "u + pl.cast(s, pl.UINT32) : UINT32");
  EXPECT_EQ(Build(BinaryOp::kAdd, V("h", DataType::kFP16), V("b", DataType::kBF16)),
            "h + pl.cast(b, pl.FP16) : FP16");
}

TEST_F(ScalarBuilderTest, FloatsPromoteAmongFloats) {
  EXPECT_EQ(Build(BinaryOp::kFloatDiv, V("h", DataType::kFP16), ctx_.Float(2.0)),
            "pl.cast(h, pl.FP32) / 2.0 : FP32");
}

TEST_F(ScalarBuilderTest, ComparisonsAndLogicGiveBool) {
  EXPECT_EQ(Build(BinaryOp::kLt, V("a", DataType::kInt32), ctx_.Index(4)),
            "pl.cast(a, pl.INDEX) < 4 : BOOL");
  EXPECT_EQ(Build(BinaryOp::kAnd, V("p", DataType::kBool), V("q", DataType::kBool)),
            "p and q : BOOL");
  EXPECT_EQ(Build(BinaryOp::kMin, ctx_.Index(1), ctx_.Index(2)), "pl.min(1, 2) : INDEX");
}

TEST_F(ScalarBuilderTest, Rejections) {
  const Var* b = V("p", DataType::kBool);
  const Var* f = V("f", DataType::kFP32);
  const Var* i = V("i", DataType::kIndex);
  EXPECT_EQ(Build(BinaryOp::kAdd, b, i), "operator '+' does not accept bool operands");
  EXPECT_EQ(Build(BinaryOp::kLt, i, b), "operator '<' does not accept bool operands");
  EXPECT_EQ(Build(BinaryOp::kAdd, i, f),
            "operator '+' cannot mix index and fp32; convert one with pl.cast");
  EXPECT_EQ(Build(BinaryOp::kBitAnd, i, f),
            "operator '&' requires integer operands, got index and fp32");
  EXPECT_EQ(Build(BinaryOp::kShl, f, f),
            "operator '<<' requires integer operands, got fp32 and fp32");
  const Var* t =
      ctx_.NewVar("t", ctx_.GetTileType(DataType::kFP32, ctx_.IndexList({4}), MemorySpace::kVec));
  EXPECT_EQ(Build(BinaryOp::kAdd, t, i),
            "operator '+' requires scalar operands, got pl.Tile[[4], pl.FP32, pl.Mem.Vec]");
}

TEST_F(ScalarBuilderTest, UnaryOps) {
  absl::StatusOr<const Expr*> neg = MakeScalarUnary(ctx_, UnaryOp::kNeg, V("a", DataType::kInt32));
  ASSERT_TRUE(neg.ok());
  EXPECT_EQ((*neg)->type(), ctx_.GetScalarType(DataType::kInt32));
  absl::StatusOr<const Expr*> no = MakeScalarUnary(ctx_, UnaryOp::kNot, V("a", DataType::kInt32));
  ASSERT_TRUE(no.ok());
  EXPECT_EQ((*no)->type(), ctx_.GetScalarType(DataType::kBool));
  EXPECT_THAT(MakeScalarUnary(ctx_, UnaryOp::kBitNot, V("f", DataType::kFP32)).status().message(),
              HasSubstr("operator '~' requires an integer operand, got fp32"));
  EXPECT_THAT(MakeScalarUnary(ctx_, UnaryOp::kNeg, V("p", DataType::kBool)).status().message(),
              HasSubstr("operator '-' requires a numeric operand, got bool"));
  EXPECT_THAT(MakeScalarUnary(ctx_, UnaryOp::kAbs, V("p", DataType::kBool)).status().message(),
              HasSubstr("operator 'abs' requires a numeric operand"));
  absl::StatusOr<const Expr*> cast =
      MakeScalarCast(ctx_, V("a", DataType::kInt32), DataType::kFP16);
  ASSERT_TRUE(cast.ok());
  EXPECT_EQ(PrintExpr(*cast), "pl.cast(a, pl.FP16)");
}

// A task id (pl.TASK_ID) is an opaque handle: no operator or cast applies.
TEST_F(ScalarBuilderTest, TaskIdsTakeNoOperators) {
  const Var* t = V("t", DataType::kTaskId);
  EXPECT_EQ(Build(BinaryOp::kXor, t, t), "operator 'xor' does not accept pl.Scalar[pl.TASK_ID] operands");
  EXPECT_THAT(Build(BinaryOp::kEq, t, t), HasSubstr("does not accept pl.Scalar[pl.TASK_ID]"));
  EXPECT_FALSE(MakeScalarUnary(ctx_, UnaryOp::kNot, t).ok());
  EXPECT_FALSE(MakeScalarCast(ctx_, t, DataType::kInt64).ok());
  EXPECT_FALSE(MakeScalarCast(ctx_, V("i", DataType::kInt64), DataType::kTaskId).ok());
}

}  // namespace
}  // namespace pto::ir
