// tile.cast -> pto.tcvt: the satmode rule (destination class x request),
// every rounding mode, one line per cast, the tmp operand and the
// native-conversion check.

#include "codegen/pto_spelling.h"
#include "codegen/test_util.h"
#include "ir/ops/cast_saturation.h"

namespace pto::codegen {
namespace {

using ::testing::HasSubstr;
using ::testing::StartsWith;

class CastTest : public PtoTest {
 protected:
  // The tcvt line of one FP32 -> `to` cast with the given extra kwargs.
  std::string TcvtOf(DataType to, std::vector<NamedAttr> kwargs,
                     const backends::Backend* backend = &A5()) {
    const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
    kwargs.insert(kwargs.begin(), {"target_type", AttrValue::DType(to)});
    Let("c", "tile.cast", {t}, kwargs);
    return Line(EmitOk(backend), "pto.tcvt");
  }
};

struct SatCase {
  const char* name;
  DataType to;
  std::optional<const char*> requested;  // saturation_mode kwarg, if any
  const char* emitted;
};

class SatmodeTest : public CastTest, public testing::WithParamInterface<SatCase> {};

TEST_P(SatmodeTest, SatmodeIsAlwaysStamped) {
  const SatCase& c = GetParam();
  std::vector<NamedAttr> kwargs;
  if (c.requested) kwargs.push_back({"saturation_mode", AttrValue::String(*c.requested)});
  std::string line = TcvtOf(c.to, kwargs);
  EXPECT_THAT(line, HasSubstr(absl::StrCat("{rmode = #pto<round_mode ROUND>, satmode = "
                                           "#pto<saturation_mode ",
                                           c.emitted, ">}")));
  // The emitter's choice is EmittedSaturationMode's.
  std::optional<ir::SaturationMode> requested;
  if (c.requested) {
    requested = absl::string_view(*c.requested) == "on" ? ir::SaturationMode::kOn
                                                        : ir::SaturationMode::kOff;
  }
  EXPECT_EQ(PtoSaturationMode(ir::EmittedSaturationMode(requested, c.to)), c.emitted);
}

INSTANTIATE_TEST_SUITE_P(
    DestinationTimesRequest, SatmodeTest,
    testing::Values(SatCase{"IntAbsent", DataType::kInt32, std::nullopt, "ON"},
                    SatCase{"IntOn", DataType::kInt32, "on", "ON"},
                    SatCase{"IntOff", DataType::kInt32, "off", "OFF"},
                    SatCase{"FloatAbsent", DataType::kFP16, std::nullopt, "OFF"},
                    SatCase{"FloatOn", DataType::kFP16, "on", "ON"},
                    SatCase{"FloatOff", DataType::kFP16, "off", "OFF"}),
    [](const testing::TestParamInfo<SatCase>& info) { return info.param.name; });

TEST_F(CastTest, EveryRoundingMode) {
  const std::pair<ir::RoundMode, absl::string_view> modes[] = {
      {ir::RoundMode::kNone, "NONE"},   {ir::RoundMode::kRint, "RINT"},
      {ir::RoundMode::kRound, "ROUND"}, {ir::RoundMode::kFloor, "FLOOR"},
      {ir::RoundMode::kCeil, "CEIL"},   {ir::RoundMode::kTrunc, "TRUNC"},
      {ir::RoundMode::kOdd, "ODD"},
  };
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  for (const auto& [mode, name] : modes) {
    Let("c", "tile.cast", {t},
        {{"target_type", AttrValue::DType(DataType::kInt32)}, {"mode", AttrValue::Enum(mode)}});
  }
  std::vector<std::string> lines = LinesWith(EmitOk(), "pto.tcvt");
  ASSERT_EQ(lines.size(), std::size(modes));
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_THAT(lines[i], HasSubstr(absl::StrCat("{rmode = #pto<round_mode ", modes[i].second,
                                                 ">, satmode = #pto<saturation_mode ON>}")));
  }
}

TEST_F(CastTest, OneTcvtLinePerCast) {
  const ir::Var* t = Load("t", DataType::kFP32, 16, 16);
  const ir::Var* h = Let("h", "tile.cast", {t}, {{"target_type", AttrValue::DType(DataType::kFP16)}});
  const ir::Var* i = Let("i", "tile.cast", {h}, {{"target_type", AttrValue::DType(DataType::kInt8)}});
  Let("f", "tile.cast", {i}, {{"target_type", AttrValue::DType(DataType::kFP16)}});
  std::string text = EmitOk();
  std::vector<std::string> lines = LinesWith(text, "pto.tcvt");
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_THAT(lines[0], StartsWith("pto.tcvt ins(%t {"));
  EXPECT_THAT(lines[1], StartsWith("pto.tcvt ins(%h {"));
  EXPECT_THAT(lines[2], StartsWith("pto.tcvt ins(%i {"));
  EXPECT_THAT(lines[1], HasSubstr("satmode = #pto<saturation_mode ON>"));   // to INT8
  EXPECT_THAT(lines[2], HasSubstr("satmode = #pto<saturation_mode OFF>"));  // to FP16
}

TEST_F(CastTest, FullLineShape) {
  EXPECT_EQ(TcvtOf(DataType::kBF16, {{"mode", AttrValue::Enum(ir::RoundMode::kRint)}}),
            absl::StrCat("pto.tcvt ins(%t {rmode = #pto<round_mode RINT>, satmode = "
                         "#pto<saturation_mode OFF>} : ",
                         VecTile("f32", 16, 16), ") outs(%c : ", VecTile("bf16", 16, 16), ")"));
}

TEST_F(CastTest, TmpIsASecondInsOperand) {
  const ir::Var* t = Load("t", DataType::kFP16, 16, 16);
  const ir::Var* tmp = Let("tmp", "tile.create", {List({1, 160})},
                           {{"dtype", AttrValue::DType(DataType::kInt8)},
                            {"target_memory", AttrValue::Enum(MemorySpace::kVec)}});
  Let("c", "tile.cast", {t, tmp},
      {{"target_type", AttrValue::DType(DataType::kInt8)},
       {"mode", AttrValue::Enum(ir::RoundMode::kTrunc)},
       {"saturation_mode", AttrValue::String("off")}});
  EXPECT_EQ(Line(EmitOk(&A2A3()), "pto.tcvt"),
            absl::StrCat("pto.tcvt ins(%t, %tmp {rmode = #pto<round_mode TRUNC>, satmode = "
                         "#pto<saturation_mode OFF>} : ",
                         VecTile("f16", 16, 16), ", ", VecTile("i8", 1, 160), ") outs(%c : ",
                         VecTile("i8", 16, 16), ")"));
}

TEST_F(CastTest, NonNativeCastIsAnErrorPointingAtLegalization) {
  const ir::Var* t = Load("t", DataType::kInt32, 16, 16);
  Let("c", "tile.cast", {t}, {{"target_type", AttrValue::DType(DataType::kFP16)}}, Loc(14, 9));
  EXPECT_EQ(EmitError(&A5()),
            "k.py:14:9: error: codegen: tile.cast from INT32 to FP16 is not a native pto.tcvt on "
            "a5; run the legalize-tile-cast pass first");
}

TEST_F(CastTest, NativenessIsTheBackendsAndNoBackendChecksNothing) {
  const ir::Var* t = Load("t", DataType::kInt32, 16, 16);
  Let("c", "tile.cast", {t}, {{"target_type", AttrValue::DType(DataType::kFP16)}});
  EXPECT_EQ(LinesWith(EmitOk(&A2A3()), "pto.tcvt").size(), 1u);
  absl::StatusOr<std::string> text = Emit(nullptr);
  ASSERT_TRUE(text.ok()) << text.status();
  EXPECT_EQ(LinesWith(*text, "pto.tcvt").size(), 1u);
}

}  // namespace
}  // namespace pto::codegen
