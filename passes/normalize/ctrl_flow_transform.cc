#include "passes/normalize/ctrl_flow_transform.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/mutator.h"
#include "passes/fresh_copy.h"
#include "passes/var_occurrences.h"

namespace pto::passes {
namespace {

using ir::Expr;
using ir::Stmt;
using ir::Var;

constexpr absl::string_view kPass = "CtrlFlowTransform: ";

class Restructurer : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;

  absl::StatusOr<const ir::Function*> Run(const ir::Function* f) {
    if (!f->IsInCore()) return f;
    f_ = f;
    const ir::Function* g = MutateFunction(f);
    if (!status_.ok()) return status_;
    return g;
  }

  const Stmt* VisitFor(const ir::ForStmt* s) override {
    if (s->for_kind() != ir::ForKind::kSequential || !ir::HasLoopJump(s->body())) {
      return IRMutator::VisitFor(s);
    }
    const Expr* start = VisitExpr(s->start());
    const Expr* stop = VisitExpr(s->stop());
    const Expr* step = VisitExpr(s->step());
    IterArgBuffer iter_args;
    VisitIterArgs(s->iter_args(), iter_args);
    const bool to_while = ir::HasLoopBreak(s->body());
    std::optional<int64_t> step_value = ir::AsIntLiteral(step);
    if (to_while && !step_value.has_value()) {
      return Fail(s, "a for loop with break becomes a while loop, which must know the sign of "
                     "the step; make the step a constant");
    }
    const Var* idx = nullptr;
    if (to_while) {
      idx = ctx().NewVar(absl::StrCat(s->loop_var()->name(), "_idx"), s->loop_var()->type(),
                         s->loc());
      Remap(s->loop_var(), idx);
    }
    const Stmt* body = VisitStmt(s->body());
    ir::IterArgSpan args(iter_args.data(), iter_args.size());
    if (!to_while) {
      const Stmt* flat = Restructure(body, args, nullptr, nullptr, s);
      return ctx().NewFor(s->loop_var(), start, stop, step, iter_args, flat, s->return_vars(),
                          s->for_kind(), s->stage(), s->loc(), s->comments(), s->attrs());
    }
    const Var* brk = NewFlag(s->loc());
    const Stmt* increment = ctx().NewIf(
        ctx().NewUnary(ir::UnaryOp::kNot, brk, ir::DataType::kBool, s->loc()),
        ctx().NewAssign(idx,
                        ctx().NewBinary(ir::BinaryOp::kAdd, idx, step,
                                        LoopVarDtype(s->loop_var()), s->loc()),
                        s->loc()),
        nullptr, {}, s->loc());
    const Stmt* flat = Restructure(body, args, brk, increment, s);
    const Expr* in_range =
        ctx().NewBinary(*step_value > 0 ? ir::BinaryOp::kLt : ir::BinaryOp::kGt, idx, stop,
                        ir::DataType::kBool, s->loc());
    std::vector<const Stmt*> out = {ctx().NewAssign(idx, start, s->loc()),
                                    ctx().NewAssign(brk, ctx().Bool(false), s->loc())};
    out.push_back(ctx().NewWhile(NotBroken(in_range, brk), args, flat, s->return_vars(),
                                 s->loc()));
    return Expand(std::move(out), s);
  }

  const Stmt* VisitWhile(const ir::WhileStmt* s) override {
    const Stmt* visited = IRMutator::VisitWhile(s);
    const auto* w = visited->As<ir::WhileStmt>();
    if (w == nullptr || !ir::HasLoopJump(w->body())) return visited;
    if (!ir::HasLoopBreak(w->body())) {
      const Stmt* flat = Restructure(w->body(), w->iter_args(), nullptr, nullptr, s);
      return ctx().NewWhile(w->condition(), w->iter_args(), flat, w->return_vars(), w->loc(),
                            w->comments());
    }
    const Var* brk = NewFlag(s->loc());
    const Stmt* flat = Restructure(w->body(), w->iter_args(), brk, nullptr, s);
    std::vector<const Stmt*> out = {ctx().NewAssign(brk, ctx().Bool(false), s->loc())};
    out.push_back(ctx().NewWhile(NotBroken(w->condition(), brk), w->iter_args(), flat,
                                 w->return_vars(), w->loc()));
    return Expand(std::move(out), s);
  }

 private:
  struct Loop {
    ir::IterArgSpan iter_args;  // empty: the loop carries nothing
    const Var* brk;             // null: the loop has no break
    const ir::Stmt* loop;
  };

  static ir::DataType LoopVarDtype(const Var* v) {
    const auto* scalar = v->type()->As<ir::ScalarType>();
    return scalar != nullptr ? scalar->dtype() : ir::DataType::kIndex;
  }

  const Var* NewFlag(ir::SourceLoc loc) {
    return ctx().NewVar("brk", ctx().GetScalarType(ir::DataType::kBool), loc);
  }

  const Expr* NotBroken(const Expr* cond, const Var* brk) {
    return ctx().NewBinary(ir::BinaryOp::kAnd, cond,
                           ctx().NewUnary(ir::UnaryOp::kNot, brk, ir::DataType::kBool),
                           ir::DataType::kBool, cond->loc());
  }

  // The loop body `body` without break or continue; `tail` (if any) runs
  // at the end of every iteration that does not break.
  const Stmt* Restructure(const Stmt* body, ir::IterArgSpan iter_args, const Var* brk,
                          const Stmt* tail, const Stmt* loop) {
    std::vector<const Stmt*> stmts = ir::StmtList(body);
    std::vector<const Expr*> final_vals;
    if (!iter_args.empty()) {
      const auto* y = stmts.empty() ? nullptr : stmts.back()->As<ir::YieldStmt>();
      if (y == nullptr) {
        Fail(loop, "the loop carries values (init_values) but its body does not end in "
                   "pl.yield_; end it by yielding the carried values");
        return body;
      }
      final_vals.assign(y->values().begin(), y->values().end());
      stmts.pop_back();
    }
    Loop l{iter_args, brk, loop};
    std::vector<const Stmt*> out;
    std::vector<const Expr*> vals;
    Eliminate(stmts, final_vals, l, out, vals);
    if (tail != nullptr) out.push_back(tail);
    if (!iter_args.empty()) out.push_back(ctx().NewYield(vals, body->loc()));
    return ctx().NewSeq(out, body->loc());
  }

  // Appends to `out` what `stmts` do, followed by the end of the iteration,
  // without jumps; `vals` gets the values the iteration carries on (those
  // of a loop with iter args).
  void Eliminate(absl::Span<const Stmt* const> stmts, absl::Span<const Expr* const> final_vals,
                 const Loop& loop, std::vector<const Stmt*>& out,
                 std::vector<const Expr*>& vals) {
    for (size_t k = 0; k < stmts.size(); ++k) {
      const Stmt* s = stmts[k];
      if (!ir::HasLoopJump(s)) {
        out.push_back(s);
        continue;
      }
      switch (s->kind()) {
        case ir::NodeKind::kBreak:
          out.push_back(ctx().NewAssign(loop.brk, ctx().Bool(true), s->loc(), s->comments()));
          [[fallthrough]];
        case ir::NodeKind::kContinue:
          // The iteration's own carried values go on (or out, at a break).
          vals.assign(loop.iter_args.begin(), loop.iter_args.end());
          return;
        case ir::NodeKind::kIf: {
          const auto* i = s->As<ir::IfStmt>();
          absl::Span<const Stmt* const> rest = stmts.subspan(k + 1);
          const Stmt* branches[2] = {i->then_body(), i->else_body()};
          const Stmt* bodies[2] = {nullptr, nullptr};
          std::vector<const Var*> phis;
          for (const ir::IterArg* a : loop.iter_args) {
            phis.push_back(ctx().NewVar("phi", a->type(), i->loc()));
          }
          bool rest_placed = false;
          for (int b = 0; b < 2; ++b) {
            std::vector<const Stmt*> list = BranchStmts(branches[b], i->return_vars());
            std::vector<const Expr*> branch_final(final_vals.begin(), final_vals.end());
            if (branches[b] == nullptr || !ir::EndsInJump(branches[b])) {
              if (rest_placed) {
                // The second copy of what follows defines its values anew.
                CopyRest(rest, list, branch_final);
              } else {
                list.insert(list.end(), rest.begin(), rest.end());
              }
              rest_placed = true;
            }
            std::vector<const Stmt*> bs;
            std::vector<const Expr*> bv;
            Eliminate(list, branch_final, loop, bs, bv);
            if (!loop.iter_args.empty()) bs.push_back(ctx().NewYield(bv, i->loc()));
            if (!bs.empty()) bodies[b] = ctx().NewSeq(bs, i->loc());
          }
          if (bodies[0] == nullptr) bodies[0] = ctx().NewSeq({}, i->loc());
          out.push_back(ctx().NewIf(i->condition(), bodies[0], bodies[1], phis, i->loc(),
                                    i->comments()));
          vals.assign(phis.begin(), phis.end());
          return;
        }
        default:
          Fail(loop.loop, "break or continue inside a `with` scope cannot be restructured; "
                          "move it out of the scope");
          out.push_back(s);
          continue;
      }
    }
    vals.assign(final_vals.begin(), final_vals.end());
  }

  // Appends to `list` a copy of `rest` in which what only `rest` and the
  // iteration's yield (`vals`) see is new Vars (a second definition of a
  // Var on another path would be a redefinition), and maps `vals` into it.
  void CopyRest(absl::Span<const Stmt* const> rest, std::vector<const Stmt*>& list,
                std::vector<const Expr*>& vals) {
    // Counted only once a copy is needed: most functions have no jumps.
    if (totals_.count.empty()) totals_.VisitFunction(f_);
    VarOccurrences inside;
    for (const Stmt* s : rest) inside.VisitStmt(s);
    for (const Expr* v : vals) inside.VisitExpr(v);
    FreshCopier copy(ctx(), "");
    for (const auto& [v, n] : inside.count) {
      const bool seen_elsewhere = totals_.Count(v) > n;
      if (!inside.defs.contains(v) || seen_elsewhere) copy.Bind(v, v);
    }
    for (const Stmt* s : rest) list.push_back(copy.VisitStmt(s));
    for (const Expr*& v : vals) v = copy.VisitExpr(v);
  }

  // A branch's statements; its yield of the if's results becomes
  // assignments of them, since what follows the if moves in after it.
  std::vector<const Stmt*> BranchStmts(const Stmt* branch, ir::VarSpan results) {
    std::vector<const Stmt*> list = ir::StmtList(branch);
    if (!results.empty() && !list.empty()) {
      if (const auto* y = list.back()->As<ir::YieldStmt>()) {
        list.pop_back();
        for (size_t r = 0; r < results.size(); ++r) {
          list.push_back(ctx().NewAssign(results[r], y->values()[r], y->loc()));
        }
      }
    }
    return list;
  }

  const Stmt* Fail(const Stmt* at, absl::string_view message) {
    if (status_.ok()) status_ = ir::LocatedError(ctx(), at->loc(), absl::StrCat(kPass, message));
    return at;
  }

  const ir::Function* f_ = nullptr;
  VarOccurrences totals_;  // over the function as it came in
  absl::Status status_;
};

class CtrlFlowTransform : public Pass {
 public:
  absl::string_view name() const override { return "ctrl-flow-transform"; }
  absl::string_view description() const override {
    return "Rewrites the loops of InCore functions without break and continue: if/else for a "
           "continue, a while loop on a flag for a break.";
  }
  PassProperties properties() const override {
    return {{}, {IRProperty::kStructuredCtrlFlow}, {IRProperty::kSSAForm}};
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    return RewriteFunctions(program, [&](const ir::Function* f) {
      return Restructurer(program.context()).Run(f);
    });
  }
};

}  // namespace

std::unique_ptr<Pass> CreateCtrlFlowTransformPass() {
  return std::make_unique<CtrlFlowTransform>();
}

}  // namespace pto::passes
