// Tests of cast.cc: tile.cast / tensor.cast kernels.

#include <cmath>
#include <string>
#include <vector>

#include "absl/strings/substitute.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ir::DataType;
using ::testing::ElementsAre;
using testing::Buffer;
using testing::Codes;
using testing::SimProgram;
using testing::Values;

// out = tile.cast(load(a) [valid cols `valid`], <kwargs>) over [1, n].
absl::StatusOr<BufferView> RunCast(DataType from, DataType to, const std::vector<double>& values,
                                   absl::string_view kwargs, int64_t valid = -1) {
  int64_t n = static_cast<int64_t>(values.size());
  if (valid < 0) valid = n;
  SimProgram p(absl::Substitute(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[[1, $0], pl.$1], out: pl.Out[pl.Tensor[[1, $0], pl.$2]]) -> pl.Tensor[[1, $0], pl.$2]:
        t = pl.tile.load(a, [0, 0], [1, $0], [1, $3], target_memory=pl.Mem.Vec)
        c = pl.tile.cast(t, target_type=pl.$2$4)
        r = pl.tile.store(c, [0, 0], out)
        return r)",
                                n, from.name(), to.name(), valid, kwargs));
  BufferView out = testing::Undefined(to, {1, n});
  absl::StatusOr<std::vector<Value>> r =
      p.Run("k", {Value::Of(Buffer(from, {1, n}, values)), Value::Of(out)});
  if (!r.ok()) return r.status();
  return out;
}

TEST(CastTest, IntegerDestinationsSaturateByDefault) {
  auto out = RunCast(DataType::kFP32, DataType::kInt8, {300.7, -300.7, 2.5, -2.5},
                     ", mode='trunc'");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Values(*out), ElementsAre(127, -128, 2, -2));
  out = RunCast(DataType::kFP32, DataType::kInt8, {300.7, -300.7, 2.5, -2.5},
                ", mode='trunc', saturation_mode='off'");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Values(*out), ElementsAre(300 - 256, -300 + 256, 2, -2));
}

TEST(CastTest, FloatDestinationsOverflowToInfUnlessSaturating) {
  auto out = RunCast(DataType::kInt32, DataType::kFP16, {65519, 65520, -100000}, ", mode='round'");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Codes(*out), ElementsAre(0x7BFFu, 0x7C00u, 0xFC00u));
  out = RunCast(DataType::kInt32, DataType::kFP16, {65519, 65520, -100000},
                ", mode='round', saturation_mode='on'");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Codes(*out), ElementsAre(0x7BFFu, 0x7BFFu, 0xFBFFu));
}

TEST(CastTest, EveryRoundingMode) {
  std::vector<double> in = {2.5, -2.5, 3.5, 2.2, -2.7};
  struct Case {
    const char* mode;
    std::vector<double> want;
  };
  const Case cases[] = {
      {"none", {2, -2, 4, 2, -3}},  {"rint", {2, -2, 4, 2, -3}},  {"round", {3, -3, 4, 2, -3}},
      {"floor", {2, -3, 3, 2, -3}}, {"ceil", {3, -2, 4, 3, -2}},  {"trunc", {2, -2, 3, 2, -2}},
      {"odd", {3, -3, 3, 3, -3}},
  };
  for (const Case& c : cases) {
    auto out = RunCast(DataType::kFP32, DataType::kInt32, in, absl::StrCat(", mode='", c.mode, "'"));
    ASSERT_TRUE(out.ok()) << out.status().message();
    EXPECT_EQ(Values(*out), c.want) << c.mode;
  }
  // The default mode is 'round' (the DSL's).
  auto out = RunCast(DataType::kFP32, DataType::kInt32, in, "");
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(Values(*out), cases[2].want);
}

TEST(CastTest, PackedFourBitDestinations) {
  auto out = RunCast(DataType::kFP32, DataType::kFP4, {0.5, -6, 7, 1.25}, ", mode='rint'");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Codes(*out), ElementsAre(0x1u, 0xFu, 0x7u, 0x2u));
  // Two codes per byte, low nibble first.
  EXPECT_EQ(out->storage->data()[0], 0xF1);
  EXPECT_EQ(out->storage->data()[1], 0x27);
  auto i4 = RunCast(DataType::kFP16, DataType::kInt4, {12, -12, 3, -1}, ", mode='rint'");
  ASSERT_TRUE(i4.ok()) << i4.status().message();
  EXPECT_THAT(Values(*i4), ElementsAre(7, -8, 3, -1));
}

TEST(CastTest, FloatToFloatFormats) {
  auto out = RunCast(DataType::kFP32, DataType::kHF8, {1.0, 40961.0, 1e-9, -2.0}, ", mode='rint'");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Codes(*out), ElementsAre(0x08u, 0x6Fu, 0x00u, 0x90u));
  out = RunCast(DataType::kFP32, DataType::kFP8E4M3FN, {464.5, 1.0}, ", mode='rint'");
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_THAT(Codes(*out), ElementsAre(0x7Fu, 0x38u));
}

TEST(CastTest, UndefinedInputStaysUndefinedAndScratchIsPoisoned) {
  // Only 2 of 4 columns are loaded: the cast of the rest is poison.
  auto out = RunCast(DataType::kFP32, DataType::kFP16, {1, 2, 3, 4}, ", mode='rint'", 2);
  ASSERT_TRUE(out.ok()) << out.status().message();
  std::vector<double> v = Values(*out);
  EXPECT_EQ(v[0], 1.0);
  EXPECT_EQ(v[1], 2.0);
  EXPECT_TRUE(std::isnan(v[2]));
  EXPECT_EQ(Codes(*out)[3], 0x7DBAu);  // the FP16 poison pattern

  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[[1, 4], pl.FP32], out: pl.Out[pl.Tensor[[1, 4], pl.FP32]]) -> pl.Tensor[[1, 4], pl.FP32]:
        t = pl.tile.load(a, [0, 0], [1, 4], [1, 4], target_memory=pl.Mem.Vec)
        s = pl.tile.load(a, [0, 0], [1, 4], [1, 4], target_memory=pl.Mem.Vec)
        c = pl.tile.cast(t, s, target_type=pl.INT8, mode='trunc')
        r = pl.tile.store(s, [0, 0], out)
        return r)");
  BufferView o = Buffer(DataType::kFP32, {1, 4}, {0});
  ASSERT_TRUE(p.Run("k", {Value::Of(Buffer(DataType::kFP32, {1, 4}, {1})), Value::Of(o)}).ok());
  EXPECT_EQ(CountUndefinedInValid(o), 4);
}

TEST(CastTest, TensorCast) {
  SimProgram p(R"(
    @pl.function
    def f(self, a: pl.Tensor[[2, 2], pl.FP32]) -> pl.Tensor[[2, 2], pl.INT16]:
        b = pl.tensor.cast(a, target_type=pl.INT16, mode='floor')
        return b)");
  auto r = p.Run("f", {Value::Of(Buffer(DataType::kFP32, {2, 2}, {1.5, -1.5, 1e9, -0.25}))});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_THAT(Values(testing::BufferOf((*r)[0])), ElementsAre(1, -2, 32767, -1));
}

}  // namespace
}  // namespace pto::sim
