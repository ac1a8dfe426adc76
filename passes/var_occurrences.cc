#include "passes/var_occurrences.h"

namespace pto::passes {

void VarOccurrences::VisitIterArg(const ir::IterArg* v) {
  ++count[v];
  IRVisitor::VisitIterArg(v);
}

void VarOccurrences::VisitAssign(const ir::AssignStmt* s) {
  defs.insert(s->var());
  IRVisitor::VisitAssign(s);
}

void VarOccurrences::VisitIf(const ir::IfStmt* s) {
  defs.insert(s->return_vars().begin(), s->return_vars().end());
  IRVisitor::VisitIf(s);
}

void VarOccurrences::VisitFor(const ir::ForStmt* s) {
  defs.insert(s->loop_var());
  defs.insert(s->iter_args().begin(), s->iter_args().end());
  defs.insert(s->return_vars().begin(), s->return_vars().end());
  IRVisitor::VisitFor(s);
}

void VarOccurrences::VisitWhile(const ir::WhileStmt* s) {
  defs.insert(s->iter_args().begin(), s->iter_args().end());
  defs.insert(s->return_vars().begin(), s->return_vars().end());
  IRVisitor::VisitWhile(s);
}

void VarUses::VisitIf(const ir::IfStmt* s) {
  VisitExpr(s->condition());
  VisitStmt(s->then_body());
  if (s->else_body() != nullptr) VisitStmt(s->else_body());
}

void VarUses::VisitFor(const ir::ForStmt* s) {
  VisitExpr(s->start());
  VisitExpr(s->stop());
  VisitExpr(s->step());
  for (const ir::IterArg* a : s->iter_args()) VisitExpr(a->init());
  VisitStmt(s->body());
}

void VarUses::VisitWhile(const ir::WhileStmt* s) {
  for (const ir::IterArg* a : s->iter_args()) VisitExpr(a->init());
  VisitExpr(s->condition());
  VisitStmt(s->body());
}

}  // namespace pto::passes
