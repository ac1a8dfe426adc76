#include "passes/normalize/simplify.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/arith/analyzer.h"
#include "ir/mutator.h"
#include "ir/op.h"
#include "ir/visitor.h"
#include "ir/type_substitute.h"
#include "passes/normalize/dead_scalars.h"

namespace pto::passes {
namespace {

using ir::Expr;
using ir::Stmt;
using ir::Var;

bool IsScalarConst(const Expr* e) {
  return e->Is<ir::ConstInt>() || e->Is<ir::ConstBool>() || e->Is<ir::ConstFloat>();
}

bool IsIntScalar(const Var* v) {
  const auto* s = v->type()->As<ir::ScalarType>();
  return s != nullptr && (s->dtype().IsInt() || s->dtype().IsBool());
}

// How many times each Var is the target of an assignment.
class AssignCounter : public ir::IRVisitor {
 public:
  absl::flat_hash_map<const Var*, int> count;
  void VisitAssign(const ir::AssignStmt* s) override {
    ++count[s->var()];
    IRVisitor::VisitAssign(s);
  }
};

bool SameDim(const Expr* a, const Expr* b) {
  if (a == b) return true;
  std::optional<int64_t> x = ir::AsConstInt(a), y = ir::AsConstInt(b);
  return x.has_value() && y.has_value() && *x == *y;
}

// A tensor.view of a plainly laid out tensor to its own shape and layout
// (ND, packed): the tensor itself.
bool IsIdentityView(const ir::Call* c) {
  if (c->op() == nullptr || c->op()->name() != "tensor.view" || c->args().size() > 2) {
    return false;
  }
  const auto* src = c->arg(0)->type()->As<ir::TensorType>();
  // A distributed tensor's view is kept: it names the window the ranks share.
  if (src == nullptr || src->view() != nullptr || src->IsDistributed()) return false;
  if (c->args().size() == 2) {
    const auto* shape = c->arg(1)->As<ir::MakeTuple>();
    if (shape == nullptr || shape->elements().size() != src->rank()) return false;
    for (size_t k = 0; k < src->rank(); ++k) {
      if (!SameDim(shape->elements()[k], src->shape()[k])) return false;
    }
  }
  const ir::AttrValue* layout = c->FindKwarg("layout");
  return layout == nullptr || layout->As<ir::TensorLayout>() == ir::TensorLayout::kND;
}

// The statements of `body` without its trailing yield, and the values that
// yield gives; nullopt unless the yield is the body's last statement.
std::optional<std::pair<std::vector<const Stmt*>, ir::ExprSpan>> SplitTrailingYield(
    const Stmt* body) {
  std::vector<const Stmt*> stmts = ir::StmtList(body);
  if (stmts.empty()) return std::nullopt;
  const auto* y = stmts.back()->As<ir::YieldStmt>();
  if (y == nullptr) return std::nullopt;
  stmts.pop_back();
  return std::make_pair(std::move(stmts), y->values());
}

class Folder : public ir::IRMutator {
 public:
  explicit Folder(ir::Context& ctx) : IRMutator(ctx), an_(ctx) {}

  const ir::Function* Run(const ir::Function* f) {
    AssignCounter assigns;
    assigns.VisitFunction(f);
    assigns_ = std::move(assigns.count);
    return MutateFunction(f);
  }

  const Expr* VisitBinary(const ir::BinaryExpr* b) override { return Fold(b); }
  const Expr* VisitUnary(const ir::UnaryExpr* u) override { return Fold(u); }

  const Expr* VisitCall(const ir::Call* c) override {
    const Expr* e = IRMutator::VisitCall(c);
    const auto* call = e->As<ir::Call>();
    return call != nullptr && IsIdentityView(call) ? call->arg(0) : e;
  }

  const Stmt* VisitAssign(const ir::AssignStmt* s) override {
    const Expr* value = VisitExpr(s->value());
    // A name assigned again (upstream's pre-SSA form) keeps the Var its
    // first retyping gave it.
    const Expr* seen = IRMutator::VisitVar(s->var());
    const Var* var = seen != s->var() && seen->Is<Var>() ? seen->As<Var>() : Retyped(s->var());
    if (IsIntScalar(var) && assigns_[s->var()] == 1) {
      if (depth_ == 0 && IsScalarConst(value)) {
        Remap(s->var(), value);  // the assignment dies with its last use
      } else {
        an_.Refine(var, an_.Bound(value));
      }
    }
    if (value == s->value() && var == s->var()) return s;
    return ctx().NewAssign(var, value, s->loc(), s->comments());
  }

  const Stmt* VisitIf(const ir::IfStmt* s) override {
    const Expr* cond = VisitExpr(s->condition());
    if (std::optional<bool> taken = an_.Decide(cond)) {
      const Stmt* branch = *taken ? s->then_body() : s->else_body();
      if (branch == nullptr) return ctx().NewSeq({}, s->loc());
      // The branch runs whenever the if does: it is visited as the code it
      // becomes, at this level (so a second run finds nothing more to do).
      const Stmt* body = VisitStmt(branch);
      if (s->return_vars().empty()) return Lift(body, s);
      if (auto split = SplitTrailingYield(body)) {
        for (size_t k = 0; k < s->return_vars().size(); ++k) {
          Remap(s->return_vars()[k], split->second[k]);
        }
        if (split->first.empty()) return ctx().NewSeq({}, s->loc());
        return Expand(std::move(split->first), s);
      }
      // A yield under a scope: keep the if, with its condition folded.
      return ctx().NewIf(cond, *taken ? body : s->then_body(), *taken ? s->else_body() : body,
                         s->return_vars(), s->loc(), s->comments());
    }
    const Stmt* then_body = Region(s->then_body(), cond, true);
    const Stmt* else_body = s->else_body() ? Region(s->else_body(), cond, false) : nullptr;
    std::vector<const Var*> rvs;
    const bool rvs_changed = RetypedAll(s->return_vars(), rvs);
    if (cond == s->condition() && then_body == s->then_body() && else_body == s->else_body() &&
        !rvs_changed) {
      return s;
    }
    return ctx().NewIf(cond, then_body, else_body, rvs, s->loc(), s->comments());
  }

  const Stmt* VisitFor(const ir::ForStmt* s) override {
    const Expr* start = VisitExpr(s->start());
    const Expr* stop = VisitExpr(s->stop());
    const Expr* step = VisitExpr(s->step());
    IterArgBuffer iter_args;
    bool changed = CarriedArgs(s->iter_args(), iter_args);
    const ir::IntBound step_bound = an_.Bound(step);
    const bool plain = s->for_kind() == ir::ForKind::kSequential && s->attrs().empty();
    if (plain && step_bound.lo > 0) {
      const Expr* trips_zero = Compare(ir::BinaryOp::kLe, stop, start);
      if (an_.Decide(trips_zero) == true) {
        std::vector<const Stmt*> stmts;
        for (size_t k = 0; k < s->return_vars().size(); ++k) {
          stmts.push_back(ctx().NewAssign(Retyped(s->return_vars()[k]), iter_args[k]->init(),
                                          s->loc()));
        }
        if (stmts.empty()) return ctx().NewSeq({}, s->loc());
        return Expand(std::move(stmts), s);
      }
      const Expr* one_trip = Compare(ir::BinaryOp::kLe, stop, Add(start, step));
      if (an_.Decide(one_trip) == true && Inlinable(start, iter_args)) {
        Remap(s->loop_var(), start);
        for (size_t k = 0; k < iter_args.size(); ++k) {
          Remap(s->iter_args()[k], iter_args[k]->init());
        }
        const Stmt* body = VisitStmt(s->body());  // runs once, at this level
        if (ir::HasLoopJump(body)) {
          // It still breaks or continues: the loop stays around the body,
          // which reads the start and the initial values for its variables.
          std::vector<const Var*> rvs;
          changed |= RetypedAll(s->return_vars(), rvs);
          if (!changed && start == s->start() && stop == s->stop() && step == s->step() &&
              body == s->body()) {
            return s;
          }
          return ctx().NewFor(s->loop_var(), start, stop, step, iter_args, body, rvs,
                              s->for_kind(), s->stage(), s->loc(), s->comments(), s->attrs());
        }
        auto split = SplitTrailingYield(body);
        if (s->return_vars().empty() && !split) return Lift(body, s);
        if (split) {
          for (size_t k = 0; k < s->return_vars().size(); ++k) {
            Remap(s->return_vars()[k], split->second[k]);
          }
          if (split->first.empty()) return ctx().NewSeq({}, s->loc());
          return Expand(std::move(split->first), s);
        }
        PTO_CHECK(false) << "a loop with results ends its body in a yield";
      }
    }
    const size_t mark = an_.Mark();
    if (step_bound.lo > 0) {
      an_.Bind(s->loop_var(), {an_.Bound(start).lo, Minus1(an_.Bound(stop).hi)});
    } else if (step_bound.hi < 0) {
      an_.Bind(s->loop_var(), {Plus1(an_.Bound(stop).lo), an_.Bound(start).hi});
    }
    const Stmt* body = Region(s->body());
    an_.Restore(mark);
    std::vector<const Var*> rvs;
    changed |= RetypedAll(s->return_vars(), rvs);
    if (!changed && start == s->start() && stop == s->stop() && step == s->step() &&
        body == s->body()) {
      return s;
    }
    return ctx().NewFor(s->loop_var(), start, stop, step, iter_args, body, rvs, s->for_kind(),
                        s->stage(), s->loc(), s->comments(), s->attrs());
  }

  const Stmt* VisitWhile(const ir::WhileStmt* s) override {
    IterArgBuffer iter_args;
    bool changed = CarriedArgs(s->iter_args(), iter_args);
    const Expr* cond = VisitExpr(s->condition());
    const Stmt* body = Region(s->body());
    std::vector<const Var*> rvs;
    changed |= RetypedAll(s->return_vars(), rvs);
    if (!changed && cond == s->condition() && body == s->body()) return s;
    return ctx().NewWhile(cond, iter_args, body, rvs, s->loc(), s->comments());
  }

  const Stmt* VisitScope(const ir::ScopeStmt* s) override {
    // An spmd body runs once per core: a region, like a loop body. Other
    // scopes only mark code.
    if (s->scope_kind() != ir::ScopeKind::kSpmd) return IRMutator::VisitScope(s);
    ExprBuffer operands;
    const bool changed = VisitExprs(s->operands(), operands);
    const Stmt* body = Region(s->body());
    if (!changed && body == s->body()) return s;
    return ctx().NewScope(s->scope_kind(), s->args(), operands, body, s->loc(), s->comments());
  }

 private:
  const Expr* Fold(const Expr* e) {
    return an_.Simplify(e, [this](const Expr* leaf) { return IRMutator::VisitExpr(leaf); });
  }

  const ir::Type* SimplifyType(const ir::Type* t) {
    return ir::MapTypeDims(ctx(), t, [this](const Expr* d) { return Fold(d); });
  }

  // `v`, or a new Var of its simplified type that later uses read instead.
  const Var* Retyped(const Var* v) {
    const ir::Type* t = SimplifyType(v->type());
    if (t == v->type()) return v;
    const Var* fresh = ctx().NewVar(v->name(), t, v->loc());
    Remap(v, fresh);
    return fresh;
  }

  // A loop's iter args with their inits visited and types simplified; a
  // changed one is a new IterArg that uses read instead.
  bool CarriedArgs(ir::IterArgSpan in, IterArgBuffer& out) {
    bool changed = false;
    for (const ir::IterArg* a : in) {
      const Expr* init = VisitExpr(a->init());
      const ir::Type* t = SimplifyType(a->type());
      if (init == a->init() && t == a->type()) {
        out.push_back(a);
        continue;
      }
      const ir::IterArg* fresh = ctx().NewIterArg(a->name(), t, init, a->loc());
      Remap(a, fresh);
      out.push_back(fresh);
      changed = true;
    }
    return changed;
  }

  bool RetypedAll(ir::VarSpan in, std::vector<const Var*>& out) {
    bool changed = false;
    for (const Var* v : in) {
      out.push_back(Retyped(v));
      changed |= out.back() != v;
    }
    return changed;
  }

  // Visits a loop body, a branch or an spmd body: what it learns stays in it.
  const Stmt* Region(const Stmt* body, const Expr* cond = nullptr, bool holds = true) {
    const size_t mark = an_.Mark();
    if (cond != nullptr) an_.Assume(cond, holds);
    ++depth_;
    const Stmt* out = VisitStmt(body);
    --depth_;
    an_.Restore(mark);
    return out;
  }

  // `body` in place of `original`, spliced into the enclosing sequence.
  const Stmt* Lift(const Stmt* body, const Stmt* original) {
    std::vector<const Stmt*> stmts = ir::StmtList(body);
    if (stmts.empty()) return ctx().NewSeq({}, original->loc());
    return Expand(std::move(stmts), original);
  }

  // A single-trip loop's values may replace its variables only when they
  // are plain values: copying a call would run it again.
  static bool Inlinable(const Expr* start, const IterArgBuffer& iter_args) {
    auto plain = [](const Expr* e) { return e->Is<Var>() || IsScalarConst(e); };
    if (!plain(start)) return false;
    for (const ir::IterArg* a : iter_args) {
      if (!plain(a->init())) return false;
    }
    return true;
  }

  const Expr* Compare(ir::BinaryOp op, const Expr* a, const Expr* b) {
    return ctx().NewBinary(op, a, b, ir::DataType::kBool);
  }
  const Expr* Add(const Expr* a, const Expr* b) {
    return ctx().NewBinary(ir::BinaryOp::kAdd, a, b, ir::DataType::kIndex);
  }
  static int64_t Minus1(int64_t x) { return x == ir::IntBound::kPosInf ? x : x - 1; }
  static int64_t Plus1(int64_t x) { return x == ir::IntBound::kNegInf ? x : x + 1; }

  ir::Analyzer an_;
  absl::flat_hash_map<const Var*, int> assigns_;
  int depth_ = 0;  // loop, branch and spmd bodies around the statement
};

class Simplify : public Pass {
 public:
  absl::string_view name() const override { return "simplify"; }
  absl::string_view description() const override {
    return "Folds scalar arithmetic (in types too), decided ifs and single-trip loops, and "
           "removes dead scalar assignments.";
  }
  PassProperties properties() const override { return {{}, {}, {}}; }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    return RewriteFunctions(program, [&](const ir::Function* f) -> absl::StatusOr<const ir::Function*> {
      const ir::Function* g = Folder(program.context()).Run(f);
      return RemoveDeadScalars(program.context(), g);
    });
  }
};

}  // namespace

std::unique_ptr<Pass> CreateSimplifyPass() { return std::make_unique<Simplify>(); }

}  // namespace pto::passes
