#include "ir/type_compat.h"

#include "gtest/gtest.h"
#include "ir/context.h"

namespace pto::ir {
namespace {

class TypeCompatTest : public ::testing::Test {
 protected:
  const Type* Scalar(DataType d) { return ctx_.GetScalarType(d); }
  const Type* Tensor(DataType d, int64_t n) {
    const Expr* dims[] = {ctx_.Index(n), ctx_.Index(16)};
    return ctx_.GetTensorType(d, dims);
  }
  const Type* Strided(int64_t n) {
    const Expr* dims[] = {ctx_.Index(n), ctx_.Index(16)};
    const Expr* stride[] = {ctx_.Index(32), ctx_.Index(1)};
    TensorView view;
    view.stride = stride;
    return ctx_.GetTensorType(DataType::kFP32, dims, view);
  }
  const Type* Tile(std::optional<MemorySpace> space) {
    const Expr* dims[] = {ctx_.Index(16), ctx_.Index(16)};
    return ctx_.GetTileType(DataType::kFP32, dims, space);
  }
  Context ctx_;
};

TEST_F(TypeCompatTest, BoundaryAcceptsWhatUpstreamPassesThrough) {
  // INDEX meets any integer dtype, both ways.
  EXPECT_TRUE(FitsFunctionBoundary(Scalar(DataType::kInt32), Scalar(DataType::kIndex)));
  EXPECT_TRUE(FitsFunctionBoundary(Scalar(DataType::kIndex), Scalar(DataType::kInt64)));
  // Integer scalars of any width (pld.world_size() is INT64).
  EXPECT_TRUE(FitsFunctionBoundary(Scalar(DataType::kInt32), Scalar(DataType::kInt64)));
  // A view, a different shape, a distributed tensor or a tile: same dtype fits.
  EXPECT_TRUE(FitsFunctionBoundary(Tensor(DataType::kFP32, 16), Strided(16)));
  EXPECT_TRUE(FitsFunctionBoundary(Strided(16), Tensor(DataType::kFP32, 16)));
  EXPECT_TRUE(FitsFunctionBoundary(Tensor(DataType::kFP32, 8), Tensor(DataType::kFP32, 16)));
  const Expr* dims[] = {ctx_.Index(16), ctx_.Index(16)};
  EXPECT_TRUE(FitsFunctionBoundary(Tensor(DataType::kFP32, 16),
                                   ctx_.GetDistributedTensorType(DataType::kFP32, dims)));
  EXPECT_TRUE(FitsFunctionBoundary(Tensor(DataType::kFP32, 16), Tile(MemorySpace::kVec)));
  EXPECT_TRUE(FitsFunctionBoundary(Tensor(DataType::kFP32, 16), ctx_.GetUnknownType()));
  // A submit's (task id,) tuple where a task id is declared.
  const Type* tid[] = {Scalar(DataType::kTaskId)};
  EXPECT_TRUE(FitsFunctionBoundary(Scalar(DataType::kTaskId), ctx_.GetTupleType(tid)));
}

TEST_F(TypeCompatTest, BoundaryRejectsAnotherDtypeOrSort) {
  EXPECT_FALSE(FitsFunctionBoundary(Scalar(DataType::kInt32), Scalar(DataType::kFP32)));
  EXPECT_FALSE(FitsFunctionBoundary(Tensor(DataType::kInt8, 16), Tensor(DataType::kInt32, 16)));
  EXPECT_FALSE(FitsFunctionBoundary(Tensor(DataType::kFP16, 16), Tensor(DataType::kFP32, 16)));
  EXPECT_FALSE(FitsFunctionBoundary(Tensor(DataType::kFP32, 16), Scalar(DataType::kFP32)));
  EXPECT_FALSE(FitsFunctionBoundary(Scalar(DataType::kFP32), Tensor(DataType::kFP32, 16)));
  // Unknown is accepted only as the actual side.
  EXPECT_FALSE(FitsFunctionBoundary(ctx_.GetUnknownType(), Scalar(DataType::kFP32)));
  const Type* two[] = {Scalar(DataType::kTaskId), Scalar(DataType::kTaskId)};
  EXPECT_FALSE(FitsFunctionBoundary(Scalar(DataType::kTaskId), ctx_.GetTupleType(two)));
}

TEST_F(TypeCompatTest, CarriedTypesIgnoreTileMemorySpaceOnly) {
  EXPECT_TRUE(CarriedTypesAgree(Tile(MemorySpace::kVec), Tile(MemorySpace::kAcc)));
  EXPECT_TRUE(CarriedTypesAgree(Tile(std::nullopt), Tile(MemorySpace::kAcc)));
  // Stride and layout are not compared for tensors.
  EXPECT_TRUE(CarriedTypesAgree(Tensor(DataType::kFP32, 16), Strided(16)));
  EXPECT_FALSE(CarriedTypesAgree(Tensor(DataType::kFP32, 8), Tensor(DataType::kFP32, 16)));
  EXPECT_FALSE(CarriedTypesAgree(Tensor(DataType::kFP16, 16), Tensor(DataType::kFP32, 16)));
  EXPECT_FALSE(CarriedTypesAgree(Scalar(DataType::kIndex), Scalar(DataType::kInt64)));
  EXPECT_FALSE(CarriedTypesAgree(Tensor(DataType::kFP32, 16), Tile(MemorySpace::kVec)));
  const Expr* dims[] = {ctx_.Index(16), ctx_.Index(16)};
  EXPECT_FALSE(CarriedTypesAgree(Tensor(DataType::kFP32, 16),
                                 ctx_.GetDistributedTensorType(DataType::kFP32, dims)));
  // A narrower valid shape or another pad is another carried value.
  TensorView padded;
  padded.pad = PadValue::kMax;
  EXPECT_FALSE(CarriedTypesAgree(Tensor(DataType::kFP32, 16),
                                 ctx_.GetTensorType(DataType::kFP32, dims, padded)));
  TileView narrow;
  const Expr* valid[] = {ctx_.Index(8), ctx_.Index(16)};
  narrow.valid_shape = valid;
  EXPECT_FALSE(
      CarriedTypesAgree(Tile(MemorySpace::kVec),
                        ctx_.GetTileType(DataType::kFP32, dims, MemorySpace::kVec, &narrow)));
}

}  // namespace
}  // namespace pto::ir
