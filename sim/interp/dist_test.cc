// Tests of dist.cc: the pld.* ops in the interpreter's single-rank world,
// and - for each collective - the lowered program (lower-composite-ops)
// against the reference in that world.

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "ir/visitor.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "sim/numerics_util.h"
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

// A collective, interpreted before and after lowering, in one rank.
struct Collective {
  std::string name;
  std::vector<std::string> params;
  std::string call;
};

TEST(DistTest, LoweredCollectivesMatchTheReferenceInOneRank) {
  const Collective cases[] = {
      {"allreduce", {"t: pld.DistributedTensor[[4, 64], pl.FP32]", "sig: pld.DistributedTensor[[1, 1], pl.INT32]"},
       "pld.tensor.allreduce(t, sig, op=0, core_num=1)"},
      {"allgather",
       {"inp: pl.Tensor[[1, 64], pl.FP32]", "t: pld.DistributedTensor[[1, 64], pl.FP32]",
        "sig: pld.DistributedTensor[[1, 1], pl.INT32]"},
       "pld.tensor.allgather(inp, t, sig)"},
      {"broadcast", {"t: pld.DistributedTensor[[4, 64], pl.FP32]", "sig: pld.DistributedTensor[[1, 1], pl.INT32]"},
       "pld.tensor.broadcast(t, sig, root=0)"},
      {"reduce_scatter",
       {"t: pld.DistributedTensor[[1, 64], pl.FP32]", "sig: pld.DistributedTensor[[1, 1], pl.INT32]"},
       "pld.tensor.reduce_scatter(t, sig, op=0)"},
  };
  for (const Collective& c : cases) {
    SCOPED_TRACE(c.name);
    std::string params;
    for (const std::string& p : c.params) absl::StrAppend(&params, ", ", p);
    std::string text = testing::ProgramText(absl::StrCat(
        "\n", kInCore, "    def k(self", params, ") -> pl.Scalar[pl.INDEX]:\n        r = ", c.call,
        "\n        return 0"));
    ir::Context ctx;
    absl::StatusOr<ir::Program> program = testing::ParseProgramText(ctx, text);
    ASSERT_TRUE(program.ok()) << program.status().message();
    absl::StatusOr<ir::Program> lowered = testing::RunPipeline(*program, "lower-composite-ops", "a5");
    if (testing::IsMissingPass(lowered.status())) GTEST_SKIP() << "lower-composite-ops missing";
    ASSERT_TRUE(lowered.ok()) << lowered.status().message();
    struct CollectiveCounter : ir::IRVisitor {
      int n = 0;
      void VisitCall(const ir::Call* call) override {
        if (absl::StartsWith(call->callee_name(), "pld.tensor.")) ++n;
        ir::IRVisitor::VisitCall(call);
      }
    } counter;
    counter.VisitProgram(*lowered);
    EXPECT_EQ(counter.n, 0) << "the collective was not lowered";
    std::vector<std::vector<double>> results[2];
    for (int which = 0; which < 2; ++which) {
      const ir::Program& p = which == 0 ? *program : *lowered;
      std::vector<Value> args;
      std::vector<BufferView> buffers;
      const ir::Function* f = p.FindFunction("k");
      for (const ir::Var* param : f->params()) {
        const auto* t = param->type()->As<ir::TensorType>();
        Dims shape;
        for (const ir::Expr* d : t->shape()) shape.push_back(*ir::AsConstInt(d));
        std::vector<double> v;
        for (int64_t i = 0; i < 4 * 64; ++i) v.push_back(t->dtype() == DataType::kInt32 ? 0 : i * 0.5);
        buffers.push_back(Buffer(t->dtype(), shape, v));
        args.push_back(Value::Of(buffers.back()));
      }
      Interpreter interp(p);
      absl::StatusOr<std::vector<Value>> r = interp.Run("k", args);
      ASSERT_TRUE(r.ok()) << (which ? "lowered: " : "reference: ") << r.status().message();
      for (const BufferView& b : buffers) results[which].push_back(Values(b));
    }
    EXPECT_EQ(results[0], results[1]) << "lowered " << c.name << " differs in a one-rank world";
  }
}

}  // namespace
}  // namespace pto::sim
