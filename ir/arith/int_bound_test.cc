#include "ir/arith/int_bound.h"

#include "gtest/gtest.h"
#include "ir/arith/int_eval.h"

namespace pto::ir {
namespace {

constexpr DataType kIdx = DataType::kIndex;
constexpr int64_t kInf = IntBound::kPosInf;

TEST(IntEvalTest, FloorsAndWraps) {
  EXPECT_EQ(*EvalIntBinary(BinaryOp::kFloorDiv, -7, 2, kIdx), -4);
  EXPECT_EQ(*EvalIntBinary(BinaryOp::kFloorMod, -7, 2, kIdx), 1);
  EXPECT_EQ(*EvalIntBinary(BinaryOp::kFloatDiv, -7, 2, kIdx), -3);
  EXPECT_EQ(*EvalIntBinary(BinaryOp::kAdd, 127, 1, DataType::kInt8), -128);
  EXPECT_EQ(*EvalIntBinary(BinaryOp::kShr, -8, 1, DataType::kInt32), -4);
  EXPECT_EQ(*EvalIntBinary(BinaryOp::kShr, 0xF0, 4, DataType::kUInt8), 0xF);
  EXPECT_EQ(WrapInt(DataType::kInt8, 200), -56);
  EXPECT_EQ(WrapInt(DataType::kUInt8, static_cast<uint64_t>(-1)), 255);
  EXPECT_FALSE(EvalIntBinary(BinaryOp::kFloorMod, 1, 0, kIdx).ok());
  EXPECT_FALSE(EvalIntBinary(BinaryOp::kShl, 1, 32, DataType::kInt32).ok());
  EXPECT_FALSE(EvalIntBinary(BinaryOp::kPow, 2, -1, kIdx).ok());
  EXPECT_TRUE(CompareValues<__int128>(BinaryOp::kLt, -1, static_cast<__int128>(UINT64_MAX)));
}

TEST(IntBoundTest, Defaults) {
  EXPECT_EQ(VarDefault(kIdx), (IntBound{0, kInf}));
  EXPECT_TRUE(VarDefault(DataType::kInt64).IsEverything());
  EXPECT_EQ(DtypeRange(DataType::kInt8), (IntBound{-128, 127}));
  EXPECT_EQ(DtypeRange(DataType::kUInt16), (IntBound{0, 65535}));
  EXPECT_EQ(DtypeRange(DataType::kBool), IntBound::Truth());
}

TEST(IntBoundTest, Arithmetic) {
  const IntBound i{0, 7};
  EXPECT_EQ(BinaryBound(BinaryOp::kAdd, i, IntBound::Point(1), kIdx), (IntBound{1, 8}));
  EXPECT_EQ(BinaryBound(BinaryOp::kSub, i, i, DataType::kInt64), (IntBound{-7, 7}));
  EXPECT_EQ(BinaryBound(BinaryOp::kMul, i, IntBound{-2, 3}, kIdx), (IntBound{-14, 21}));
  EXPECT_EQ(BinaryBound(BinaryOp::kMul, IntBound{0, kInf}, IntBound::Point(256), kIdx),
            (IntBound{0, kInf}));
  EXPECT_EQ(BinaryBound(BinaryOp::kFloorDiv, i, IntBound::Point(8), kIdx), IntBound::Point(0));
  EXPECT_EQ(BinaryBound(BinaryOp::kFloorDiv, i, IntBound::Point(4), kIdx), (IntBound{0, 1}));
  EXPECT_EQ(BinaryBound(BinaryOp::kFloorDiv, IntBound{-9, -1}, IntBound::Point(4), kIdx),
            (IntBound{-3, -1}));
  EXPECT_EQ(BinaryBound(BinaryOp::kFloorMod, IntBound{8, 11}, IntBound::Point(8), kIdx),
            (IntBound{0, 3}));
  EXPECT_EQ(BinaryBound(BinaryOp::kFloorMod, IntBound{-5, 30}, IntBound::Point(8), kIdx),
            (IntBound{0, 7}));
  // A divisor that may be 0 says nothing.
  EXPECT_TRUE(BinaryBound(BinaryOp::kFloorDiv, i, IntBound{-1, 1}, DataType::kInt64)
                  .IsEverything());
}

TEST(IntBoundTest, NarrowDtypesWiden) {
  // 100 + 100 may wrap in INT8: nothing is known.
  EXPECT_EQ(BinaryBound(BinaryOp::kAdd, IntBound::Point(100), IntBound::Point(100),
                        DataType::kInt8),
            DtypeRange(DataType::kInt8));
  EXPECT_EQ(UnaryBound(UnaryOp::kCast, IntBound{0, 300}, DataType::kUInt8),
            DtypeRange(DataType::kUInt8));
  EXPECT_EQ(UnaryBound(UnaryOp::kCast, IntBound{0, 200}, DataType::kUInt8), (IntBound{0, 200}));
}

TEST(IntBoundTest, Comparisons) {
  const IntBound i{0, 7};
  EXPECT_EQ(BinaryBound(BinaryOp::kLt, i, IntBound::Point(100), DataType::kBool),
            IntBound::Point(1));
  EXPECT_EQ(BinaryBound(BinaryOp::kEq, i, IntBound::Point(-1), DataType::kBool),
            IntBound::Point(0));
  EXPECT_EQ(BinaryBound(BinaryOp::kEq, i, IntBound::Point(0), DataType::kBool),
            IntBound::Truth());
  EXPECT_EQ(BinaryBound(BinaryOp::kGe, i, IntBound::Point(0), DataType::kBool),
            IntBound::Point(1));
  EXPECT_EQ(BinaryBound(BinaryOp::kAnd, IntBound::Point(1), IntBound::Truth(), DataType::kBool),
            IntBound::Truth());
  EXPECT_EQ(BinaryBound(BinaryOp::kOr, IntBound::Point(1), IntBound::Truth(), DataType::kBool),
            IntBound::Point(1));
  EXPECT_EQ(UnaryBound(UnaryOp::kNot, IntBound::Point(0), DataType::kBool), IntBound::Point(1));
}

}  // namespace
}  // namespace pto::ir
