// Comparison and selection: pto.tcmp / tcmps with every cmpMode, and the
// operand order of pto.tsel / tsels.

#include "codegen/test_util.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;

// The UINT8 predicate mask of a [16, 16] compare: [16, 32] with 2 valid
// bytes per row.
constexpr absl::string_view kMask =
    "!pto.tile_buf<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2, "
    "blayout=row_major, slayout=none_box, fractal=512, pad=0>";

TEST_F(PtoTest, CmpWithEveryMode) {
  const absl::string_view names[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* b = Load("b", DataType::kFP32, 16, 16);
  for (int k = 0; k < 6; ++k) Let("m", "tile.cmp", {a, b}, {{"cmp_type", AttrValue::Int(k)}});
  std::vector<std::string> lines = LinesWith(EmitOk(), "pto.tcmp ");
  ASSERT_EQ(lines.size(), 6u);
  std::string t = VecTile("f32", 16, 16);
  for (int k = 0; k < 6; ++k) {
    std::string dst = k == 0 ? "%m" : absl::StrCat("%m_", k);
    EXPECT_EQ(lines[k], absl::StrCat("pto.tcmp ins(%a, %b {cmpMode = #pto<cmp ", names[k],
                                     ">} : ", t, ", ", t, ") outs(", dst, " : ", kMask, ")"));
  }
}

TEST_F(PtoTest, CmpsTypesItsScalar) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  Let("m", "tile.cmps", {a, ctx_.Float(0.0)}, {{"cmp_type", AttrValue::Int(4)}});
  EXPECT_EQ(Line(EmitOk(), "pto.tcmps"),
            absl::StrCat("pto.tcmps ins(%a, %cst {cmpMode = #pto<cmp gt>} : ",
                         VecTile("f32", 16, 16), ", f32) outs(%m : ", kMask, ")"));
}

TEST_F(PtoTest, SelTakesMaskSourcesAndTmpInOrder) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* b = Load("b", DataType::kFP32, 16, 16);
  const ir::Var* m = Let("m", "tile.cmp", {a, b}, {{"cmp_type", AttrValue::Int(2)}});
  const ir::Var* tmp = Let("tmp", "tile.create", {List({1, 32})},
                           {{"dtype", AttrValue::DType(DataType::kUInt8)},
                            {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  Let("s", "tile.sel", {m, a, b, tmp});
  std::string t = VecTile("f32", 16, 16);
  EXPECT_EQ(Line(EmitOk(), "pto.tsel "),
            absl::StrCat("pto.tsel ins(%m, %a, %b, %tmp : ", kMask, ", ", t, ", ", t, ", ",
                         VecTile("ui8", 1, 32), ") outs(%s : ", t, ")"));
}

TEST_F(PtoTest, SelsTakesMaskSourceTmpAndScalarInOrder) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* m = Let("m", "tile.cmps", {a, ctx_.Float(0.0)}, {{"cmp_type", AttrValue::Int(4)}});
  const ir::Var* tmp = Let("tmp", "tile.create", {List({1, 32})},
                           {{"dtype", AttrValue::DType(DataType::kUInt8)},
                            {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  Let("s", "tile.sels", {m, a, tmp, ctx_.Float(-1.0)});
  std::string t = VecTile("f32", 16, 16);
  EXPECT_EQ(Line(EmitOk(), "pto.tsels"),
            absl::StrCat("pto.tsels ins(%m, %a, %tmp, %cst_1 : ", kMask, ", ", t, ", ",
                         VecTile("ui8", 1, 32), ", f32) outs(%s : ", t, ")"));
}

}  // namespace
}  // namespace pto::codegen
