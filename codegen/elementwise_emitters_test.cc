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

// pto-isa types a tile instruction's scalar with the tile's element type, so
// an index value on an INT16 tile is cast to i16 (not i32).
TEST_F(PtoTest, IndexVariableOnAnIntTileIsCastToTheTileWidth) {
  const ir::Var* a = Load("a", DataType::kInt16, 16, 16);
  const ir::Var* n = ScalarParam("n", DataType::kIndex);
  Let("b", "tile.maximums", {a, n});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%arg1_i16 = arith.index_cast %arg1 : index to i16\n"));
  EXPECT_THAT(Line(text, "pto.tmaxs"), HasSubstr("ins(%a, %arg1_i16 : "));
  EXPECT_THAT(Line(text, "pto.tmaxs"), HasSubstr(", i16) outs("));
}

// A bare float literal is an FP32 constant in the IR; on a BF16 or FP16
// tile it is spelled in the tile's type, never f32.
TEST_F(PtoTest, FloatLiteralTakesTheTilesFloatType) {
  const ir::Var* a = Load("a", DataType::kBF16, 16, 16);
  const ir::Var* h = Load("h", DataType::kFP16, 16, 16);
  Let("b", "tile.adds", {a, ctx_.Float(2.5)});
  Let("g", "tile.muls", {h, ctx_.Float(0.5)});
  Let("k", "tile.divs", {h, ctx_.Int(3, DataType::kInt32)});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%cst = arith.constant 2.5 : bf16\n"));
  EXPECT_THAT(text, HasSubstr("%cst_1 = arith.constant 0.5 : f16\n"));
  EXPECT_THAT(text, HasSubstr("%cst_2 = arith.constant 3.0 : f16\n"));
  EXPECT_THAT(text, Not(HasSubstr(": f32")));
  EXPECT_THAT(Line(text, "pto.tadds"), HasSubstr(", bf16) outs("));
  EXPECT_THAT(Line(text, "pto.tmuls"), HasSubstr(", f16) outs("));
  EXPECT_THAT(Line(text, "pto.tdivs"), HasSubstr("ins(%h, %cst_2 : "));
}

// A scalar variable of another type is converted in the body.
TEST_F(PtoTest, ScalarVariableIsConvertedToTheTilesType) {
  const ir::Var* h = Load("h", DataType::kFP16, 16, 16);
  const ir::Var* i = Load("i", DataType::kInt16, 16, 16);
  const ir::Var* f = ScalarParam("f", DataType::kFP32);
  const ir::Var* n = ScalarParam("n", DataType::kInt32);
  Let("a", "tile.adds", {h, f});
  Let("b", "tile.subs", {i, n});
  Let("c", "tile.muls", {h, n});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("= arith.truncf %arg2 : f32 to f16\n"));
  EXPECT_THAT(text, HasSubstr("= arith.trunci %arg3 : i32 to i16\n"));
  EXPECT_THAT(text, HasSubstr("= arith.sitofp %arg3 : i32 to f16\n"));
  EXPECT_THAT(Line(text, "pto.tadds"), HasSubstr(", f16) outs("));
  EXPECT_THAT(Line(text, "pto.tsubs"), HasSubstr(", i16) outs("));
  EXPECT_THAT(Line(text, "pto.tmuls"), HasSubstr(", f16) outs("));
}

// Literals are narrowed as the op narrows its scalar at run time: integers
// wrap, floats truncate toward zero and saturate.
TEST_F(PtoTest, LiteralsAreNarrowedToTheTilesType) {
  const ir::Var* a = Load("a", DataType::kInt32, 16, 16);
  const ir::Var* b = Load("b", DataType::kInt16, 16, 16);
  Let("w", "tile.adds", {a, ctx_.Int(0x8000000B, DataType::kInt64)});
  Let("t", "tile.adds", {a, ctx_.Float(2.7)});
  Let("s", "tile.adds", {b, ctx_.Float(-1e10)});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("arith.constant -2147483637 : i32\n"));
  EXPECT_THAT(text, HasSubstr("%c2_i32 = arith.constant 2 : i32\n"));
  EXPECT_THAT(text, HasSubstr("%c-32768_i16 = arith.constant -32768 : i16\n"));
}

// An unsigned tile takes the signless integer of its width (arith makes no
// unsigned constants); a scalar already of the tile's dtype passes through.
TEST_F(PtoTest, UnsignedTileTakesASignlessScalarOfItsWidth) {
  const ir::Var* a = Load("a", DataType::kUInt16, 16, 16);
  const ir::Var* u = ScalarParam("u", DataType::kUInt16);
  Let("b", "tile.maximums", {a, ctx_.Index(40000)});
  Let("c", "tile.minimums", {a, u});
  std::string text = EmitOk();
  EXPECT_THAT(text, HasSubstr("%c-25536_i16 = arith.constant -25536 : i16\n"));
  EXPECT_THAT(Line(text, "pto.tmaxs"), HasSubstr(", i16) outs("));
  EXPECT_THAT(Line(text, "pto.tmins"), HasSubstr("ins(%a, %arg1 : "));
  EXPECT_THAT(Line(text, "pto.tmins"), HasSubstr(", ui16) outs("));
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
