#include "ir/analysis/ssa_form.h"

#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/analysis/var_table.h"
#include "ir/diagnostic.h"
#include "ir/visitor.h"

namespace pto::ir {
namespace {

// Walks one function and reports its first violation. Definitions are
// logged so that leaving a body retires what it defined in O(its size).
class SSAChecker : public IRVisitor {
 public:
  SSAChecker(const Context& ctx, const Function* f) : ctx_(ctx), function_(f) {}

  absl::Status Check() {
    for (const Var* p : function_->params()) Define(p, function_->loc());
    VisitStmt(function_->body());
    return status_;
  }

  void VisitVar(const Var* v) override { Use(v); }
  void VisitIterArg(const IterArg* v) override { Use(v); }

  void VisitAssign(const AssignStmt* s) override {
    at_ = s->loc();
    VisitExpr(s->value());
    Define(s->var(), s->loc());
  }

  void VisitFor(const ForStmt* s) override {
    at_ = s->loc();
    VisitExpr(s->start());
    VisitExpr(s->stop());
    VisitExpr(s->step());
    for (const IterArg* a : s->iter_args()) VisitExpr(a->init());
    size_t mark = log_.size();
    Define(s->loop_var(), s->loc());
    for (const IterArg* a : s->iter_args()) Define(a, a->loc());
    VisitLoopBody(s->body(), !s->iter_args().empty(), "for", s->loc());
    Retire(mark);
    for (const Var* v : s->return_vars()) Define(v, s->loc());
  }

  void VisitWhile(const WhileStmt* s) override {
    at_ = s->loc();
    for (const IterArg* a : s->iter_args()) VisitExpr(a->init());
    size_t mark = log_.size();
    for (const IterArg* a : s->iter_args()) Define(a, a->loc());
    VisitExpr(s->condition());
    VisitLoopBody(s->body(), !s->iter_args().empty(), "while", s->loc());
    Retire(mark);
    for (const Var* v : s->return_vars()) Define(v, s->loc());
  }

  void VisitIf(const IfStmt* s) override {
    at_ = s->loc();
    VisitExpr(s->condition());
    // A branch ending in a jump does not reach the code after the if, so
    // what the other branch defines does (it dominates that code).
    const bool then_jumps = EndsInJump(s->then_body());
    const bool else_jumps = s->else_body() != nullptr && EndsInJump(s->else_body());
    size_t mark = log_.size();
    VisitStmt(s->then_body());
    if (!else_jumps || then_jumps) Retire(mark);
    if (s->else_body() != nullptr) {
      size_t else_mark = log_.size();
      VisitStmt(s->else_body());
      if (!then_jumps || else_jumps) Retire(else_mark);
    }
    for (const Var* v : s->return_vars()) Define(v, s->loc());
  }

  void VisitYield(const YieldStmt* s) override {
    at_ = s->loc();
    IRVisitor::VisitYield(s);
  }
  void VisitReturn(const ReturnStmt* s) override {
    at_ = s->loc();
    IRVisitor::VisitReturn(s);
  }
  void VisitEval(const EvalStmt* s) override {
    at_ = s->loc();
    IRVisitor::VisitEval(s);
  }

 private:
  struct Info {
    SourceLoc loc;
    bool live;
  };

  void VisitLoopBody(const Stmt* body, bool carries, absl::string_view what, SourceLoc loc) {
    VisitStmt(body);
    if (carries && TrailingYield(body) == nullptr) {
      Fail(loc, absl::StrCat("this ", what,
                             " loop carries values but its body does not end in pl.yield_"));
    }
  }

  void Define(const Var* v, SourceLoc loc) {
    auto [info, inserted] = vars_.Insert(v, Info{loc, true});
    if (inserted) {
      log_.push_back(v);
      return;
    }
    Fail(loc, absl::StrCat("'", v->name(), "' is assigned again (first defined at ",
                           ctx_.FormatLoc(info->loc), ")"));
  }

  void Use(const Var* v) {
    const Info* info = vars_.Find(v);
    // A Var never defined is a dynamic dim's symbol, or the verifier's
    // business.
    if (info == nullptr || info->live) return;
    Fail(at_, absl::StrCat("'", v->name(), "' is defined inside a loop body or if branch (at ",
                           ctx_.FormatLoc(info->loc),
                           ") and used after it; pass it out with pl.yield_"));
  }

  void Retire(size_t mark) {
    for (size_t i = mark; i < log_.size(); ++i) vars_.Find(log_[i])->live = false;
    log_.resize(mark);
  }

  void Fail(SourceLoc loc, absl::string_view what) {
    if (!status_.ok()) return;
    status_ = LocatedError(ctx_, loc.known() ? loc : function_->loc(),
                           absl::StrCat("not in SSA form: ", what, " in function '",
                                        function_->name(), "'; run ConvertToSSA"));
  }

  const Context& ctx_;
  const Function* function_;
  // Laid out by Var id: the lookups follow program order (var_table.h).
  VarTable<Info> vars_;
  std::vector<const Var*> log_;
  SourceLoc at_;
  absl::Status status_;
};

}  // namespace

absl::Status CheckSSAForm(const Program& program) {
  for (const Function* f : program.functions()) {
    if (absl::Status s = CheckSSAForm(program.context(), f); !s.ok()) return s;
  }
  return absl::OkStatus();
}

absl::Status CheckSSAForm(const Context& ctx, const Function* function) {
  return SSAChecker(ctx, function).Check();
}

}  // namespace pto::ir
