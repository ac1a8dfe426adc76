#include "passes/lower_composite/builder.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "ir/analysis/verifier.h"
#include "ir/context.h"
#include "ir/ops/builtin.h"
#include "ir/status_macros.h"
#include "ir/text/printer/printer.h"

namespace pto::passes::lower_composite {
namespace {

using ir::DataType;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class BuilderTest : public ::testing::Test {
 protected:
  BuilderTest()
      : file_(ctx_.AddFile("k.py")),
        loc_{3, 7, file_},
        tile_type_(ctx_.GetTileType(DataType::kFP32, ctx_.IndexList({16, 16}),
                                    ir::MemorySpace::kVec)),
        x_(ctx_.NewVar("x", tile_type_)) {}

  LoweringBuilder Builder(absl::string_view base) {
    return LoweringBuilder(ctx_, base, names_, loc_, nullptr);
  }

  // The names `stmts` define (assignments, loop vars, iter args, return
  // vars), in order.
  static std::vector<std::string> Names(absl::Span<const ir::Stmt* const> stmts) {
    std::vector<std::string> out;
    for (const ir::Stmt* s : stmts) AppendNames(s, out);
    return out;
  }
  static void AppendNames(const ir::Stmt* s, std::vector<std::string>& out) {
    if (const auto* a = s->As<ir::AssignStmt>()) out.emplace_back(a->var()->name());
    if (const auto* seq = s->As<ir::SeqStmts>()) {
      for (const ir::Stmt* c : seq->stmts()) AppendNames(c, out);
    }
    if (const auto* f = s->As<ir::ForStmt>()) {
      out.emplace_back(f->loop_var()->name());
      for (const ir::IterArg* a : f->iter_args()) out.emplace_back(a->name());
      AppendNames(f->body(), out);
      for (const ir::Var* v : f->return_vars()) out.emplace_back(v->name());
    }
    if (const auto* i = s->As<ir::IfStmt>()) {
      AppendNames(i->then_body(), out);
      if (i->else_body() != nullptr) AppendNames(i->else_body(), out);
      for (const ir::Var* v : i->return_vars()) out.emplace_back(v->name());
    }
  }

  // `stmts` + `return value` as function k(x) of the program, verified.
  absl::Status Verify(std::vector<const ir::Stmt*> stmts, const ir::Expr* value) {
    stmts.push_back(ctx_.NewReturn({value}));
    const ir::Var* params[] = {x_};
    ir::ParamDirection dirs[] = {ir::ParamDirection::kIn};
    const ir::Type* rets[] = {value->type()};
    const ir::Function* f = ctx_.NewFunction("k", params, dirs, rets, ctx_.NewSeq(stmts),
                                             ir::FunctionType::kInCore);
    return ir::VerifyProgram(ctx_.NewProgram("P", {&f, 1}));
  }

  ir::Context ctx_;
  uint16_t file_;
  ir::SourceLoc loc_;
  const ir::TileType* tile_type_;
  const ir::Var* x_;
  TempNamer names_;
};

TEST_F(BuilderTest, BindNamesTemporariesAfterTheBaseWithASharedCounter) {
  LoweringBuilder a = Builder("y__ssa_v3");
  LoweringBuilder b = Builder("z");
  const ir::Var* v0 = a.Bind("first", x_);
  const ir::Var* v1 = b.Bind("second", x_);
  const ir::Var* v2 = a.Bind("third", x_);
  EXPECT_EQ(v0->name(), "y__first_tmp_v0");
  EXPECT_EQ(v1->name(), "z__second_tmp_v1");
  EXPECT_EQ(v2->name(), "y__third_tmp_v2");
  EXPECT_EQ(v0->type(), tile_type_);
  EXPECT_EQ(v0->loc().line, 3u);
  ASSERT_EQ(a.stmts().size(), 2u);
  const auto* assign = a.stmts()[0]->As<ir::AssignStmt>();
  ASSERT_NE(assign, nullptr);
  EXPECT_EQ(assign->var(), v0);
  EXPECT_EQ(assign->value(), x_);
  std::vector<const ir::Stmt*> taken = a.TakeStmts();
  EXPECT_EQ(taken.size(), 2u);
  EXPECT_TRUE(a.stmts().empty());
  EXPECT_EQ(a.MakeTempName("q"), "y__q_tmp_v3");
}

TEST_F(BuilderTest, BindPropagatesAFailedValue) {
  LoweringBuilder b = Builder("y");
  absl::StatusOr<const ir::Var*> v = b.Bind("bad", b.Add(x_, ctx_.Float(1.0)));
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.status().message(),
            "k.py:3:7: error: tile.add: rhs must be a TileType, got ScalarType");
  EXPECT_TRUE(b.stmts().empty());
  EXPECT_EQ(b.MakeTempName("next"), "y__next_tmp_v0");  // no name consumed
}

TEST_F(BuilderTest, ScalarHelpersCarryTheFloatLiteralAsDouble) {
  LoweringBuilder b = Builder("y");
  absl::StatusOr<const ir::Call*> m = b.Muls(x_, 0.1f);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ((*m)->op()->name(), "tile.muls");
  const auto* c = (*m)->arg(1)->As<ir::ConstFloat>();
  ASSERT_NE(c, nullptr);
  EXPECT_EQ(c->value(), static_cast<double>(0.1f));
  EXPECT_NE(c->value(), 0.1);
  EXPECT_EQ(c->dtype(), DataType::kFP32);
  EXPECT_EQ((*m)->loc().line, 3u);
  absl::StatusOr<const ir::Call*> a = b.Adds(x_, -2.0f);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ((*a)->op()->name(), "tile.adds");
  EXPECT_EQ((*a)->arg(1)->As<ir::ConstFloat>()->value(), -2.0);
  // The literal takes a float tile's dtype.
  const ir::Var* h = ctx_.NewVar(
      "h", ctx_.GetTileType(DataType::kFP16, ctx_.IndexList({16, 16}), ir::MemorySpace::kVec));
  EXPECT_EQ((*b.Muls(h, 0.5f))->arg(1)->As<ir::ConstFloat>()->dtype(), DataType::kFP16);
}

TEST_F(BuilderTest, BinaryAndReduceHelpers) {
  LoweringBuilder b = Builder("y");
  EXPECT_EQ((*b.Add(x_, x_))->op()->name(), "tile.add");
  EXPECT_EQ((*b.Sub(x_, x_))->op()->name(), "tile.sub");
  EXPECT_EQ((*b.Mul(x_, x_))->op()->name(), "tile.mul");
  const ir::Var* other = ctx_.NewVar("o", tile_type_);
  std::pair<ReduceOp, absl::string_view> cases[] = {{ReduceOp::kSum, "tile.add"},
                                                    {ReduceOp::kMax, "tile.maximum"},
                                                    {ReduceOp::kMin, "tile.minimum"},
                                                    {ReduceOp::kProd, "tile.mul"}};
  for (auto [op, name] : cases) {
    absl::StatusOr<const ir::Call*> r = b.Reduce(op, x_, other);
    ASSERT_TRUE(r.ok());
    EXPECT_EQ((*r)->op()->name(), name);
    EXPECT_EQ((*r)->arg(0), x_);  // (acc, other)
    EXPECT_EQ((*r)->arg(1), other);
  }
  EXPECT_EQ(static_cast<int>(ReduceOp::kProd), 3);
}

TEST_F(BuilderTest, CastFullAndCreate) {
  LoweringBuilder b = Builder("y");
  absl::StatusOr<const ir::Call*> cast = b.Cast(x_, DataType::kInt32, ir::RoundMode::kFloor);
  ASSERT_TRUE(cast.ok()) << cast.status();
  EXPECT_EQ((*cast)->FindKwarg("target_type")->dtype(), DataType::kInt32);
  EXPECT_EQ((*cast)->FindKwarg("mode")->As<ir::RoundMode>(), ir::RoundMode::kFloor);

  absl::StatusOr<const ir::Call*> full = b.Full({2, 32}, ctx_.Int(7, DataType::kInt16),
                                                DataType::kInt16);
  ASSERT_TRUE(full.ok()) << full.status();
  EXPECT_EQ((*full)->type(), ctx_.GetTileType(DataType::kInt16, ctx_.IndexList({2, 32}),
                                              ir::MemorySpace::kVec));

  absl::StatusOr<const ir::Call*> create = b.Create({1, 32}, DataType::kUInt8);
  ASSERT_TRUE(create.ok()) << create.status();
  EXPECT_EQ((*create)->FindKwarg("target_memory")->As<ir::MemorySpace>(), ir::MemorySpace::kVec);
  EXPECT_EQ((*create)->type(), ctx_.GetTileType(DataType::kUInt8, ctx_.IndexList({1, 32}),
                                                ir::MemorySpace::kVec));
  EXPECT_THAT(ir::PrintExpr(*create),
              HasSubstr("pl.tile.create([1, 32], dtype=pl.UINT8, target_memory=pl.Mem.Vec)"));
}

TEST_F(BuilderTest, LoadVecReadsAWindowIntoAVecTile) {
  LoweringBuilder b = Builder("y");
  const ir::Var* t = ctx_.NewVar("t", ctx_.GetTensorType(DataType::kFP32, ctx_.IndexList({4, 64})));
  absl::StatusOr<const ir::Call*> load =
      b.LoadVec(t, b.IndexTuple({1, 0}), b.IndexTuple({1, 64}), b.IndexTuple({1, 40}));
  ASSERT_TRUE(load.ok()) << load.status();
  const auto* tile = (*load)->type()->As<ir::TileType>();
  ASSERT_NE(tile, nullptr);
  EXPECT_EQ(tile->memory_space(), ir::MemorySpace::kVec);
  EXPECT_THAT(ir::PrintExpr(*load),
              HasSubstr("pl.tile.load(t, [1, 0], [1, 64], [1, 40], target_memory=pl.Mem.Vec)"));
}

TEST_F(BuilderTest, ErrorsNameTheCallLocation) {
  LoweringBuilder b = Builder("y");
  absl::Status e = b.Error("tile.select cannot select");
  EXPECT_EQ(e.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(e.message(), "k.py:3:7: error: tile.select cannot select");
  absl::StatusOr<const ir::Call*> unknown = b.Call("tile.nope", {x_});
  EXPECT_EQ(unknown.status().code(), absl::StatusCode::kInternal);
  EXPECT_EQ(unknown.status().message(),
            "k.py:3:7: internal error: LowerCompositeOps: unknown op 'tile.nope'");
}

TEST_F(BuilderTest, ScalarComparisonsPromote) {
  LoweringBuilder b = Builder("y");
  const ir::Var* i = ctx_.NewVar("i", ctx_.GetScalarType(DataType::kIndex));
  const ir::Var* r = ctx_.NewVar("r", ctx_.GetScalarType(DataType::kInt32));
  absl::StatusOr<const ir::Expr*> ne = b.NotEq(i, r);
  ASSERT_TRUE(ne.ok()) << ne.status();
  EXPECT_EQ(ir::ElementType((*ne)->type()), DataType::kBool);
  EXPECT_EQ((*ne)->As<ir::BinaryExpr>()->op(), ir::BinaryOp::kNe);
  absl::StatusOr<const ir::Expr*> gt = b.Gt(r, ctx_.Int(0, DataType::kInt32));
  ASSERT_TRUE(gt.ok());
  EXPECT_EQ((*gt)->As<ir::BinaryExpr>()->op(), ir::BinaryOp::kGt);
  EXPECT_THAT(b.NotEq(i, x_).status().message(), HasSubstr("k.py:3:7: error: operator '!='"));
}

TEST_F(BuilderTest, EmitForBuildsANestedBodyOnTheSharedCounter) {
  LoweringBuilder b = Builder("y");
  const ir::Var* seen = nullptr;
  absl::Status s = b.EmitFor("peer", ctx_.Index(0), ctx_.Index(4), ctx_.Index(1),
                             [&](LoweringBuilder& body, const ir::Var* i) {
                               EXPECT_TRUE(body.nested());
                               seen = i;
                               body.Bind("inner", x_);
                               return absl::OkStatus();
                             });
  ASSERT_TRUE(s.ok()) << s;
  EXPECT_FALSE(b.nested());
  ASSERT_EQ(b.stmts().size(), 1u);
  const auto* loop = b.stmts()[0]->As<ir::ForStmt>();
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(loop->loop_var(), seen);
  EXPECT_EQ(ir::ElementType(seen->type()), DataType::kIndex);
  EXPECT_TRUE(loop->iter_args().empty());
  EXPECT_TRUE(loop->return_vars().empty());
  EXPECT_TRUE(loop->body()->Is<ir::AssignStmt>());  // one statement: no sequence
  EXPECT_THAT(Names(b.stmts()), ElementsAre("y__peer_tmp_v0", "y__inner_tmp_v1"));
  EXPECT_TRUE(Verify(b.TakeStmts(), x_).ok());
}

TEST_F(BuilderTest, EmptyBodiesBecomeEmptySequences) {
  LoweringBuilder b = Builder("y");
  ASSERT_TRUE(b.EmitFor("i", ctx_.Index(0), ctx_.Index(2), ctx_.Index(1),
                        [](LoweringBuilder&, const ir::Var*) { return absl::OkStatus(); })
                  .ok());
  const auto* body = b.stmts()[0]->As<ir::ForStmt>()->body()->As<ir::SeqStmts>();
  ASSERT_NE(body, nullptr);
  EXPECT_TRUE(body->stmts().empty());
}

TEST_F(BuilderTest, EmitForReduceCarriesOneValue) {
  LoweringBuilder b = Builder("y");
  absl::StatusOr<const ir::Var*> final_var = b.EmitForReduce(
      "peer", ctx_.Index(0), ctx_.Index(4), ctx_.Index(1), x_,
      [&](LoweringBuilder& body, const ir::Var*, const ir::Var* acc)
          -> absl::StatusOr<const ir::Expr*> {
        return body.Bind("acc_next", body.Add(acc, x_));
      });
  ASSERT_TRUE(final_var.ok()) << final_var.status();
  EXPECT_EQ((*final_var)->type(), tile_type_);
  const auto* loop = b.stmts()[0]->As<ir::ForStmt>();
  ASSERT_EQ(loop->iter_args().size(), 1u);
  EXPECT_EQ(loop->iter_args()[0]->init(), x_);
  ASSERT_EQ(loop->return_vars().size(), 1u);
  EXPECT_EQ(loop->return_vars()[0], *final_var);
  const auto* body = loop->body()->As<ir::SeqStmts>();
  ASSERT_NE(body, nullptr);
  EXPECT_TRUE(body->stmts().back()->Is<ir::YieldStmt>());
  EXPECT_THAT(Names(b.stmts()), ElementsAre("y__peer_tmp_v0", "y__peer_acc_tmp_v1",
                                            "y__acc_next_tmp_v2", "y__peer_final_tmp_v3"));
  absl::Status v = Verify(b.TakeStmts(), *final_var);
  EXPECT_TRUE(v.ok()) << v;
}

TEST_F(BuilderTest, EmitForReduceRejectsAMistypedYield) {
  LoweringBuilder b = Builder("y");
  absl::StatusOr<const ir::Var*> r = b.EmitForReduce(
      "i", ctx_.Index(0), ctx_.Index(4), ctx_.Index(1), x_,
      [&](LoweringBuilder& body, const ir::Var*, const ir::Var*)
          -> absl::StatusOr<const ir::Expr*> {
        return body.Cast(x_, DataType::kFP16, ir::RoundMode::kRint);
      });
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInternal);
}

TEST_F(BuilderTest, EmitIfWithAndWithoutElse) {
  LoweringBuilder b = Builder("y");
  const ir::Expr* cond = *b.NotEq(ctx_.Index(1), ctx_.Index(2));
  ASSERT_TRUE(b.EmitIf(cond, [&](LoweringBuilder& t) {
                 t.Bind("then", x_);
                 return absl::OkStatus();
               }).ok());
  ASSERT_TRUE(b.EmitIf(
                   cond,
                   [&](LoweringBuilder& t) {
                     t.Bind("a", x_);
                     return absl::OkStatus();
                   },
                   [&](LoweringBuilder& e) {
                     e.Bind("b", x_);
                     return absl::OkStatus();
                   })
                  .ok());
  ASSERT_EQ(b.stmts().size(), 2u);
  EXPECT_EQ(b.stmts()[0]->As<ir::IfStmt>()->else_body(), nullptr);
  EXPECT_NE(b.stmts()[1]->As<ir::IfStmt>()->else_body(), nullptr);
  EXPECT_TRUE(b.stmts()[1]->As<ir::IfStmt>()->return_vars().empty());
  EXPECT_THAT(Names(b.stmts()), ElementsAre("y__then_tmp_v0", "y__a_tmp_v1", "y__b_tmp_v2"));
  EXPECT_TRUE(Verify(b.TakeStmts(), x_).ok());
}

TEST_F(BuilderTest, EmitIfExprYieldsFromBothBranches) {
  LoweringBuilder b = Builder("y");
  const ir::Expr* cond = *b.NotEq(ctx_.Index(1), ctx_.Index(2));
  absl::StatusOr<const ir::Var*> r = b.EmitIfExpr(
      cond,
      [&](LoweringBuilder& t) -> absl::StatusOr<const ir::Expr*> {
        return t.Bind("then_v", t.Adds(x_, 1.0f));
      },
      [&](LoweringBuilder&) -> absl::StatusOr<const ir::Expr*> { return x_; });
  ASSERT_TRUE(r.ok()) << r.status();
  const auto* s = b.stmts()[0]->As<ir::IfStmt>();
  ASSERT_EQ(s->return_vars().size(), 1u);
  EXPECT_EQ(s->return_vars()[0], *r);
  EXPECT_TRUE(s->else_body()->Is<ir::YieldStmt>());
  EXPECT_THAT(Names(b.stmts()), ElementsAre("y__then_v_tmp_v0", "y__if_res_tmp_v1"));
  absl::Status v = Verify(b.TakeStmts(), *r);
  EXPECT_TRUE(v.ok()) << v;
}

TEST_F(BuilderTest, BodyErrorsPropagate) {
  LoweringBuilder b = Builder("y");
  absl::Status s = b.EmitFor("i", ctx_.Index(0), ctx_.Index(2), ctx_.Index(1),
                             [&](LoweringBuilder& body, const ir::Var*) {
                               return body.Error("bad body");
                             });
  EXPECT_EQ(s.message(), "k.py:3:7: error: bad body");
  EXPECT_TRUE(b.stmts().empty());
  absl::StatusOr<const ir::Var*> r = b.EmitIfExpr(
      ctx_.Bool(true),
      [&](LoweringBuilder& t) -> absl::StatusOr<const ir::Expr*> { return t.Error("no"); },
      [&](LoweringBuilder&) -> absl::StatusOr<const ir::Expr*> { return x_; });
  EXPECT_EQ(r.status().message(), "k.py:3:7: error: no");
}

// --- Barrier-signal protocol ----------------------------------------------------------------

class ProtocolBuilderTest : public BuilderTest {
 protected:
  ProtocolBuilderTest()
      : signal_(ctx_.NewVar("signal", ctx_.GetDistributedTensorType(
                                          DataType::kInt32, ctx_.IndexList({4, 1})))),
        ring_(ctx_.NewVar("ring", ctx_.GetDistributedTensorType(DataType::kInt32,
                                                                ctx_.IndexList({6, 4})))) {}

  // The calls of `op` in `stmts`, recursively, in order.
  static void Collect(const ir::Stmt* s, absl::string_view op,
                      std::vector<const ir::Call*>& out) {
    if (const auto* a = s->As<ir::AssignStmt>()) {
      if (const auto* c = a->value()->As<ir::Call>(); c && c->op()->name() == op) {
        out.push_back(c);
      }
    }
    if (const auto* seq = s->As<ir::SeqStmts>()) {
      for (const ir::Stmt* c : seq->stmts()) Collect(c, op, out);
    }
    if (const auto* f = s->As<ir::ForStmt>()) Collect(f->body(), op, out);
    if (const auto* i = s->As<ir::IfStmt>()) {
      Collect(i->then_body(), op, out);
      if (i->else_body() != nullptr) Collect(i->else_body(), op, out);
    }
  }
  std::vector<const ir::Call*> Calls(absl::Span<const ir::Stmt* const> stmts,
                                     absl::string_view op) {
    std::vector<const ir::Call*> out;
    for (const ir::Stmt* s : stmts) Collect(s, op, out);
    return out;
  }

  const ir::Var* signal_;
  const ir::Var* ring_;
};

TEST_F(ProtocolBuilderTest, CommSetupBindsContextRankCountAndRank) {
  LoweringBuilder b = Builder("s");
  absl::StatusOr<CommSetup> comm = b.EmitCommSetup(signal_);
  ASSERT_TRUE(comm.ok()) << comm.status();
  EXPECT_THAT(Names(b.stmts()), ElementsAre("s__ctx_tmp_v0", "s__nranks_tmp_v1",
                                            "s__nranks_idx_tmp_v2", "s__my_rank_tmp_v3"));
  EXPECT_EQ(comm->ctx->type(), ctx_.GetCommCtxType());
  EXPECT_EQ(ir::ElementType(comm->nranks->type()), DataType::kInt32);
  EXPECT_EQ(ir::ElementType(comm->nranks_idx->type()), DataType::kIndex);
  EXPECT_EQ(ir::ElementType(comm->my_rank->type()), DataType::kInt32);
  EXPECT_THAT(b.EmitCommSetup(x_).status().message(),
              HasSubstr("pld.system.get_comm_ctx: dist_tensor must be a DistributedTensor"));
}

TEST_F(ProtocolBuilderTest, BarriersCountCallLocalGenerations) {
  LoweringBuilder b = Builder("s");
  CommSetup comm = *b.EmitCommSetup(signal_);
  EXPECT_EQ(b.barrier_count(), 0);
  EXPECT_EQ(*b.EmitBarrier(signal_, comm), 1);
  EXPECT_EQ(*b.EmitBarrier(signal_, comm, "2"), 2);
  EXPECT_EQ(b.barrier_count(), 2);
  std::vector<const ir::Call*> notifies = Calls(b.stmts(), "pld.system.notify");
  std::vector<const ir::Call*> waits = Calls(b.stmts(), "pld.system.wait");
  ASSERT_EQ(notifies.size(), 2u);
  ASSERT_EQ(waits.size(), 2u);
  for (const ir::Call* n : notifies) {
    EXPECT_EQ(n->FindKwarg("op")->int_value(), 0);  // AtomicAdd
    EXPECT_EQ(ir::AsConstInt(n->arg(3)), 1);
    // This rank's cell [me, 0] on the peer.
    EXPECT_EQ(n->arg(2)->As<ir::MakeTuple>()->elements()[0], comm.my_rank);
  }
  EXPECT_EQ(ir::AsConstInt(waits[0]->arg(2)), 1);
  EXPECT_EQ(ir::AsConstInt(waits[1]->arg(2)), 2);
  EXPECT_EQ(waits[1]->FindKwarg("cmp")->int_value(), 1);  // Ge
  std::vector<std::string> names = Names(b.stmts());
  EXPECT_THAT(names, ::testing::Contains("s__peer2_tmp_v8"));
  EXPECT_THAT(names, ::testing::Contains("s__wait_ret2_tmp_v11"));
  // A fresh builder (the next call) restarts at generation 1.
  LoweringBuilder next = Builder("t");
  CommSetup comm2 = *next.EmitCommSetup(signal_);
  EXPECT_EQ(*next.EmitBarrier(signal_, comm2), 1);
}

TEST_F(ProtocolBuilderTest, BarrierAndEpilogueAreTopLevelOnly) {
  LoweringBuilder b = Builder("s");
  CommSetup comm = *b.EmitCommSetup(signal_);
  absl::Status s = b.EmitFor("i", ctx_.Index(0), ctx_.Index(2), ctx_.Index(1),
                             [&](LoweringBuilder& body, const ir::Var*) {
                               return body.EmitBarrier(signal_, comm).status();
                             });
  EXPECT_EQ(s.code(), absl::StatusCode::kInternal);
  EXPECT_THAT(s.message(), HasSubstr("EmitBarrier is only valid at a rule's top level"));
  s = b.EmitIf(ctx_.Bool(true), [&](LoweringBuilder& t) {
    return t.EmitEpilogueReset(signal_, comm, t.I32(1));
  });
  EXPECT_THAT(s.message(), HasSubstr("EmitEpilogueReset is only valid at a rule's top level"));
  // Loops use the raw notify-all / wait-all with their own thresholds.
  s = b.EmitFor("i", ctx_.Index(0), ctx_.Index(2), ctx_.Index(1),
                [&](LoweringBuilder& body, const ir::Var* i) -> absl::Status {
                  PTO_RETURN_IF_ERROR(body.EmitNotifyAll(signal_, comm, nullptr, body.I32(1), "_c"));
                  return body.EmitWaitAll(signal_, comm, nullptr, *body.CastScalar(i, DataType::kInt32),
                                          "_c");
                });
  EXPECT_TRUE(s.ok()) << s;
}

TEST_F(ProtocolBuilderTest, EpilogueRetiresTheCreditsFromEveryOtherCell) {
  LoweringBuilder b = Builder("s");
  CommSetup comm = *b.EmitCommSetup(signal_);
  ASSERT_TRUE(b.EmitEpilogueReset(signal_, comm, b.I32(3)).ok());
  std::vector<const ir::Call*> resets = Calls(b.stmts(), "pld.system.notify");
  ASSERT_EQ(resets.size(), 1u);
  EXPECT_EQ(resets[0]->arg(1), comm.my_rank);  // a self-notify
  EXPECT_EQ(ir::AsConstInt(resets[0]->arg(3)), -3);
  EXPECT_EQ(ir::ElementType(resets[0]->arg(3)->type()), DataType::kInt32);
  EXPECT_EQ(resets[0]->FindKwarg("op")->int_value(), 0);
  const auto* loop = b.stmts().back()->As<ir::ForStmt>();
  ASSERT_NE(loop, nullptr);
  const auto* guard = loop->body()->As<ir::IfStmt>();
  ASSERT_NE(guard, nullptr);  // non-self cells only
  EXPECT_EQ(guard->condition()->As<ir::BinaryExpr>()->op(), ir::BinaryOp::kNe);

  // A runtime total is bound once and negated.
  LoweringBuilder r = Builder("t");
  CommSetup comm2 = *r.EmitCommSetup(signal_);
  const ir::Var* n = ctx_.NewVar("n", ctx_.GetScalarType(DataType::kIndex));
  ASSERT_TRUE(r.EmitEpilogueReset(signal_, comm2, *r.CastScalar(n, DataType::kInt32)).ok());
  std::vector<const ir::Call*> dyn = Calls(r.stmts(), "pld.system.notify");
  ASSERT_EQ(dyn.size(), 1u);
  const auto* neg = dyn[0]->arg(3)->As<ir::UnaryExpr>();
  ASSERT_NE(neg, nullptr);
  EXPECT_EQ(neg->op(), ir::UnaryOp::kNeg);
  EXPECT_THAT(std::string(neg->operand()->As<ir::Var>()->name()),
              HasSubstr("t__reset_total_tmp_v"));
  EXPECT_EQ(r.EmitEpilogueReset(signal_, comm2, n).code(), absl::StatusCode::kInternal);
}

TEST_F(ProtocolBuilderTest, RingCellsAreRowAndSource) {
  LoweringBuilder b = Builder("s");
  CommSetup comm = *b.EmitCommSetup(ring_);
  const ir::Var* row = ctx_.NewVar("row", ctx_.GetScalarType(DataType::kIndex));
  ASSERT_TRUE(b.EmitNotifyAll(ring_, comm, row, b.I32(1), "_r").ok());
  ASSERT_TRUE(b.EmitWaitAll(ring_, comm, row, b.I32(2), "_r").ok());
  ASSERT_TRUE(b.EmitEpilogueReset(ring_, comm, b.I32(4), ctx_.Index(6)).ok());
  std::vector<const ir::Call*> notifies = Calls(b.stmts(), "pld.system.notify");
  std::vector<const ir::Call*> waits = Calls(b.stmts(), "pld.system.wait");
  ASSERT_EQ(notifies.size(), 2u);
  EXPECT_EQ(notifies[0]->arg(2)->As<ir::MakeTuple>()->elements()[0], row);
  EXPECT_EQ(notifies[0]->arg(2)->As<ir::MakeTuple>()->elements()[1], comm.my_rank);
  EXPECT_EQ(waits[0]->arg(1)->As<ir::MakeTuple>()->elements()[0], row);
  // The ring epilogue walks every row.
  const auto* rows = b.stmts().back()->As<ir::ForStmt>();
  ASSERT_NE(rows, nullptr);
  EXPECT_EQ(ir::AsConstInt(rows->stop()), 6);
  EXPECT_EQ(rows->loop_var()->name().substr(0, 15), "s__reset_row_tm");
  EXPECT_EQ(ir::AsConstInt(notifies[1]->arg(3)), -4);
}

TEST_F(BuilderTest, NegateFoldsConstants) {
  LoweringBuilder b = Builder("y");
  EXPECT_EQ(ir::AsConstInt(*b.Negate(ctx_.Int(5, DataType::kInt32))), -5);
  EXPECT_EQ(ir::ElementType((*b.Negate(ctx_.Int(5, DataType::kInt32)))->type()),
            DataType::kInt32);
  EXPECT_EQ(*b.Negate(ctx_.Index(2)), ctx_.Index(-2));
  const ir::Var* v = ctx_.NewVar("v", ctx_.GetScalarType(DataType::kInt32));
  EXPECT_EQ((*b.Negate(v))->As<ir::UnaryExpr>()->operand(), v);
}

}  // namespace
}  // namespace pto::passes::lower_composite
