// pld.tensor.allreduce, mode="ring": segment boundaries (evaluated), subchunk
// geometry, the TPUT push with a narrowed stage, the per-subchunk generation
// pair, the per-row epilogue, partial prefixes, and the ring rejections.

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
using testing::RingSignal;
using testing::Window;

std::string RingKernel(const std::string& data, int nr = 2, int op = 0,
                       const std::string& signal = "") {
  return CollectiveKernel(
      {"data: " + data, "signal: " + (signal.empty() ? RingSignal(nr) : signal)},
      absl::StrCat("        data2 = pld.tensor.allreduce(data, signal, op=", op,
                   ", mode='ring', core_num=1)\n        return data2"),
      data);
}

std::string ViewWindow(absl::string_view dims, absl::string_view view,
                       absl::string_view dtype = "FP32") {
  return absl::StrCat("pld.DistributedTensor[[", dims, "], pl.", dtype, ", pl.TensorView(", view,
                      ")]");
}

ir::Program LowerOk(ir::Context& ctx, const std::string& kernel) {
  return testing::LowerAndCheck(testing::Parse(ctx, kernel), "a5");
}

TEST(AllReduceRingTest, DecomposesIntoPushesAndBarriers) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, RingKernel(Window("1, 16")));
  std::vector<std::string> ops = testing::CalledOps(out);
  EXPECT_THAT(ops, Not(Contains("pld.tensor.allreduce")));
  EXPECT_THAT(ops, Not(Contains("pld.tile.remote_load")));
  for (const char* op :
       {"pld.tile.put", "tile.create", "tile.set_validshape", "tile.load", "tile.add", "tile.store",
        "tensor.view", "pld.system.notify", "pld.system.wait"}) {
    EXPECT_THAT(ops, Contains(op));
  }
  EXPECT_EQ(testing::CountStmts(out).fors, 14);
  EXPECT_TRUE(testing::OnlyAtomicAddAndGe(out));
  // Non-atomic push to the right neighbour, from and to the same slot,
  // through the narrowed shared stage.
  std::vector<const ir::Call*> puts = testing::CallsOf(out, "pld.tile.put");
  ASSERT_EQ(puts.size(), 2u);  // reduce-scatter and allgather
  std::vector<const ir::Call*> creates = testing::CallsOf(out, "tile.create");
  ASSERT_EQ(creates.size(), 1u);
  for (const ir::Call* put : puts) {
    EXPECT_EQ(testing::IntKwarg(put, "atomic"), 0);
    EXPECT_EQ(put->arg(0), put->arg(2));
    EXPECT_EQ(put->arg(4), put->arg(5));
    EXPECT_THAT(std::string(put->arg(1)->As<ir::Var>()->name()), HasSubstr("__right_tmp_v"));
    const auto* stage = testing::BoundValue(out, "rs_stage_valid")->As<ir::Call>();
    ASSERT_NE(stage, nullptr);
    EXPECT_EQ(stage->op()->name(), "tile.set_validshape");
    // The push extent is the stage's narrowed extent.
    EXPECT_EQ(put->arg(6)->As<ir::MakeTuple>()->elements()[1],
              put->arg(3)->type()->As<ir::TileType>()->ValidShape()[1]);
  }
  // The epilogue retires 2 * K from every row of the [2*(NR-1), NR] signal.
  const ir::ForStmt* rows = testing::LoopNamed(out, "reset_row");
  ASSERT_NE(rows, nullptr);
  EXPECT_EQ(ir::AsConstInt(rows->stop()), 2);
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{2}));
  std::vector<const ir::Call*> notifies = testing::CallsOf(out, "pld.system.notify");
  EXPECT_EQ(notifies.back()->arg(2)->As<ir::MakeTuple>()->elements().size(), 2u);
}

// Own value read before the ready barrier; the reduce after the push-done
// barrier; the generations of subchunk k are 2k + 1 and 2k + 2.
TEST(AllReduceRingTest, SubchunkOrderAndGenerations) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, RingKernel(Window("1, 20000"), 2, 1));
  // The reduce-scatter subchunk body, up to its store.
  std::vector<std::string> order;
  for (const std::string& op : testing::CalledOps(out)) {
    if (op == "tile.load" || op == "pld.system.wait" || op == "pld.tile.put" ||
        op == "tile.maximum" || op == "tile.store") {
      order.push_back(op);
    }
    if (op == "tile.store") break;
  }
  EXPECT_THAT(order,
              ::testing::ElementsAre("tile.load", "tile.load", "pld.system.wait", "pld.tile.put",
                                     "pld.system.wait", "tile.load", "tile.maximum", "tile.store"));
  testing::ScalarEval eval(out);
  const ir::ForStmt* col = testing::LoopNamed(out, "rs_col");
  ASSERT_NE(col, nullptr);
  const ir::Expr* ready = testing::BoundValue(out, "rs_ready_gen");
  const ir::Expr* done = testing::BoundValue(out, "rs_done_gen");
  int64_t chunk = *ir::AsConstInt(col->step());
  for (int64_t k = 0; k < 3; ++k) {
    eval.Set(col->loop_var(), k * chunk);
    EXPECT_EQ(eval.Eval(ready), 2 * k + 1);
    EXPECT_EQ(eval.Eval(done), 2 * k + 2);
  }
  // 20000 / 2 = 10000 per segment -> three 4096-column subchunks.
  EXPECT_EQ(ir::AsConstInt(col->stop()), 10000);
  EXPECT_EQ(chunk, 4096);
  EXPECT_EQ(testing::StaticEpilogues(out), (std::vector<int64_t>{6}));
}

// Segment boundaries, evaluated for every segment index: they tile [0, SIZE)
// exactly; FP32 is balanced, FP16 boundaries are multiples of 16 (or SIZE);
// every segment fits max_segment, the subchunk loop's bound.
TEST(AllReduceRingTest, SegmentsAndSubchunkGeometry) {
  for (const char* dtype : {"FP32", "FP16"}) {
    bool fp16 = std::string(dtype) == "FP16";
    ChunkGeometry g = MakeChunkGeometry(fp16 ? ir::DataType::kFP16 : ir::DataType::kFP32);
    for (int nr : {2, 4}) {
      for (int64_t size : {1, 3, 7, 8, 17, 4095, 4096, 4097, 65537}) {
        SCOPED_TRACE(absl::StrCat(dtype, " NR=", nr, " SIZE=", size));
        int64_t seg = (size + nr - 1) / nr;
        if (fp16) seg = std::min(size, seg + 15);
        int64_t chunk = std::min(g.chunk_elements, (seg + g.alignment_elements - 1) /
                                                       g.alignment_elements * g.alignment_elements);
        ir::Context ctx;
        ir::Program out = LowerOk(ctx, RingKernel(Window(absl::StrCat("1, ", size), dtype), nr));
        const ir::Call* stage = testing::CallsOf(out, "tile.create")[0];
        EXPECT_EQ(testing::ListValues(stage->arg(0)), (std::vector<int64_t>{1, chunk}));
        for (const char* loop : {"rs_col", "ag_col"}) {
          const ir::ForStmt* f = testing::LoopNamed(out, loop);
          ASSERT_NE(f, nullptr);
          EXPECT_EQ(ir::AsConstInt(f->stop()), seg);
          EXPECT_EQ(ir::AsConstInt(f->step()), chunk);
        }
        EXPECT_EQ(testing::StaticEpilogues(out),
                  (std::vector<int64_t>{2 * ((seg + chunk - 1) / chunk)}));
        EXPECT_EQ(ir::AsConstInt(testing::LoopNamed(out, "reset_row")->stop()), 2 * (nr - 1));
        // Boundaries b(i) through the emitted expressions.
        testing::ScalarEval eval(out);
        const ir::Var* idx = eval.VarNamed("rs_recv_idx");
        const ir::Expr* begin = testing::BoundValue(out, "rs_recv_segment_begin");
        const ir::Expr* end = testing::BoundValue(out, "rs_recv_segment_end");
        int64_t expected_begin = 0;
        for (int i = 0; i < nr; ++i) {
          eval.Set(idx, i);
          std::optional<int64_t> b = eval.Eval(begin);
          std::optional<int64_t> e = eval.Eval(end);
          ASSERT_TRUE(b && e);
          EXPECT_EQ(*b, expected_begin) << i;
          EXPECT_LE(*b, *e);
          EXPECT_LE(*e - *b, seg);
          if (fp16) {
            EXPECT_TRUE(*b % 16 == 0 || *b == size) << *b;
          } else {
            EXPECT_EQ(*b, i * size / nr);
          }
          expected_begin = *e;
        }
        EXPECT_EQ(expected_begin, size);
      }
    }
  }
}

TEST(AllReduceRingTest, EveryReduceOp) {
  const char* ops[] = {"tile.add", "tile.maximum", "tile.minimum", "tile.mul"};
  for (int op = 0; op < 4; ++op) {
    ir::Context ctx;
    std::vector<std::string> called =
        testing::CalledOps(LowerOk(ctx, RingKernel(Window("1, 17", "FP16"), 4, op)));
    for (int other = 0; other < 4; ++other) {
      EXPECT_EQ(std::count(called.begin(), called.end(), ops[other]), other == op ? 1 : 0);
    }
  }
}

// The indices ring around with the runtime rank count: for every rank and
// step, the segment received is the one the left neighbour sends.
TEST(AllReduceRingTest, RingIndicesMatchTheLeftNeighboursSend) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, RingKernel(Window("1, 64"), 4));
  testing::ScalarEval eval(out);
  const ir::Var* me = eval.VarNamed("my_rank");
  const ir::Var* nranks = eval.VarNamed("nranks");
  const ir::ForStmt* rs = testing::LoopNamed(out, "rs_step");
  const ir::ForStmt* ag = testing::LoopNamed(out, "ag_step");
  const ir::Expr* recv = testing::BoundValue(out, "rs_recv_idx");
  const ir::Expr* send = testing::BoundValue(out, "rs_send_idx");
  const ir::Expr* ag_send = testing::BoundValue(out, "ag_send_idx");
  const ir::Expr* right = testing::BoundValue(out, "right");
  eval.Set(nranks, 4);
  for (int64_t step = 0; step < 3; ++step) {
    eval.Set(rs->loop_var(), step);
    eval.Set(ag->loop_var(), step);
    for (int64_t r = 0; r < 4; ++r) {
      eval.Set(me, (r + 3) % 4);  // the left neighbour
      std::optional<int64_t> left_send = eval.Eval(send);
      EXPECT_EQ(eval.Eval(right), r);
      eval.Set(me, r);
      EXPECT_EQ(eval.Eval(recv), left_send);
      EXPECT_EQ(eval.Eval(send), ((r - step) % 4 + 4) % 4);
      EXPECT_EQ(eval.Eval(ag_send), ((r - step + 1) % 4 + 4) % 4);
    }
  }
}

// A contiguous partial prefix keeps the physical row and carries the valid
// prefix; the stores pass their region explicitly.
TEST(AllReduceRingTest, PartialPrefixTarget) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, RingKernel(ViewWindow("2, 3, 4",
                                                       "valid_shape=[1, 3, 4], "
                                                       "stride=[], "
                                                       "layout=pl.TensorLayout.ND")));
  const ir::Call* view = testing::CallsOf(out, "tensor.view")[0];
  EXPECT_EQ(testing::ListValues(view->arg(1)), (std::vector<int64_t>{1, 24}));
  EXPECT_EQ(testing::ListValues(view->arg(2)), (std::vector<int64_t>{1, 12}));
  EXPECT_EQ(testing::CallsOf(out, "tile.store")[0]->args().size(), 4u);
  EXPECT_THAT(testing::CalledOps(out), Not(Contains("tensor.slice")));
}

// A runtime extent: max_segment and the credit total are bound expressions.
TEST(AllReduceRingTest, SymbolicExtent) {
  ir::Context ctx;
  ir::Program out = LowerOk(ctx, RingKernel(Window("2, 3, n", "FP16"), 2));
  const ir::ForStmt* col = testing::LoopNamed(out, "rs_col");
  ASSERT_NE(col, nullptr);
  const auto* bound = col->stop()->As<ir::Var>();
  ASSERT_NE(bound, nullptr);
  EXPECT_THAT(std::string(bound->name()), HasSubstr("max_segment"));
  EXPECT_EQ(ir::AsConstInt(col->step()), 8192);
  const ir::Call* epilogue = testing::CallsOf(out, "pld.system.notify").back();
  EXPECT_TRUE(epilogue->arg(3)->Is<ir::UnaryExpr>());
}

TEST(AllReduceRingTest, Rejections) {
  auto error = [](const std::string& kernel) { return testing::LowerError(kernel, "a5"); };
  EXPECT_THAT(error(RingKernel(ViewWindow("2, 3, 4",
                                          "valid_shape=[1, 3, 2], stride=[], "
                                          "layout=pl.TensorLayout.ND"))),
              HasSubstr("pld.tensor.allreduce: mode=\"ring\" valid_shape [1, 3, 2] of target "
                        "[2, 3, 4] must be a contiguous row-major prefix of the flattened "
                        "target"));
  EXPECT_THAT(error(RingKernel(ViewWindow("2, 3, 4",
                                          "stride=[100, 10, 1], "
                                          "layout=pl.TensorLayout.ND"))),
              HasSubstr("requires a packed source"));
  EXPECT_THAT(error(RingKernel(ViewWindow("4, 16", "layout=pl.TensorLayout.DN"))),
              HasSubstr("target view only supports ND layout"));
  EXPECT_THAT(error(RingKernel(Window("1, 16"), 2, 0, Window("3, 2", "INT32"))),
              HasSubstr("pld.tensor.allreduce: mode=\"ring\" signal shape [3, 2] must be "
                        "[2*(NR-1), NR] for the group's rank count NR (one row per ring round, "
                        "one column per rank); its dims disagree: 3 rows fit no NR (2*(NR-1) is "
                        "even), 2 columns fit NR = 2 (shape [2, 2])"));
  // NR is known only at run time: the message says what each dim fits and
  // never derives an expectation that contradicts the given shape.
  EXPECT_THAT(error(RingKernel(Window("1, 16"), 2, 0, Window("4, 1", "INT32"))),
              HasSubstr("signal shape [4, 1] must be [2*(NR-1), NR] for the group's rank count NR "
                        "(one row per ring round, one column per rank); its dims disagree: 4 rows "
                        "fit NR = 3 (shape [4, 3]), 1 column fits NR = 1 (shape [0, 1])"));
  EXPECT_THAT(error(RingKernel(Window("1, 16"), 2, 0, Window("5, n", "INT32"))),
              HasSubstr("signal shape [5, n] must be [2*(NR-1), NR] for the group's rank count NR "
                        "(one row per ring round, one column per rank); 5 rows fit no NR "
                        "(2*(NR-1) is even)"));
  for (const char* shape : {"4, 3", "0, 1", "n, 3", "4, n"}) {
    ir::Context ctx;
    std::string kernel = RingKernel(Window("1, 16"), 2, 0, Window(shape, "INT32"));
    EXPECT_TRUE(testing::Lower(testing::Parse(ctx, kernel), "a5").ok()) << shape;
  }
  EXPECT_THAT(error(RingKernel(Window("1, 16"), 2, 0, Window("2", "INT32"))),
              HasSubstr("pld.tensor.allreduce: mode=\"ring\" needs a signal of shape "
                        "[2*(NR-1), NR], got [2]"));
}

}  // namespace
}  // namespace pto::passes::lower_composite
