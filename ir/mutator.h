// Copy-on-write rewriting of the IR.
//
// IRMutator rebuilds only what changes: every Visit* returns the node it was
// given when none of its children changed, so an untouched function or
// program comes back as the same object. Uses of a Var can be redirected with
// Remap(); definitions keep their Var objects. A projection `t[i]` whose
// tuple a rewrite turned into a MakeTuple becomes that tuple's element i. A statement hook replaces one
// statement by several with Expand(), which puts them straight into the
// enclosing sequence being rebuilt (no SeqStmts is built only to be
// flattened).
//
// A rebuilt op call is re-deduced with the op's deducer. The deducer can only
// fail if a rewrite broke typing, which is a bug in the rewrite (checked).
//
//   class RenameX : public IRMutator {
//    public:
//     using IRMutator::IRMutator;
//     const Stmt* VisitAssign(const AssignStmt* s) override { ... }
//   };
//   Program out = RenameX(ctx).MutateProgram(in);   // out.SameAs(in) if no change

#ifndef PTO_IR_MUTATOR_H_
#define PTO_IR_MUTATOR_H_

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/inlined_vector.h"
#include "ir/context.h"

namespace pto::ir {

class IRMutator {
 public:
  explicit IRMutator(Context& ctx) : ctx_(ctx) {}
  virtual ~IRMutator() = default;

  Program MutateProgram(const Program& program);
  virtual const Function* MutateFunction(const Function* function);

  const Expr* VisitExpr(const Expr* expr);
  const Stmt* VisitStmt(const Stmt* stmt);

  virtual const Expr* VisitVar(const Var* v);
  virtual const Expr* VisitConstInt(const ConstInt* c) { return c; }
  virtual const Expr* VisitConstFloat(const ConstFloat* c) { return c; }
  virtual const Expr* VisitConstBool(const ConstBool* c) { return c; }
  virtual const Expr* VisitCall(const Call* c);
  virtual const Expr* VisitMakeTuple(const MakeTuple* t);
  virtual const Expr* VisitTupleGetItem(const TupleGetItem* t);
  virtual const Expr* VisitBinary(const BinaryExpr* b);
  virtual const Expr* VisitUnary(const UnaryExpr* u);

  virtual const Stmt* VisitAssign(const AssignStmt* s);
  virtual const Stmt* VisitEval(const EvalStmt* s);
  virtual const Stmt* VisitReturn(const ReturnStmt* s);
  virtual const Stmt* VisitYield(const YieldStmt* s);
  virtual const Stmt* VisitSeq(const SeqStmts* s);
  virtual const Stmt* VisitIf(const IfStmt* s);
  virtual const Stmt* VisitFor(const ForStmt* s);
  virtual const Stmt* VisitWhile(const WhileStmt* s);
  virtual const Stmt* VisitScope(const ScopeStmt* s);

 protected:
  Context& ctx() const { return ctx_; }
  // Redirects later uses of `from` to `to`.
  void Remap(const Var* from, const Expr* to) { var_remap_[from] = to; }
  // `v`, or, when `type` is not its type, a fresh Var of `type` under its
  // name that later uses of `v` read: a definition whose value a rewrite
  // retyped.
  const Var* RetypedVar(const Var* v, const Type* type);
  // Operand lists are short: kept inline, a rebuilt node costs no heap
  // allocation for them.
  using ExprBuffer = absl::InlinedVector<const Expr*, 8>;
  using IterArgBuffer = absl::InlinedVector<const IterArg*, 4>;
  // Visits each expression into `out`; returns true if any changed.
  bool VisitExprs(ExprSpan in, ExprBuffer& out);
  // A call's generic attrs with their expressions visited; `items` owns the
  // item lists `out` points into.
  bool VisitCallAttrs(absl::Span<const CallAttr> in, std::vector<CallAttr>* out,
                      std::vector<std::vector<CallAttrItem>>* items);
  // `c` (an op call) over `args`, its type deduced again.
  const Call* RebuildOpCall(const Call* c, ExprSpan args);
  // Visits loop-carried args; an IterArg whose init changed is replaced by a
  // fresh one, typed IterArgType(old, new init), and its uses are remapped.
  bool VisitIterArgs(IterArgSpan in, IterArgBuffer& out);
  // The type of the IterArg replacing `a` once its init is `init`: `a`'s own.
  // A rewrite that retypes values (tensor to tile) returns `init`'s.
  virtual const Type* IterArgType(const IterArg* a, const Expr* /*init*/) { return a->type(); }
  // What a statement hook returns to replace `original`, the statement it
  // visits, by `stmts` (at least one): `original`'s leading comments move to
  // the first, the others keep none. When `original` is an element of a
  // sequence VisitSeq is rebuilding, the statements are appended to it and
  // the result is null, which only that VisitSeq sees; otherwise (a lone
  // loop or branch body) the result is a SeqStmts.
  const Stmt* Expand(std::vector<const Stmt*> stmts, const Stmt* original);
  // For a pass that retypes what a loop or an if produces. `s` is a for,
  // while or if: its results, and the yield that gives them (a loop body's
  // trailing yield; an if's then branch's, its else branch's when the then
  // branch has none; null when there is none).
  static VarSpan ResultsOf(const Stmt* s);
  static const YieldStmt* ResultYield(const Stmt* s);
  // `s` with `results` in place of its own; `s` itself when `results` is
  // empty (none changed).
  const Stmt* WithResults(const Stmt* s, const std::vector<const Var*>& results);

 private:
  Context& ctx_;
  absl::flat_hash_map<const Var*, const Expr*> var_remap_;
  // The sequence VisitSeq is rebuilding and the element it is visiting.
  std::vector<const Stmt*>* seq_out_ = nullptr;
  const Stmt* seq_element_ = nullptr;
};

}  // namespace pto::ir

#endif  // PTO_IR_MUTATOR_H_
