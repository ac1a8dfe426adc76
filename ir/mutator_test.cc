#include "ir/mutator.h"

#include "gtest/gtest.h"
#include "ir/visitor.h"

namespace pto::ir {
namespace {

class MutatorTest : public ::testing::Test {
 protected:
  const ScalarType* index() { return ctx_.GetScalarType(DataType::kIndex); }
  Context ctx_;
};

// Replaces every use of `from` by `to`.
class Substitute : public IRMutator {
 public:
  Substitute(Context& ctx, const Var* from, const Expr* to) : IRMutator(ctx) { Remap(from, to); }
};

TEST_F(MutatorTest, UnchangedIRComesBackAsTheSameObjects) {
  const Var* x = ctx_.NewVar("x", index());
  const Var* y = ctx_.NewVar("y", index());
  const Stmt* body[] = {ctx_.NewAssign(y, ctx_.NewBinary(BinaryOp::kAdd, x, ctx_.Index(1),
                                                         DataType::kIndex)),
                        ctx_.NewReturn({y})};
  const Var* params[] = {x};
  ParamDirection dirs[] = {ParamDirection::kIn};
  const Type* rets[] = {index()};
  const Function* f = ctx_.NewFunction("f", params, dirs, rets, ctx_.NewSeq(body));
  Program p = ctx_.NewProgram("P", {&f, 1});
  const Var* unrelated = ctx_.NewVar("z", index());
  Program out = Substitute(ctx_, unrelated, ctx_.Index(0)).MutateProgram(p);
  EXPECT_TRUE(out.SameAs(p));
}

TEST_F(MutatorTest, RemapRewritesUsesAndKeepsDefinitions) {
  const Var* x = ctx_.NewVar("x", index());
  const Var* y = ctx_.NewVar("y", index());
  const AssignStmt* def =
      ctx_.NewAssign(y, ctx_.NewBinary(BinaryOp::kMul, x, x, DataType::kIndex));
  const Stmt* body[] = {def, ctx_.NewReturn({y})};
  const Stmt* seq = ctx_.NewSeq(body);
  const Stmt* out = Substitute(ctx_, x, ctx_.Index(3)).VisitStmt(seq);
  ASSERT_NE(out, seq);
  const auto* new_def = out->As<SeqStmts>()->stmts()[0]->As<AssignStmt>();
  EXPECT_EQ(new_def->var(), y);  // the definition keeps its Var
  const auto* mul = new_def->value()->As<BinaryExpr>();
  EXPECT_EQ(AsConstInt(mul->lhs()), 3);
  EXPECT_EQ(AsConstInt(mul->rhs()), 3);
  // The untouched return statement is shared, not copied.
  EXPECT_EQ(out->As<SeqStmts>()->stmts()[1], body[1]);
}

TEST_F(MutatorTest, AFunctionCallsTypeFollowsARenamedDim) {
  // `t = self.k(n)` typed [n]: renaming n renames the dim of the call's type,
  // which nothing deduces again for a function call.
  const Var* n = ctx_.NewVar("n", index());
  const Var* m = ctx_.NewVar("m", index());
  const Expr* dims[] = {n};
  const Type* t = ctx_.GetTensorType(DataType::kFP32, dims);
  const Expr* args[] = {n};
  const Call* call = ctx_.NewFunctionCall(ctx_.GetGlobalVar("k"), args, t);
  const Expr* out = Substitute(ctx_, n, m).VisitExpr(call);
  const auto* renamed = out->As<Call>()->type()->As<TensorType>();
  ASSERT_NE(renamed, nullptr);
  EXPECT_EQ(renamed->shape()[0], m);
  EXPECT_EQ(out->As<Call>()->arg(0), m);
}

TEST_F(MutatorTest, AProjectionOfATupleRewrittenIntoItsElementsReadsTheElement) {
  const Type* elems[] = {index(), index()};
  const Var* t = ctx_.NewVar("t", ctx_.GetTupleType(elems));
  const Var* a = ctx_.NewVar("a", index());
  const Var* b = ctx_.NewVar("b", index());
  const Expr* ab[] = {a, b};
  const Expr* second = ctx_.NewTupleGetItem(t, 1);
  EXPECT_EQ(Substitute(ctx_, t, ctx_.NewMakeTuple(ab)).VisitExpr(second), b);
  // A projection of a MakeTuple the program wrote itself stays as written.
  const Expr* written = ctx_.NewTupleGetItem(ctx_.NewMakeTuple(ab), 0);
  EXPECT_EQ(Substitute(ctx_, t, a).VisitExpr(written), written);
}

// Puts `pre = 0` in front of every assignment of `target`.
class Prepend : public IRMutator {
 public:
  Prepend(Context& ctx, const Var* target, const Var* pre) : IRMutator(ctx), target_(target),
                                                             pre_(pre) {}
  const Stmt* VisitAssign(const AssignStmt* s) override {
    if (s->var() != target_) return IRMutator::VisitAssign(s);
    return Expand({ctx().NewAssign(pre_, ctx().Index(0)), s}, s);
  }

 private:
  const Var* target_;
  const Var* pre_;
};

TEST_F(MutatorTest, ExpandGoesStraightIntoTheEnclosingSequence) {
  const Var* x = ctx_.NewVar("x", index());
  const Var* y = ctx_.NewVar("y", index());
  const Var* pre = ctx_.NewVar("pre", index());
  absl::string_view note[] = {"# note"};
  const Stmt* def = ctx_.NewAssign(y, x, {}, note);
  const Stmt* ret = ctx_.NewReturn({y});
  const Stmt* seq = ctx_.NewSeq({def, ret});
  const Stmt* out = Prepend(ctx_, y, pre).VisitStmt(seq);
  const auto* flat = out->As<SeqStmts>();
  ASSERT_NE(flat, nullptr);
  ASSERT_EQ(flat->stmts().size(), 3u);
  EXPECT_EQ(flat->stmts()[0]->As<AssignStmt>()->var(), pre);
  // The comments lead the expansion; the original statement keeps none.
  ASSERT_EQ(flat->stmts()[0]->comments().size(), 1u);
  EXPECT_EQ(flat->stmts()[0]->comments()[0], "# note");
  EXPECT_TRUE(flat->stmts()[1]->comments().empty());
  EXPECT_EQ(flat->stmts()[1]->As<AssignStmt>()->var(), y);
  EXPECT_EQ(flat->stmts()[2], ret);
}

TEST_F(MutatorTest, ExpandOfALoneBodyIsASequence) {
  const Var* x = ctx_.NewVar("x", index());
  const Var* y = ctx_.NewVar("y", index());
  const Var* pre = ctx_.NewVar("pre", index());
  const Var* i = ctx_.NewVar("i", index());
  // A loop whose body is the assignment alone, inside a sequence.
  const Stmt* loop = ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(4), ctx_.Index(1), {},
                                 ctx_.NewAssign(y, x), {});
  const Stmt* seq = ctx_.NewSeq({loop, ctx_.NewReturn({})});
  const Stmt* out = Prepend(ctx_, y, pre).VisitStmt(seq);
  const auto* flat = out->As<SeqStmts>();
  ASSERT_EQ(flat->stmts().size(), 2u);  // the expansion stays inside the loop
  const auto* body = flat->stmts()[0]->As<ForStmt>()->body()->As<SeqStmts>();
  ASSERT_NE(body, nullptr);
  ASSERT_EQ(body->stmts().size(), 2u);
  EXPECT_EQ(body->stmts()[0]->As<AssignStmt>()->var(), pre);
  EXPECT_EQ(body->stmts()[1]->As<AssignStmt>()->var(), y);
}

// Replaces every assignment of `target` by a SeqStmts of two, built by hand
// rather than through Expand.
class Duplicate : public IRMutator {
 public:
  Duplicate(Context& ctx, const Var* target) : IRMutator(ctx), target_(target) {}
  const Stmt* VisitAssign(const AssignStmt* s) override {
    if (s->var() != target_) return IRMutator::VisitAssign(s);
    return ctx().NewSeq({ctx().NewAssign(s->var(), ctx().Index(1)), s});
  }

 private:
  const Var* target_;
};

TEST_F(MutatorTest, ASequenceReturnedForAnElementIsSplicedIn) {
  const Var* x = ctx_.NewVar("x", index());
  const Var* y = ctx_.NewVar("y", index());
  const Stmt* def = ctx_.NewAssign(y, x);
  const Stmt* ret = ctx_.NewReturn({y});
  const Stmt* seq = ctx_.NewSeq({def, ret});
  const auto* out = Duplicate(ctx_, y).VisitStmt(seq)->As<SeqStmts>();
  ASSERT_NE(out, nullptr);
  ASSERT_EQ(out->stmts().size(), 3u);
  for (const Stmt* s : out->stmts()) EXPECT_EQ(s->As<SeqStmts>(), nullptr);
  EXPECT_EQ(out->stmts()[1], def);
  EXPECT_EQ(out->stmts()[2], ret);
}

TEST_F(MutatorTest, FlatSequenceKeepsItsStatementsInOrder) {
  const Var* y = ctx_.NewVar("y", index());
  const Stmt* a = ctx_.NewAssign(y, ctx_.Index(1));
  const Stmt* b = ctx_.NewReturn({y});
  const Stmt* both[] = {a, b};
  const SeqStmts* seq = ctx_.NewFlatSeq(both);
  ASSERT_EQ(seq->stmts().size(), 2u);
  EXPECT_EQ(seq->stmts()[0], a);
  EXPECT_EQ(seq->stmts()[1], b);
  EXPECT_NE(seq->stmts().data(), both);  // copied into the Context
}

TEST_F(MutatorTest, ChangedIterArgInitGetsAFreshIterArgAndItsUsesFollow) {
  const Var* a0 = ctx_.NewVar("a0", index());
  const Var* i = ctx_.NewVar("i", index());
  const IterArg* acc = ctx_.NewIterArg("acc", index(), a0);
  const Var* nxt = ctx_.NewVar("nxt", index());
  const Var* out_var = ctx_.NewVar("acc_out", index());
  const Stmt* body[] = {
      ctx_.NewAssign(nxt, ctx_.NewBinary(BinaryOp::kAdd, acc, i, DataType::kIndex)),
      ctx_.NewYield({nxt})};
  const IterArg* iter_args[] = {acc};
  const Var* rets[] = {out_var};
  const ForStmt* loop = ctx_.NewFor(i, ctx_.Index(0), ctx_.Index(4), ctx_.Index(1), iter_args,
                                    ctx_.NewSeq(body), rets);
  const auto* out = Substitute(ctx_, a0, ctx_.Index(7)).VisitStmt(loop)->As<ForStmt>();
  ASSERT_NE(out, nullptr);
  ASSERT_NE(out, loop);
  const IterArg* fresh = out->iter_args()[0];
  EXPECT_NE(fresh, acc);
  EXPECT_EQ(AsConstInt(fresh->init()), 7);
  EXPECT_EQ(out->loop_var(), i);
  EXPECT_EQ(out->return_vars()[0], out_var);
  const auto* add =
      out->body()->As<SeqStmts>()->stmts()[0]->As<AssignStmt>()->value()->As<BinaryExpr>();
  EXPECT_EQ(add->lhs(), fresh);
}

class Collector : public IRVisitor {
 public:
  void VisitVar(const Var* v) override { vars.push_back(v); }
  std::vector<const Var*> vars;
};

TEST_F(MutatorTest, VisitorWalksInProgramOrder) {
  const Var* x = ctx_.NewVar("x", index());
  const Var* y = ctx_.NewVar("y", index());
  const Var* c = ctx_.NewVar("c", ctx_.GetScalarType(DataType::kBool));
  const Stmt* then_body = ctx_.NewSeq({ctx_.NewAssign(y, x)});
  const Stmt* s = ctx_.NewSeq(
      {ctx_.NewIf(c, then_body, nullptr, {}), ctx_.NewEval(x)});
  Collector collector;
  collector.VisitStmt(s);
  ASSERT_EQ(collector.vars.size(), 4u);
  EXPECT_EQ(collector.vars[0], c);
  EXPECT_EQ(collector.vars[1], x);  // the assigned value, then its var
  EXPECT_EQ(collector.vars[2], y);
  EXPECT_EQ(collector.vars[3], x);
}

}  // namespace
}  // namespace pto::ir
