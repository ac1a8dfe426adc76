#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TensorViewTest : public OpTest {
 protected:
  // A tensor type with the given view parts (empty lists mean "none").
  const TensorType* T(DataType dtype, std::initializer_list<int64_t> shape,
                      TensorLayout layout = TensorLayout::kND,
                      std::initializer_list<int64_t> stride = {},
                      std::initializer_list<int64_t> valid = {}, PadValue pad = PadValue::kNull,
                      bool distributed = false) {
    TensorView view;
    view.layout = layout;
    view.stride = Dims(stride);
    view.valid_shape = Dims(valid);
    view.pad = pad;
    if (distributed) return ctx_.GetDistributedTensorType(dtype, Dims(shape), view);
    return ctx_.GetTensorType(dtype, Dims(shape), view);
  }
  const Var* V(const Type* t) { return ctx_.NewVar("x", t); }
  NamedAttr Layout(TensorLayout l) { return {"layout", AttrValue::Enum(l)}; }
  NamedAttr DType(DataType t) { return {"dtype", AttrValue::DType(t)}; }
};

// --- tensor.view: shape changes ----------------------------------------------------------

TEST_F(TensorViewTest, ShapeChangeGetsPackedStrides) {
  const Var* x = TensorVar(DataType::kFP32, {16, 16});
  EXPECT_TYPE(TypeOf("tensor.view", {x, List({4, 64})}),
              T(DataType::kFP32, {4, 64}, TensorLayout::kND, {64, 1}));
  EXPECT_TYPE(TypeOf("tensor.view", {x, List({2, 4, 8, 4})}),
              T(DataType::kFP32, {2, 4, 8, 4}, TensorLayout::kND, {128, 32, 4, 1}));
  EXPECT_TYPE(TypeOf("tensor.view", {x, List({8, 32})}, {Layout(TensorLayout::kDN)}),
              T(DataType::kFP32, {8, 32}, TensorLayout::kDN, {1, 8}));
  EXPECT_TYPE(TypeOf("tensor.view", {x, List({2, 8, 16})}, {Layout(TensorLayout::kDN)}),
              T(DataType::kFP32, {2, 8, 16}, TensorLayout::kDN, {128, 1, 8}));
  // A packed source with explicit strides may be reshaped.
  const Var* packed = V(T(DataType::kFP32, {16, 16}, TensorLayout::kND, {16, 1}));
  EXPECT_TYPE(TypeOf("tensor.view", {packed, List({256})}),
              T(DataType::kFP32, {256}, TensorLayout::kND, {1}));
  // A window stays a window.
  const Var* d = V(T(DataType::kInt32, {4, 16}, TensorLayout::kND, {}, {}, PadValue::kNull, true));
  EXPECT_TYPE(TypeOf("tensor.view", {d, List({64})}),
              T(DataType::kInt32, {64}, TensorLayout::kND, {1}, {}, PadValue::kNull, true));
}

TEST_F(TensorViewTest, ShapeChangeWithSymbolicDims) {
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Expr* src_shape[] = {n, ctx_.Index(16)};
  const Var* x = V(ctx_.GetTensorType(DataType::kFP16, src_shape));
  absl::StatusOr<const Call*> c =
      Make("tensor.view", {x, ListOf({ctx_.Index(16), n})});
  ASSERT_TRUE(c.ok()) << c.status();
  const auto* t = (*c)->type()->As<TensorType>();
  EXPECT_EQ(DescribeDims(t->shape()), "[16, N]");
  EXPECT_EQ(DescribeDims(t->view()->stride), "[N, 1]");
}

TEST_F(TensorViewTest, LayoutOnlyChangeSwapsTheTrailingPair) {
  const Var* x = V(T(DataType::kFP16, {16, 32}, TensorLayout::kND, {}, {8, 32}, PadValue::kZero));
  EXPECT_TYPE(TypeOf("tensor.view", {x}, {Layout(TensorLayout::kDN)}),
              T(DataType::kFP16, {32, 16}, TensorLayout::kDN, {1, 32}, {32, 8}, PadValue::kZero));
  // And back.
  const Var* y = V(T(DataType::kFP16, {32, 16}, TensorLayout::kDN, {1, 32}, {32, 8},
                     PadValue::kZero));
  EXPECT_TYPE(TypeOf("tensor.view", {y}, {Layout(TensorLayout::kND)}),
              T(DataType::kFP16, {16, 32}, TensorLayout::kND, {32, 1}, {8, 32}, PadValue::kZero));
  // An explicit stride is swapped, not rebuilt.
  const Var* s = V(T(DataType::kFP16, {16, 32}, TensorLayout::kND, {32, 1}));
  EXPECT_TYPE(TypeOf("tensor.view", {s}, {Layout(TensorLayout::kDN)}),
              T(DataType::kFP16, {32, 16}, TensorLayout::kDN, {1, 32}));
  // Same layout, no shape: just the canonical strides.
  const Var* plain = TensorVar(DataType::kFP16, {4, 8});
  EXPECT_TYPE(TypeOf("tensor.view", {plain}, {Layout(TensorLayout::kND)}),
              T(DataType::kFP16, {4, 8}, TensorLayout::kND, {8, 1}));
}

TEST_F(TensorViewTest, ExplicitValidShapeForCollapses) {
  // Leading-dim collapse [4, 8, 64] valid [2, 8, 64] -> [32, 64] valid [16, 64].
  const Var* x = V(T(DataType::kFP32, {4, 8, 64}, TensorLayout::kND, {}, {2, 8, 64}));
  EXPECT_TYPE(TypeOf("tensor.view", {x, List({32, 64}), List({16, 64})}),
              T(DataType::kFP32, {32, 64}, TensorLayout::kND, {64, 1}, {16, 64}));
  // Prefix collapse [2, 8] valid [1, 5] -> [1, 16] valid [1, 5].
  const Var* p = V(T(DataType::kFP32, {2, 8}, TensorLayout::kND, {}, {1, 5}));
  EXPECT_TYPE(TypeOf("tensor.view", {p, List({1, 16}), List({1, 5})}),
              T(DataType::kFP32, {1, 16}, TensorLayout::kND, {16, 1}, {1, 5}));
  // A partial middle dim breaks the rectangle.
  const Var* bad = V(T(DataType::kFP32, {4, 8, 64}, TensorLayout::kND, {}, {4, 4, 64}));
  EXPECT_THAT(ErrorOf("tensor.view", {bad, List({32, 64}), List({16, 64})}),
              HasSubstr("tensor.view: an explicit valid_shape must describe an ND leading-dim "
                        "collapse or a prefix collapse to 2-D"));
  EXPECT_THAT(ErrorOf("tensor.view", {x, List({32, 64}), List({20, 64})}),
              HasSubstr("must describe an ND leading-dim collapse"));
  // An empty valid list is fine for a fully valid source only.
  const Var* full = TensorVar(DataType::kFP32, {4, 8});
  EXPECT_TYPE(TypeOf("tensor.view", {full, List({32}), List({})}),
              T(DataType::kFP32, {32}, TensorLayout::kND, {1}));
  EXPECT_THAT(ErrorOf("tensor.view", {x, List({32, 64}), List({})}),
              HasSubstr("a partial source valid_shape needs a non-empty target valid_shape"));
  EXPECT_THAT(ErrorOf("tensor.view", {full, List({32}), List({16})}),
              HasSubstr("an explicit valid_shape needs a source with a valid_shape"));
  EXPECT_THAT(ErrorOf("tensor.view", {x, List({32, 64}), List({16})}),
              HasSubstr("valid_shape rank 1 must match the shape rank 2"));
  EXPECT_THAT(ErrorOf("tensor.view", {x, List({32, 64}), List({40, 64})}),
              HasSubstr("valid_shape dimension 0 (40) exceeds the shape dimension 32"));
  EXPECT_THAT(ErrorOf("tensor.view", {x, List({32, 64}), List({0, 64})}),
              HasSubstr("valid_shape dimension 0 must be positive, got 0"));
  EXPECT_THAT(ErrorOf("tensor.view", {x, List({64, 32}), List({16, 32})},
                      {Layout(TensorLayout::kDN)}),
              HasSubstr("an explicit valid_shape needs ND source and target layouts"));
}

TEST_F(TensorViewTest, ViewRejects) {
  const Var* x = TensorVar(DataType::kFP32, {16, 16});
  EXPECT_THAT(ErrorOf("tensor.view", {x}), HasSubstr("tensor.view: needs a shape or a layout"));
  EXPECT_THAT(ErrorOf("tensor.view", {x}, {Layout(TensorLayout::kNZ)}),
              HasSubstr("tensor.view: layout NZ is tile-only and not allowed on a tensor"));
  EXPECT_THAT(ErrorOf("tensor.view", {x}, {Layout(TensorLayout::kMxAZZ)}),
              HasSubstr("tensor.view: does not support MX layouts"));
  EXPECT_THAT(ErrorOf("tensor.view", {x, List({4, 32})}),
              HasSubstr("tensor.view: cannot view 256 elements as shape [4, 32] of 128 elements"));
  EXPECT_THAT(ErrorOf("tensor.view", {x, List({0, 16})}),
              HasSubstr("shape dimension 0 must be positive, got 0"));
  EXPECT_THAT(ErrorOf("tensor.view", {TensorVar(DataType::kFP32, {16})},
                      {Layout(TensorLayout::kDN)}),
              HasSubstr("a layout change needs rank >= 2, got rank 1"));
  EXPECT_THAT(ErrorOf("tensor.view", {x, List({256})}, {Layout(TensorLayout::kDN)}),
              HasSubstr("layout DN needs rank >= 2, got rank 1"));
  const Var* partial = V(T(DataType::kFP32, {16, 16}, TensorLayout::kND, {}, {8, 16}));
  EXPECT_THAT(ErrorOf("tensor.view", {partial, List({256})}),
              HasSubstr("a shape change cannot carry a partial source valid_shape"));
  const Var* strided = V(T(DataType::kFP32, {16, 16}, TensorLayout::kND, {32, 1}));
  EXPECT_THAT(ErrorOf("tensor.view", {strided}, {Layout(TensorLayout::kDN)}),
              HasSubstr("tensor.view: the source stride [32, 1] is not canonical for layout ND"));
  const Var* s = ctx_.NewVar("S", ctx_.GetScalarType(DataType::kIndex));
  TensorView sym_view;
  const Expr* sym_stride[] = {s, ctx_.Index(1)};
  sym_view.stride = sym_stride;
  const Var* sym = V(ctx_.GetTensorType(DataType::kFP32, Dims({16, 16}), sym_view));
  // A symbolic stride may be canonical: a layout view is accepted, a reshape is not.
  EXPECT_TRUE(Make("tensor.view", {sym}, {Layout(TensorLayout::kDN)}).ok());
  EXPECT_THAT(ErrorOf("tensor.view", {sym, List({256})}),
              HasSubstr("a shape change needs a packed source"));
  EXPECT_THAT(ErrorOf("tensor.view", {TileVar(DataType::kFP32, {16, 16}), List({256})}),
              HasSubstr("tensor.view: input must be a TensorType or DistributedTensorType"));
  EXPECT_THAT(ErrorOf("tensor.view", {x, ctx_.Index(256)}),
              HasSubstr("tensor.view: shape must be a list (MakeTuple)"));
}

// --- tensor.reinterpret_view ----------------------------------------------------------

TEST_F(TensorViewTest, ReinterpretView) {
  const Var* x = TensorVar(DataType::kFP32, {16, 16});
  EXPECT_TYPE(TypeOf("tensor.reinterpret_view", {x}, {DType(DataType::kInt8)}),
              Tensor(DataType::kInt8, {16, 64}));
  EXPECT_TYPE(TypeOf("tensor.reinterpret_view", {x, List({1024})}, {DType(DataType::kUInt8)}),
              Tensor(DataType::kUInt8, {1024}));
  // DN scales the second-to-last axis and keeps the layout.
  const Var* dn = V(T(DataType::kFP32, {16, 16}, TensorLayout::kDN));
  EXPECT_TYPE(TypeOf("tensor.reinterpret_view", {dn}, {DType(DataType::kFP16)}),
              T(DataType::kFP16, {32, 16}, TensorLayout::kDN));
  // Explicit packed strides are rebuilt for the new shape.
  const Var* st = V(T(DataType::kFP32, {16, 16}, TensorLayout::kND, {16, 1}));
  EXPECT_TYPE(TypeOf("tensor.reinterpret_view", {st}, {DType(DataType::kInt8)}),
              T(DataType::kInt8, {16, 64}, TensorLayout::kND, {64, 1}));
  // Partial valid shape and pad.
  const Var* p = V(T(DataType::kFP32, {16, 16}, TensorLayout::kND, {}, {8, 10}, PadValue::kZero));
  EXPECT_TYPE(TypeOf("tensor.reinterpret_view", {p}, {DType(DataType::kInt16)}),
              T(DataType::kInt16, {16, 32}, TensorLayout::kND, {}, {8, 20}, PadValue::kZero));
  const Var* m = V(T(DataType::kFP32, {16, 16}, TensorLayout::kND, {}, {}, PadValue::kMin));
  EXPECT_TYPE(TypeOf("tensor.reinterpret_view", {m}, {DType(DataType::kInt32)}),
              Tensor(DataType::kInt32, {16, 16}));
  EXPECT_EQ(BuiltinOp("tensor.reinterpret_view").FindKeywordArg("shape"), 1);
}

TEST_F(TensorViewTest, ReinterpretViewRejects) {
  const Var* d = V(T(DataType::kFP32, {4, 16}, TensorLayout::kND, {}, {}, PadValue::kNull, true));
  EXPECT_THAT(ErrorOf("tensor.reinterpret_view", {d}, {DType(DataType::kInt8)}),
              HasSubstr("tensor.reinterpret_view: does not support a DistributedTensorType"));
  const Var* mx = V(T(DataType::kUInt8, {16, 4}, TensorLayout::kMxAZZ));
  EXPECT_THAT(ErrorOf("tensor.reinterpret_view", {mx}, {DType(DataType::kInt8)}),
              HasSubstr("does not support MX layouts"));
  const Var* nz = V(T(DataType::kFP16, {16, 16}, TensorLayout::kNZ));
  EXPECT_THAT(ErrorOf("tensor.reinterpret_view", {nz}, {DType(DataType::kInt16)}),
              HasSubstr("does not support the NZ layout"));
  const Var* strided = V(T(DataType::kFP32, {16, 16}, TensorLayout::kND, {32, 1}));
  EXPECT_THAT(ErrorOf("tensor.reinterpret_view", {strided}, {DType(DataType::kInt8)}),
              HasSubstr("supports only packed tensors"));
  const Var* dn = V(T(DataType::kFP32, {16, 16}, TensorLayout::kDN));
  EXPECT_THAT(ErrorOf("tensor.reinterpret_view", {dn, List({1024})}, {DType(DataType::kInt8)}),
              HasSubstr("needs a target rank >= 2 for the DN layout"));
  const Var* x = TensorVar(DataType::kFP32, {16, 16});
  EXPECT_THAT(ErrorOf("tensor.reinterpret_view", {x}, {DType(DataType::kFP32)}),
              HasSubstr("source and target dtypes must differ"));
  EXPECT_THAT(ErrorOf("tensor.reinterpret_view", {x}, {DType(DataType::kBool)}),
              HasSubstr("does not support target dtype BOOL"));
  EXPECT_THAT(ErrorOf("tensor.reinterpret_view", {x, List({100})}, {DType(DataType::kInt8)}),
              HasSubstr("needs equal source and target byte sizes, got 1024 and 100 bytes"));
}

}  // namespace
}  // namespace pto::ir
