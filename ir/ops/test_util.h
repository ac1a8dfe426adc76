// Test fixture for op deducer tests: a Context plus terse builders.
//
// Types are interned, so an expected type built with the same parts is the
// same pointer as the deduced one; EXPECT_TYPE compares pointers and prints
// both types readably on mismatch.
//
//   TEST_F(OpTest, Adds) {
//     const Var* t = TileVar(DataType::kFP32, {16, 16});
//     EXPECT_TYPE(TypeOf("tile.adds", {t, ctx_.Float(1.0)}), t->type());
//     EXPECT_THAT(ErrorOf("tile.adds", {t, t}), HasSubstr("rhs must be a ScalarType"));
//   }

#ifndef PTO_IR_OPS_TEST_UTIL_H_
#define PTO_IR_OPS_TEST_UTIL_H_

#include <initializer_list>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"

namespace pto::ir {

inline std::string DescribeDims(ExprSpan dims) {
  std::string out = "[";
  for (size_t i = 0; i < dims.size(); ++i) {
    if (i > 0) out += ", ";
    if (std::optional<int64_t> c = AsConstInt(dims[i])) {
      out += std::to_string(*c);
    } else if (const auto* v = dims[i]->As<Var>()) {
      out += std::string(v->name());
    } else {
      out += "<expr>";
    }
  }
  return out + "]";
}

inline std::string DescribeType(const Type* t) {
  if (t == nullptr) return "null";
  if (const auto* s = t->As<ScalarType>()) return "Scalar[" + std::string(s->dtype().name()) + "]";
  if (const auto* tt = t->As<TensorType>()) {
    std::string out = (tt->IsDistributed() ? "DistTensor[" : "Tensor[") +
                      DescribeDims(tt->shape()) + ", " + std::string(tt->dtype().name());
    if (const TensorView* v = tt->view()) {
      out += ", valid=" + DescribeDims(v->valid_shape) +
             ", layout=" + std::string(EnumName(v->layout)) +
             ", stride=" + DescribeDims(v->stride) + ", pad=" + std::string(EnumName(v->pad));
    }
    return out + "]";
  }
  if (const auto* tile = t->As<TileType>()) {
    std::string out = "Tile[" + DescribeDims(tile->shape()) + ", " +
                      std::string(tile->dtype().name()) + ", " +
                      (tile->memory_space() ? std::string(EnumName(*tile->memory_space()))
                                            : std::string("no-space"));
    if (const TileView* v = tile->view()) {
      out += ", valid=" + DescribeDims(v->valid_shape) +
             ", blayout=" + std::string(EnumName(v->blayout)) +
             ", slayout=" + std::string(EnumName(v->slayout)) +
             ", fractal=" + std::to_string(v->fractal) + ", pad=" + std::string(EnumName(v->pad));
    }
    return out + "]";
  }
  return "<type>";
}

#define EXPECT_TYPE(got, want)                                                 \
  do {                                                                         \
    const ::pto::ir::Type* pto_got_ = (got);                                   \
    const ::pto::ir::Type* pto_want_ = (want);                                 \
    EXPECT_EQ(pto_got_, pto_want_) << "got  " << ::pto::ir::DescribeType(pto_got_) \
                                   << "\nwant " << ::pto::ir::DescribeType(pto_want_); \
  } while (false)

class OpTest : public ::testing::Test {
 protected:
  ExprSpan Dims(std::initializer_list<int64_t> dims) {
    return ctx_.IndexList(std::vector<int64_t>(dims));
  }
  const TileType* Tile(DataType dtype, std::initializer_list<int64_t> shape,
                       std::optional<MemorySpace> space = MemorySpace::kVec,
                       const TileView* view = nullptr) {
    return ctx_.GetTileType(dtype, Dims(shape), space, view);
  }
  // A tile with a valid shape and the Vec implicit layout otherwise.
  const TileType* TileWithValid(DataType dtype, std::initializer_list<int64_t> shape,
                                std::initializer_list<int64_t> valid,
                                std::optional<MemorySpace> space = MemorySpace::kVec) {
    TileView view = ImplicitTileView(space, TileLayout::kRowMajor);
    view.valid_shape = Dims(valid);
    return ctx_.GetTileType(dtype, Dims(shape), space, &view);
  }
  const TensorType* Tensor(DataType dtype, std::initializer_list<int64_t> shape) {
    return ctx_.GetTensorType(dtype, Dims(shape));
  }
  const Var* TileVar(DataType dtype, std::initializer_list<int64_t> shape,
                         std::optional<MemorySpace> space = MemorySpace::kVec) {
    return ctx_.NewVar("t", Tile(dtype, shape, space));
  }
  const Var* TensorVar(DataType dtype, std::initializer_list<int64_t> shape) {
    return ctx_.NewVar("x", Tensor(dtype, shape));
  }
  const Var* ScalarVar(DataType dtype) {
    return ctx_.NewVar("s", ctx_.GetScalarType(dtype));
  }
  const MakeTuple* List(std::initializer_list<int64_t> values) {
    return ctx_.NewMakeTuple(Dims(values));
  }
  const MakeTuple* ListOf(std::initializer_list<const Expr*> elements) {
    return ctx_.NewMakeTuple(std::vector<const Expr*>(elements));
  }

  absl::StatusOr<const Call*> Make(absl::string_view op, std::vector<const Expr*> args,
                                   std::vector<NamedAttr> kwargs = {}) {
    return MakeCall(ctx_, op, args, kwargs);
  }
  // The deduced type; a failed deduction fails the test and gives null.
  const Type* TypeOf(absl::string_view op, std::vector<const Expr*> args,
                     std::vector<NamedAttr> kwargs = {}) {
    absl::StatusOr<const Call*> call = Make(op, std::move(args), std::move(kwargs));
    EXPECT_TRUE(call.ok()) << call.status();
    return call.ok() ? (*call)->type() : nullptr;
  }
  // The error message; a successful deduction fails the test.
  std::string ErrorOf(absl::string_view op, std::vector<const Expr*> args,
                      std::vector<NamedAttr> kwargs = {}) {
    absl::StatusOr<const Call*> call = Make(op, std::move(args), std::move(kwargs));
    EXPECT_FALSE(call.ok()) << op << " unexpectedly gave " << DescribeType((*call)->type());
    if (call.ok()) return "";
    EXPECT_EQ(call.status().code(), absl::StatusCode::kInvalidArgument) << call.status();
    return std::string(call.status().message());
  }

  Context ctx_;
};

}  // namespace pto::ir

#endif  // PTO_IR_OPS_TEST_UTIL_H_
