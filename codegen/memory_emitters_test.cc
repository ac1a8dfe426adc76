// Allocation and data movement: tile.create, tile.full, tile.load, tile.store.

#include "codegen/test_util.h"

namespace pto::codegen {
namespace {

using ::testing::EndsWith;
using ::testing::HasSubstr;
using ::testing::Not;

TEST_F(PtoTest, CreateIsOnlyItsAllocation) {
  Let("z", "tile.create", {List({8, 32})},
      {{"dtype", AttrValue::DType(DataType::kBF16)},
       {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  std::string text = EmitOk();
  EXPECT_EQ(Line(text, "%z"), absl::StrCat("%z = pto.alloc_tile : ", VecTile("bf16", 8, 32)));
}

TEST_F(PtoTest, CreateInEveryBufferSpace) {
  const std::pair<MemorySpace, absl::string_view> spaces[] = {
      {MemorySpace::kVec, "loc=vec, "},     {MemorySpace::kMat, "loc=mat, "},
      {MemorySpace::kLeft, "loc=left, "},   {MemorySpace::kRight, "loc=right, "},
      {MemorySpace::kAcc, "loc=acc, "},     {MemorySpace::kBias, "loc=bias, "},
  };
  for (const auto& [space, loc] : spaces) {
    Let("z", "tile.create", {List({16, 16})},
        {{"dtype", AttrValue::DType(DataType::kFP32)}, {"target_memory", AttrValue::Enum(space)}});
  }
  std::vector<std::string> allocs = LinesWith(EmitOk(), "pto.alloc_tile");
  ASSERT_EQ(allocs.size(), std::size(spaces));
  for (size_t i = 0; i < allocs.size(); ++i) {
    EXPECT_THAT(allocs[i], HasSubstr(absl::StrCat("!pto.tile_buf<", spaces[i].second)));
  }
  EXPECT_THAT(allocs[4], HasSubstr("blayout=col_major, slayout=row_major, fractal=1024, pad=0>"));
}

TEST_F(PtoTest, FullIsTexpands) {
  Let("z", "tile.full", {List({16, 16}), ctx_.Float(0.0)},
      {{"dtype", AttrValue::DType(DataType::kFP32)}});
  Let("w", "tile.full", {List({16, 16}), ctx_.Index(7)},
      {{"dtype", AttrValue::DType(DataType::kInt32)}});
  std::string text = EmitOk();
  EXPECT_EQ(Line(text, "outs(%z "),
            absl::StrCat("pto.texpands ins(%cst : f32) outs(%z : ", VecTile("f32", 16, 16), ")"));
  EXPECT_EQ(Line(text, "outs(%w "), absl::StrCat("pto.texpands ins(%c7_i32 : i32) outs(%w : ",
                                                 VecTile("i32", 16, 16), ")"));
}

// The fill value carries the tile's element type: texpands into a bf16 or
// f16 tile takes a bf16 or f16 scalar, never f32.
TEST_F(PtoTest, FullValueHasTheTilesElementType) {
  Let("b", "tile.full", {List({16, 16}), ctx_.Float(1.0)},
      {{"dtype", AttrValue::DType(DataType::kBF16)}});
  Let("h", "tile.full", {List({16, 16}), ctx_.Float(0.0)},
      {{"dtype", AttrValue::DType(DataType::kFP16)}});
  Let("i", "tile.full", {List({16, 16}), ctx_.Index(-2)},
      {{"dtype", AttrValue::DType(DataType::kInt8)}});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%cst = arith.constant 1.0 : bf16\n"));
  EXPECT_THAT(text, HasSubstr("%cst_1 = arith.constant 0.0 : f16\n"));
  EXPECT_THAT(text, Not(HasSubstr(": f32")));
  EXPECT_EQ(Line(text, "outs(%b "),
            absl::StrCat("pto.texpands ins(%cst : bf16) outs(%b : ", VecTile("bf16", 16, 16), ")"));
  EXPECT_EQ(Line(text, "outs(%h "),
            absl::StrCat("pto.texpands ins(%cst_1 : f16) outs(%h : ", VecTile("f16", 16, 16), ")"));
  EXPECT_EQ(Line(text, "outs(%i "), absl::StrCat("pto.texpands ins(%c-2_i8 : i8) outs(%i : ",
                                                 VecTile("i8", 16, 16), ")"));
}

TEST_F(PtoTest, LoadReadsTheValidWindowAtItsOffsets) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {64, 64});
  const ir::Var* r = ScalarParam("r", DataType::kIndex);
  Let("t", "tile.load", {x, ListOf({r, ctx_.Index(32)}), List({16, 32}), List({8, 32})});
  std::string text = EmitOk();
  EXPECT_EQ(Line(text, "pto.partition_view"),
            "%x_pview = pto.partition_view %x, offsets = [%arg1, %c32], sizes = [%c8, %c32] : "
            "!pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<8x32xf32>");
  EXPECT_EQ(Line(text, "pto.tload"),
            "pto.tload ins(%x_pview : !pto.partition_tensor_view<8x32xf32>) outs(%t : "
            "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=8, v_col=32, "
            "blayout=row_major, slayout=none_box, fractal=512, pad=0>)");
}

TEST_F(PtoTest, MxLoadNamesItsLayout) {
  ir::TensorView mx;
  mx.layout = ir::TensorLayout::kMxAZZ;
  const ir::Var* x =
      Param(ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP8E8M0, Dims({16, 2}), mx)));
  Let("s", "tile.load", {x, List({0, 0}), List({16, 2}), List({16, 2})},
      {{"target_memory", AttrValue::Enum(MemorySpace::kMat)}});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("func.func @k(%arg0: !pto.ptr<!pto.f8E8M0>)"));
  EXPECT_THAT(text, HasSubstr("{layout = #pto.layout<mx_a_zz>} : "
                              "!pto.tensor_view<?x?x!pto.f8E8M0>"));
  std::string load = Line(text, "pto.tload");
  EXPECT_THAT(load, HasSubstr("outs(%s : !pto.tile_buf<loc=mat, dtype=!pto.f8E8M0, rows=16, "
                              "cols=2, v_row=16, v_col=2, blayout=row_major, slayout=row_major, "
                              "fractal=32, pad=0>)"));
  EXPECT_THAT(load, EndsWith(") {layout = #pto.layout<mx_a_zz>}"));
}

TEST_F(PtoTest, StoreWritesTheTilesValidRegion) {
  const ir::Var* x = TensorParam("x", DataType::kFP16, {16, 16});
  const ir::Var* y = TensorParam("y", DataType::kFP16, {32, 16});
  const ir::Var* t = Let("t", "tile.load", {x, List({0, 0}), List({16, 16}), List({4, 16})});
  Let("r", "tile.store", {t, List({16, 0}), y});
  std::string text = EmitOk();
  EXPECT_EQ(Line(text, "%y_pview ="),
            "%y_pview = pto.partition_view %y, offsets = [%c16, %c0], sizes = [%c4, %c16] : "
            "!pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<4x16xf16>");
  EXPECT_THAT(Line(text, "pto.tstore"),
              EndsWith(") outs(%y_pview : !pto.partition_tensor_view<4x16xf16>)"));
}

TEST_F(PtoTest, AtomicAddStore) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  const ir::Var* y = TensorParam("y", DataType::kFP32, {16, 16});
  const ir::Var* r = Let("r", "tile.store", {t, List({0, 0}), y},
                         {{"atomic", AttrValue::Enum(ir::AtomicType::kAdd)}});
  // The store's result is the tensor it wrote: a second store reaches the
  // same view.
  Do("tile.store", {t, List({0, 0}), r});
  std::string text = EmitOk();
  std::vector<std::string> stores = LinesWith(text, "pto.tstore");
  ASSERT_EQ(stores.size(), 2u);
  EXPECT_THAT(stores[0], EndsWith("outs(%y_pview : !pto.partition_tensor_view<16x16xf32>) "
                                  "{atomicType = #pto<atomic_type atomic_add>}"));
  EXPECT_THAT(stores[1], Not(HasSubstr("atomicType")));
  EXPECT_THAT(text, HasSubstr("%r_pview = pto.partition_view %y, "));
}

// A peer may read a window once signalled: a store into one is released on
// the region it wrote (line out of the cache, then a GM fence); a store
// into a plain tensor is not.
TEST_F(PtoTest, StoreIntoAWindowIsReleasedOnTheRegionItWrote) {
  const ir::Var* t = Load("t", DataType::kFP32, 1, 64);
  const ir::Var* win =
      Param(ctx_.NewVar("win", ctx_.GetDistributedTensorType(DataType::kFP32, Dims({2, 64}))));
  const ir::Var* plain = TensorParam("plain", DataType::kFP32, {2, 64});
  Do("tile.store", {t, List({1, 0}), win});
  Do("tile.store", {t, List({1, 0}), plain});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("outs(%win_pview : !pto.partition_tensor_view<1x64xf32>)\n"
                              "    pto.cmo.cacheinvalid %win_pview single_cache_line : "
                              "!pto.partition_tensor_view<1x64xf32>\n"
                              "    pto.fence.barrier_all #pto.fence_scope<gm>\n"));
  EXPECT_EQ(LinesWith(text, "pto.cmo.cacheinvalid").size(), 1u);
  EXPECT_EQ(LinesWith(text, "pto.fence.barrier_all").size(), 1u);
  // The fence drains the store pipe itself: no barrier is added.
  EXPECT_THAT(text, Not(HasSubstr("pto.barrier")));
  EXPECT_THAT(text, HasSubstr("outs(%plain_pview : !pto.partition_tensor_view<1x64xf32>)\n"
                              "    return\n"));
}

// A BF16 atomic add is honoured by the a2a3 store pipe only.
TEST_F(PtoTest, AtomicAddIntoBf16IsRejectedWhereTheTargetCannotCombineIt) {
  const ir::Var* t = Load("t", DataType::kBF16, 16, 16);
  const ir::Var* y = TensorParam("y", DataType::kBF16, {16, 16});
  Let("r", "tile.store", {t, List({0, 0}), y}, {{"atomic", AttrValue::Enum(ir::AtomicType::kAdd)}},
      Loc(6, 9));
  EXPECT_EQ(EmitError(&A5()),
            "k.py:6:9: error: codegen: tile.store with atomic add into a BF16 tensor is not "
            "supported on a5; accumulate into an FP32 tensor and cast after the reduction");
  EXPECT_THAT(Line(EmitOk(&A2A3()), "pto.tstore"),
              HasSubstr("{atomicType = #pto<atomic_type atomic_add>}"));
}

TEST_F(PtoTest, AtomicAddIntoEveryOtherHardwareDtypeIsAcceptedOnA5) {
  for (DataType dt : {DataType::kFP32, DataType::kFP16, DataType::kInt32, DataType::kInt16,
                      DataType::kInt8}) {
    const ir::Var* t = Load("t", dt, 16, 32);
    const ir::Var* y = TensorParam("y", dt, {16, 32});
    Do("tile.store", {t, List({0, 0}), y}, {{"atomic", AttrValue::Enum(ir::AtomicType::kAdd)}});
  }
  EXPECT_EQ(LinesWith(EmitOk(&A5()), "atomic_add").size(), 5u);
}

// Every 4-bit dtype is rejected on a2a3, end to end: a parameter, a tile.
TEST_F(PtoTest, Fp4IsRejectedOnA2a3AndEmittedOnA5) {
  const ir::Var* x = Param(ctx_.NewVar("x", ctx_.GetTensorType(DataType::kFP4, Dims({16, 64})),
                                       Loc(4, 11)));
  const ir::Var* t = Let("t", "tile.load", {x, List({0, 0}), List({16, 64}), List({16, 64})});
  const ir::Var* y = TensorParam("y", DataType::kFP4, {16, 64});
  Do("tile.store", {t, List({0, 0}), y});
  EXPECT_EQ(EmitError(&A2A3()),
            "k.py:4:11: error: codegen: parameter 'x': FP4 is not supported in-core on a2a3 "
            "(the target has no load, store or instruction for it)");
  std::string text = EmitOk(&A5());
  EXPECT_THAT(Line(text, "pto.tload"), HasSubstr("dtype=!pto.f4E2M1x2"));
}

// A 4-bit tile made in the kernel (no 4-bit parameter) is rejected at its
// buffer, located at the statement that defines it.
TEST_F(PtoTest, FourBitTileIsRejectedAtItsDefinition) {
  Let("z", "tile.full", {List({16, 64}), ctx_.Float(0.0)},
      {{"dtype", AttrValue::DType(DataType::kFP4)}}, Loc(5, 9));
  EXPECT_EQ(EmitError(&A2A3()),
            "k.py:5:9: error: codegen: tile 'z': FP4 is not supported in-core on a2a3 (the "
            "target has no load, store or instruction for it)");
}

TEST_F(PtoTest, Int4IsRejectedOnBothTargetsAsNotInCore) {
  const ir::Var* h = Load("h", DataType::kFP16, 16, 64);
  Let("c", "tile.cast", {h}, {{"target_type", AttrValue::DType(DataType::kInt4)}}, Loc(7, 9));
  for (const backends::Backend* b : {&A2A3(), &A5()}) {
    EXPECT_THAT(EmitError(b), HasSubstr("tile 'c': INT4 is not supported in-core on "))
        << b->Name();
  }
}

TEST_F(PtoTest, LowerRankLoadWindowIsUnsupported) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {16, 16});
  Let("t", "tile.load", {x, List({0}), List({16}), List({16})}, {}, Loc(3, 3));
  absl::StatusOr<std::string> text = Emit(&A5());
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(text.status().message(),
              HasSubstr("k.py:3:3: error: codegen: tile.load of a rank-1 window from a rank-2 "
                        "tensor"));
}

}  // namespace
}  // namespace pto::codegen
