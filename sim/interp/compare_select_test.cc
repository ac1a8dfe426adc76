// Tests of compare_select.cc: packed predicate masks and selections.

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
using ::testing::HasSubstr;
using testing::Buffer;
using testing::Codes;
using testing::SimProgram;
using testing::Values;

// Compares a [2, 16] FP32 tensor with 0.5 (cmps) or with b (cmp), valid
// columns `cols`, and stores the mask's valid bytes.
absl::StatusOr<BufferView> RunCompare(const std::string& compare, const std::vector<double>& a,
                                      const std::vector<double>& b, int cols) {
  SimProgram p(absl::Substitute(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[[2, 16], pl.FP32], b: pl.Tensor[[2, 16], pl.FP32], out: pl.Out[pl.Tensor[[2, 32], pl.UINT8]]) -> pl.Tensor[[2, 32], pl.UINT8]:
        ta = pl.tile.load(a, [0, 0], [2, 16], [2, $0], target_memory=pl.Mem.Vec)
        tb = pl.tile.load(b, [0, 0], [2, 16], [2, 16], target_memory=pl.Mem.Vec)
        m = $1
        r = pl.tile.store(m, [0, 0], out)
        return r)",
                                cols, compare));
  BufferView out = Buffer(DataType::kUInt8, {2, 32}, {0xEE});
  auto r = p.Run("k", {Value::Of(Buffer(DataType::kFP32, {2, 16}, a)),
                       Value::Of(Buffer(DataType::kFP32, {2, 16}, b)), Value::Of(out)});
  if (!r.ok()) return r.status();
  return out;
}

std::vector<double> Iota(int n, double start = 0) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(start + i);
  return v;
}

TEST(CompareSelectTest, CmpPacksBitsLsbFirst) {
  // a = 0..31 against b = 10: lt sets bits 0..9 of row 0.
  auto out = RunCompare("pl.tile.cmp(ta, tb, cmp_type=2)", Iota(32), {10}, 16);
  ASSERT_TRUE(out.ok()) << out.status().message();
  std::vector<uint64_t> c = Codes(*out);
  EXPECT_EQ(c[0], 0xFFu);
  EXPECT_EQ(c[1], 0x03u);
  EXPECT_EQ(c[2], 0xEEu);  // outside the mask's valid [2, 2]: not stored
  EXPECT_EQ(c[32], 0x00u);
  EXPECT_EQ(c[33], 0x00u);
  // ge is the complement.
  out = RunCompare("pl.tile.cmp(ta, tb, cmp_type=5)", Iota(32), {10}, 16);
  ASSERT_TRUE(out.ok());
  c = Codes(*out);
  EXPECT_EQ(c[0], 0x00u);
  EXPECT_EQ(c[1], 0xFCu);
  EXPECT_EQ(c[32], 0xFFu);
}

TEST(CompareSelectTest, CmpsNaNAndTailBits) {
  std::vector<double> a = Iota(32);
  a[3] = NAN;
  // ne: NaN != x is true; eq: false.
  auto ne = RunCompare("pl.tile.cmps(ta, 1.0, cmp_type=1)", a, {0}, 16);
  ASSERT_TRUE(ne.ok()) << ne.status().message();
  EXPECT_EQ(Codes(*ne)[0], 0xFDu);
  auto eq = RunCompare("pl.tile.cmps(ta, 3.0, cmp_type=0)", a, {0}, 16);
  ASSERT_TRUE(eq.ok());
  EXPECT_EQ(Codes(*eq)[0], 0x00u);
  // 10 valid columns: 2 valid bytes, bits 10..15 of the second are 0.
  auto gt = RunCompare("pl.tile.cmps(ta, -1.0, cmp_type=4)", Iota(32), {0}, 10);
  ASSERT_TRUE(gt.ok());
  EXPECT_EQ(Codes(*gt)[0], 0xFFu);
  EXPECT_EQ(Codes(*gt)[1], 0x03u);
}

// Selects with a mask computed from a >= 0 over [2, 16] and stores the result.
absl::StatusOr<BufferView> RunSelect(const std::string& dtype, const std::string& select,
                                     const std::vector<double>& a, const std::vector<double>& b,
                                     int cols = 16, bool check_tmp = false) {
  SimProgram p(absl::Substitute(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[[2, 16], pl.$0], b: pl.Tensor[[2, 16], pl.$0], out: pl.Out[pl.Tensor[[2, 16], pl.$0]]) -> pl.Tensor[[2, 16], pl.$0]:
        ta = pl.tile.load(a, [0, 0], [2, 16], [2, $2], target_memory=pl.Mem.Vec)
        tb = pl.tile.load(b, [0, 0], [2, 16], [2, $2], target_memory=pl.Mem.Vec)
        m = pl.tile.cmps(ta, pl.const(0, pl.$0), cmp_type=5)
        tmp = pl.tile.load(a, [0, 0], [2, 16], [2, 16], target_memory=pl.Mem.Vec)
        s = $1
        r = pl.tile.store($3, [0, 0], out)
        return r)",
                                dtype, select, cols, check_tmp ? "tmp" : "s"));
  DataType dt = *DataType::FromName(dtype);
  BufferView out = Buffer(dt, {2, 16}, {99});
  auto r = p.Run("k", {Value::Of(Buffer(dt, {2, 16}, a)), Value::Of(Buffer(dt, {2, 16}, b)),
                       Value::Of(out)});
  if (!r.ok()) return r.status();
  return out;
}

std::vector<double> Alternating(int n) {
  std::vector<double> v;
  for (int i = 0; i < n; ++i) v.push_back(i % 3 == 0 ? -(i + 1) : i + 1);
  return v;
}

TEST(CompareSelectTest, SelTakesLhsWhereTheBitIsSet) {
  std::vector<double> a = Alternating(32);
  std::vector<double> b = Iota(32, 100);
  auto out = RunSelect("FP32", "pl.tile.sel(m, ta, tb, tmp)", a, b);
  ASSERT_TRUE(out.ok()) << out.status().message();
  std::vector<double> v = Values(*out);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(v[i], a[i] >= 0 ? a[i] : b[i]) << i;
  // The scratch tile holds nothing defined afterwards.
  auto tmp = RunSelect("FP32", "pl.tile.sel(m, ta, tb, tmp)", a, b, 16, true);
  ASSERT_TRUE(tmp.ok());
  EXPECT_EQ(CountUndefinedInValid(*tmp), 32);
}

TEST(CompareSelectTest, SelsWithSignedScalarForUnsignedSource) {
  // UINT16 src with an INT16 scalar -1 selects the bit pattern 0xFFFF.
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[[2, 16], pl.UINT16], out: pl.Out[pl.Tensor[[2, 16], pl.UINT16]]) -> pl.Tensor[[2, 16], pl.UINT16]:
        ta = pl.tile.load(a, [0, 0], [2, 16], [2, 16], target_memory=pl.Mem.Vec)
        m = pl.tile.cmps(ta, pl.const(5, pl.UINT16), cmp_type=3)
        tmp = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        s = pl.tile.sels(m, ta, tmp, pl.const(-1, pl.INT16))
        r = pl.tile.store(s, [0, 0], out)
        return r)");
  BufferView out = testing::Undefined(DataType::kUInt16, {2, 16});
  auto r = p.Run("k", {Value::Of(Buffer(DataType::kUInt16, {2, 16}, Iota(32))), Value::Of(out)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::vector<double> v = Values(out);
  for (int i = 0; i < 32; ++i) EXPECT_EQ(v[i], i <= 5 ? i : 65535) << i;
}

TEST(CompareSelectTest, SelectFormsAndTailNarrowedValid) {
  std::vector<double> a = Alternating(32);
  std::vector<double> b = Iota(32, 100);
  auto tt = RunSelect("FP16", "pl.tile.select(m, ta, tb)", a, b);
  ASSERT_TRUE(tt.ok()) << tt.status().message();
  auto ts = RunSelect("FP16", "pl.tile.select(m, ta, 7.0)", a, b);
  ASSERT_TRUE(ts.ok()) << ts.status().message();
  auto st = RunSelect("FP16", "pl.tile.select(m, 7.0, tb)", a, b);
  ASSERT_TRUE(st.ok()) << st.status().message();
  std::vector<double> vtt = Values(*tt), vts = Values(*ts), vst = Values(*st);
  for (int i = 0; i < 32; ++i) {
    bool bit = a[i] >= 0;
    EXPECT_EQ(vtt[i], bit ? a[i] : b[i]) << i;
    EXPECT_EQ(vts[i], bit ? a[i] : 7.0) << i;
    EXPECT_EQ(vst[i], bit ? 7.0 : b[i]) << i;
  }
  // Valid columns 11: the rest of each row is not written.
  auto narrow = RunSelect("INT32", "pl.tile.select(m, ta, tb)", a, b, 11);
  ASSERT_TRUE(narrow.ok()) << narrow.status().message();
  std::vector<double> v = Values(*narrow);
  for (int i = 0; i < 32; ++i) {
    int col = i % 16;
    EXPECT_EQ(v[i], col < 11 ? (a[i] >= 0 ? a[i] : b[i]) : 99) << i;
  }
}

TEST(CompareSelectTest, UndefinedMaskBytesFailUnderStrictReads) {
  SimProgram p(R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[[2, 16], pl.FP32], out: pl.Out[pl.Tensor[[2, 16], pl.FP32]]) -> pl.Tensor[[2, 16], pl.FP32]:
        ta = pl.tile.load(a, [0, 0], [2, 16], [2, 16], target_memory=pl.Mem.Vec)
        m = pl.tile.create([2, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        tmp = pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)
        s = pl.tile.sel(m, ta, ta, tmp)
        r = pl.tile.store(s, [0, 0], out)
        return r)");
  InterpreterOptions strict;
  strict.undefined_reads = UndefinedReads::kError;
  auto r = p.Run("k", {Value::Of(Buffer(DataType::kFP32, {2, 16}, {1})),
                       Value::Of(testing::Undefined(DataType::kFP32, {2, 16}))},
                 strict);
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(), HasSubstr("tile.sel: reads 32 undefined elements of mask"));
}

}  // namespace
}  // namespace pto::sim
