// Views: tile.transpose_view / reinterpret_view (pto.treshape or nothing),
// tile.set_validshape (in place) and tensor.view (a new tensor view).

#include "codegen/test_util.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST_F(PtoTest, TransposeViewIsTreshape) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 32);
  const ir::Var* v = Let("v", "tile.transpose_view", {t});
  Let("n", "tile.neg", {v});
  std::string text = EmitOk();
  std::string view =
      "!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=16, v_row=32, v_col=16, "
      "blayout=col_major, slayout=none_box, fractal=512, pad=0>";
  EXPECT_EQ(Line(text, "pto.treshape"),
            absl::StrCat("%v = pto.treshape %t : ", VecTile("f32", 16, 32), " -> ", view));
  EXPECT_THAT(Line(text, "pto.tneg"), HasSubstr(absl::StrCat("ins(%v : ", view, ")")));
  // A view allocates nothing.
  EXPECT_THAT(text, Not(HasSubstr("%v = pto.alloc_tile")));
}

TEST_F(PtoTest, ReinterpretViewChangesTheDtype) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  Let("b", "tile.reinterpret_view", {t}, {{"dtype", AttrValue::DType(DataType::kInt8)}});
  EXPECT_EQ(Line(EmitOk(), "pto.treshape"),
            absl::StrCat("%b = pto.treshape %t : ", VecTile("f32", 16, 16), " -> ",
                         VecTile("i8", 16, 64)));
}

TEST_F(PtoTest, ViewWithTheBufferTypeIsNothing) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 32);
  const ir::Var* v = Let("v", "tile.transpose_view", {t});
  const ir::Var* back = Let("back", "tile.transpose_view", {v});
  Let("n", "tile.neg", {back});
  std::string text = EmitOk();
  // Transposing back gives the original buffer's type: that buffer is the view.
  EXPECT_EQ(LinesWith(text, "pto.treshape").size(), 1u);
  EXPECT_THAT(Line(text, "pto.tneg"), HasSubstr(absl::StrCat("ins(%t : ", VecTile("f32", 16, 32))));
}

TEST_F(PtoTest, SetValidShapeNarrowsTheBufferInPlace) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  const ir::Var* n = ScalarParam("n", DataType::kIndex);
  const ir::Var* v = Let("v", "tile.set_validshape", {t, n, ctx_.Index(16)});
  Let("w", "tile.neg", {v});
  std::string text = EmitOk();
  std::string dynamic =
      "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, "
      "blayout=row_major, slayout=none_box, fractal=512, pad=0>";
  // The narrowed buffer has dynamic extents, set at allocation and again
  // before the load writes it.
  EXPECT_EQ(Line(text, "%t = pto.alloc_tile"),
            absl::StrCat("%t = pto.alloc_tile valid_row = %c16 valid_col = %c16 : ", dynamic));
  std::vector<std::string> sets = LinesWith(text, "pto.set_validshape");
  ASSERT_EQ(sets.size(), 2u);
  EXPECT_EQ(sets[0], absl::StrCat("pto.set_validshape %t, %c16, %c16 : ", dynamic));
  EXPECT_EQ(sets[1], absl::StrCat("pto.set_validshape %t, %arg1, %c16 : ", dynamic));
  EXPECT_LT(text.find(sets[0]), text.find("pto.tload"));
  // The result is the same buffer.
  EXPECT_THAT(Line(text, "pto.tneg"), HasSubstr(absl::StrCat("ins(%t : ", dynamic, ")")));
}

TEST_F(PtoTest, SetValidShapeOfAViewIsAnError) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 32);
  const ir::Var* v = Let("v", "tile.transpose_view", {t});
  Let("w", "tile.set_validshape", {v, ctx_.Index(8), ctx_.Index(16)}, {}, Loc(6, 2));
  EXPECT_THAT(EmitError(), HasSubstr("k.py:6:2: error: codegen: tile.set_validshape cannot narrow "
                                     "a view"));
}

TEST_F(PtoTest, SetValidShapeThroughAViewOfItsOwnBufferTypeIsUnsupported) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 32);
  const ir::Var* v = Let("v", "tile.transpose_view", {t});
  const ir::Var* back = Let("back", "tile.transpose_view", {v});
  Let("w", "tile.set_validshape", {back, ctx_.Index(8), ctx_.Index(16)}, {}, Loc(6, 2));
  absl::StatusOr<std::string> text = Emit(&A5());
  ASSERT_FALSE(text.ok());
  EXPECT_EQ(text.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_THAT(std::string(text.status().message()),
              HasSubstr("k.py:6:2: error: codegen: tile.set_validshape of %t, whose buffer has "
                        "static valid extents"));
}

TEST_F(PtoTest, TensorViewIsANewTensorViewOfTheSamePointer) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {16, 16});
  const ir::Var* v = Let("v", "tensor.view", {x, List({4, 64})});
  Let("t", "tile.load", {v, List({0, 0}), List({4, 64}), List({4, 64})});
  std::string text = EmitOk();
  EXPECT_EQ(Line(text, "%v = "),
            "%v = pto.make_tensor_view %arg0, shape = [%c4, %c64], strides = [%c64, %c1] "
            "{layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>");
  EXPECT_THAT(text, HasSubstr("%v_pview = pto.partition_view %v, "));
}

TEST_F(PtoTest, TensorViewToDN) {
  const ir::Var* x = TensorParam("x", DataType::kFP16, {16, 32});
  Let("v", "tensor.view", {x}, {{"layout", AttrValue::Enum(ir::TensorLayout::kDN)}});
  EXPECT_EQ(Line(EmitOk(), "%v = "),
            "%v = pto.make_tensor_view %arg0, shape = [%c32, %c16], strides = [%c1, %c32] "
            "{layout = #pto.layout<dn>} : !pto.tensor_view<?x?xf16>");
}

}  // namespace
}  // namespace pto::codegen
