// Tests of mx_quant.h (the MXFP8 block rule) and quant_mx.cc (the kernels).

#include <cmath>
#include <random>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"
#include "sim/numerics/float_formats.h"
#include "sim/numerics/mx_quant.h"

namespace pto::sim {
namespace {

using ir::DataType;
using ::testing::Each;
using ::testing::ElementsAre;
using testing::Buffer;
using testing::Codes;
using testing::SimProgram;

struct Block {
  std::vector<float> values = std::vector<float>(32, 0.0f);
  std::vector<uint8_t> codes = std::vector<uint8_t>(32, 0);
  uint8_t Quantize() { return QuantizeMxFp8Block(values, absl::MakeSpan(codes)); }
};

TEST(MxQuantTest, SharedExponentIsFloorLog2OfMaxMinusEight) {
  Block b;
  b.values[0] = 448.0f;
  b.values[1] = -1.0f;
  EXPECT_EQ(b.Quantize(), 127);  // 2^0
  EXPECT_EQ(b.codes[0], 0x7E);   // 448
  EXPECT_EQ(b.codes[1], 0xB8);   // -1
  b.values[0] = 1.0f;
  b.values[1] = 0.75f;
  EXPECT_EQ(b.Quantize(), 127 - 8);  // 2^-8
  EXPECT_EQ(DecodeFloat(DataType::kFP8E4M3FN, b.codes[0]).ToDouble(), 256.0);
  EXPECT_EQ(DecodeFloat(DataType::kFP8E4M3FN, b.codes[1]).ToDouble(), 192.0);
  // The block max in [448, 512) saturates.
  b.values[0] = 500.0f;
  EXPECT_EQ(b.Quantize(), 127);
  EXPECT_EQ(b.codes[0], 0x7E);
  // Rounding is half to even on the scaled value: 1 + 1/16 * 2^-8 ... at 2^0 scale.
  b.values[0] = 256.0f;
  b.values[1] = 264.0f;  // halfway between 256 and 288? no: E4M3 step at 256 is 32 -> 256
  EXPECT_EQ(b.Quantize(), 127);
  EXPECT_EQ(DecodeFloat(DataType::kFP8E4M3FN, b.codes[1]).ToDouble(), 256.0);
}

TEST(MxQuantTest, ZeroNaNAndTinyBlocks) {
  Block zero;
  zero.values[5] = -0.0f;
  EXPECT_EQ(zero.Quantize(), 0x00);
  EXPECT_EQ(zero.codes[0], 0x00);
  EXPECT_EQ(zero.codes[5], 0x80);
  Block nan;
  nan.values[3] = NAN;
  nan.values[4] = -2.0f;
  EXPECT_EQ(nan.Quantize(), 0xFF);
  EXPECT_EQ(nan.codes[0], 0x7F);
  EXPECT_EQ(nan.codes[4], 0xFF);
  Block inf;
  inf.values[0] = INFINITY;
  EXPECT_EQ(inf.Quantize(), 0xFF);
  Block tiny;
  tiny.values[0] = std::ldexp(1.0f, -140);
  EXPECT_EQ(tiny.Quantize(), 0x00);  // clamped to 2^-127
  EXPECT_EQ(tiny.codes[0], 0x00);    // 2^-13 is below E4M3's half-minimum
}

std::vector<double> RandomValues(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> dist(0.0f, 3.0f);
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(dist(rng) * std::exp2(static_cast<float>(i % 7 - 3)));
  return v;
}

TEST(QuantMxKernelTest, PublicOpGroupsAlongKInBothOrientations) {
  for (int axis : {1, 0}) {
    int rows = 32, cols = 64;
    std::string quant_shape = axis == 1 ? "[32, 64]" : "[64, 32]";
    std::string scale_shape = axis == 1 ? "[32, 2]" : "[2, 32]";
    SimProgram p(absl::StrCat(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[32, 64], pl.FP32], q: pl.Out[pl.Tensor[)", quant_shape,
                              R"(, pl.FP8E4M3FN]], s: pl.Out[pl.Tensor[)", scale_shape,
                              R"(, pl.FP8E8M0]]) -> pl.Tensor[)", quant_shape, R"(, pl.FP8E4M3FN]:
        t = pl.tile.load(x, [0, 0], [32, 64], [32, 64], target_memory=pl.Mem.Vec)
        pair = pl.tile.tquant_mx(t, group_axis=)", axis, R"()
        qt = pair[0]
        st = pair[1]
        r = pl.tile.store(qt, [0, 0], q)
        r2 = pl.tile.store(st, [0, 0], s)
        return r)"));
    std::vector<double> x = RandomValues(rows * cols, 7);
    BufferView q = testing::Undefined(DataType::kFP8E4M3FN, axis == 1 ? Dims{32, 64} : Dims{64, 32});
    BufferView s = testing::Undefined(DataType::kFP8E8M0, axis == 1 ? Dims{32, 2} : Dims{2, 32});
    auto r = p.Run("k", {Value::Of(Buffer(DataType::kFP32, {32, 64}, x)), Value::Of(q), Value::Of(s)});
    ASSERT_TRUE(r.ok()) << r.status().message();
    std::vector<uint64_t> qc = Codes(q), sc = Codes(s);
    for (int row = 0; row < rows; ++row) {
      for (int g = 0; g < cols / 32; ++g) {
        Block b;
        for (int k = 0; k < 32; ++k) b.values[k] = static_cast<float>(x[row * cols + g * 32 + k]);
        uint8_t scale = b.Quantize();
        size_t si = axis == 1 ? row * 2 + g : g * rows + row;
        ASSERT_EQ(sc[si], scale) << "axis " << axis << " row " << row << " group " << g;
        for (int k = 0; k < 32; ++k) {
          int col = g * 32 + k;
          size_t qi = axis == 1 ? row * cols + col : col * rows + row;
          ASSERT_EQ(qc[qi], b.codes[k]) << "axis " << axis << " " << row << "," << col;
        }
      }
    }
  }
}

TEST(QuantMxKernelTest, RawAndX2ZzAxis1) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[16, 64], pl.FP16], d: pl.Out[pl.Tensor[[16, 64], pl.INT8]], z: pl.Out[pl.Tensor[[16, 2], pl.UINT8]]) -> pl.Tensor[[16, 64], pl.INT8]:
        t = pl.tile.load(x, [0, 0], [16, 64], [16, 64], target_memory=pl.Mem.Vec)
        mx = pl.tile.create([1, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        sc = pl.tile.create([1, 32], dtype=pl.FP16, target_memory=pl.Mem.Vec)
        raw = pl.tile.tquant_mx_raw(t, mx, sc, dtype=pl.FP8E4M3FN, group_axis=1)
        dt = raw[0]
        et = raw[1]
        tmp = pl.tile.create([1, 96], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        zz = pl.tile.tmov_x2zz(et, tmp, group_axis=1, dst_rows=16, dst_cols=2)
        r = pl.tile.store(dt, [0, 0], d)
        r2 = pl.tile.store(zz, [0, 0], z)
        return r)");
  std::vector<double> x = RandomValues(16 * 64, 3);
  BufferView d = testing::Undefined(DataType::kInt8, {16, 64});
  BufferView z = testing::Undefined(DataType::kUInt8, {16, 2});
  auto r = p.Run("k", {Value::Of(Buffer(DataType::kFP16, {16, 64}, x)), Value::Of(d), Value::Of(z)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  BufferView xs = Buffer(DataType::kFP16, {16, 64}, x);
  std::vector<double> xr = testing::Values(xs);  // the FP16-rounded inputs
  std::vector<uint64_t> dc = Codes(d), zc = Codes(z);
  for (int row = 0; row < 16; ++row) {
    for (int g = 0; g < 2; ++g) {
      Block b;
      for (int k = 0; k < 32; ++k) b.values[k] = static_cast<float>(xr[row * 64 + g * 32 + k]);
      ASSERT_EQ(zc[row * 2 + g], b.Quantize());
      for (int k = 0; k < 32; ++k) ASSERT_EQ(dc[row * 64 + g * 32 + k], b.codes[k]);
    }
  }
}

}  // namespace
}  // namespace pto::sim
