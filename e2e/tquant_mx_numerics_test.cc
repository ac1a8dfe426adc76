// Numerical proof that LowerCompositeOps preserves the meaning of
// tile.tquant_mx: for group_axis 0 and 1 and every source dtype (FP16, FP32,
// BF16), the lowered program (optional tile.transpose, tile.tquant_mx_raw,
// tile.tmov_x2zz and the zero-copy FP8 aliases) produces exactly the
// quantized data and E8M0 scales of the reference (mx_quant.h, the OCP MX
// rule), bit for bit.

#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/substitute.h"
#include "e2e/numerics_util.h"
#include "gtest/gtest.h"
#include "ir/visitor.h"
#include "sim/interp/interpreter.h"
#include "sim/numerics/float_formats.h"

namespace pto::sim {
namespace {

using ir::DataType;

struct Case {
  DataType dtype;
  int axis;
  int64_t rows, cols;
};

std::string KernelText(const Case& c) {
  int64_t qr = c.axis == 1 ? c.rows : c.cols;
  int64_t qc = c.axis == 1 ? c.cols : c.rows;
  int64_t sr = c.axis == 1 ? c.rows : c.cols / 32;
  int64_t sc = c.axis == 1 ? c.cols / 32 : c.rows;
  return absl::Substitute(R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[$0, $1], pl.$2], q: pl.Out[pl.Tensor[[$3, $4], pl.FP8E4M3FN]], s: pl.Out[pl.Tensor[[$5, $6], pl.FP8E8M0]]) -> pl.Tensor[[$3, $4], pl.FP8E4M3FN]:
        t = pl.tile.load(x, [0, 0], [$0, $1], [$0, $1], target_memory=pl.Mem.Vec)
        pair = pl.tile.tquant_mx(t, group_axis=$7)
        qt = pair[0]
        st = pair[1]
        r = pl.tile.store(qt, [0, 0], q)
        r2 = pl.tile.store(st, [0, 0], s)
        return r
)",
                          c.rows, c.cols, c.dtype.name(), qr, qc, sr, sc, c.axis);
}

struct Result {
  std::vector<uint64_t> quant, scale;
};

absl::StatusOr<Result> Interpret(const ir::Program& p, const Case& c,
                                 const std::vector<uint64_t>& x) {
  BufferView in = AllocateBuffer(c.dtype, {c.rows, c.cols}, false);
  for (size_t i = 0; i < x.size(); ++i) StoreBits(in, static_cast<int64_t>(i) * in.ElementBits(), x[i]);
  Dims qshape = c.axis == 1 ? Dims{c.rows, c.cols} : Dims{c.cols, c.rows};
  Dims sshape = c.axis == 1 ? Dims{c.rows, c.cols / 32} : Dims{c.cols / 32, c.rows};
  BufferView q = AllocateBuffer(DataType::kFP8E4M3FN, qshape, false);
  BufferView s = AllocateBuffer(DataType::kFP8E8M0, sshape, false);
  Interpreter interp(p);
  absl::StatusOr<std::vector<Value>> r = interp.Run("k", {Value::Of(in), Value::Of(q), Value::Of(s)});
  if (!r.ok()) return r.status();
  Result out;
  for (int64_t i = 0; i < q.NumElements(); ++i) out.quant.push_back(LoadBits(q, i * 8));
  for (int64_t i = 0; i < s.NumElements(); ++i) out.scale.push_back(LoadBits(s, i * 8));
  if (CountUndefinedInValid(q) != 0 || CountUndefinedInValid(s) != 0) {
    return absl::InternalError("the outputs hold undefined elements");
  }
  return out;
}

TEST(TQuantMxNumericsTest, LoweredEqualsReferenceForBothAxes) {
  std::mt19937_64 rng(7);
  std::normal_distribution<double> dist(0.0, 1.0);
  const Case cases[] = {
      {DataType::kFP32, 1, 32, 64}, {DataType::kFP16, 1, 16, 128}, {DataType::kBF16, 1, 48, 64},
      {DataType::kFP32, 0, 32, 64}, {DataType::kFP16, 0, 64, 128}, {DataType::kBF16, 0, 32, 192},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(absl::Substitute("$0 group_axis=$1 [$2, $3]", c.dtype.name(), c.axis, c.rows, c.cols));
    ir::Context ctx;
    absl::StatusOr<ir::Program> p = testing::ParseProgramText(ctx, KernelText(c));
    ASSERT_TRUE(p.ok()) << p.status().message();
    absl::StatusOr<ir::Program> lowered = testing::RunPipeline(*p, "lower-composite-ops", "a5");
    if (testing::IsMissingPass(lowered.status())) GTEST_SKIP() << "lower-composite-ops is not registered";
    ASSERT_TRUE(lowered.ok()) << lowered.status().message();
    EXPECT_EQ(testing::CountCalls(*lowered, "tile.tquant_mx"), 0);
    EXPECT_EQ(testing::CountCalls(*lowered, "tile.tquant_mx_raw"), 1);
    // Values spanning many binades, with some exact zeros and a zero block.
    std::vector<uint64_t> x(c.rows * c.cols);
    for (size_t i = 0; i < x.size(); ++i) {
      double v = dist(rng) * std::ldexp(1.0, static_cast<int>(i / 32 % 13) - 6);
      if (i % 97 == 0) v = 0;
      if (i < 32) v = 0;
      x[i] = EncodeFloat(c.dtype, ExactNumber::FromDouble(v), ir::RoundMode::kRint, false);
    }
    absl::StatusOr<Result> want = Interpret(*p, c, x);
    ASSERT_TRUE(want.ok()) << want.status().message();
    absl::StatusOr<Result> got = Interpret(*lowered, c, x);
    ASSERT_TRUE(got.ok()) << got.status().message();
    int64_t qmis = 0, smis = 0;
    for (size_t i = 0; i < want->quant.size(); ++i) qmis += want->quant[i] != got->quant[i];
    for (size_t i = 0; i < want->scale.size(); ++i) smis += want->scale[i] != got->scale[i];
    EXPECT_EQ(qmis, 0);
    EXPECT_EQ(smis, 0);
    std::printf("tquant_mx %s group_axis=%d [%lld, %lld]: %zu quantized codes and %zu scales "
                "equal after lowering (%lld and %lld differ)\n",
                std::string(c.dtype.name()).c_str(), c.axis, static_cast<long long>(c.rows),
                static_cast<long long>(c.cols), want->quant.size(), want->scale.size(),
                static_cast<long long>(qmis), static_cast<long long>(smis));
  }
}

}  // namespace
}  // namespace pto::sim
