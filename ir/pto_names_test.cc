#include "ir/pto_names.h"

#include "gtest/gtest.h"

namespace pto::ir {
namespace {

// Every name reads back as what it names (scaling: both scale buffers are
// PTO's one location).
TEST(PtoNamesTest, EveryNameReadsBack) {
  int named = 0;
  for (DataType t : DataType::All()) {
    std::optional<absl::string_view> n = PtoElementType(t);
    if (!n) continue;
    ++named;
    EXPECT_EQ(DataTypeFromPto(*n), t) << *n;
  }
  EXPECT_EQ(named, 18);
  EXPECT_FALSE(PtoElementType(DataType::kInt4));
  EXPECT_EQ(DataTypeFromPto("!pto.f8E8M0"), DataType::kFP8E8M0);
  EXPECT_FALSE(DataTypeFromPto("f8e8m0"));
  for (MemorySpace m : {MemorySpace::kDDR, MemorySpace::kVec, MemorySpace::kAcc,
                        MemorySpace::kLeftScale}) {
    EXPECT_EQ(MemorySpaceFromPto(*PtoMemorySpace(m)), m);
  }
  EXPECT_EQ(PtoMemorySpace(MemorySpace::kRightScale), "scaling");
  EXPECT_FALSE(PtoMemorySpace(MemorySpace::kScalarLocal));
  for (RoundMode r : {RoundMode::kNone, RoundMode::kRint, RoundMode::kRound, RoundMode::kFloor,
                      RoundMode::kCeil, RoundMode::kTrunc, RoundMode::kOdd}) {
    EXPECT_EQ(RoundModeFromPto(PtoRoundMode(r)), r);
  }
  EXPECT_EQ(SaturationModeFromPto(PtoSaturationMode(SaturationMode::kOn)), SaturationMode::kOn);
  EXPECT_EQ(TileLayoutFromPto(PtoTileLayout(TileLayout::kColMajor)), TileLayout::kColMajor);
  EXPECT_EQ(TensorLayoutFromPto(PtoTensorLayout(TensorLayout::kMxBNN)), TensorLayout::kMxBNN);
  for (int64_t c = 0; c < 6; ++c) EXPECT_EQ(CmpModeFromPto(*PtoCmpMode(c)), c);
  EXPECT_FALSE(PtoCmpMode(6));
}

}  // namespace
}  // namespace pto::ir
