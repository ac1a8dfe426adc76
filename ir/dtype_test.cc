#include "ir/dtype.h"

#include <algorithm>

#include "gtest/gtest.h"

namespace pto::ir {
namespace {

TEST(DataTypeTest, KindPredicatesFollowCodeRanges) {
  EXPECT_TRUE(DataType(DataType::kIndex).IsSignedInt());
  EXPECT_TRUE(DataType(DataType::kIndex).IsInt());
  EXPECT_TRUE(DataType(DataType::kIndex).IsIndexLike());
  EXPECT_FALSE(DataType(DataType::kInt32).IsIndexLike());
  EXPECT_TRUE(DataType(DataType::kUInt8).IsUnsignedInt());
  EXPECT_FALSE(DataType(DataType::kBool).IsInt());
  EXPECT_FALSE(DataType(DataType::kBool).IsFloat());
  EXPECT_TRUE(DataType(DataType::kBF16).IsFloat());
  EXPECT_TRUE(DataType(DataType::kHF8).IsFloat());
  EXPECT_TRUE(DataType(DataType::kFP8E8M0).IsFloat());
  EXPECT_FALSE(DataType(DataType::kFP32).IsInt());
}

TEST(DataTypeTest, WidthsAndStorage) {
  EXPECT_EQ(DataType(DataType::kFP4).bits(), 4);
  EXPECT_EQ(DataType(DataType::kFP4).bytes(), 1);
  EXPECT_EQ(DataType(DataType::kFP4).storage_bits(), 4);
  EXPECT_EQ(DataType(DataType::kInt4).storage_bits(), 4);
  EXPECT_EQ(DataType(DataType::kBool).bits(), 1);
  EXPECT_EQ(DataType(DataType::kBool).storage_bits(), 8);
  EXPECT_EQ(DataType(DataType::kBF16).bits(), 16);
  EXPECT_EQ(DataType(DataType::kIndex).bits(), 64);
  EXPECT_EQ(DataType(DataType::kFP8E5M2).bytes(), 1);
  static_assert(DataType(DataType::kHF8).bits() == 8, "bits() is usable in constant expressions");
}

// Each width in the table is one an element can have: an entry left at 0 or
// mistyped would corrupt every buffer size computed from it.
TEST(DataTypeTest, EveryDataTypeHasAWidth) {
  for (DataType t : DataType::All()) {
    int bits = t.bits();
    EXPECT_TRUE(bits == 1 || bits == 4 || bits == 8 || bits == 16 || bits == 32 || bits == 64)
        << t.name() << " has " << bits << " bits";
  }
}

TEST(DataTypeTest, NamesRoundTrip) {
  for (DataType t : DataType::All()) {
    std::optional<DataType> back = DataType::FromName(t.name());
    ASSERT_TRUE(back.has_value()) << t.name();
    EXPECT_EQ(*back, t);
    EXPECT_EQ(DataType::FromCode(t.code()), t);
  }
  EXPECT_EQ(DataType(DataType::kBF16).lower_name(), "bfloat16");
  EXPECT_EQ(DataType(DataType::kFP8E4M3FN).name(), "FP8E4M3FN");
  EXPECT_EQ(DataType::FromName("FP8E4M3"), DataType(DataType::kFP8E4M3FN));
  EXPECT_FALSE(DataType::FromName("FP64").has_value());
  EXPECT_FALSE(DataType::FromCode(0x35).has_value());
}

// TASK_ID is a scalar-only handle: named and coded like the others, but not
// an element type, so the tables built over All() (casts, buffers) skip it.
TEST(DataTypeTest, TaskIdIsAScalarOnlyIdentifier) {
  DataType t = DataType::kTaskId;
  EXPECT_TRUE(t.IsIdentifier());
  EXPECT_FALSE(t.IsInt() || t.IsFloat() || t.IsBool());
  EXPECT_EQ(t.name(), "TASK_ID");
  EXPECT_EQ(DataType::FromName("TASK_ID"), t);
  absl::Span<const DataType> all = DataType::All();
  absl::Span<const DataType> scalar = DataType::AllScalar();
  EXPECT_EQ(std::count(all.begin(), all.end(), t), 0);
  EXPECT_EQ(std::count(scalar.begin(), scalar.end(), t), 1);
  EXPECT_EQ(scalar.size(), all.size() + 1);
  for (DataType d : all) EXPECT_FALSE(d.IsIdentifier()) << d.name();
}

}  // namespace
}  // namespace pto::ir
