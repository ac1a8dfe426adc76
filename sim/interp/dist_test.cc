// Tests of dist.cc: the pld.* ops in the interpreter's single-rank world.
// (e2e/dist_lowering_test.cc runs each collective lowered against the
// reference in that world.)

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ir::DataType;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::Buffer;
using testing::SimProgram;
using testing::Values;

constexpr absl::string_view kInCore =
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n";

TEST(DistTest, SignalsInASingleRankWorld) {
  SimProgram p(absl::StrCat("\n", kInCore, R"(    def k(self, sig: pld.DistributedTensor[[1, 1], pl.INT32], want: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        ctx = pld.system.get_comm_ctx(sig)
        me = pld.system.rank(ctx)
        n = pld.system.nranks(ctx)
        a = pld.system.notify(sig, me, [me, 0], pl.const(3, pl.INT32), op=0)
        b = pld.system.wait(sig, [0, 0], want, cmp=1)
        c = pld.system.notify(sig, me, [0, 0], n, op=1)
        return me)"));
  BufferView sig = Buffer(DataType::kInt32, {1, 1}, {4});
  auto r = p.Run("k", {Value::Of(sig), Value::Of(Scalar::Int(DataType::kInt32, 7))});
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ((*r)[0].scalar()->i, 0);
  EXPECT_THAT(Values(sig), ElementsAre(1));  // 4 + 3, then set to nranks = 1
  sig = Buffer(DataType::kInt32, {1, 1}, {4});
  auto blocked = p.Run("k", {Value::Of(sig), Value::Of(Scalar::Int(DataType::kInt32, 8))});
  ASSERT_FALSE(blocked.ok());
  EXPECT_THAT(blocked.status().message(),
              HasSubstr("pld.system.wait: would block forever: the cell holds 7, waiting for >= "
                        "8, and no other rank exists to notify it"));
}

TEST(DistTest, OtherPeersDoNotExist) {
  SimProgram p(absl::StrCat("\n", kInCore, R"(    def k(self, w: pld.DistributedTensor[[4, 8], pl.FP32], peer: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]:
        t = pld.tile.remote_load(w, peer, [1, 0], [2, 8])
        return peer)"));
  BufferView w = Buffer(DataType::kFP32, {4, 8}, {1});
  EXPECT_TRUE(p.Run("k", {Value::Of(w), Value::Of(Scalar::Int(DataType::kInt32, 0))}).ok());
  auto r = p.Run("k", {Value::Of(w), Value::Of(Scalar::Int(DataType::kInt32, 1))});
  ASSERT_FALSE(r.ok());
  EXPECT_THAT(r.status().message(),
              HasSubstr("pld.tile.remote_load: peer 1 (INT32) does not exist: the reference "
                        "interpreter runs a single rank (rank 0 of 1)"));
}

TEST(DistTest, PutAndGetCopyRegionsThroughAPoisonedStage) {
  SimProgram p(absl::StrCat("\n", kInCore, R"(    def k(self, w: pld.DistributedTensor[[2, 64], pl.FP32], x: pl.Tensor[[2, 64], pl.FP32], y: pl.Out[pl.Tensor[[2, 64], pl.FP32]]) -> pl.Scalar[pl.INDEX]:
        st = pl.tile.create([1, 64], dtype=pl.FP32, target_memory=pl.Mem.Vec)
        p1 = pld.tile.put(w, pl.const(0, pl.INT32), x, st, [1, 0], [0, 0], [1, 64], atomic=1)
        g1 = pld.tile.get(y, pl.const(0, pl.INT32), w, st, [0, 0], [1, 0], [1, 64])
        return 0)"));
  std::vector<double> xs;
  for (int i = 0; i < 128; ++i) xs.push_back(i);
  BufferView w = Buffer(DataType::kFP32, {2, 64}, {10});
  BufferView y = testing::Undefined(DataType::kFP32, {2, 64});
  auto r = p.Run("k", {Value::Of(w), Value::Of(Buffer(DataType::kFP32, {2, 64}, xs)), Value::Of(y)});
  ASSERT_TRUE(r.ok()) << r.status().message();
  std::vector<double> wy = Values(w), yy = Values(y);
  EXPECT_EQ(wy[0], 10.0);       // row 0 untouched
  EXPECT_EQ(wy[64 + 5], 15.0);  // row 1 += x row 0
  EXPECT_EQ(yy[5], 15.0);       // got back into y row 0
  EXPECT_EQ(CountUndefinedInValid(y), 64);  // y row 1 never written
}

// The 5- and 8-operand forms (a second, ping-pong staging tile) move what
// the 4- and 7-operand ones move; both stages are undefined afterwards.
TEST(DistTest, ASecondStageMovesTheSameDataAndIsLeftUndefined) {
  auto program = [](absl::string_view stages, bool read_pong) {
    std::string body = absl::StrCat(
        R"(    def k(self, w: pld.DistributedTensor[[2, 64], pl.FP32], x: pl.Tensor[[2, 64], pl.FP32], y: pl.Out[pl.Tensor[[2, 64], pl.FP32]], q: pl.Out[pl.Tensor[[1, 32], pl.FP32]]) -> pl.Scalar[pl.INDEX]:
        ping = pl.tile.full([1, 32], dtype=pl.FP32, value=1.0)
        pong = pl.tile.full([1, 32], dtype=pl.FP32, value=2.0)
        p0 = pld.tile.put(w, pl.const(0, pl.INT32), x, )",
        stages, R"()
        p1 = pld.tile.put(w, pl.const(0, pl.INT32), x, )", stages,
        R"(, [1, 0], [0, 0], [1, 64], atomic=pld.AtomicType.Add)
        g0 = pld.tile.get(y, pl.const(0, pl.INT32), w, )",
        stages, R"()
        g1 = pld.tile.get(y, pl.const(0, pl.INT32), w, )", stages,
        R"(, [0, 0], [1, 0], [1, 64])
)");
    if (read_pong) absl::StrAppend(&body, "        o = pl.tile.store(pong, [0, 0], q)\n");
    absl::StrAppend(&body, "        return 0");
    return absl::StrCat("\n", kInCore, body);
  };
  std::vector<double> want;
  for (int i = 0; i < 128; ++i) want.push_back(64 + 2 * (i % 64));  // row 1 + row 0 of x
  for (absl::string_view stages : {"ping", "ping, pong"}) {
    SimProgram p(program(stages, false));
    BufferView w = Buffer(DataType::kFP32, {2, 64}, {10});
    BufferView y = testing::Undefined(DataType::kFP32, {2, 64});
    auto r = p.Run("k", {Value::Of(w), Value::Of(Buffer(DataType::kFP32, {2, 64}, testing::Iota(128))),
                         Value::Of(y), Value::Of(testing::Undefined(DataType::kFP32, {1, 32}))});
    ASSERT_TRUE(r.ok()) << stages << ": " << r.status().message();
    EXPECT_EQ(Values(y), want) << stages;
  }
  // pong is a scratch of the two-stage form only.
  for (bool two : {false, true}) {
    SimProgram p(program(two ? "ping, pong" : "ping", true));
    BufferView q = testing::Undefined(DataType::kFP32, {1, 32});
    auto r = p.Run("k", {Value::Of(Buffer(DataType::kFP32, {2, 64}, {10})),
                         Value::Of(Buffer(DataType::kFP32, {2, 64}, {1})),
                         Value::Of(testing::Undefined(DataType::kFP32, {2, 64})), Value::Of(q)});
    ASSERT_TRUE(r.ok()) << r.status().message();
    if (!two) {
      EXPECT_THAT(Values(q), ::testing::Each(2.0));
    } else {
      EXPECT_EQ(CountUndefinedInValid(q), 32);
    }
  }
}

}  // namespace
}  // namespace pto::sim
