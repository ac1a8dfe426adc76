// Element-wise tile arithmetic: every op's PTO line and the scalar operand
// typing rules.

#include "codegen/test_util.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

TEST_F(PtoTest, EveryTileTileOpIsOneLine) {
  const std::pair<absl::string_view, absl::string_view> ops[] = {
      {"tile.add", "pto.tadd"}, {"tile.sub", "pto.tsub"},     {"tile.mul", "pto.tmul"},
      {"tile.div", "pto.tdiv"}, {"tile.maximum", "pto.tmax"}, {"tile.minimum", "pto.tmin"},
  };
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* b = Load("b", DataType::kFP32, 16, 16);
  for (const auto& [op, pto] : ops) Let("r", op, {a, b});
  std::string text = EmitOk();
  std::string t = VecTile("f32", 16, 16);
  int n = 0;
  for (const auto& [op, pto] : ops) {
    std::string dst = n == 0 ? "%r" : absl::StrCat("%r_", n);
    ++n;
    EXPECT_EQ(Line(text, absl::StrCat(pto, " ins(")),
              absl::StrCat(pto, " ins(%a, %b : ", t, ", ", t, ") outs(", dst, " : ", t, ")"))
        << op;
  }
}

TEST_F(PtoTest, HighPrecisionDivisionHasItsAttributeAfterOuts) {
  const ir::Var* a = Load("a", DataType::kFP16, 16, 16);
  const ir::Var* b = Load("b", DataType::kFP16, 16, 16);
  Let("q", "tile.div", {a, b}, {{"high_precision", AttrValue::Bool(true)}});
  EXPECT_THAT(Line(EmitOk(), "pto.tdiv"),
              testing::EndsWith(") {precisionType = #pto<div_precision high_precision>}"));
}

TEST_F(PtoTest, EveryTileScalarOpTypesItsScalar) {
  const std::pair<absl::string_view, absl::string_view> ops[] = {
      {"tile.adds", "pto.tadds"}, {"tile.subs", "pto.tsubs"},         {"tile.muls", "pto.tmuls"},
      {"tile.divs", "pto.tdivs"}, {"tile.maximums", "pto.tmaxs"}, {"tile.minimums", "pto.tmins"},
  };
  const ir::Var* a = Load("a", DataType::kFP16, 16, 16);
  for (const auto& [op, pto] : ops) Let("r", op, {a, ctx_.Float(0.25, DataType::kFP16)});
  std::string text = EmitOk();
  std::string t = VecTile("f16", 16, 16);
  EXPECT_THAT(text, HasSubstr("%cst = arith.constant 0.25 : f16\n"));
  int n = 0;
  for (const auto& [op, pto] : ops) {
    std::string dst = n == 0 ? "%r" : absl::StrCat("%r_", n);
    ++n;
    EXPECT_EQ(Line(text, absl::StrCat(pto, " ins(")),
              absl::StrCat(pto, " ins(%a, %cst : ", t, ", f16) outs(", dst, " : ", t, ")"))
        << op;
  }
}

TEST_F(PtoTest, IndexLiteralOnAnIntTileIsI32NeverIndex) {
  const ir::Var* a = Load("a", DataType::kInt32, 16, 16);
  Let("b", "tile.adds", {a, ctx_.Index(5)});
  std::string text = EmitOk();
  std::string line = Line(text, "pto.tadds");
  EXPECT_THAT(line, HasSubstr("ins(%a, %c5_i32 : "));
  EXPECT_THAT(line, HasSubstr(", i32) outs("));
  EXPECT_THAT(line, Not(HasSubstr("index")));
  EXPECT_THAT(text, HasSubstr("%c5_i32 = arith.constant 5 : i32\n"));
}

TEST_F(PtoTest, IndexLiteralOnAFloatTileTakesTheTileDtype) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  Let("b", "tile.muls", {a, ctx_.Index(3)});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%cst = arith.constant 3.0 : f32\n"));
  EXPECT_THAT(Line(text, "pto.tmuls"), HasSubstr("ins(%a, %cst : "));
}

TEST_F(PtoTest, IndexVariableOnAnIntTileIsCastToI32) {
  const ir::Var* a = Load("a", DataType::kInt16, 16, 16);
  const ir::Var* n = ScalarParam("n", DataType::kIndex);
  Let("b", "tile.maximums", {a, n});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%arg1_i32 = arith.index_cast %arg1 : index to i32\n"));
  EXPECT_THAT(Line(text, "pto.tmaxs"), HasSubstr("ins(%a, %arg1_i32 : "));
}

TEST_F(PtoTest, TypedScalarKeepsItsDtype) {
  const ir::Var* a = Load("a", DataType::kInt32, 16, 16);
  Let("b", "tile.subs", {a, ctx_.Int(-7, DataType::kInt32)});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%c-7_i32 = arith.constant -7 : i32\n"));
  EXPECT_THAT(Line(text, "pto.tsubs"), HasSubstr("ins(%a, %c-7_i32 : "));
}

TEST_F(PtoTest, NegAndAbs) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  Let("n", "tile.neg", {a});
  Let("m", "tile.abs", {a});
  std::string text = EmitOk();
  std::string t = VecTile("f32", 16, 16);
  EXPECT_EQ(Line(text, "pto.tneg"), absl::StrCat("pto.tneg ins(%a : ", t, ") outs(%n : ", t, ")"));
  EXPECT_EQ(Line(text, "pto.tabs"), absl::StrCat("pto.tabs ins(%a : ", t, ") outs(%m : ", t, ")"));
}

TEST_F(PtoTest, BroadcastOperandKeepsItsOwnBufferType) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  const ir::Var* b = Load("b", DataType::kFP32, 1, 16);
  Let("c", "tile.add", {a, b});
  EXPECT_THAT(Line(EmitOk(), "pto.tadd"),
              HasSubstr(absl::StrCat("ins(%a, %b : ", VecTile("f32", 16, 16), ", ",
                                     VecTile("f32", 1, 16), ") outs(%c : ")));
}

TEST_F(PtoTest, UnassignedComputeIsAnError) {
  const ir::Var* a = Load("a", DataType::kFP32, 16, 16);
  Do("tile.neg", {a}, {}, Loc(2, 8));
  EXPECT_THAT(EmitError(), HasSubstr("k.py:2:8: error: codegen: the result of this op must be "
                                     "assigned to a variable"));
}

}  // namespace
}  // namespace pto::codegen
