#include "ir/analysis/ir_format.h"

#include <string>

#include "gtest/gtest.h"
#include "ir/analysis/test_util.h"
#include "ir/context.h"

namespace pto::ir::diag {
namespace {

class IrFormatTest : public IrTest {};

TEST_F(IrFormatTest, ScalarTensorAndTupleTypes) {
  EXPECT_EQ(FormatType(Scalar(DataType::kIndex)), "pl.Scalar[pl.INDEX]");
  EXPECT_EQ(FormatType(Tensor(DataType::kBF16, {4, 8})), "pl.Tensor[[4, 8], pl.BF16]");
  const Var* n = V("N", Scalar());
  EXPECT_EQ(FormatType(ctx_.GetDistributedTensorType(DataType::kFP32, {n, ctx_.Index(64)})),
            "pld.DistributedTensor[[N, 64], pl.FP32]");
  TensorView view;
  view.valid_shape = ctx_.IndexList({8, 8});
  view.layout = TensorLayout::kDN;
  view.pad = PadValue::kZero;
  EXPECT_EQ(FormatType(ctx_.GetTensorType(DataType::kFP32, ctx_.IndexList({16, 8}), view)),
            "pl.Tensor[[16, 8], pl.FP32, pl.TensorView(valid_shape=[8, 8], stride=[], "
            "layout=pl.TensorLayout.DN, pad=pl.PadValue.zero)]");
  EXPECT_EQ(FormatType(ctx_.GetTupleType({Scalar(DataType::kBool), Tile()})),
            "pl.Tuple[pl.Scalar[pl.BOOL], pl.Tile[[16, 16], pl.FP32, pl.Mem.Vec]]");
  EXPECT_EQ(FormatType(ctx_.GetTupleType({})), "pl.Tuple[()]");
  EXPECT_EQ(FormatType(ctx_.GetUnknownType()), "pl.UnknownType");
  EXPECT_EQ(FormatType(ctx_.GetCommCtxType()), "pld.CommCtxType");
  EXPECT_EQ(FormatType(nullptr), "<null type>");
}

TEST_F(IrFormatTest, TileTypesPrintOnlyNonImplicitViewFields) {
  EXPECT_EQ(FormatType(Tile(DataType::kFP16, {16, 32}, std::nullopt)),
            "pl.Tile[[16, 32], pl.FP16]");
  TileView view;
  view.valid_shape = ctx_.IndexList({16, 8});
  view.pad = PadValue::kMax;
  view.fractal = 1024;
  EXPECT_EQ(FormatType(ctx_.GetTileType(DataType::kUInt8, ctx_.IndexList({16, 32}),
                                        MemorySpace::kVec, &view)),
            "pl.Tile[[16, 32], pl.UINT8, pl.Mem.Vec, pl.TileView(valid_shape=[16, 8], "
            "fractal=1024, pad=pl.PadValue.max)]");
  // Mat's implicit view is col_major/row_major; only the difference prints.
  TileView mat = ImplicitTileView(MemorySpace::kMat, TileLayout::kRowMajor);
  mat.slayout = TileLayout::kNoneBox;
  EXPECT_EQ(FormatType(ctx_.GetTileType(DataType::kFP16, ctx_.IndexList({16, 16}),
                                        MemorySpace::kMat, &mat)),
            "pl.Tile[[16, 16], pl.FP16, pl.Mem.Mat, pl.TileView(slayout=pl.TileLayout.none_box)]");
}

TEST_F(IrFormatTest, Expressions) {
  const Var* n = V("n", Scalar());
  EXPECT_EQ(FormatExpr(ctx_.Index(16)), "16");
  EXPECT_EQ(FormatExpr(ctx_.Int(7, DataType::kInt32)), "pl.const(7, pl.INT32)");
  EXPECT_EQ(FormatExpr(ctx_.Float(0.5)), "0.5");
  EXPECT_EQ(FormatExpr(ctx_.Float(2.0)), "2.0");
  EXPECT_EQ(FormatExpr(ctx_.Float(0.5, DataType::kFP16)), "pl.const(0.5, pl.FP16)");
  EXPECT_EQ(FormatExpr(ctx_.Bool(true)), "True");
  const Expr* sum = ctx_.NewBinary(BinaryOp::kAdd, n, ctx_.Index(1), DataType::kIndex);
  EXPECT_EQ(FormatExpr(ctx_.NewBinary(BinaryOp::kMul, sum, ctx_.Index(2), DataType::kIndex)),
            "(n + 1) * 2");
  // Parentheses follow the operator table: `xor` binds looser than `and`,
  // `not` looser than comparisons.
  const Var* p = V("p", Scalar(DataType::kBool));
  const Var* q = V("q", Scalar(DataType::kBool));
  const Expr* p_xor_q = ctx_.NewBinary(BinaryOp::kXor, p, q, DataType::kBool);
  EXPECT_EQ(FormatExpr(ctx_.NewBinary(BinaryOp::kAnd, p_xor_q, q, DataType::kBool)),
            "(p xor q) and q");
  const Expr* n_eq_1 = ctx_.NewBinary(BinaryOp::kEq, n, ctx_.Index(1), DataType::kBool);
  EXPECT_EQ(FormatExpr(ctx_.NewUnary(UnaryOp::kNot, n_eq_1, DataType::kBool)), "not n == 1");
  const Expr* n_minus_1 = ctx_.NewBinary(BinaryOp::kSub, n, ctx_.Index(1), DataType::kIndex);
  EXPECT_EQ(FormatExpr(ctx_.NewBinary(BinaryOp::kSub, n, n_minus_1, DataType::kIndex)),
            "n - (n - 1)");
  EXPECT_EQ(FormatExpr(ctx_.NewBinary(BinaryOp::kMax, n, ctx_.Index(2), DataType::kIndex)),
            "max(n, 2)");
  EXPECT_EQ(FormatExpr(ctx_.NewUnary(UnaryOp::kCast, n, DataType::kInt64)),
            "pl.cast(n, pl.INT64)");
  EXPECT_EQ(FormatExpr(ctx_.NewUnary(UnaryOp::kNeg, n, DataType::kIndex)), "-n");
  const Var* t = V("t", Tile());
  EXPECT_EQ(FormatExpr(Op("tile.adds", {t, ctx_.Float(1.0)})), "pl.tile.adds(t, 1.0)");
  EXPECT_EQ(FormatExpr(ctx_.NewFunctionCall(ctx_.GetGlobalVar("f"), {t}, t->type())),
            "self.f(t)");
  const Expr* pair[] = {t, n};
  const MakeTuple* tup = ctx_.NewMakeTuple(pair);
  EXPECT_EQ(FormatExpr(tup), "[t, n]");
  EXPECT_EQ(FormatExpr(ctx_.NewTupleGetItem(tup, 1)), "[t, n][1]");

  const Expr* deep = n;
  for (int i = 0; i < 100; ++i) {
    deep = ctx_.NewUnary(UnaryOp::kNeg, deep, DataType::kIndex);
  }
  EXPECT_NE(FormatExpr(deep).find("..."), std::string::npos);
}

TEST_F(IrFormatTest, AttrValues) {
  EXPECT_EQ(FormatAttrValue(AttrValue::Bool(false)), "False");
  EXPECT_EQ(FormatAttrValue(AttrValue::Int(-3)), "-3");
  EXPECT_EQ(FormatAttrValue(AttrValue::Float(0.25)), "0.25");
  EXPECT_EQ(FormatAttrValue(AttrValue::String("abc")), "'abc'");
  EXPECT_EQ(FormatAttrValue(AttrValue::DType(DataType::kFP16)), "pl.FP16");
  EXPECT_EQ(FormatAttrValue(AttrValue::Enum(MemorySpace::kVec)), "pl.Mem.Vec");
  EXPECT_EQ(FormatAttrValue(AttrValue::Enum(RoundMode::kRint)), "'rint'");
  EXPECT_EQ(FormatAttrValue(AttrValue::Enum(SaturationMode::kOn)), "'on'");
  EXPECT_EQ(FormatAttrValue(AttrValue::Enum(AtomicType::kAdd)), "pl.AtomicType.Add");
  EXPECT_EQ(FormatAttrValue(AttrValue::Enum(TileLayout::kColMajor)), "pl.TileLayout.col_major");
  EXPECT_EQ(FormatAttrValue(AttrValue::OfKind(AttrKind::kRoundMode, 99)), "#99");
  EXPECT_EQ(FormatEnum(ForKind::kParallel), "pl.parallel");
  EXPECT_EQ(FormatEnum(FunctionType::kInCore), "pl.FunctionType.InCore");
}

TEST_F(IrFormatTest, NodeDescriptions) {
  const Var* c = V("c", Tile());
  EXPECT_EQ(DescribeExpr(c), "Var 'c'");
  EXPECT_EQ(DescribeExpr(Iter("acc", c)), "IterArg 'acc'");
  EXPECT_EQ(DescribeExpr(ctx_.Index(3)), "ConstInt 3");
  EXPECT_EQ(DescribeExpr(Op("tile.neg", {c})), "tile.neg");
  EXPECT_EQ(DescribeExpr(ctx_.NewFunctionCall(ctx_.GetGlobalVar("f"), {}, c->type())),
            "call 'f'");
  EXPECT_EQ(DescribeStmt(ctx_.NewAssign(c, Op("tile.neg", {c}))), "AssignStmt 'c'");
  EXPECT_EQ(DescribeStmt(ctx_.NewEval(Op("tile.neg", {c}))), "EvalStmt tile.neg");
  const Var* i = V("i", Scalar());
  EXPECT_EQ(DescribeStmt(ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(1), ctx_.Index(1), {},
                                     ctx_.NewSeq({}), {})),
            "ForStmt 'i'");
  EXPECT_EQ(DescribeStmt(ctx_.NewYield({})), "YieldStmt");
  EXPECT_STREQ(NodeKindName(NodeKind::kWhile), "WhileStmt");
  EXPECT_STREQ(TypeKindName(TypeKind::kDistributedTensor), "DistributedTensor");
}

}  // namespace
}  // namespace pto::ir::diag
