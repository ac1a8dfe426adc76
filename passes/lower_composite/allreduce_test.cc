// pld.tensor.allreduce, mode="mesh" (and the front shared with the ring):
// chunk geometry, per-chunk generations, the credit total, the
// single-rectangle path for partial targets, and every rejection.

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "passes/lower_composite/collective_test_util.h"
#include "passes/lower_composite/common.h"

namespace pto::passes::lower_composite {
namespace {

using testing::CollectiveKernel;
using ::testing::Contains;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::Signal;
using testing::Window;

std::string AllReduceKernel(const std::string& data, int op = 0,
                            absl::string_view extra_kwargs = ", mode='mesh', core_num=1",
                            const std::string& signal = Signal(2)) {
  return CollectiveKernel({"data: " + data, "signal: " + signal},
                          absl::StrCat("        data2 = pld.tensor.allreduce(data, signal, op=", op,
                                       extra_kwargs, ")\n        return data2"),
                          data);
}

// A window with a TensorView (valid shape, stride, layout).
std::string ViewWindow(absl::string_view dims, absl::string_view view,
                       absl::string_view dtype = "FP32") {
  return absl::StrCat("pld.DistributedTensor[[", dims, "], pl.", dtype, ", pl.TensorView(", view,
                      ")]");
}

ir::Program LowerOk(ir::Context& ctx, const std::string& kernel) {
  return testing::LowerAndCheck(testing::Parse(ctx, kernel), "a5");
}

TEST(AllReduceMeshTest, DecomposesIntoPrimitives) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, AllReduceKernel(Window("1, 16")));
  std::vector<std::string> ops = testing::CalledOps(out);
  EXPECT_THAT(ops, Not(Contains("pld.tensor.allreduce")));
  for (const char* op : {"pld.system.get_comm_ctx", "pld.system.nranks", "pld.system.rank",
                         "pld.system.notify", "pld.system.wait", "pld.tile.remote_load", "tile.add",
                         "tile.load", "tile.store", "tensor.view"}) {
    EXPECT_THAT(ops, Contains(op));
  }
  testing::StmtCounts counts = testing::CountStmts(out);
  EXPECT_EQ(counts.fors, 7);
  EXPECT_EQ(counts.ifs, 6);
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1}));  // chunk waits are computed
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{2}));
  // The final binding is the original target, not the view.
  const auto* body = out.functions()[0]->body()->As<ir::SeqStmts>();
  const auto* last = body->stmts()[body->stmts().size() - 2]->As<ir::AssignStmt>();
  ASSERT_NE(last, nullptr);
  EXPECT_EQ(last->value(), out.functions()[0]->params()[0]);
}

TEST(AllReduceMeshTest, ModeDefaultsToMesh) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, AllReduceKernel(Window("1, 16"), 0, ", core_num=1"));
  EXPECT_EQ(testing::CountStmts(out).fors, 7);
}

TEST(AllReduceMeshTest, EveryReduceOp) {
  const char* ops[] = {"tile.add", "tile.maximum", "tile.minimum", "tile.mul"};
  for (int op = 0; op < 4; ++op) {
    ir::Context ctx;
    std::vector<std::string> called =
        testing::CalledOps(LowerOk(ctx, AllReduceKernel(Window("1, 64", "FP16"), op)));
    for (int other = 0; other < 4; ++other) {
      EXPECT_EQ(std::count(called.begin(), called.end(), ops[other]), other == op ? 1 : 0)
          << "op=" << op << " " << ops[other];
    }
  }
}

// Chunks of at most 16 KiB; a static extent below that shrinks the chunk to
// its 32-byte-aligned cover; the tail narrows only the valid extent, through
// the load and the remote load alike; chunk k waits for generation k + 2;
// the epilogue retires 1 + chunk_count.
TEST(AllReduceMeshTest, ChunkGeometryAndGenerations) {
  for (const char* dtype : {"FP32", "FP16"}) {
    ChunkGeometry g =
        MakeChunkGeometry(std::string(dtype) == "FP32" ? ir::DataType::kFP32 : ir::DataType::kFP16);
    for (int64_t n : {1, 7, 8, 17, 4095, 4096, 4097, 65537}) {
      SCOPED_TRACE(absl::StrCat(dtype, " N=", n));
      int64_t chunk = std::min(g.chunk_elements, (n + g.alignment_elements - 1) /
                                                     g.alignment_elements * g.alignment_elements);
      int64_t chunks = (n + chunk - 1) / chunk;
      ir::Context ctx;
      ir::Program out = LowerOk(ctx, AllReduceKernel(Window(absl::StrCat("1, ", n), dtype)));
      const ir::ForStmt* col = testing::LoopNamed(out, "col");
      ASSERT_NE(col, nullptr);
      EXPECT_EQ(ir::AsConstInt(col->start()), 0);
      EXPECT_EQ(ir::AsConstInt(col->stop()), n);
      EXPECT_EQ(ir::AsConstInt(col->step()), chunk);
      EXPECT_LE(chunk * (std::string(dtype) == "FP32" ? 4 : 2), 16384);
      const ir::Call* load = testing::CallsOf(out, "tile.load")[0];
      const ir::Call* remote = testing::CallsOf(out, "pld.tile.remote_load")[0];
      EXPECT_EQ(testing::ListValues(load->arg(2)), (std::vector<int64_t>{1, chunk}));
      ASSERT_EQ(remote->args().size(), 5u);
      EXPECT_EQ(remote->arg(2), load->arg(1));  // offsets [0, col]
      EXPECT_EQ(remote->arg(3), load->arg(2));
      EXPECT_EQ(remote->arg(4), load->arg(3));  // the same valid extent
      EXPECT_EQ(load->arg(1)->As<ir::MakeTuple>()->elements()[1], col->loop_var());
      testing::ScalarEval eval(out);
      const ir::Expr* valid_cols = load->arg(3)->As<ir::MakeTuple>()->elements()[1];
      const ir::Expr* expected = testing::BoundValue(out, "chunk_expected");
      ASSERT_NE(expected, nullptr);
      for (int64_t k = 0; k < chunks; ++k) {
        eval.Set(col->loop_var(), k * chunk);
        EXPECT_EQ(eval.Eval(valid_cols), std::min(chunk, n - k * chunk)) << k;
        EXPECT_EQ(eval.Eval(expected), k + 2) << k;
      }
      EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{1 + chunks}));
    }
  }
}

TEST(AllReduceMeshTest, NdTargetIsFlattenedToOneRow) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, AllReduceKernel(Window("2, 3, 4")));
  const ir::Call* view = testing::CallsOf(out, "tensor.view")[0];
  EXPECT_EQ(testing::ListValues(view->arg(1)), (std::vector<int64_t>{1, 24}));
  EXPECT_EQ(view->args().size(), 2u);
  // An explicit packed stride is accepted.
  ir::Program strided = LowerOk(
      ctx, AllReduceKernel(ViewWindow("2, 3, 4", "stride=[12, 4, 1], layout=pl.TensorLayout.ND")));
  EXPECT_THAT(testing::CalledOps(strided), Contains("tensor.view"));
}

// A runtime extent: loop bound, tail and credit total are expressions; the
// total is bound once and negated for the epilogue.
TEST(AllReduceMeshTest, SymbolicExtent) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, AllReduceKernel(Window("1, n")));
  const ir::ForStmt* col = testing::LoopNamed(out, "col");
  ASSERT_NE(col, nullptr);
  EXPECT_TRUE(col->stop()->Is<ir::Var>());
  EXPECT_EQ(ir::AsConstInt(col->step()), 4096);
  std::vector<const ir::Call*> notifies = testing::CallsOf(out, "pld.system.notify");
  const ir::Call* epilogue = notifies.back();
  const auto* neg = epilogue->arg(3)->As<ir::UnaryExpr>();
  ASSERT_NE(neg, nullptr);
  EXPECT_EQ(neg->op(), ir::UnaryOp::kNeg);
  const auto* total = neg->operand()->As<ir::Var>();
  ASSERT_NE(total, nullptr);
  EXPECT_THAT(std::string(total->name()), HasSubstr("reset_total"));
  testing::ScalarEval eval(out);
  eval.Set(col->stop()->As<ir::Var>(), 65537);
  EXPECT_EQ(eval.Eval(total), 1 + 17);
  eval.Set(col->stop()->As<ir::Var>(), 4096);
  EXPECT_EQ(eval.Eval(total), 2);
}

// --- The partial-valid single-rectangle path -------------------------------------------

TEST(AllReduceMeshTest, PartialTargetReducesOneRectangleWithTwoBarriers) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, AllReduceKernel(ViewWindow("2, 3, 4",
                                                            "valid_shape=[1, 3, 2], stride=[], "
                                                            "layout=pl.TensorLayout.ND")));
  const ir::Call* view = testing::CallsOf(out, "tensor.view")[0];
  ASSERT_EQ(view->args().size(), 3u);
  EXPECT_EQ(testing::ListValues(view->arg(1)), (std::vector<int64_t>{6, 4}));
  EXPECT_EQ(testing::ListValues(view->arg(2)), (std::vector<int64_t>{3, 2}));
  const ir::Call* load = testing::CallsOf(out, "tile.load")[0];
  EXPECT_EQ(testing::ListValues(load->arg(2)), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(testing::ListValues(load->arg(3)), (std::vector<int64_t>{3, 2}));
  const ir::Call* remote = testing::CallsOf(out, "pld.tile.remote_load")[0];
  EXPECT_EQ(testing::ListValues(remote->arg(3)), (std::vector<int64_t>{3, 2}));
  EXPECT_EQ(testing::StaticWaits(out), (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{2}));
  EXPECT_EQ(testing::LoopNamed(out, "col"), nullptr);
}

// A symbolic valid extent falls back to the statically bounded physical
// rectangle.
TEST(AllReduceMeshTest, SymbolicPartialUsesThePhysicalRectangle) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, AllReduceKernel(ViewWindow("64, 64",
                                                            "valid_shape=[1, m], stride=[], "
                                                            "layout=pl.TensorLayout.ND")));
  const ir::Call* load = testing::CallsOf(out, "tile.load")[0];
  EXPECT_EQ(testing::ListValues(load->arg(2)), (std::vector<int64_t>{64, 64}));
  const auto* valid = load->arg(3)->As<ir::MakeTuple>();
  EXPECT_EQ(ir::AsConstInt(valid->elements()[0]), 1);
  EXPECT_TRUE(valid->elements()[1]->Is<ir::Var>());
  EXPECT_EQ(testing::CallsOf(out, "pld.tile.remote_load")[0]->arg(4), load->arg(3));
}

// --- Rejections ----------------------------------------------------------------------------

TEST(AllReduceMeshTest, Rejections) {
  auto error = [](const std::string& kernel) { return testing::LowerError(kernel, "a5"); };
  EXPECT_THAT(error(AllReduceKernel(ViewWindow("2, 65537",
                                               "valid_shape=[1, 65537], stride=[], "
                                               "layout=pl.TensorLayout.ND"))),
              HasSubstr("pld.tensor.allreduce: partial valid_shape [1, 65537] of target [2, "
                        "65537] must fit within one 16384-byte mesh chunk using a statically "
                        "bounded tile; chunking a partial rectangle with row gaps is not "
                        "supported"));
  EXPECT_THAT(error(AllReduceKernel(ViewWindow("n, 64",
                                               "valid_shape=[1, m], stride=[], "
                                               "layout=pl.TensorLayout.ND"))),
              HasSubstr("must fit within one 16384-byte mesh chunk using a statically bounded "
                        "tile"));
  EXPECT_THAT(error(AllReduceKernel(ViewWindow("2, 3, 4",
                                               "valid_shape=[2, 2, 4], stride=[], "
                                               "layout=pl.TensorLayout.ND"))),
              HasSubstr("pld.tensor.allreduce: valid_shape [2, 2, 4] of target [2, 3, 4] cannot "
                        "be represented by a single 2D view"));
  EXPECT_THAT(error(AllReduceKernel(ViewWindow("2, 3, 4",
                                               "stride=[100, 10, 1], "
                                               "layout=pl.TensorLayout.ND"))),
              HasSubstr("pld.tensor.allreduce: target shape reinterpret requires a packed "
                        "source; stride [100, 10, 1] is not the row-major stride of [2, 3, 4]"));
  EXPECT_THAT(error(AllReduceKernel(ViewWindow("4, 16", "layout=pl.TensorLayout.DN"))),
              HasSubstr("pld.tensor.allreduce: target view only supports ND layout, got DN"));
  EXPECT_THAT(error(AllReduceKernel(ViewWindow("4, 16",
                                               "valid_shape=[2, 16], "
                                               "layout=pl.TensorLayout.DN"))),
              HasSubstr("pld.tensor.allreduce: target view only supports ND layout, got DN"));
  EXPECT_THAT(error(AllReduceKernel(Window("1, 16"), 0, ", mode='mesh', core_num=4")),
              HasSubstr("pld.tensor.allreduce: core_num=4 is supported only in a HOST "
                        "orchestrator"));
  // The deducer takes any mode (as upstream's); the lowering knows two.
  EXPECT_THAT(error(AllReduceKernel(Window("1, 16"), 0, ", mode='star'")),
              HasSubstr("pld.tensor.allreduce: mode must be \"mesh\" or \"ring\", got \"star\""));
}

// Outside orchestration functions the signal is mandatory, as an assignment
// and as an expression statement.
TEST(AllReduceMeshTest, RequiresAnExplicitSignal) {
  std::string data = Window("1, 16");
  for (absl::string_view body :
       {"        data2 = pld.tensor.allreduce(data, op=0, core_num=1)\n        return data2",
        "        pld.tensor.allreduce(data, op=0, core_num=1)\n        return data"}) {
    EXPECT_THAT(testing::LowerError(CollectiveKernel({"data: " + data}, body, data), "a5"),
                HasSubstr("pld.tensor.allreduce requires an explicit signal outside host "
                          "orchestrator functions"));
  }
  // In a host orchestrator the call is left for the host rail.
  ir::Context ctx;
  ir::Program in = testing::Parse(
      ctx, CollectiveKernel({"data: " + data},
                            "        data2 = pld.tensor.allreduce(data, op=0, core_num=4)\n"
                            "        return data2",
                            data,
                            "    @pl.function(type=pl.FunctionType.Opaque, level=pl.Level.HOST, "
                            "role=pl.Role.Orchestrator)\n"));
  absl::StatusOr<ir::Program> out = testing::Lower(in, "a5");
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_TRUE(out->SameAs(in));
}

}  // namespace
}  // namespace pto::passes::lower_composite
