// tile.transpose -> pto.ttrans with the call's tmp, or a scratch buffer of
// the source's type when the call has none.

#include "codegen/test_util.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;

TEST_F(PtoTest, TransposeAllocatesItsScratch) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 32);
  Let("tr", "tile.transpose", {t, ctx_.Index(0), ctx_.Index(1)});
  std::string text = EmitOk();
  EXPECT_EQ(Line(text, "%tr_tmp = pto.alloc_tile"),
            absl::StrCat("%tr_tmp = pto.alloc_tile : ", VecTile("f32", 16, 32)));
  EXPECT_EQ(Line(text, "pto.ttrans"),
            absl::StrCat("pto.ttrans ins(%t, %tr_tmp : ", VecTile("f32", 16, 32), ", ",
                         VecTile("f32", 16, 32), ") outs(%tr : ", VecTile("f32", 32, 16), ")"));
}

TEST_F(PtoTest, TransposeUsesTheCallsTmp) {
  const ir::Var* t = Load("t", DataType::kFP16, 16, 16);
  const ir::Var* tmp = Let("scratch", "tile.create", {List({16, 16})},
                           {{"dtype", AttrValue::DType(DataType::kFP16)},
                            {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  Let("tr", "tile.transpose", {t, ctx_.Index(0), ctx_.Index(1), tmp});
  std::string text = EmitOk();
  EXPECT_THAT(Line(text, "pto.ttrans"), HasSubstr("ins(%t, %scratch : "));
  EXPECT_TRUE(LinesWith(text, "_tmp = pto.alloc_tile").empty()) << text;
}

TEST_F(PtoTest, TransposeOfRank3IsAnError) {
  const ir::Var* x = TensorParam("x", DataType::kFP32, {2, 16, 16});
  const ir::Var* t =
      Let("t", "tile.load", {x, List({0, 0, 0}), List({2, 16, 16}), List({2, 16, 16})});
  Let("tr", "tile.transpose", {t, ctx_.Index(1), ctx_.Index(2)}, {}, Loc(4, 2));
  EXPECT_EQ(EmitError(), "k.py:4:2: error: codegen: tile.transpose of a rank-3 tile: pto.ttrans "
                         "transposes 2-D tiles");
}

}  // namespace
}  // namespace pto::codegen
