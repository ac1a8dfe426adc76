// pld.tensor.all_to_all_v: receiver reset and readiness, per-destination
// on-demand waits, AtomicAdd publication, clamped runtime row counts, and a
// two-credit completion.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/ops/comm_enums.h"
#include "passes/lower_composite/collective_test_util.h"
#include "passes/lower_composite/common.h"

namespace pto::passes::lower_composite {
namespace {

using testing::CollectiveKernel;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using testing::Signal;
using testing::Tensor;
using testing::Window;

// NR = 2, MAX_RECV rows per sender, SIZE columns.
std::string AllToAllVKernel(int max_recv, absl::string_view size, absl::string_view counts_dims,
                            absl::string_view dtype = "FP32") {
  std::string dims = absl::StrCat(2 * max_recv, ", ", size);
  return CollectiveKernel(
      {"inp: " + Tensor(dims, dtype), "out: " + Window(dims, dtype), "signal: " + Signal(2),
       "counts: " + Tensor(counts_dims, "INT32"), "recv: " + Window("2, 1", "INT32")},
      "        out2 = pld.tensor.all_to_all_v(inp, out, signal, counts, recv)\n"
      "        return out2",
      Window(dims, dtype));
}

// The statement that binds the var of call `c`.
const ir::IfStmt* EnclosingIf(const ir::Program& p, const ir::Call* c) {
  struct Finder : ir::IRVisitor {
    const ir::Call* target;
    std::vector<const ir::IfStmt*> stack;
    const ir::IfStmt* found = nullptr;
    bool done = false;
    void VisitIf(const ir::IfStmt* s) override {
      stack.push_back(s);
      IRVisitor::VisitIf(s);
      stack.pop_back();
    }
    void VisitCall(const ir::Call* call) override {
      if (call == target && !done) {
        found = stack.empty() ? nullptr : stack.back();
        done = true;
      }
      IRVisitor::VisitCall(call);
    }
  } f;
  f.target = c;
  f.VisitProgram(p);
  return f.found;
}

TEST(AllToAllVTest, ProtocolOrder) {
  ir::Context ctx;
  ir::Program out =
      testing::LowerAndCheck(testing::Parse(ctx, AllToAllVKernel(2, "16", "2, 1")), "a5");
  // reset reads + retirements, readiness, then per destination: count read,
  // on-demand wait, publication, push; then completion and the epilogue.
  std::vector<std::string> order;
  for (const std::string& op : testing::CalledOps(out)) {
    if (op == "tensor.read" || op == "pld.system.notify" || op == "pld.system.wait" ||
        op == "pld.tile.put") {
      order.push_back(op);
    }
  }
  EXPECT_THAT(order, ElementsAre("tensor.read", "pld.system.notify",      // count reset
                                 "pld.system.notify",                     // readiness
                                 "tensor.read", "pld.system.wait",        // dest ready
                                 "pld.system.notify", "pld.tile.put",     // publish + payload
                                 "pld.system.notify", "pld.system.wait",  // generation 2
                                 "pld.system.notify"));                   // epilogue
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{2}));
  EXPECT_TRUE(testing::OnlyAtomicAddAndGe(out));
  const ir::Function* k = out.functions()[0];
  const ir::Var* recv = k->params()[4];
  std::vector<const ir::Call*> notifies = testing::CallsOf(out, "pld.system.notify");
  // The receiver reset subtracts the stale count read from its own cell.
  const ir::Call* reset = notifies[0];
  EXPECT_EQ(reset->arg(0), recv);
  const auto* neg = reset->arg(3)->As<ir::UnaryExpr>();
  ASSERT_NE(neg, nullptr);
  EXPECT_EQ(neg->op(), ir::UnaryOp::kNeg);
  EXPECT_EQ(testing::CallsOf(out, "tensor.read")[0]->arg(0), recv);
  // The publication adds the clamped count into this rank's cell at dest.
  const ir::Call* publish = notifies[2];
  EXPECT_EQ(publish->arg(0), recv);
  EXPECT_THAT(std::string(publish->arg(1)->As<ir::Var>()->name()), HasSubstr("__dest_tmp_v"));
  EXPECT_EQ(testing::IntKwarg(publish, "op"), static_cast<int64_t>(ir::NotifyOp::kAtomicAdd));
}

// A zero-row destination publishes nothing and pushes nothing: the wait,
// the publication and the put all sit under `rows > 0`; the wait also skips
// the rank itself.
TEST(AllToAllVTest, ZeroRowEdgesSendNeitherCountNorPayload) {
  ir::Context ctx;
  ir::Program out =
      testing::LowerAndCheck(testing::Parse(ctx, AllToAllVKernel(2, "16", "2")), "a5");
  const ir::Call* put = testing::CallsOf(out, "pld.tile.put")[0];
  const ir::Call* publish = testing::CallsOf(out, "pld.system.notify")[2];
  const ir::Call* dest_wait = testing::CallsOf(out, "pld.system.wait")[0];
  const ir::IfStmt* guard = EnclosingIf(out, put);
  ASSERT_NE(guard, nullptr);
  EXPECT_EQ(EnclosingIf(out, publish), guard);
  const auto* cond = guard->condition()->As<ir::BinaryExpr>();
  ASSERT_NE(cond, nullptr);
  EXPECT_EQ(cond->op(), ir::BinaryOp::kGt);
  EXPECT_THAT(std::string(cond->lhs()->As<ir::Var>()->name()), HasSubstr("aav_rows"));
  EXPECT_EQ(ir::AsConstInt(cond->rhs()), 0);
  const ir::IfStmt* remote = EnclosingIf(out, dest_wait);
  ASSERT_NE(remote, nullptr);
  EXPECT_NE(remote, guard);
  EXPECT_EQ(remote->condition()->As<ir::BinaryExpr>()->op(), ir::BinaryOp::kNe);
  // [NR] counts are read with one index.
  EXPECT_EQ(testing::CallsOf(out, "tensor.read")[1]->arg(1)->As<ir::MakeTuple>()->elements().size(),
            1u);
}

// The row count is clamp(count, 0, MAX_RECV) and is the put's runtime
// transfer extent; rows land at sender * MAX_RECV.
TEST(AllToAllVTest, ClampedRuntimeRowCount) {
  ir::Context ctx;
  ir::Program out =
      testing::LowerAndCheck(testing::Parse(ctx, AllToAllVKernel(3, "16", "2, 1")), "a5");
  testing::ScalarEval eval(out);
  const ir::Var* count = eval.VarNamed("aav_count");
  ASSERT_NE(count, nullptr);
  const ir::Expr* rows = testing::BoundValue(out, "aav_rows");
  ASSERT_NE(rows, nullptr);
  for (auto [in, want] : std::vector<std::pair<int64_t, int64_t>>{
           {-5, 0}, {0, 0}, {1, 1}, {3, 3}, {4, 3}, {1000, 3}}) {
    eval.Set(count, in);
    EXPECT_EQ(eval.Eval(rows), want) << in;
  }
  const ir::Call* put = testing::CallsOf(out, "pld.tile.put")[0];
  const auto* transfer = put->arg(6)->As<ir::MakeTuple>();
  ASSERT_NE(transfer, nullptr);
  EXPECT_FALSE(transfer->elements()[0]->Is<ir::ConstInt>());
  EXPECT_EQ(ir::AsConstInt(transfer->elements()[1]), 16);
  const auto* dst_row = put->arg(4)->As<ir::MakeTuple>()->elements()[0]->As<ir::BinaryExpr>();
  ASSERT_NE(dst_row, nullptr);
  EXPECT_EQ(ir::AsConstInt(dst_row->rhs()), 3);
}

TEST(AllToAllVTest, StageIsCappedForTheCapacityBlock) {
  for (const char* dtype : {"FP32", "FP16"}) {
    ChunkGeometry g =
        MakeChunkGeometry(std::string(dtype) == "FP32" ? ir::DataType::kFP32 : ir::DataType::kFP16);
    for (int64_t n : {1, 7, 8, 17, 4095, 4096, 4097, 65537}) {
      SCOPED_TRACE(absl::StrCat(dtype, " SIZE=", n));
      std::string kernel = AllToAllVKernel(2, absl::StrCat(n), "2, 1", dtype);
      if (n < g.alignment_elements) {
        EXPECT_THAT(testing::LowerError(kernel, "a5"),
                    HasSubstr("pld.tensor.all_to_all_v: a transfer row of"));
        continue;
      }
      int64_t cols = std::min(n, g.chunk_elements);
      if (cols < g.chunk_elements) cols = cols / g.alignment_elements * g.alignment_elements;
      int64_t rows = std::min<int64_t>(2, std::max<int64_t>(1, g.chunk_elements / cols));
      ir::Context ctx;
      ir::Program out = testing::LowerAndCheck(testing::Parse(ctx, kernel), "a5");
      std::vector<const ir::Call*> creates = testing::CallsOf(out, "tile.create");
      ASSERT_EQ(creates.size(), 1u);
      EXPECT_EQ(testing::ListValues(creates[0]->arg(0)), (std::vector<int64_t>{rows, cols}));
    }
  }
}

}  // namespace
}  // namespace pto::passes::lower_composite
