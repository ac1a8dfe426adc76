#include "ir/ops/cast_saturation.h"

#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/test_util.h"

namespace pto::ir {
namespace {

constexpr SaturationMode kOn = SaturationMode::kOn;
constexpr SaturationMode kOff = SaturationMode::kOff;

TEST(CastSaturationTest, DefaultIsOnForIntegerDestinationsOnly) {
  for (DataType t : DataType::All()) {
    SCOPED_TRACE(t.name());
    if (t.IsInt()) {
      EXPECT_EQ(DefaultSaturationModeFor(t), kOn);
    } else {
      EXPECT_EQ(DefaultSaturationModeFor(t), std::nullopt);
    }
  }
  EXPECT_EQ(DefaultSaturationModeFor(DataType::kIndex), kOn);
  EXPECT_EQ(DefaultSaturationModeFor(DataType::kUInt8), kOn);
  EXPECT_EQ(DefaultSaturationModeFor(DataType::kInt4), kOn);
  EXPECT_EQ(DefaultSaturationModeFor(DataType::kBool), std::nullopt);
  EXPECT_EQ(DefaultSaturationModeFor(DataType::kFP8E8M0), std::nullopt);
}

TEST(CastSaturationTest, EmittedModeResolvesTheFloatDefaultToOff) {
  EXPECT_EQ(EmittedSaturationMode(std::nullopt, DataType::kInt8), kOn);
  EXPECT_EQ(EmittedSaturationMode(std::nullopt, DataType::kInt32), kOn);
  EXPECT_EQ(EmittedSaturationMode(std::nullopt, DataType::kFP16), kOff);
  EXPECT_EQ(EmittedSaturationMode(std::nullopt, DataType::kBF16), kOff);
  EXPECT_EQ(EmittedSaturationMode(std::nullopt, DataType::kHF8), kOff);
  // Explicit always wins.
  EXPECT_EQ(EmittedSaturationMode(kOff, DataType::kInt8), kOff);
  EXPECT_EQ(EmittedSaturationMode(kOn, DataType::kFP16), kOn);
  EXPECT_EQ(EmittedSaturationMode(kOff, DataType::kFP16), kOff);
}

TEST(CastSaturationTest, OnlyDeviationsAreRecorded) {
  // Integer destination: "on" is the default, so only "off" is recorded.
  EXPECT_EQ(SaturationModeToRecord(std::nullopt, DataType::kInt8), std::nullopt);
  EXPECT_EQ(SaturationModeToRecord(kOn, DataType::kInt8), std::nullopt);
  EXPECT_EQ(SaturationModeToRecord(kOff, DataType::kInt8), kOff);
  EXPECT_EQ(SaturationModeToRecord(kOn, DataType::kUInt8), std::nullopt);
  EXPECT_EQ(SaturationModeToRecord(kOn, DataType::kIndex), std::nullopt);
  // Float destination: no default, so any explicit value is recorded.
  EXPECT_EQ(SaturationModeToRecord(std::nullopt, DataType::kFP32), std::nullopt);
  EXPECT_EQ(SaturationModeToRecord(kOn, DataType::kFP32), kOn);
  EXPECT_EQ(SaturationModeToRecord(kOff, DataType::kFP16), kOff);
  EXPECT_EQ(SaturationModeToRecord(kOff, DataType::kBF16), kOff);
}

class CastKwargsTest : public OpTest {
 protected:
  const Call* Cast(absl::string_view op, const Expr* x, DataType to,
                   std::optional<AttrValue> saturation) {
    std::vector<NamedAttr> kwargs = {{"target_type", AttrValue::DType(to)},
                                     {"mode", AttrValue::String("trunc")}};
    if (saturation) kwargs.push_back({"saturation_mode", *saturation});
    absl::StatusOr<const Call*> c = Make(op, {x}, kwargs);
    EXPECT_TRUE(c.ok()) << c.status();
    return *c;
  }
  // The recorded saturation_mode of a cast built with `saturation`.
  std::optional<SaturationMode> Recorded(absl::string_view op, const Expr* x, DataType to,
                                         std::optional<AttrValue> saturation) {
    const AttrValue* v = Cast(op, x, to, saturation)->FindKwarg("saturation_mode");
    if (v == nullptr) return std::nullopt;
    return v->As<SaturationMode>();
  }
};

// CreateCall runs the canonicaliser, so every construction path records only
// deviations from the destination's default.
TEST_F(CastKwargsTest, CallsRecordOnlyDeviations) {
  const Var* f16 = TileVar(DataType::kFP16, {16, 16});
  EXPECT_EQ(Recorded("tile.cast", f16, DataType::kInt8, AttrValue::String("on")), std::nullopt);
  EXPECT_EQ(Recorded("tile.cast", f16, DataType::kInt8, AttrValue::Int(1)), std::nullopt);
  EXPECT_EQ(Recorded("tile.cast", f16, DataType::kInt8, AttrValue::Int(0)), kOff);
  EXPECT_EQ(Recorded("tile.cast", f16, DataType::kInt8, AttrValue::String("off")), kOff);
  EXPECT_EQ(Recorded("tile.cast", f16, DataType::kFP32, AttrValue::String("on")), kOn);
  EXPECT_EQ(Recorded("tile.cast", f16, DataType::kFP32, AttrValue::String("off")), kOff);
  EXPECT_EQ(Recorded("tile.cast", f16, DataType::kInt8, std::nullopt), std::nullopt);
  // The kept kwargs stay sorted by key.
  const Call* off = Cast("tile.cast", f16, DataType::kInt8, AttrValue::Int(0));
  ASSERT_EQ(off->kwargs().size(), 3u);
  EXPECT_LT(off->kwargs()[1].key, off->kwargs()[2].key);
}

TEST_F(CastKwargsTest, AppliesToTensorCastToo) {
  const Var* x = TensorVar(DataType::kFP32, {16});
  EXPECT_EQ(Recorded("tensor.cast", x, DataType::kInt32, AttrValue::String("on")), std::nullopt);
  EXPECT_EQ(Recorded("tensor.cast", x, DataType::kInt32, AttrValue::String("off")), kOff);
  EXPECT_EQ(Recorded("tensor.cast", x, DataType::kFP16, AttrValue::String("on")), kOn);
}

TEST_F(CastKwargsTest, CanonicaliserLeavesListsWithoutATargetAlone) {
  const Op& op = BuiltinOp("tile.cast");
  KwargList only_sat = {
      {static_cast<uint8_t>(op.FindKwarg("saturation_mode")), AttrValue::Enum(kOn)}};
  CanonicalizeCastKwargs(op, {}, only_sat);
  EXPECT_EQ(only_sat.size(), 1u);
}

TEST_F(CastKwargsTest, SaturationModeOfReadsTheKwargOrTheDefault) {
  const Var* f16 = TileVar(DataType::kFP16, {16, 16});
  EXPECT_EQ(SaturationModeOf(*Cast("tile.cast", f16, DataType::kInt8, std::nullopt)), kOn);
  EXPECT_EQ(SaturationModeOf(*Cast("tile.cast", f16, DataType::kInt8, AttrValue::Int(0))), kOff);
  EXPECT_EQ(SaturationModeOf(*Cast("tile.cast", f16, DataType::kFP32, std::nullopt)),
            std::nullopt);
  EXPECT_EQ(SaturationModeOf(*Cast("tile.cast", f16, DataType::kFP32, AttrValue::Int(1))), kOn);
  absl::StatusOr<const Call*> add = Make("tile.add", {f16, f16});
  ASSERT_TRUE(add.ok());
  EXPECT_EQ(SaturationModeOf(**add), std::nullopt);
}

}  // namespace
}  // namespace pto::ir
