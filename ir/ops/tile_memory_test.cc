#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"
#include "ir/ops/type_inference.h"

namespace pto::ir {
namespace {

using ::testing::HasSubstr;

class TileMemoryTest : public OpTest {
 protected:
  const Var* TensorWithValid(DataType dtype, std::initializer_list<int64_t> shape,
                             std::initializer_list<int64_t> valid) {
    TensorView view;
    view.valid_shape = Dims(valid);
    return ctx_.NewVar("x", ctx_.GetTensorType(dtype, Dims(shape), view));
  }
  const TileType* TileView_(DataType dtype, std::initializer_list<int64_t> shape,
                            std::optional<MemorySpace> space, TileLayout blayout,
                            TileLayout slayout, std::initializer_list<int64_t> valid = {}) {
    TileView view;
    view.blayout = blayout;
    view.slayout = slayout;
    view.valid_shape = Dims(valid);
    return ctx_.GetTileType(dtype, Dims(shape), space, &view);
  }
  const Type* Load(const Expr* tensor, std::initializer_list<int64_t> offsets,
                   std::initializer_list<int64_t> shapes, std::initializer_list<int64_t> valid,
                   std::vector<NamedAttr> kwargs = {}) {
    return TypeOf("tile.load", {tensor, List(offsets), List(shapes), List(valid)},
                  std::move(kwargs));
  }
  std::string LoadError(const Expr* tensor, std::initializer_list<int64_t> offsets,
                        std::initializer_list<int64_t> shapes,
                        std::initializer_list<int64_t> valid,
                        std::vector<NamedAttr> kwargs = {}) {
    return ErrorOf("tile.load", {tensor, List(offsets), List(shapes), List(valid)},
                   std::move(kwargs));
  }
  NamedAttr Mem(MemorySpace m) { return {"target_memory", AttrValue::Enum(m)}; }
  NamedAttr DType(DataType t) { return {"dtype", AttrValue::DType(t)}; }
};

// --- tile.create -----------------------------------------------------------------

TEST_F(TileMemoryTest, CreateUsesTargetMemoryAndItsImplicitView) {
  // Without target_memory= the tile is Vec (upstream's builders default it).
  EXPECT_TYPE(TypeOf("tile.create", {List({16, 32})}, {DType(DataType::kFP16)}),
              Tile(DataType::kFP16, {16, 32}, MemorySpace::kVec));
  for (MemorySpace m : {MemorySpace::kVec, MemorySpace::kMat, MemorySpace::kLeft,
                        MemorySpace::kRight, MemorySpace::kAcc, MemorySpace::kBias}) {
    SCOPED_TRACE(EnumName(m));
    EXPECT_TYPE(TypeOf("tile.create", {List({16, 32})}, {DType(DataType::kFP32), Mem(m)}),
                Tile(DataType::kFP32, {16, 32}, m));
  }
}

TEST_F(TileMemoryTest, CreateTransposedAndFlatMatLayouts) {
  EXPECT_TYPE(TypeOf("tile.create", {List({16, 32})},
                     {DType(DataType::kFP16), Mem(MemorySpace::kMat),
                      {"transpose", AttrValue::Bool(true)}}),
              TileView_(DataType::kFP16, {16, 32}, MemorySpace::kMat, TileLayout::kRowMajor,
                        TileLayout::kColMajor));
  EXPECT_TYPE(TypeOf("tile.create", {List({64})},
                     {DType(DataType::kUInt8), Mem(MemorySpace::kMat),
                      {"flat_layout", AttrValue::Bool(true)}}),
              TileView_(DataType::kUInt8, {64}, MemorySpace::kMat, TileLayout::kRowMajor,
                        TileLayout::kNoneBox));
  // transpose=False is the plain form.
  EXPECT_TYPE(TypeOf("tile.create", {List({16, 32})},
                     {DType(DataType::kFP16), Mem(MemorySpace::kMat),
                      {"transpose", AttrValue::Bool(false)}}),
              Tile(DataType::kFP16, {16, 32}, MemorySpace::kMat));
}

TEST_F(TileMemoryTest, CreateNormalisesShapeConstants) {
  const Expr* dims[] = {ctx_.Int(16, DataType::kInt64), ctx_.Int(8, DataType::kInt32)};
  EXPECT_TYPE(TypeOf("tile.create", {ctx_.NewMakeTuple(dims)}, {DType(DataType::kFP32)}),
              Tile(DataType::kFP32, {16, 8}, MemorySpace::kVec));
}

TEST_F(TileMemoryTest, CreateRejects) {
  EXPECT_THAT(ErrorOf("tile.create", {List({16, 16})},
                      {DType(DataType::kFP32), Mem(MemorySpace::kLeftScale)}),
              HasSubstr("tile.create: target_memory LeftScale/RightScale is not supported"));
  EXPECT_THAT(ErrorOf("tile.create", {List({16, 16})},
                      {DType(DataType::kFP32), Mem(MemorySpace::kRightScale)}),
              HasSubstr("LeftScale/RightScale"));
  EXPECT_THAT(ErrorOf("tile.create", {List({16, 16})},
                      {DType(DataType::kFP32), Mem(MemorySpace::kVec),
                       {"transpose", AttrValue::Bool(true)}}),
              HasSubstr("tile.create: transpose=True needs a 2-D tile with target_memory=Mat"));
  EXPECT_THAT(ErrorOf("tile.create", {List({4, 16, 16})},
                      {DType(DataType::kFP32), Mem(MemorySpace::kMat),
                       {"transpose", AttrValue::Bool(true)}}),
              HasSubstr("needs a 2-D tile"));
  EXPECT_THAT(ErrorOf("tile.create", {List({16, 16})},
                      {DType(DataType::kFP32), {"flat_layout", AttrValue::Bool(true)}}),
              HasSubstr("tile.create: flat_layout=True needs target_memory=Mat and no transpose"));
  EXPECT_THAT(ErrorOf("tile.create", {List({16, 0})}, {DType(DataType::kFP32)}),
              HasSubstr("tile.create: shape element 1 must be positive, got 0"));
  EXPECT_THAT(ErrorOf("tile.create", {List({})}, {DType(DataType::kFP32)}),
              HasSubstr("tile.create: shape must not be empty"));
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  EXPECT_THAT(ErrorOf("tile.create", {ListOf({n, ctx_.Index(16)})}, {DType(DataType::kFP32)}),
              HasSubstr("tile.create: shape element 0 must be a compile-time integer constant, "
                        "got N"));
  EXPECT_THAT(ErrorOf("tile.create", {n}, {DType(DataType::kFP32)}),
              HasSubstr("tile.create: shape must be a list (MakeTuple), got a ScalarType"));
  EXPECT_THAT(ErrorOf("tile.create", {List({16})}), HasSubstr("requires a 'dtype' kwarg"));
  EXPECT_THAT(ErrorOf("tile.create", {List({16, 3})}, {DType(DataType::kFP4)}),
              HasSubstr("tile.create: an FP4 tensor or tile needs a positive even last dim"));
}

// --- tile.full ----------------------------------------------------------------------

TEST_F(TileMemoryTest, FullIsAVecTile) {
  EXPECT_TYPE(TypeOf("tile.full", {List({16, 16}), ctx_.Float(0.0)}, {DType(DataType::kFP32)}),
              Tile(DataType::kFP32, {16, 16}));
  EXPECT_TYPE(TypeOf("tile.full", {List({8}), ctx_.Index(3)}, {DType(DataType::kInt32)}),
              Tile(DataType::kInt32, {8}));
  const Op& full = BuiltinOp("tile.full");
  EXPECT_EQ(full.FindKeywordArg("value"), 1);
  EXPECT_FALSE(full.args()[1].optional);
}

TEST_F(TileMemoryTest, FullRejects) {
  EXPECT_THAT(ErrorOf("tile.full", {List({16, 16}), ScalarVar(DataType::kFP32)},
                      {DType(DataType::kFP32)}),
              HasSubstr("tile.full: value must be an int or float literal, got s"));
  EXPECT_THAT(ErrorOf("tile.full", {List({16, -1}), ctx_.Float(1.0)}, {DType(DataType::kFP32)}),
              HasSubstr("tile.full: shape element 1 must be positive, got -1"));
  EXPECT_THAT(ErrorOf("tile.full", {List({16, 16})}, {DType(DataType::kFP32)}),
              HasSubstr("expects 2 arguments, got 1"));
  EXPECT_THAT(ErrorOf("tile.full", {List({16, 16}), ctx_.Float(1.0)}),
              HasSubstr("tile.full: requires a 'dtype' kwarg"));
}

// tile.full's result view may be replaced (a select materializes its scalar
// branch with the other branch's view); nothing else about its type may.
TEST_F(TileMemoryTest, FullTakesAnOverriddenViewOnly) {
  absl::StatusOr<const Call*> full =
      Make("tile.full", {List({16, 64}), ctx_.Float(1.0)}, {DType(DataType::kFP32)});
  ASSERT_TRUE(full.ok()) << full.status();
  EXPECT_TRUE(BuiltinOp("tile.full").result_view_overridable());
  const TileType* narrowed =
      TileView_(DataType::kFP32, {16, 64}, MemorySpace::kVec, TileLayout::kRowMajor,
                TileLayout::kNoneBox, {16, 40});
  absl::StatusOr<const Call*> viewed = RetypeCallView(ctx_, **full, narrowed);
  ASSERT_TRUE(viewed.ok()) << viewed.status();
  EXPECT_EQ((*viewed)->type(), narrowed);
  EXPECT_EQ((*viewed)->arg(1), (*full)->arg(1));
  EXPECT_EQ(RetypeCallView(ctx_, **full, (*full)->type()).value(), *full);

  // Another dtype, shape or memory space is not a view.
  for (const Type* other : {static_cast<const Type*>(Tile(DataType::kFP16, {16, 64})),
                            static_cast<const Type*>(Tile(DataType::kFP32, {16, 32}))}) {
    EXPECT_THAT(RetypeCallView(ctx_, **full, other).status().message(),
                HasSubstr("tile.full: a view override keeps the dtype, shape and memory space"));
  }
  // An op that reads tiles keeps its deduced view.
  absl::StatusOr<const Call*> load = Make(
      "tile.load", {ctx_.NewVar("x", Tensor(DataType::kFP32, {16, 64})), List({0, 0}),
                    List({16, 64}), List({16, 64})}, {});
  ASSERT_TRUE(load.ok()) << load.status();
  EXPECT_THAT(RetypeCallView(ctx_, **load, narrowed).status().message(),
              HasSubstr("tile.load: the result's view cannot be overridden"));
}

// --- tile.load ----------------------------------------------------------------------

TEST_F(TileMemoryTest, LoadBasic) {
  const Var* x = TensorVar(DataType::kFP32, {64, 64});
  EXPECT_TYPE(Load(x, {0, 0}, {16, 16}, {16, 16}), Tile(DataType::kFP32, {16, 16}));
  EXPECT_TYPE(Load(x, {16, 48}, {16, 16}, {8, 16}),
              TileWithValid(DataType::kFP32, {16, 16}, {8, 16}));
  absl::StatusOr<const Call*> c =
      Make("tile.load", {x, List({0, 0}), List({16, 16}), List({16, 16})});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ((*c)->FindKwarg("target_memory")->As<MemorySpace>(), MemorySpace::kVec);
  EXPECT_EQ((*c)->FindKwarg("clamp"), nullptr);
}

TEST_F(TileMemoryTest, LoadLayoutRules) {
  const Var* x = TensorVar(DataType::kFP16, {64, 64});
  // Mat: NZ, the Mat implicit view.
  EXPECT_TYPE(Load(x, {0, 0}, {16, 16}, {16, 16}, {Mem(MemorySpace::kMat)}),
              Tile(DataType::kFP16, {16, 16}, MemorySpace::kMat));
  // Mat single-row operand: an ND row vector.
  EXPECT_TYPE(Load(x, {0, 0}, {1, 64}, {1, 64}, {Mem(MemorySpace::kMat)}),
              TileView_(DataType::kFP16, {1, 64}, MemorySpace::kMat, TileLayout::kRowMajor,
                        TileLayout::kNoneBox));
  // DN source: ZN.
  TensorView dn;
  dn.layout = TensorLayout::kDN;
  const Var* xt = ctx_.NewVar("xt", ctx_.GetTensorType(DataType::kFP16, Dims({64, 64}), dn));
  EXPECT_TYPE(Load(xt, {0, 0}, {16, 32}, {16, 32}, {Mem(MemorySpace::kMat)}),
              TileView_(DataType::kFP16, {16, 32}, MemorySpace::kMat, TileLayout::kRowMajor,
                        TileLayout::kColMajor));
  // DN row vector: the row dim is the second one.
  EXPECT_TYPE(Load(xt, {0, 0}, {64, 1}, {64, 1}, {Mem(MemorySpace::kMat)}),
              TileView_(DataType::kFP16, {64, 1}, MemorySpace::kMat, TileLayout::kRowMajor,
                        TileLayout::kNoneBox));
  // Vec with last dim 1: col_major (implicit for a 2-D [R, 1]).
  EXPECT_TYPE(Load(x, {0, 0}, {16, 1}, {16, 1}), Tile(DataType::kFP16, {16, 1}));
  const Var* x3 = TensorVar(DataType::kFP16, {4, 16, 8});
  EXPECT_TYPE(Load(x3, {0, 0, 0}, {4, 16, 1}, {4, 16, 1}),
              TileView_(DataType::kFP16, {4, 16, 1}, MemorySpace::kVec, TileLayout::kColMajor,
                        TileLayout::kNoneBox));
  EXPECT_TYPE(Load(x, {0, 0}, {1, 1}, {1, 1}),
              TileView_(DataType::kFP16, {1, 1}, MemorySpace::kVec, TileLayout::kColMajor,
                        TileLayout::kNoneBox));
}

TEST_F(TileMemoryTest, LoadIntersectsWithThePartialSourceRegion) {
  const Var* x = TensorWithValid(DataType::kFP32, {64, 64}, {40, 64});
  EXPECT_TYPE(Load(x, {32, 0}, {16, 16}, {16, 16}),
              TileWithValid(DataType::kFP32, {16, 16}, {8, 16}));
  // The request is already inside the valid source: it stands.
  EXPECT_TYPE(Load(x, {0, 0}, {16, 16}, {16, 16}), Tile(DataType::kFP32, {16, 16}));
  EXPECT_TYPE(Load(x, {32, 0}, {16, 16}, {4, 16}),
              TileWithValid(DataType::kFP32, {16, 16}, {4, 16}));
  // Entirely past the valid region: nothing valid.
  EXPECT_TYPE(Load(x, {48, 0}, {16, 16}, {16, 16}),
              TileWithValid(DataType::kFP32, {16, 16}, {0, 16}));
}

TEST_F(TileMemoryTest, LoadSymbolicOffsetIntoAPartialSource) {
  const Var* x = TensorWithValid(DataType::kFP32, {64, 64}, {40, 64});
  const Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  absl::StatusOr<const Call*> c = Make(
      "tile.load", {x, ListOf({i, ctx_.Index(0)}), List({16, 16}), List({16, 16})});
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(FormatShape((*c)->type()->As<TileType>()->ValidShape()),
            "[min(max(40 - i, 0), 16), 16]");
}

TEST_F(TileMemoryTest, LoadOverReadNeedsClamp) {
  const Var* x = TensorVar(DataType::kFP32, {64, 64});
  EXPECT_THAT(LoadError(x, {56, 0}, {16, 16}, {16, 16}),
              HasSubstr("tile.load: reads past the end of dimension 0: offset 56 + extent 16 "
                        "exceeds the source extent 64; pass clamp=True"));
  EXPECT_TYPE(Load(x, {56, 0}, {16, 16}, {16, 16}, {{"clamp", AttrValue::Bool(true)}}),
              TileWithValid(DataType::kFP32, {16, 16}, {8, 16}));
  // An explicit valid_shape inside the source is not an over-read.
  EXPECT_TYPE(Load(x, {56, 0}, {16, 16}, {8, 16}),
              TileWithValid(DataType::kFP32, {16, 16}, {8, 16}));
}

TEST_F(TileMemoryTest, LoadSymbolicAndLowerRank) {
  const Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  const Var* x = TensorVar(DataType::kFP32, {64, 64});
  EXPECT_TYPE(TypeOf("tile.load", {x, ListOf({i, ctx_.Index(0)}), List({16, 16}),
                                   List({16, 16})}),
              Tile(DataType::kFP32, {16, 16}));
  // A 2-D window of a 3-D tensor keeps the requested valid shape.
  const Var* x3 = TensorVar(DataType::kFP32, {4, 8, 64});
  EXPECT_TYPE(Load(x3, {0, 0}, {32, 64}, {20, 64}),
              TileWithValid(DataType::kFP32, {32, 64}, {20, 64}));
  // Distributed tensors load like plain ones.
  const Var* d = ctx_.NewVar(
      "d", ctx_.GetDistributedTensorType(DataType::kInt32, Dims({4, 16})));
  EXPECT_TYPE(Load(d, {0, 0}, {1, 16}, {1, 16}), Tile(DataType::kInt32, {1, 16}));
  // Symbolic window dims.
  const Var* n = ctx_.NewVar("N", ctx_.GetScalarType(DataType::kIndex));
  const Expr* shape[] = {n, ctx_.Index(16)};
  EXPECT_TYPE(TypeOf("tile.load", {x, List({0, 0}), ListOf({n, ctx_.Index(16)}),
                                   ListOf({n, ctx_.Index(16)})}),
              ctx_.GetTileType(DataType::kFP32, shape, MemorySpace::kVec));
}

TEST_F(TileMemoryTest, LoadRejects) {
  const Var* x = TensorVar(DataType::kFP32, {64, 64});
  EXPECT_THAT(LoadError(x, {0, 0}, {16, 16}, {16, 16}, {Mem(MemorySpace::kLeft)}),
              HasSubstr("tile.load: target_memory must be Vec or Mat, got Left"));
  EXPECT_THAT(LoadError(x, {0}, {16, 16}, {16, 16}),
              HasSubstr("tile.load: offsets, shapes and valid_shape must have the same length, "
                        "got 1, 2 and 2"));
  EXPECT_THAT(LoadError(x, {}, {}, {}), HasSubstr("tile.load: shapes must not be empty"));
  EXPECT_THAT(LoadError(x, {0, 0}, {16, 0}, {16, 0}),
              HasSubstr("tile.load: shapes element 1 must be positive, got 0"));
  EXPECT_THAT(LoadError(x, {0, 0}, {16, 16}, {17, 16}),
              HasSubstr("tile.load: valid_shape 0 is 17, which exceeds the window extent 16"));
  EXPECT_THAT(LoadError(x, {-4, 0}, {16, 16}, {16, 16}),
              HasSubstr("tile.load: offset 0 is negative (-4)"));
  EXPECT_THAT(ErrorOf("tile.load", {x, ListOf({ctx_.Float(0.0), ctx_.Index(0)}), List({16, 16}),
                                    List({16, 16})}),
              HasSubstr("tile.load: offsets element 0 must be an integer scalar, got a FP32 "
                        "scalar"));
  EXPECT_THAT(ErrorOf("tile.load", {TileVar(DataType::kFP32, {16, 16}), List({0, 0}),
                                    List({16, 16}), List({16, 16})}),
              HasSubstr("tile.load: tensor must be a TensorType or DistributedTensorType, got "
                        "TileType"));
  EXPECT_THAT(ErrorOf("tile.load", {x, List({0, 0}), List({16, 16})}),
              HasSubstr("expects 4 arguments, got 3"));
  EXPECT_THAT(ErrorOf("tile.load", {x, List({0, 0}), ctx_.Index(16), List({16, 16})}),
              HasSubstr("tile.load: shapes must be a list (MakeTuple)"));
}

TEST_F(TileMemoryTest, LoadMxScale) {
  TensorView mx_a;
  mx_a.layout = TensorLayout::kMxAZZ;
  const Var* a = ctx_.NewVar("a", ctx_.GetTensorType(DataType::kFP8E8M0, Dims({64, 4}), mx_a));
  TileView zz;
  zz.blayout = TileLayout::kRowMajor;
  zz.slayout = TileLayout::kRowMajor;
  zz.fractal = 32;
  EXPECT_TYPE(Load(a, {0, 0}, {64, 4}, {64, 4}, {Mem(MemorySpace::kMat)}),
              ctx_.GetTileType(DataType::kFP8E8M0, Dims({64, 4}), MemorySpace::kMat, &zz));
  TensorView mx_b;
  mx_b.layout = TensorLayout::kMxBNN;
  const Var* b = ctx_.NewVar("b", ctx_.GetTensorType(DataType::kUInt8, Dims({4, 64}), mx_b));
  TileView nn;
  nn.blayout = TileLayout::kColMajor;
  nn.slayout = TileLayout::kColMajor;
  nn.fractal = 32;
  EXPECT_TYPE(Load(b, {0, 0}, {4, 64}, {4, 64}, {Mem(MemorySpace::kMat)}),
              ctx_.GetTileType(DataType::kUInt8, Dims({4, 64}), MemorySpace::kMat, &nn));

  EXPECT_THAT(LoadError(a, {0, 0}, {64, 4}, {64, 4}),
              HasSubstr("tile.load: an MX-layout source needs target_memory=Mat"));
  const Var* wrong =
      ctx_.NewVar("w", ctx_.GetTensorType(DataType::kFP16, Dims({64, 4}), mx_a));
  EXPECT_THAT(LoadError(wrong, {0, 0}, {64, 4}, {64, 4}, {Mem(MemorySpace::kMat)}),
              HasSubstr("an MX-layout source must be FP8E8M0 or UINT8, got FP16"));
  const Var* three =
      ctx_.NewVar("t", ctx_.GetTensorType(DataType::kUInt8, Dims({2, 64, 4}), mx_a));
  EXPECT_THAT(LoadError(three, {0, 0, 0}, {2, 64, 4}, {2, 64, 4}, {Mem(MemorySpace::kMat)}),
              HasSubstr("an MX-layout source needs a 2-D tensor and a 2-D window"));
}

// --- tile.store ---------------------------------------------------------------------

TEST_F(TileMemoryTest, StoreReturnsTheOutputTensorType) {
  const Var* t = TileVar(DataType::kFP16, {16, 16});
  const Var* out = TensorVar(DataType::kFP16, {64, 64});
  EXPECT_TYPE(TypeOf("tile.store", {t, List({16, 32}), out}), out->type());
  const Var* d =
      ctx_.NewVar("d", ctx_.GetDistributedTensorType(DataType::kFP16, Dims({64, 64})));
  EXPECT_TYPE(TypeOf("tile.store", {t, List({0, 0}), d}), d->type());
  // A different dtype is not the deducer's business (the tensor is the result).
  EXPECT_TYPE(TypeOf("tile.store", {t, List({0}), TensorVar(DataType::kFP32, {256})}),
              Tensor(DataType::kFP32, {256}));
  const Op& store = BuiltinOp("tile.store");
  EXPECT_EQ(store.written_args(), 1u << 2);
  EXPECT_TRUE(store.has_side_effects());
}

TEST_F(TileMemoryTest, StoreAtomic) {
  const Var* out = TensorVar(DataType::kFP32, {64, 64});
  const Var* f32 = TileVar(DataType::kFP32, {16, 16});
  absl::StatusOr<const Call*> plain = Make("tile.store", {f32, List({0, 0}), out});
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ((*plain)->FindKwarg("atomic"), nullptr);
  absl::StatusOr<const Call*> add =
      Make("tile.store", {f32, List({0, 0}), out}, {{"atomic", AttrValue::Int(1)}});
  ASSERT_TRUE(add.ok()) << add.status();
  EXPECT_EQ((*add)->FindKwarg("atomic")->As<AtomicType>(), AtomicType::kAdd);
  const Var* u8 = TileVar(DataType::kUInt8, {16, 16});
  EXPECT_THAT(ErrorOf("tile.store", {u8, List({0, 0}), out},
                      {{"atomic", AttrValue::Enum(AtomicType::kAdd)}}),
              HasSubstr("tile.store: tile dtype with atomic=Add must be one of {FP32, BF16, FP16, "
                        "INT32, INT16, INT8}, got UINT8"));
  EXPECT_TYPE(TypeOf("tile.store", {u8, List({0, 0}), out},
                     {{"atomic", AttrValue::String("None_")}}),
              out->type());
}

TEST_F(TileMemoryTest, StoreNdPartitionFormKeepsTheDestination) {
  const Var* t = TileVar(DataType::kFP32, {6, 8});
  const Var* out = TensorWithValid(DataType::kFP32, {2, 3, 8}, {1, 3, 8});
  EXPECT_TYPE(TypeOf("tile.store", {t, List({0, 0, 0}), out, List({1, 6, 8})}), out->type());
  EXPECT_THAT(ErrorOf("tile.store", {t, List({0, 0, 0}), out, List({6, 8})}),
              HasSubstr("tile.store: shapes must be non-empty and as long as offsets, got 2 and "
                        "3"));
}

TEST_F(TileMemoryTest, StoreGrowsThePartialValidRegion) {
  const Var* out = TensorWithValid(DataType::kFP32, {64, 64}, {32, 64});
  const Var* rows = TileVar(DataType::kFP32, {16, 64});
  EXPECT_TYPE(TypeOf("tile.store", {rows, List({32, 0}), out}),
              TensorWithValid(DataType::kFP32, {64, 64}, {48, 64})->type());
  // Inside the valid region: unchanged.
  EXPECT_TYPE(TypeOf("tile.store", {rows, List({8, 0}), out}), out->type());
  // Only the tile's valid part is written.
  const Var* part = ctx_.NewVar("p", TileWithValid(DataType::kFP32, {16, 64}, {8, 64}));
  EXPECT_TYPE(TypeOf("tile.store", {part, List({32, 0}), out}),
              TensorWithValid(DataType::kFP32, {64, 64}, {40, 64})->type());
  // An origin write covering the valid region replaces it.
  const Var* small = TensorWithValid(DataType::kFP32, {64, 64}, {16, 16});
  const Var* big = TileVar(DataType::kFP32, {32, 32});
  EXPECT_TYPE(TypeOf("tile.store", {big, List({0, 0}), small}),
              TensorWithValid(DataType::kFP32, {64, 64}, {32, 32})->type());
  // Into an empty target at the origin: the written region.
  const Var* empty = TensorWithValid(DataType::kFP32, {64, 64}, {0, 64});
  EXPECT_TYPE(TypeOf("tile.store", {rows, List({0, 0}), empty}),
              TensorWithValid(DataType::kFP32, {64, 64}, {16, 64})->type());
  // A distributed destination stays distributed.
  TensorView dv;
  dv.valid_shape = Dims({32, 64});
  const Var* d = ctx_.NewVar(
      "d", ctx_.GetDistributedTensorType(DataType::kFP32, Dims({64, 64}), dv));
  TensorView want;
  want.valid_shape = Dims({48, 64});
  EXPECT_TYPE(TypeOf("tile.store", {rows, List({32, 0}), d}),
              ctx_.GetDistributedTensorType(DataType::kFP32, Dims({64, 64}), want));
}

// A valid extent is never negative, so a write from offset 0 abuts a
// symbolic valid region (upstream accepts it too); it grows it to the far
// edge, clamped to the physical extent.
TEST_F(TileMemoryTest, StoreFromTheOriginGrowsASymbolicValidRegion) {
  const Var* n = ScalarVar(DataType::kIndex);
  TensorView view;
  const Expr* valid[] = {n, ctx_.Index(64)};
  view.valid_shape = valid;
  const Var* out = ctx_.NewVar("out", ctx_.GetTensorType(DataType::kFP32, Dims({64, 64}), view));
  TensorView want;
  const Expr* grown[] = {MinExtent(ctx_, MaxExtent(ctx_, n, ctx_.Index(16)), ctx_.Index(64)),
                         ctx_.Index(64)};
  want.valid_shape = grown;
  EXPECT_TYPE(TypeOf("tile.store", {TileVar(DataType::kFP32, {16, 64}), List({0, 0}), out}),
              ctx_.GetTensorType(DataType::kFP32, Dims({64, 64}), want));
  // Elsewhere the start must still be provably inside.
  EXPECT_THAT(ErrorOf("tile.store", {TileVar(DataType::kFP32, {16, 64}), List({8, 0}), out}),
              HasSubstr("tile.store: leaves a gap in dimension 0"));
}

TEST_F(TileMemoryTest, StoreRejects) {
  const Var* out = TensorVar(DataType::kFP32, {64, 64});
  const Var* t = TileVar(DataType::kFP32, {16, 16});
  EXPECT_THAT(ErrorOf("tile.store", {t, List({56, 0}), out}),
              HasSubstr("tile.store: writes past the end of dimension 0: offset 56 + extent 16 "
                        "exceeds the target extent 64"));
  EXPECT_THAT(ErrorOf("tile.store", {t, List({0, -1}), out}),
              HasSubstr("tile.store: offset 1 is negative (-1)"));
  const Var* partial = TensorWithValid(DataType::kFP32, {64, 64}, {32, 32});
  EXPECT_THAT(ErrorOf("tile.store", {t, List({32, 32}), partial}),
              HasSubstr("tile.store: grows the valid region along several dimensions at once"));
  const Var* rows = TensorWithValid(DataType::kFP32, {64, 64}, {16, 64});
  const Var* wide = TileVar(DataType::kFP32, {16, 64});
  EXPECT_THAT(ErrorOf("tile.store", {wide, List({32, 0}), rows}),
              HasSubstr("tile.store: leaves a gap in dimension 0"));
  EXPECT_THAT(ErrorOf("tile.store", {TileVar(DataType::kFP32, {16, 32}), List({16, 0}), rows}),
              HasSubstr("tile.store: grows dimension 0, so it must span dimension 1 exactly from "
                        "the origin"));
  const Var* empty = TensorWithValid(DataType::kFP32, {64, 64}, {0, 64});
  EXPECT_THAT(ErrorOf("tile.store", {wide, List({16, 0}), empty}),
              HasSubstr("tile.store: writes at offset [16, 0] into a target whose valid region "
                        "is empty"));
  EXPECT_THAT(ErrorOf("tile.store", {out, List({0, 0}), out}),
              HasSubstr("tile.store: tile must be a TileType, got TensorType"));
  EXPECT_THAT(ErrorOf("tile.store", {t, List({0, 0}), t}),
              HasSubstr("tile.store: output_tensor must be a TensorType or "
                        "DistributedTensorType, got TileType"));
}

}  // namespace
}  // namespace pto::ir
