// The barrier-signal protocol across all seven collectives: AtomicAdd credits
// and Ge waits only, call-local generations that restart at 1 on every call
// (so back-to-back calls and calls in loops and branches reuse one signal),
// the epilogue retiring exactly the call's credits, deferral in
// orchestration functions, and the statement forms (expression statement,
// return). Every lowering is also verified, re-lowered (a fixed point) and
// round-tripped through the text form by LowerAndCheck.

#include <functional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_replace.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/lower_composite/collective_test_util.h"
#include "passes/lower_composite/op_predicates.h"
#include "passes/lower_composite/test_util.h"

namespace pto::passes::lower_composite {
namespace {

using testing::CollectiveKernel;
using ::testing::Contains;
using ::testing::ElementsAreArray;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::Signal;
using testing::Tensor;
using testing::Window;

// One collective: its params, its call (`$D` is the in-place window, `$S` the
// signal) and the protocol of one call.
struct Case {
  std::string name;
  std::string op;
  std::vector<std::string> params;
  std::string window;  // the param the call returns (and a chained call takes)
  std::string ret;
  std::string call;
  std::vector<int64_t> waits;      // constant thresholds of one call
  std::vector<int64_t> epilogues;  // constant credits retired by one call
};

std::vector<Case> Cases() {
  std::string data = Window("1, 16");
  return {
      {"barrier",
       "pld.tensor.barrier",
       {"signal: " + Signal(2)},
       "signal",
       Signal(2),
       "pld.tensor.barrier($S)",
       {1},
       {1}},
      {"broadcast",
       "pld.tensor.broadcast",
       {"data: " + data, "signal: " + Signal(2)},
       "data",
       data,
       "pld.tensor.broadcast($D, $S, root=1)",
       {1},
       {1}},
      {"allgather",
       "pld.tensor.allgather",
       {"inp: " + Tensor("1, 16"), "data: " + Window("2, 16"), "signal: " + Signal(2)},
       "data",
       Window("2, 16"),
       "pld.tensor.allgather(inp, $D, $S)",
       {1},
       {1}},
      {"reduce_scatter",
       "pld.tensor.reduce_scatter",
       {"data: " + Window("2, 16"), "signal: " + Signal(2)},
       "data",
       Window("2, 16"),
       "pld.tensor.reduce_scatter($D, $S, op=2)",
       {1, 2},
       {2}},
      {"all_to_all",
       "pld.tensor.all_to_all",
       {"inp: " + Tensor("2, 16"), "data: " + Window("2, 16"), "signal: " + Signal(2)},
       "data",
       Window("2, 16"),
       "pld.tensor.all_to_all(inp, $D, $S)",
       {1},
       {1}},
      {"all_to_all_v",
       "pld.tensor.all_to_all_v",
       {"inp: " + Tensor("4, 16"), "data: " + Window("4, 16"), "signal: " + Signal(2),
        "counts: " + Tensor("2", "INT32"), "recv: " + Window("2, 1", "INT32")},
       "data",
       Window("4, 16"),
       "pld.tensor.all_to_all_v(inp, $D, $S, counts, recv)",
       {1, 2},
       {2}},
      {"allreduce_mesh",
       "pld.tensor.allreduce",
       {"data: " + data, "signal: " + Signal(2)},
       "data",
       data,
       "pld.tensor.allreduce($D, $S, op=0, mode='mesh', core_num=1)",
       {1},
       {2}},
      {"allreduce_ring",
       "pld.tensor.allreduce",
       {"data: " + data, "signal: " + testing::RingSignal(2)},
       "data",
       data,
       "pld.tensor.allreduce($D, $S, op=0, mode='ring', core_num=1)",
       {},
       {2}},
  };
}

std::string CallOf(const Case& c, absl::string_view window, absl::string_view signal) {
  return absl::StrReplaceAll(c.call, {{"$D", window}, {"$S", signal}});
}

std::vector<int64_t> Repeat(const std::vector<int64_t>& v, int n) {
  std::vector<int64_t> out;
  for (int i = 0; i < n; ++i) out.insert(out.end(), v.begin(), v.end());
  return out;
}

ir::Program LowerKernel(ir::Context& ctx, const Case& c, absl::string_view body,
                        absl::string_view header = testing::kInCore) {
  return testing::LowerAndCheck(
      testing::Parse(ctx, CollectiveKernel(c.params, body, c.ret, header)), "a5");
}

class ProtocolTest : public ::testing::TestWithParam<Case> {};

TEST_P(ProtocolTest, LowersToPrimitivesWithAtomicAddAndGeOnly) {
  const Case& c = GetParam();
  ir::Context ctx;
  ir::Program out = LowerKernel(
      ctx, c, absl::StrCat("        r = ", CallOf(c, c.window, "signal"), "\n        return r"));
  std::vector<std::string> ops = testing::CalledOps(out);
  EXPECT_THAT(ops, Not(Contains(c.op)));
  for (absl::string_view primitive :
       {"pld.system.get_comm_ctx", "pld.system.nranks", "pld.system.rank", "pld.system.notify"}) {
    EXPECT_THAT(ops, Contains(std::string(primitive)));
  }
  EXPECT_TRUE(testing::OnlyAtomicAddAndGe(out));
  EXPECT_EQ(testing::StaticWaits(out), c.waits);
  EXPECT_EQ(testing::StaticEpilogues(out), c.epilogues);
  // No collective emits a composite op, so the pass reaches a fixed point.
  for (const std::string& op : ops) {
    EXPECT_FALSE(IsManagedTensorCollective(op)) << op;
  }
}

// Two calls on one signal: each restarts at generation 1 and retires its own
// credits, so the second needs no state from the first.
TEST_P(ProtocolTest, BackToBackCallsRestartAtGenerationOne) {
  const Case& c = GetParam();
  ir::Context ctx;
  ir::Program out = LowerKernel(
      ctx, c,
      absl::StrCat("        r1 = ", CallOf(c, c.window, "signal"), "\n        r2 = ",
                   CallOf(c, "r1", c.window == "signal" ? "r1" : "signal"), "\n        return r2"));
  EXPECT_EQ(testing::StaticWaits(out), Repeat(c.waits, 2));
  EXPECT_EQ(testing::StaticEpilogues(out), Repeat(c.epilogues, 2));
  EXPECT_TRUE(testing::OnlyAtomicAddAndGe(out));
}

// In a loop, a branch and a while body: one lowering, generation 1 again.
TEST_P(ProtocolTest, CallsInsideLoopsAndBranches) {
  const Case& c = GetParam();
  std::vector<std::string> params = c.params;
  params.push_back("n: pl.Scalar[pl.INDEX]");
  std::string call = CallOf(c, c.window, "signal");
  std::string body =
      absl::StrCat("        for i in pl.range(2):\n            a = ", call,
                   "\n        if n > 2:\n            b = ", call,
                   "\n        while n > 3:\n            w = ", call, "\n        return ", c.window);
  ir::Context ctx;
  ir::Program out =
      testing::LowerAndCheck(testing::Parse(ctx, CollectiveKernel(params, body, c.ret)), "a5");
  EXPECT_THAT(testing::CalledOps(out), Not(Contains(c.op)));
  EXPECT_EQ(testing::StaticWaits(out), Repeat(c.waits, 3));
  EXPECT_EQ(testing::StaticEpilogues(out), Repeat(c.epilogues, 3));
  EXPECT_GE(testing::CountStmts(out).whiles, 1);
}

// An orchestration function leaves the collective to the host / L2 rails.
TEST_P(ProtocolTest, OrchestrationFunctionsDeferTheCollective) {
  const Case& c = GetParam();
  for (absl::string_view header :
       {"    @pl.function(type=pl.FunctionType.Orchestration)\n",
        "    @pl.function(type=pl.FunctionType.Opaque, level=pl.Level.HOST, "
        "role=pl.Role.Orchestrator)\n"}) {
    ir::Context ctx;
    ir::Program in = testing::Parse(
        ctx, CollectiveKernel(
                 c.params,
                 absl::StrCat("        r = ", CallOf(c, c.window, "signal"), "\n        return r"),
                 c.ret, header));
    absl::StatusOr<ir::Program> out = testing::Lower(in, "a5");
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_TRUE(out->SameAs(in)) << header;
    EXPECT_THAT(testing::CalledOps(*out), Contains(c.op));
    EXPECT_THAT(testing::CalledOps(*out), Not(Contains("pld.system.notify")));
  }
}

// An expression statement lowers with base "eval"; a return with "ret0".
TEST_P(ProtocolTest, ExpressionStatementAndReturnForms) {
  const Case& c = GetParam();
  ir::Context ctx;
  ir::Program eval = LowerKernel(
      ctx, c,
      absl::StrCat("        ", CallOf(c, c.window, "signal"), "\n        return ", c.window));
  EXPECT_THAT(testing::CalledOps(eval), Not(Contains(c.op)));
  EXPECT_EQ(testing::AssignedNames(eval).front(), "eval__ctx_tmp_v0");
  ir::Program ret =
      LowerKernel(ctx, c, absl::StrCat("        return ", CallOf(c, c.window, "signal")));
  EXPECT_THAT(testing::CalledOps(ret), Not(Contains(c.op)));
  EXPECT_EQ(testing::AssignedNames(ret).front(), "ret0__ctx_tmp_v0");
  EXPECT_THAT(testing::AssignedNames(ret).back(), HasSubstr("ret0__result_tmp_v"));
}

INSTANTIATE_TEST_SUITE_P(Collectives, ProtocolTest, ::testing::ValuesIn(Cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return info.param.name;
                         });

// The rebind idiom chains barriers through one signal; every call is the
// same protocol.
TEST(ProtocolTest, BarrierRebindChain) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(
      testing::Parse(ctx, CollectiveKernel({"signal: " + Signal(4)},
                                           R"(        signal1 = pld.tensor.barrier(signal)
        signal2 = pld.tensor.barrier(signal1)
        signal3 = pld.tensor.barrier(signal2)
        return signal3)",
                                           Signal(4))),
      "a5");
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1, 1, 1}));
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{1, 1, 1}));
}

// A barrier in a 5-trip loop is one wait at generation 1, not 1..5.
TEST(ProtocolTest, StatelessAcrossLoopIterations) {
  ir::Context ctx;
  ir::Program out =
      testing::LowerAndCheck(testing::Parse(ctx, CollectiveKernel({"signal: " + Signal(2)},
                                                                  R"(        for i in pl.range(5):
            s = pld.tensor.barrier(signal)
        return signal)",
                                                                  Signal(2))),
                             "a5");
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1}));
}

// A ring signal [2*(NR-1), NR] cannot double as a mesh signal [NR, 1]: the
// cell addressing differs, so the mesh collective rejects it.
TEST(ProtocolTest, SharingARingSignalWithAMeshCollectiveIsRejected) {
  std::string msg = testing::LowerError(
      CollectiveKernel(
          {"data: " + Window("1, 16"), "signal: " + testing::RingSignal(2)},
          R"(        d = pld.tensor.allreduce(data, signal, op=0, mode='ring', core_num=1)
        s = pld.tensor.barrier(signal)
        return d)",
          Window("1, 16")),
      "a5");
  EXPECT_THAT(msg, HasSubstr("pld.tensor.barrier: signal shape[1] must be 1 (one cell per rank), "
                             "got 2"));
  for (absl::string_view call :
       {"pld.tensor.broadcast(data, signal, root=0)",
        "pld.tensor.allreduce(data, signal, op=0, mode='mesh', core_num=1)"}) {
    EXPECT_THAT(testing::LowerError(
                    CollectiveKernel(
                        {"data: " + Window("1, 16"), "signal: " + testing::RingSignal(3)},
                        absl::StrCat("        d = ", call, "\n        return d"), Window("1, 16")),
                    "a5"),
                HasSubstr("signal shape[1] must be 1 (one cell per rank), got 3"))
        << call;
  }
  EXPECT_THAT(testing::LowerError(CollectiveKernel({"signal: " + Window("2", "INT32")},
                                                   "        s = pld.tensor.barrier(signal)\n"
                                                   "        return s",
                                                   Window("2", "INT32")),
                                  "a5"),
              HasSubstr("pld.tensor.barrier: signal must be 2D [NR, 1], got rank 1"));
}

// The credits are retired from every non-self cell with a self-notify.
TEST(ProtocolTest, EpilogueIsASelfNotifyOnEveryOtherCell) {
  ir::Context ctx;
  ir::Program out = testing::LowerAndCheck(
      testing::Parse(ctx, CollectiveKernel({"signal: " + Signal(2)},
                                           "        s = pld.tensor.barrier(signal)\n"
                                           "        return s",
                                           Signal(2))),
      "a5");
  std::vector<const ir::Call*> notifies = testing::CallsOf(out, "pld.system.notify");
  ASSERT_EQ(notifies.size(), 2u);
  const ir::Call* epilogue = notifies.back();
  const ir::Var* my_rank = epilogue->arg(1)->As<ir::Var>();
  ASSERT_NE(my_rank, nullptr);
  EXPECT_THAT(std::string(my_rank->name()), HasSubstr("my_rank"));
  // The announcing notify writes this rank's cell on the peer.
  EXPECT_EQ(notifies.front()->arg(2)->As<ir::MakeTuple>()->elements()[0], my_rank);
  EXPECT_EQ(ir::AsConstInt(epilogue->arg(3)), -1);
}

}  // namespace
}  // namespace pto::passes::lower_composite
