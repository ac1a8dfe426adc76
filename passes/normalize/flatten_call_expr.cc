#include "passes/normalize/flatten_call_expr.h"

#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/op.h"
#include "passes/prelude_mutator.h"

namespace pto::passes {
namespace {

using ir::Expr;
using ir::Stmt;

// True if `e` reads one of `vars`.
bool Reads(const Expr* e, const absl::flat_hash_set<const ir::Var*>& vars) {
  switch (e->kind()) {
    case ir::NodeKind::kVar:
    case ir::NodeKind::kIterArg: return vars.contains(e->As<ir::Var>());
    case ir::NodeKind::kCall:
      for (const Expr* a : e->As<ir::Call>()->args()) {
        if (Reads(a, vars)) return true;
      }
      return false;
    case ir::NodeKind::kMakeTuple:
      for (const Expr* a : e->As<ir::MakeTuple>()->elements()) {
        if (Reads(a, vars)) return true;
      }
      return false;
    case ir::NodeKind::kTupleGetItem: return Reads(e->As<ir::TupleGetItem>()->tuple(), vars);
    case ir::NodeKind::kBinary:
      return Reads(e->As<ir::BinaryExpr>()->lhs(), vars) ||
             Reads(e->As<ir::BinaryExpr>()->rhs(), vars);
    case ir::NodeKind::kUnary: return Reads(e->As<ir::UnaryExpr>()->operand(), vars);
    default: return false;
  }
}

// Whether the call being visited must be hoisted: as an operand (depth_ >
// 0) or as a whole value a statement may not hold (a return or yield value,
// an if or while condition, a loop bound: whole_ is set from the statement's
// start until its first nested statement).
class Flattener : public PreludeMutator {
 public:
  Flattener(ir::Context& ctx, const ir::Function* f) : PreludeMutator(ctx), f_(f) {}

  absl::StatusOr<const ir::Function*> Run() {
    const ir::Function* g = MutateFunction(f_);
    if (!status_.ok()) return status_;
    return g;
  }

  const Expr* VisitCall(const ir::Call* c) override {
    const bool hoist = (depth_ > 0 || whole_) && !ir::IsDimQueryOf(c, def_type_);
    const Expr* r = Operands([&] { return PreludeMutator::VisitCall(c); });
    return hoist ? Hoist(r) : r;
  }
  const Expr* VisitBinary(const ir::BinaryExpr* b) override {
    return Operands([&] { return PreludeMutator::VisitBinary(b); });
  }
  const Expr* VisitUnary(const ir::UnaryExpr* u) override {
    return Operands([&] { return PreludeMutator::VisitUnary(u); });
  }

  const Stmt* VisitAssign(const ir::AssignStmt* s) override {
    Enter(false);
    def_type_ = s->var()->type();
    return PreludeMutator::VisitAssign(s);
  }
  const Stmt* VisitEval(const ir::EvalStmt* s) override {
    Enter(false);
    return PreludeMutator::VisitEval(s);
  }
  const Stmt* VisitReturn(const ir::ReturnStmt* s) override {
    Enter(true);
    return PreludeMutator::VisitReturn(s);
  }
  const Stmt* VisitYield(const ir::YieldStmt* s) override {
    Enter(true);
    return PreludeMutator::VisitYield(s);
  }
  const Stmt* VisitIf(const ir::IfStmt* s) override {
    Enter(true);
    return PreludeMutator::VisitIf(s);
  }
  const Stmt* VisitFor(const ir::ForStmt* s) override {
    Enter(true);
    return PreludeMutator::VisitFor(s);
  }
  const Stmt* VisitWhile(const ir::WhileStmt* s) override {
    Enter(true);
    carried_.clear();
    for (const ir::IterArg* a : s->iter_args()) carried_.insert(a);
    while_ = s;
    return PreludeMutator::VisitWhile(s);
  }
  const Stmt* VisitScope(const ir::ScopeStmt* s) override {
    // Its arguments are evaluated where it opens, as a condition is.
    Enter(true);
    return PreludeMutator::VisitScope(s);
  }

 private:
  // Visits an expression's operands: a call among them is hoisted.
  template <typename F>
  const Expr* Operands(F visit) {
    const bool whole = whole_;
    whole_ = false;
    ++depth_;
    const Expr* r = visit();
    --depth_;
    whole_ = whole;
    return r;
  }

  void Enter(bool whole) {
    whole_ = whole;
    while_ = nullptr;
    def_type_ = nullptr;
  }

  const Expr* Hoist(const Expr* call) {
    // A while loop's own iter args are remapped only if their inits
    // changed; the condition reads the originals or their replacements,
    // which share names and types, so check both by what the loop carries.
    if (while_ != nullptr && Reads(call, carried_) && status_.ok()) {
      status_ = ir::LocatedError(
          ctx(), while_->loc(),
          absl::StrCat("FlattenCallExpr: the while condition calls ",
                       call->As<ir::Call>()->op() != nullptr
                           ? call->As<ir::Call>()->op()->name()
                           : call->As<ir::Call>()->callee_name(),
                       " on a value the loop carries, so it cannot be computed once before the "
                       "loop; compute it at the end of the body and carry it"));
    }
    const ir::Var* t = ctx().NewVar(names().Make(base(), "call"), call->type(), call->loc());
    Prepend(ctx().NewAssign(t, call, call->loc()));
    return t;
  }

  const ir::Function* f_;
  int depth_ = 0;
  bool whole_ = false;
  const ir::WhileStmt* while_ = nullptr;
  // The type of the Var the statement being visited assigns, if any.
  const ir::Type* def_type_ = nullptr;
  absl::flat_hash_set<const ir::Var*> carried_;
  absl::Status status_;
};

class FlattenCallExprPass : public Pass {
 public:
  absl::string_view name() const override { return "flatten-call-expr"; }
  absl::string_view description() const override {
    return "Computes every call nested in another expression, condition, loop bound or "
           "return/yield value into a temporary before its statement (three-address form).";
  }
  PassProperties properties() const override {
    return {{IRProperty::kSSAForm, IRProperty::kNormalizedStmtStructure},
            {IRProperty::kSSAForm, IRProperty::kNoNestedCalls,
             IRProperty::kNormalizedStmtStructure},
            {}};
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    return RewriteFunctions(program, [&](const ir::Function* f) {
      return Flattener(program.context(), f).Run();
    });
  }
};

}  // namespace

std::unique_ptr<Pass> CreateFlattenCallExprPass() {
  return std::make_unique<FlattenCallExprPass>();
}

}  // namespace pto::passes
