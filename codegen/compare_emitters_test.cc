// Comparison and selection: pto.tcmp / tcmps with every cmpMode, and the
// operand order of pto.tsel / tsels.

#include "codegen/test_util.h"
#include "ir/ops/select_operands.h"

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

TEST_F(PtoTest, CmpsScalarTakesTheTilesType) {
  const ir::Var* a = Load("a", DataType::kFP16, 16, 16);
  const ir::Var* b = Load("b", DataType::kInt16, 16, 16);
  Let("m", "tile.cmps", {a, ctx_.Float(0.5)}, {{"cmp_type", AttrValue::Int(2)}});
  Let("n", "tile.cmps", {b, ctx_.Index(3)}, {{"cmp_type", AttrValue::Int(0)}});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%cst = arith.constant 0.5 : f16\n"));
  EXPECT_THAT(text, HasSubstr("%c3_i16 = arith.constant 3 : i16\n"));
  EXPECT_THAT(Line(text, "outs(%m "), HasSubstr(", f16) outs("));
  EXPECT_THAT(Line(text, "outs(%n "), HasSubstr("ins(%b, %c3_i16 {cmpMode = #pto<cmp eq>} : "));
}

// --- TSELS target checks -----------------------------------------------------------

class TselsTest : public PtoTest {
 protected:
  // src = load [rows, 16] of `dtype`; mask = cmps(src, 0).
  void Setup(DataType dtype, int64_t rows = 16) {
    src_ = Load("src", dtype, rows, 16);
    mask_ = Let("mask", "tile.cmps", {src_, ctx_.Index(0)}, {{"cmp_type", AttrValue::Int(4)}});
    scalar_ = dtype.IsFloat() ? static_cast<const ir::Expr*>(ctx_.Float(-3.0, dtype))
                              : ctx_.Int(-3, ir::TselsScalarDataType(dtype));
  }
  const ir::Var* Scratch() {
    return Let("tmp", "tile.create", {List({1, 32})},
               {{"dtype", AttrValue::DType(DataType::kUInt8)},
                {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  }
  void Sels(const ir::Expr* tmp) {
    Let("result", "tile.sels", {mask_, src_, tmp, scalar_}, {}, Loc(9, 18));
  }
  const ir::Var* src_ = nullptr;
  const ir::Var* mask_ = nullptr;
  const ir::Expr* scalar_ = nullptr;
};

// TSELS on 8-bit sources exists on a5 only.
TEST_F(TselsTest, Int8SourceIsRejectedOnA2a3) {
  Setup(DataType::kInt8);
  Sels(Scratch());
  EXPECT_EQ(EmitError(&A2A3()),
            "k.py:9:18: error: codegen: tile.sels: TSELS on a2a3 does not support INT8 sources");
  EXPECT_THAT(Line(EmitOk(&A5()), "pto.tsels"),
              HasSubstr("ins(%mask, %src, %tmp, %c-3_i8 : "));
}

TEST_F(TselsTest, UnsignedSourceTakesASignedScalar) {
  Setup(DataType::kUInt32);
  Sels(Scratch());
  std::string text = EmitOk(&A2A3());
  EXPECT_THAT(Line(text, "pto.tsels"), HasSubstr(", i32) outs(%result : "));
}

TEST_F(TselsTest, TmpOverlappingSrcIsRejectedOnA2a3Only) {
  Setup(DataType::kInt32);
  Sels(src_);
  EXPECT_EQ(EmitError(&A2A3()),
            "k.py:9:18: error: codegen: tile.sels: on a2a3 TSELS's tmp must not overlap mask or "
            "src, but tmp overlaps src");
  EXPECT_THAT(Line(EmitOk(&A5()), "pto.tsels"),
              HasSubstr("ins(%mask, %src, %src, %c-3_i32 : "));
}

TEST_F(TselsTest, TmpOverlappingMaskIsRejectedOnA2a3Only) {
  Setup(DataType::kFP32);
  Sels(mask_);
  EXPECT_THAT(EmitError(&A2A3()), HasSubstr("but tmp overlaps mask"));
  EXPECT_THAT(Line(EmitOk(&A5()), "pto.tsels"),
              HasSubstr("ins(%mask, %src, %mask, %cst_1 : "));
}

// A view shares its buffer: a reinterpretation of src is src's memory.
TEST_F(TselsTest, TmpViewingSrcOverlapsIt) {
  Setup(DataType::kInt32);
  const ir::Var* view = Let("view", "tile.reinterpret_view", {src_},
                            {{"dtype", AttrValue::DType(DataType::kUInt32)}});
  Sels(view);
  EXPECT_THAT(EmitError(&A2A3()), HasSubstr("but tmp overlaps src"));
  EmitOk(&A5());
}

// On a2a3 the scratch may share the destination's memory, and a separate
// scratch is fine on both targets.
TEST_F(TselsTest, SeparateTmpIsAcceptedOnBothTargets) {
  Setup(DataType::kFP16);
  Sels(Scratch());
  for (const backends::Backend* b : {&A2A3(), &A5()}) {
    EXPECT_THAT(Line(EmitOk(b), "pto.tsels"), HasSubstr("ins(%mask, %src, %tmp, %cst_1 : "))
        << b->Name();
  }
}

// Mask and dst must never overlap. Each tile value has its own buffer, so
// only IR that reuses the mask's var as the result reaches the check.
TEST_F(TselsTest, MaskOverlappingDstIsRejectedOnEveryTarget) {
  Setup(DataType::kFP32);
  const ir::Var* tmp = Scratch();
  const ir::Call* sels = Call("tile.sels", {mask_, src_, tmp, scalar_}, {}, Loc(9, 18));
  // A var of the select's type that is also the mask's buffer: the mask
  // assignment rebinds it.
  const ir::Var* both = ctx_.NewVar("both", sels->type());
  body_.push_back(ctx_.NewAssign(both, mask_, {}));
  body_.push_back(ctx_.NewAssign(both, sels, {}));
  for (const backends::Backend* b : {&A2A3(), &A5()}) {
    EXPECT_EQ(EmitError(b),
              "k.py:9:18: error: codegen: tile.sels: mask and dst must not overlap (TSELS "
              "requires it on every target)")
        << b->Name();
  }
}

}  // namespace
}  // namespace pto::codegen
