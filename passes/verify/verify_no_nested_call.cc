#include "passes/verify/verify_no_nested_call.h"

#include <string>

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/op.h"
#include "ir/visitor.h"

namespace pto::passes {
namespace {

using ir::Expr;

// Finds the first call in a place three-address form forbids.
class NestedCallFinder : public ir::IRVisitor {
 public:
  const ir::Call* found = nullptr;
  const char* where = nullptr;
  ir::SourceLoc at;

  void VisitCall(const ir::Call* c) override {
    for (const Expr* a : c->args()) Operand(a, "an argument of another call");
    IRVisitor::VisitCall(c);
  }
  void VisitBinary(const ir::BinaryExpr* b) override {
    Operand(b->lhs(), "an operand of an expression");
    Operand(b->rhs(), "an operand of an expression");
    IRVisitor::VisitBinary(b);
  }
  void VisitUnary(const ir::UnaryExpr* u) override {
    Operand(u->operand(), "an operand of an expression");
    IRVisitor::VisitUnary(u);
  }
  void VisitAssign(const ir::AssignStmt* s) override {
    at = s->loc();
    def_type_ = s->var()->type();
    IRVisitor::VisitAssign(s);
    def_type_ = nullptr;
  }
  void VisitEval(const ir::EvalStmt* s) override {
    at = s->loc();
    IRVisitor::VisitEval(s);
  }
  void VisitReturn(const ir::ReturnStmt* s) override {
    at = s->loc();
    for (const Expr* v : s->values()) Operand(v, "a return value");
    IRVisitor::VisitReturn(s);
  }
  void VisitYield(const ir::YieldStmt* s) override {
    at = s->loc();
    for (const Expr* v : s->values()) Operand(v, "a pl.yield_ value");
    IRVisitor::VisitYield(s);
  }
  void VisitIf(const ir::IfStmt* s) override {
    at = s->loc();
    Operand(s->condition(), "an if condition");
    IRVisitor::VisitIf(s);
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    at = s->loc();
    Operand(s->condition(), "a while condition");
    IRVisitor::VisitWhile(s);
  }
  void VisitFor(const ir::ForStmt* s) override {
    at = s->loc();
    for (const Expr* e : {s->start(), s->stop(), s->step()}) Operand(e, "a for loop bound");
    IRVisitor::VisitFor(s);
  }

 private:
  const ir::Type* def_type_ = nullptr;  // the assigned Var's, in an AssignStmt

  void Operand(const Expr* e, const char* place) {
    if (found != nullptr) return;
    if (ir::IsDimQueryOf(e, def_type_)) return;  // stays put (ir/op.h)
    if (const auto* c = e->As<ir::Call>()) {
      found = c;
      where = place;
    } else if (const auto* t = e->As<ir::MakeTuple>()) {
      for (const Expr* x : t->elements()) Operand(x, place);
    }
  }
};

class VerifyNoNestedCallPass : public Pass {
 public:
  absl::string_view name() const override { return "verify-no-nested-call"; }
  absl::string_view description() const override {
    return "Fails unless no call is nested in another expression, condition, loop bound or "
           "return/yield value (three-address form).";
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    for (const ir::Function* f : program.functions()) {
      NestedCallFinder finder;
      finder.VisitFunction(f);
      if (finder.found == nullptr) continue;
      const ir::Call* c = finder.found;
      std::string name = c->op() != nullptr ? std::string(c->op()->name())
                                            : absl::StrCat("self.", c->callee_name());
      return ir::LocatedError(program.context(), c->loc().known() ? c->loc() : finder.at,
                              absl::StrCat("nested call: ", name, " is ", finder.where,
                                           " in function '", f->name(),
                                           "'; run FlattenCallExpr"));
    }
    return program;
  }
};

}  // namespace

std::unique_ptr<Pass> CreateVerifyNoNestedCallPass() {
  return std::make_unique<VerifyNoNestedCallPass>();
}

}  // namespace pto::passes
