#include "tools/run_driver.h"

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"
#include "sim/npy/npy.h"

namespace pto::sim {
namespace {

namespace fs = std::filesystem;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

constexpr absl::string_view kProgram = R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[2, 4], pl.FP32], n: pl.Scalar[pl.INT32], out: pl.Out[pl.Tensor[[2, 4], pl.FP16]]) -> tuple[pl.Tensor[[2, 4], pl.FP16], pl.Scalar[pl.INT32]]:
        t = pl.tile.load(x, [0, 0], [2, 4], [2, 3], target_memory=pl.Mem.Vec)
        c = pl.tile.cast(t, target_type=pl.FP16, mode='rint')
        r = pl.tile.store(c, [0, 0], out)
        m: pl.Scalar[pl.INT32] = n + pl.const(1, pl.INT32)
        return r, m)";

class RunnerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* tmp = std::getenv("TEST_TMPDIR");
    dir_ = fs::path(tmp ? tmp : "/tmp") /
           ::testing::UnitTest::GetInstance()->current_test_info()->name();
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }

  std::string Write(const std::string& name, const std::string& descr, std::vector<int64_t> shape,
                    const std::string& data) {
    std::string path = (dir_ / name).string();
    std::ofstream(path, std::ios::binary) << SerializeNpy(descr, shape, data);
    return path;
  }
  template <typename T>
  static std::string Bytes(const std::vector<T>& v) {
    return std::string(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(T));
  }
  RunOptions Options() {
    RunOptions o;
    o.function = "k";
    o.out_dir = (dir_ / "out").string();
    return o;
  }
  std::vector<std::string> OutFiles() {
    std::vector<std::string> names;
    if (!fs::exists(dir_ / "out")) return names;
    for (const auto& e : fs::directory_iterator(dir_ / "out")) {
      names.push_back(e.path().filename().string());
    }
    return names;
  }

  fs::path dir_;
};

TEST_F(RunnerTest, WritesOutParamsAndReturnValues) {
  RunOptions o = Options();
  o.inputs = {{"x", Write("x.npy", "<f4", {2, 4}, Bytes<float>({1, 2, 3, 4, 5, 6, 7, 8}))},
              {"n", Write("n.npy", "<i4", {}, Bytes<int32_t>({41}))}};
  absl::StatusOr<RunResult> r = RunProgram(testing::ProgramText(kProgram), "k.py", o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_THAT(OutFiles(), UnorderedElementsAre("out.npy", "ret0.npy", "ret1.npy"));
  absl::StatusOr<NpyArray> out = ReadNpyFile((dir_ / "out" / "out.npy").string());
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(out->descr, "<f2");
  EXPECT_THAT(out->shape, ElementsAre(2, 4));
  std::vector<uint16_t> codes(8);
  std::memcpy(codes.data(), out->data.data(), 16);
  // Column 3 is outside the loaded valid shape: never written, poison.
  EXPECT_THAT(codes, ElementsAre(0x3C00, 0x4000, 0x4200, 0x7DBA, 0x4500, 0x4600, 0x4700, 0x7DBA));
  EXPECT_THAT(r->warnings, ElementsAre("out.npy: 2 of 8 elements are undefined (poison)",
                                       "ret0.npy: 2 of 8 elements are undefined (poison)"));
  absl::StatusOr<NpyArray> ret1 = ReadNpyFile((dir_ / "out" / "ret1.npy").string());
  ASSERT_TRUE(ret1.ok());
  EXPECT_EQ(ret1->descr, "<i4");
  EXPECT_THAT(ret1->shape, IsEmpty());
  int32_t m;
  std::memcpy(&m, ret1->data.data(), 4);
  EXPECT_EQ(m, 42);
}

TEST_F(RunnerTest, BadInputsFailWithoutWritingAnything) {
  std::string n = Write("n.npy", "<i4", {}, Bytes<int32_t>({1}));
  struct Case {
    std::vector<std::pair<std::string, std::string>> inputs;
    const char* message;
  };
  std::vector<Case> cases = {
      {{{"n", n}}, "missing input 'x' (FP32 [2, 4]): pass --in=x=PATH.npy or --seed=N"},
      {{{"x", Write("a.npy", "<f4", {2, 3}, Bytes<float>({1, 2, 3, 4, 5, 6}))}, {"n", n}},
       "input 'x': expected shape (2, 4) for FP32 [2, 4], got (2, 3)"},
      {{{"x", Write("b.npy", "<f2", {2, 4}, std::string(16, '\0'))}, {"n", n}},
       "input 'x': expected dtype <f4 (FP32), got <f2"},
      {{{"x", Write("c.npy", "<f4", {2, 4}, std::string(32, '\0'))},
        {"n", Write("d.npy", "<i8", {}, std::string(8, '\0'))}},
       "input 'n': expected a 0-d array of dtype <i4 (INT32)"},
      {{{"y", n}}, "function 'k' has no parameter 'y'; its parameters: x, n, out"},
      {{{"x", (dir_ / "nope.npy").string()}}, "cannot open"},
      {{{"x", n}, {"x", n}}, "input 'x' is given twice"},
  };
  for (const Case& c : cases) {
    RunOptions o = Options();
    o.inputs = c.inputs;
    absl::StatusOr<RunResult> r = RunProgram(testing::ProgramText(kProgram), "k.py", o);
    ASSERT_FALSE(r.ok()) << c.message;
    EXPECT_THAT(r.status().message(), HasSubstr(c.message));
    EXPECT_THAT(OutFiles(), IsEmpty()) << c.message;
  }
  RunOptions o = Options();
  o.function = "g";
  EXPECT_THAT(RunProgram(testing::ProgramText(kProgram), "k.py", o).status().message(),
              HasSubstr("no function 'g' in the program; it has: k"));
}

TEST_F(RunnerTest, AnInterpreterErrorWritesNothing) {
  RunOptions o = Options();
  o.inputs = {{"x", Write("x.npy", "<f4", {2, 4}, std::string(32, '\0'))},
              {"n", Write("n.npy", "<i4", {}, Bytes<int32_t>({0x7FFFFFFF}))}};
  o.interpreter.undefined_reads = UndefinedReads::kPropagate;
  absl::StatusOr<RunResult> ok = RunProgram(testing::ProgramText(kProgram), "k.py", o);
  ASSERT_TRUE(ok.ok()) << ok.status().message();  // INT32 wraps
  fs::remove_all(dir_ / "out");
  o.passes = "no-such-pass";
  absl::StatusOr<RunResult> bad = RunProgram(testing::ProgramText(kProgram), "k.py", o);
  ASSERT_FALSE(bad.ok());
  EXPECT_THAT(OutFiles(), IsEmpty());
}

TEST_F(RunnerTest, SeedFillsReproducibly) {
  RunOptions o = Options();
  o.seed = 7;
  ASSERT_TRUE(RunProgram(testing::ProgramText(kProgram), "k.py", o).ok());
  absl::StatusOr<NpyArray> first = ReadNpyFile((dir_ / "out" / "ret0.npy").string());
  ASSERT_TRUE(RunProgram(testing::ProgramText(kProgram), "k.py", o).ok());
  absl::StatusOr<NpyArray> second = ReadNpyFile((dir_ / "out" / "ret0.npy").string());
  ASSERT_TRUE(first.ok() && second.ok());
  EXPECT_EQ(first->data, second->data);
  o.seed = 8;
  ASSERT_TRUE(RunProgram(testing::ProgramText(kProgram), "k.py", o).ok());
  absl::StatusOr<NpyArray> third = ReadNpyFile((dir_ / "out" / "ret0.npy").string());
  ASSERT_TRUE(third.ok());
  EXPECT_NE(first->data, third->data);
}

TEST_F(RunnerTest, PassesRunBeforeInterpreting) {
  constexpr absl::string_view kCast = R"(
    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, role=pl.Role.SubWorker)
    def k(self, x: pl.Tensor[[1, 4], pl.INT32], out: pl.Out[pl.Tensor[[1, 4], pl.FP16]]) -> pl.Tensor[[1, 4], pl.FP16]:
        t = pl.tile.load(x, [0, 0], [1, 4], [1, 4], target_memory=pl.Mem.Vec)
        c = pl.tile.cast(t, target_type=pl.FP16, mode='round')
        r = pl.tile.store(c, [0, 0], out)
        return r)";
  std::string x = Write("x.npy", "<i4", {1, 4}, Bytes<int32_t>({1, -65519, 65520, 2049}));
  std::string results[2];
  for (int i = 0; i < 2; ++i) {
    RunOptions o = Options();
    o.inputs = {{"x", x}};
    o.passes = i == 0 ? "none" : "legalize-tile-cast";
    ASSERT_TRUE(RunProgram(testing::ProgramText(kCast), "k.py", o).ok());
    absl::StatusOr<NpyArray> out = ReadNpyFile((dir_ / "out" / "out.npy").string());
    ASSERT_TRUE(out.ok());
    results[i] = out->data;
  }
  // INT32 -> FP32 -> FP16 is bit-identical to the direct conversion.
  EXPECT_EQ(results[0], results[1]);
}

}  // namespace
}  // namespace pto::sim
