// Each collective (pld.tensor.*), interpreted as written and after
// lower-composite-ops, in the interpreter's single-rank world: the lowered
// program must write exactly what the reference kernels write.

#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "e2e/numerics_util.h"
#include "gtest/gtest.h"
#include "ir/visitor.h"
#include "sim/interp/test_util.h"

namespace pto::sim {
namespace {

using ir::DataType;
using testing::Buffer;
using testing::Values;

constexpr absl::string_view kInCore =
    "    @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE, "
    "role=pl.Role.SubWorker)\n";

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
