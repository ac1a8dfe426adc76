// Read-only traversal of the IR.
//
// IRVisitor walks a function body in program order: VisitStmt/VisitExpr
// dispatch on the node kind to the per-kind hooks, whose defaults visit the
// children. Override a hook to act on a node; call the base hook to keep
// descending. Types (and the dims inside them) are not visited.
//
//   class CallCounter : public IRVisitor {
//    public:
//     int calls = 0;
//     void VisitCall(const Call* c) override { ++calls; IRVisitor::VisitCall(c); }
//   };
//   CallCounter counter;
//   counter.VisitFunction(fn);

#ifndef PTO_IR_VISITOR_H_
#define PTO_IR_VISITOR_H_

#include "ir/expr.h"
#include "ir/function.h"
#include "ir/stmt.h"

namespace pto::ir {

class IRVisitor {
 public:
  virtual ~IRVisitor() = default;

  void VisitProgram(const Program& program);
  // Visits params (as VisitVar) and the body.
  virtual void VisitFunction(const Function* function);

  void VisitExpr(const Expr* expr);
  void VisitStmt(const Stmt* stmt);

  virtual void VisitVar(const Var*) {}
  virtual void VisitIterArg(const IterArg* v) { VisitExpr(v->init()); }
  virtual void VisitConstInt(const ConstInt*) {}
  virtual void VisitConstFloat(const ConstFloat*) {}
  virtual void VisitConstBool(const ConstBool*) {}
  virtual void VisitCall(const Call* c);
  virtual void VisitMakeTuple(const MakeTuple* t);
  virtual void VisitTupleGetItem(const TupleGetItem* t) { VisitExpr(t->tuple()); }
  virtual void VisitBinary(const BinaryExpr* b);
  virtual void VisitUnary(const UnaryExpr* u) { VisitExpr(u->operand()); }

  virtual void VisitAssign(const AssignStmt* s);
  virtual void VisitEval(const EvalStmt* s) { VisitExpr(s->expr()); }
  virtual void VisitReturn(const ReturnStmt* s);
  virtual void VisitYield(const YieldStmt* s);
  virtual void VisitSeq(const SeqStmts* s);
  virtual void VisitIf(const IfStmt* s);
  virtual void VisitFor(const ForStmt* s);
  virtual void VisitWhile(const WhileStmt* s);
  virtual void VisitScope(const ScopeStmt* s);
};

}  // namespace pto::ir

#endif  // PTO_IR_VISITOR_H_
