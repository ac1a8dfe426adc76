// Numerical proof that LowerCompositeOps preserves the meaning of
// tile.select: for every form (tile/tile, tile/scalar, scalar/tile), backend
// (a5, a2a3) and dtype, on random masks and values with a fully valid and a
// tail-narrowed valid shape, the lowered program (TSEL / TSELS with scratch)
// computes exactly mask ? on_true : on_false - checked against the
// unlowered reference interpretation and against the formula evaluated
// directly from the inputs. A dtype the backend cannot select with either
// instruction must make the lowering fail instead. At ranks 1 to 4 with a
// partial valid shape, a materialized scalar branch (which takes the other
// branch's view) selects the valid region and leaves the rest untouched.

#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/substitute.h"
#include "e2e/numerics_util.h"
#include "gtest/gtest.h"
#include "ir/visitor.h"
#include "sim/interp/interpreter.h"
#include "sim/numerics/element_convert.h"
#include "sim/numerics/float_formats.h"

namespace pto::sim {
namespace {

using ir::DataType;

constexpr DataType kDTypes[] = {DataType::kInt8,   DataType::kUInt8, DataType::kInt16,
                                DataType::kUInt16, DataType::kInt32, DataType::kUInt32,
                                DataType::kFP16,   DataType::kFP32,  DataType::kBF16};
constexpr int64_t kRows = 16;
constexpr int64_t kCols = 64;
constexpr int64_t kScalar = 5;
constexpr uint64_t kSentinel = 0x5A;

enum class Form { kTileTile, kTileScalar, kScalarTile };

const char* FormName(Form f) {
  switch (f) {
    case Form::kTileTile: return "tile/tile";
    case Form::kTileScalar: return "tile/scalar";
    case Form::kScalarTile: return "scalar/tile";
  }
  return "?";
}

std::string KernelText(DataType dt, Form form, int64_t valid_cols) {
  std::string on_true = form == Form::kScalarTile ? std::to_string(kScalar) : "ta";
  std::string on_false = form == Form::kTileScalar ? std::to_string(kScalar) : "tb";
  return absl::Substitute(R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[[16, 64], pl.$0], b: pl.Tensor[[16, 64], pl.$0], m: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.$0]]) -> pl.Tensor[[16, 64], pl.$0]:
        ta = pl.tile.load(a, [0, 0], [16, 64], [16, $1], target_memory=pl.Mem.Vec)
        tb = pl.tile.load(b, [0, 0], [16, 64], [16, $1], target_memory=pl.Mem.Vec)
        tm = pl.tile.load(m, [0, 0], [16, 64], [16, $1], target_memory=pl.Mem.Vec)
        mask = pl.tile.cmps(tm, 0.0, cmp_type=2)
        s = pl.tile.select(mask, $2, $3)
        r = pl.tile.store(s, [0, 0], out)
        return r
)",
                          dt.name(), valid_cols, on_true, on_false);
}

std::vector<uint64_t> RandomCodes(DataType dt, std::mt19937_64& rng) {
  std::vector<uint64_t> codes(kRows * kCols);
  std::uniform_real_distribution<double> dist(-100.0, 100.0);
  for (uint64_t& c : codes) {
    c = dt.IsFloat() ? EncodeFloat(dt, ExactNumber::FromDouble(dist(rng)), ir::RoundMode::kRint, false)
                     : rng() & ElementMask(dt);
  }
  return codes;
}

BufferView Make(DataType dt, const std::vector<uint64_t>& codes) {
  BufferView v = AllocateBuffer(dt, {kRows, kCols}, false);
  for (size_t i = 0; i < codes.size(); ++i) StoreBits(v, static_cast<int64_t>(i) * v.ElementBits(), codes[i]);
  return v;
}

absl::StatusOr<std::vector<uint64_t>> Interpret(const ir::Program& p, DataType dt,
                                                const std::vector<uint64_t>& a,
                                                const std::vector<uint64_t>& b,
                                                const std::vector<float>& m) {
  std::vector<uint64_t> mbits;
  for (float f : m) {
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    mbits.push_back(bits);
  }
  BufferView out = Make(dt, std::vector<uint64_t>(a.size(), kSentinel));
  Interpreter interp(p);
  absl::StatusOr<std::vector<Value>> r = interp.Run(
      "k", {Value::Of(Make(dt, a)), Value::Of(Make(dt, b)), Value::Of(Make(DataType::kFP32, mbits)),
            Value::Of(out)});
  if (!r.ok()) return r.status();
  std::vector<uint64_t> codes;
  for (int64_t i = 0; i < kRows * kCols; ++i) codes.push_back(LoadBits(out, i * out.ElementBits()));
  return codes;
}

TEST(SelectNumericsTest, EveryFormBackendAndDtype) {
  std::mt19937_64 rng(42);
  int checked = 0, rejected = 0;
  for (const char* arch : {"a5", "a2a3"}) {
    const backends::Backend* backend = *backends::FindBackend(arch);
    for (DataType dt : kDTypes) {
      for (Form form : {Form::kTileTile, Form::kTileScalar, Form::kScalarTile}) {
        for (int64_t valid : {kCols, int64_t{37}}) {
          SCOPED_TRACE(absl::StrCat(arch, " ", dt.name(), " ", FormName(form), " valid cols ", valid));
          ir::Context ctx;
          absl::StatusOr<ir::Program> p = testing::ParseProgramText(ctx, KernelText(dt, form, valid));
          ASSERT_TRUE(p.ok()) << p.status().message();
          absl::StatusOr<ir::Program> lowered = testing::RunPipeline(*p, "lower-composite-ops", arch);
          if (testing::IsMissingPass(lowered.status())) {
            GTEST_SKIP() << "lower-composite-ops is not registered";
          }
          bool tsels = form == Form::kTileScalar && backend->SupportsTselsDataType(dt);
          bool supported = tsels || backend->SupportsTselDataType(dt);
          if (!supported) {
            EXPECT_FALSE(lowered.ok()) << "lowered a select the backend cannot execute";
            if (!lowered.ok()) {
              EXPECT_NE(lowered.status().message().find("select"), absl::string_view::npos)
                  << lowered.status().message();
            }
            ++rejected;
            continue;
          }
          ASSERT_TRUE(lowered.ok()) << lowered.status().message();
          EXPECT_EQ(testing::CountCalls(*lowered, "tile.select"), 0);
          std::vector<uint64_t> a = RandomCodes(dt, rng);
          std::vector<uint64_t> b = RandomCodes(dt, rng);
          std::vector<float> m(a.size());
          std::uniform_real_distribution<float> dist(-1, 1);
          for (float& f : m) f = dist(rng);
          absl::StatusOr<std::vector<uint64_t>> want = Interpret(*p, dt, a, b, m);
          ASSERT_TRUE(want.ok()) << want.status().message();
          absl::StatusOr<std::vector<uint64_t>> got = Interpret(*lowered, dt, a, b, m);
          ASSERT_TRUE(got.ok()) << got.status().message();
          uint64_t scalar = EncodeElement(dt, ExactNumber::FromInt(kScalar), ir::RoundMode::kRint, false);
          int64_t mismatches = 0;
          for (int64_t i = 0; i < kRows * kCols; ++i) {
            bool bit = m[i] < 0;
            uint64_t t = form == Form::kScalarTile ? scalar : a[i];
            uint64_t f = form == Form::kTileScalar ? scalar : b[i];
            uint64_t formula = i % kCols < valid ? (bit ? t : f) : kSentinel;
            mismatches += (*got)[i] != formula || (*want)[i] != formula;
          }
          EXPECT_EQ(mismatches, 0);
          std::printf("%-4s %-6s %-11s valid %2lld: lowered to %s, %lld elements equal to "
                      "mask ? on_true : on_false\n",
                      arch, std::string(dt.name()).c_str(), FormName(form),
                      static_cast<long long>(valid),
                      testing::CountCalls(*lowered, "tile.sels") > 0 ? "TSELS" : "TSEL",
                      static_cast<long long>(kRows * kCols));
          ++checked;
        }
      }
    }
  }
  std::printf("%d select configurations checked, %d rejected by their backend as expected\n",
              checked, rejected);
  EXPECT_GT(checked, 0);
}

// Ranks 1 to 4, each with a partial valid shape, on every branch form: the
// lowered select is mask ? on_true : on_false inside the valid region, and
// the output tensor keeps its sentinel outside it.
TEST(SelectNumericsTest, EveryRankWithAPartialValidShape) {
  struct Geometry {
    std::vector<int64_t> shape;
    std::vector<int64_t> valid;
  } geometries[] = {
      {{64}, {40}},
      {{16, 64}, {9, 40}},
      {{3, 4, 64}, {3, 2, 40}},
      {{2, 3, 4, 64}, {2, 3, 1, 17}},
  };
  constexpr DataType dt = DataType::kFP32;
  std::mt19937_64 rng(7);
  int checked = 0;
  for (const char* arch : {"a5", "a2a3"}) {
    for (const Geometry& g : geometries) {
      for (Form form : {Form::kTileTile, Form::kTileScalar, Form::kScalarTile}) {
        std::string shape = absl::StrCat("[", absl::StrJoin(g.shape, ", "), "]");
        std::string valid = absl::StrCat("[", absl::StrJoin(g.valid, ", "), "]");
        std::string zeros =
            absl::StrCat("[", absl::StrJoin(std::vector<int>(g.shape.size(), 0), ", "), "]");
        SCOPED_TRACE(absl::StrCat(arch, " ", shape, " valid ", valid, " ", FormName(form)));
        std::string text = absl::Substitute(R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, a: pl.Tensor[$0, pl.FP32], b: pl.Tensor[$0, pl.FP32], m: pl.Tensor[$0, pl.FP32], out: pl.Out[pl.Tensor[$0, pl.FP32]]) -> pl.Tensor[$0, pl.FP32]:
        ta = pl.tile.load(a, $2, $0, $1, target_memory=pl.Mem.Vec)
        tb = pl.tile.load(b, $2, $0, $1, target_memory=pl.Mem.Vec)
        tm = pl.tile.load(m, $2, $0, $1, target_memory=pl.Mem.Vec)
        mask = pl.tile.cmps(tm, 0.0, cmp_type=2)
        s = pl.tile.select(mask, $3, $4)
        r = pl.tile.store(s, $2, out)
        return r
)",
                                            shape, valid, zeros,
                                            form == Form::kScalarTile ? "5.0" : "ta",
                                            form == Form::kTileScalar ? "5.0" : "tb");
        ir::Context ctx;
        absl::StatusOr<ir::Program> p = testing::ParseProgramText(ctx, text);
        ASSERT_TRUE(p.ok()) << p.status().message();
        absl::StatusOr<ir::Program> lowered = testing::RunPipeline(*p, "lower-composite-ops", arch);
        ASSERT_TRUE(lowered.ok()) << lowered.status().message();
        ASSERT_EQ(testing::CountCalls(*lowered, "tile.select"), 0);

        int64_t n = 1;
        for (int64_t d : g.shape) n *= d;
        std::uniform_real_distribution<float> dist(-100, 100);
        std::vector<float> a(n), b(n), m(n);
        for (int64_t i = 0; i < n; ++i) {
          a[i] = dist(rng);
          b[i] = dist(rng);
          m[i] = dist(rng);
        }
        auto buffer = [&](const std::vector<float>& values) {
          BufferView v = AllocateBuffer(dt, g.shape, false);
          for (int64_t i = 0; i < n; ++i) {
            uint32_t bits;
            std::memcpy(&bits, &values[i], 4);
            StoreBits(v, i * v.ElementBits(), bits);
          }
          return v;
        };
        BufferView out = buffer(std::vector<float>(n, -1234.5f));
        Interpreter interp(*lowered);
        absl::StatusOr<std::vector<Value>> r = interp.Run(
            "k", {Value::Of(buffer(a)), Value::Of(buffer(b)), Value::Of(buffer(m)), Value::Of(out)});
        ASSERT_TRUE(r.ok()) << r.status().message();

        int64_t mismatches = 0, inside = 0;
        for (int64_t i = 0; i < n; ++i) {
          bool in_valid = true;
          for (int64_t d = static_cast<int64_t>(g.shape.size()) - 1, rest = i; d >= 0; --d) {
            in_valid = in_valid && rest % g.shape[d] < g.valid[d];
            rest /= g.shape[d];
          }
          float t = form == Form::kScalarTile ? 5.0f : a[i];
          float f = form == Form::kTileScalar ? 5.0f : b[i];
          float want = in_valid ? (m[i] < 0 ? t : f) : -1234.5f;
          uint32_t bits = static_cast<uint32_t>(LoadBits(out, i * out.ElementBits()));
          float got;
          std::memcpy(&got, &bits, 4);
          mismatches += got != want;
          inside += in_valid;
        }
        EXPECT_EQ(mismatches, 0);
        EXPECT_GT(inside, 0);
        ++checked;
      }
    }
  }
  std::printf("%d partial-valid select configurations at ranks 1-4 checked\n", checked);
}

}  // namespace
}  // namespace pto::sim
