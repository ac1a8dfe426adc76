#include "ir/visitor.h"

#include "ir/check.h"

namespace pto::ir {

void IRVisitor::VisitProgram(const Program& program) {
  for (const Function* f : program.functions()) VisitFunction(f);
}

void IRVisitor::VisitFunction(const Function* function) {
  for (const Var* p : function->params()) VisitVar(p);
  VisitStmt(function->body());
}

void IRVisitor::VisitExpr(const Expr* e) {
  switch (e->kind()) {
    case NodeKind::kVar: return VisitVar(static_cast<const Var*>(e));
    case NodeKind::kIterArg: return VisitIterArg(static_cast<const IterArg*>(e));
    case NodeKind::kConstInt: return VisitConstInt(static_cast<const ConstInt*>(e));
    case NodeKind::kConstFloat: return VisitConstFloat(static_cast<const ConstFloat*>(e));
    case NodeKind::kConstBool: return VisitConstBool(static_cast<const ConstBool*>(e));
    case NodeKind::kCall: return VisitCall(static_cast<const Call*>(e));
    case NodeKind::kMakeTuple: return VisitMakeTuple(static_cast<const MakeTuple*>(e));
    case NodeKind::kTupleGetItem: return VisitTupleGetItem(static_cast<const TupleGetItem*>(e));
    case NodeKind::kBinary: return VisitBinary(static_cast<const BinaryExpr*>(e));
    case NodeKind::kUnary: return VisitUnary(static_cast<const UnaryExpr*>(e));
    default: PTO_UNREACHABLE() << "not an expression";
  }
}

void IRVisitor::VisitStmt(const Stmt* s) {
  switch (s->kind()) {
    case NodeKind::kAssign: return VisitAssign(static_cast<const AssignStmt*>(s));
    case NodeKind::kEval: return VisitEval(static_cast<const EvalStmt*>(s));
    case NodeKind::kReturn: return VisitReturn(static_cast<const ReturnStmt*>(s));
    case NodeKind::kYield: return VisitYield(static_cast<const YieldStmt*>(s));
    case NodeKind::kSeq: return VisitSeq(static_cast<const SeqStmts*>(s));
    case NodeKind::kIf: return VisitIf(static_cast<const IfStmt*>(s));
    case NodeKind::kFor: return VisitFor(static_cast<const ForStmt*>(s));
    case NodeKind::kWhile: return VisitWhile(static_cast<const WhileStmt*>(s));
    case NodeKind::kScope: return VisitScope(static_cast<const ScopeStmt*>(s));
    case NodeKind::kBreak:
    case NodeKind::kContinue: return;
    default: PTO_UNREACHABLE() << "not a statement";
  }
}

void IRVisitor::VisitCall(const Call* c) {
  for (const Expr* a : c->args()) VisitExpr(a);
  if (const CallSite* site = c->site()) {
    for (const Expr* e : {site->device, site->core_num, site->predicate}) {
      if (e != nullptr) VisitExpr(e);
    }
    for (const Expr* d : site->deps) VisitExpr(d);
    for (const CallAttr& a : site->attrs) {
      for (const CallAttrItem& item : a.items) {
        if (item.expr != nullptr) VisitExpr(item.expr);
      }
    }
  }
}

void IRVisitor::VisitMakeTuple(const MakeTuple* t) {
  for (const Expr* e : t->elements()) VisitExpr(e);
}

void IRVisitor::VisitBinary(const BinaryExpr* b) {
  VisitExpr(b->lhs());
  VisitExpr(b->rhs());
}

void IRVisitor::VisitAssign(const AssignStmt* s) {
  VisitExpr(s->value());
  VisitVar(s->var());
}

void IRVisitor::VisitReturn(const ReturnStmt* s) {
  for (const Expr* v : s->values()) VisitExpr(v);
}

void IRVisitor::VisitYield(const YieldStmt* s) {
  for (const Expr* v : s->values()) VisitExpr(v);
}

void IRVisitor::VisitSeq(const SeqStmts* s) {
  for (const Stmt* c : s->stmts()) VisitStmt(c);
}

void IRVisitor::VisitIf(const IfStmt* s) {
  VisitExpr(s->condition());
  VisitStmt(s->then_body());
  if (s->else_body()) VisitStmt(s->else_body());
  for (const Var* v : s->return_vars()) VisitVar(v);
}

void IRVisitor::VisitFor(const ForStmt* s) {
  VisitExpr(s->start());
  VisitExpr(s->stop());
  VisitExpr(s->step());
  VisitVar(s->loop_var());
  for (const IterArg* a : s->iter_args()) VisitIterArg(a);
  VisitStmt(s->body());
  for (const Var* v : s->return_vars()) VisitVar(v);
}

void IRVisitor::VisitScope(const ScopeStmt* s) {
  for (const Expr* e : s->operands()) VisitExpr(e);
  VisitStmt(s->body());
}

void IRVisitor::VisitWhile(const WhileStmt* s) {
  for (const IterArg* a : s->iter_args()) VisitIterArg(a);
  VisitExpr(s->condition());
  VisitStmt(s->body());
  for (const Var* v : s->return_vars()) VisitVar(v);
}

}  // namespace pto::ir
