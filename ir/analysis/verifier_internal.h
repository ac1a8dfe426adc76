// Internals of the IR verifier (verifier.h), shared by its files:
//   verifier.cc        - the public API, scoping and SSA rules (Define/Use),
//   verifier_stmts.cc  - statements and control flow (returns, yields, loops),
//   verifier_calls.cc  - expressions, op calls, function calls and call sites,
//   verifier_types.cc  - the type rules a callee's params and results accept.
// Only these files include it:
//
//   Verifier v(program);
//   v.VerifyFunction(f);
//   std::vector<Diagnostic> d = v.TakeDiagnostics();

#ifndef PTO_IR_ANALYSIS_VERIFIER_INTERNAL_H_
#define PTO_IR_ANALYSIS_VERIFIER_INTERNAL_H_

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/analysis/ir_format.h"
#include "ir/analysis/var_table.h"
#include "ir/analysis/verifier.h"
#include "ir/depth_guard.h"
#include "ir/diagnostic.h"
#include "ir/huge_pages.h"
#include "ir/op.h"

namespace pto::ir::verifier_internal {

using diag::FormatType;

// Deeper nesting is reported instead of walked, to bound the stack.
constexpr int kMaxDepth = kMaxIrDepth;

enum class BodyKind { kFunction, kLoop, kBranch };

inline std::string Quote(absl::string_view s) { return absl::StrCat("'", s, "'"); }

inline std::string Count(size_t n, absl::string_view noun) {
  return absl::StrCat(n, " ", noun, n == 1 ? "" : "s");
}

bool IsIndexLikeScalar(const Type* t);

// Does a call's result type `actual` fit the callee's declared return type
// `formal`? Exact, except that a formal dim mentioning a Var (a dynamic dim
// of the callee, bound by the arguments) accepts any dim. (Arguments and
// returned values follow FitsFunctionBoundary, ir/type_compat.h.)
bool TypeAccepts(const Type* formal, const Type* actual, int depth = 0);

// Whether `t` is a tensor or tile (or a tuple holding one) whose elements
// are an identifier dtype (TASK_ID): a handle that only a scalar or an
// array may hold.
bool HoldsIdentifierElements(const Type* t, int depth = 0);

class Verifier {
 public:
  explicit Verifier(const Program& program) : ctx_(program.context()) {
    for (const Function* f : program.functions()) functions_.emplace(f->name(), f);
  }

  void VerifyFunction(const Function* f);
  std::vector<Diagnostic> TakeDiagnostics() { return std::move(diagnostics_); }

 private:
  struct VarInfo {
    SourceLoc loc;  // of the definition
    bool visible;
    bool dynamic_dim;  // defined implicitly by a param type
  };
  struct PendingUse {
    const Var* var;
    size_t diagnostic;  // placeholder to fill in once the function is walked
  };
  void Report(SourceLoc loc, std::string message) {
    diagnostics_.push_back(Diagnostic{Where(loc), std::move(message)});
  }
  // The node's location, else the innermost statement's, else the function's.
  SourceLoc Where(SourceLoc loc) const {
    if (loc.known()) return loc;
    if (stmt_loc_.known()) return stmt_loc_;
    return function_ != nullptr ? function_->loc() : loc;
  }
  std::string DefinedAt(const VarInfo& info) const {
    if (info.dynamic_dim) return "a dynamic dim of a parameter type";
    return absl::StrCat("defined at ", ctx_.FormatLoc(info.loc));
  }
  bool CheckDepth(const DepthGuard& guard, SourceLoc loc) {
    if (!guard.too_deep()) return true;
    if (!reported_depth_) {
      Report(loc, absl::StrCat("nesting deeper than ", kMaxDepth,
                               " levels; the rest is not verified"));
      reported_depth_ = true;
    }
    return false;
  }

  // --- Scopes ---
  size_t EnterScope() const { return scope_.size(); }
  void ExitScope(size_t mark);
  // Defines `v` at `loc`: the statement for an AssignStmt var, else the
  // Var's own location when known (VarSite), as one Var object may be
  // (wrongly) defined at several sites.
  // `reassign`: an AssignStmt may assign a plain Var that is already
  // defined and visible here again (pattern B, see VerifyAssign).
  void Define(const Var* v, SourceLoc loc, bool reassign = false);
  static SourceLoc VarSite(const Var* v, SourceLoc fallback) {
    return v != nullptr && v->loc().known() ? v->loc() : fallback;
  }
  void DefineDynamicDims(const Type* t, SourceLoc loc, int depth);
  void DefineDimVars(const Expr* e, SourceLoc loc, int depth);
  void Use(const Var* v, SourceLoc site);
  void ResolvePendingUses();

  // --- Walks ---
  // Walks a statement list; returns its trailing yield (loop bodies and
  // branches only) for the enclosing construct to check.
  const YieldStmt* VerifyBody(const Stmt* body, BodyKind kind);
  void VerifyStmt(const Stmt* s, BodyKind kind, bool last);
  void VerifyExpr(const Expr* e, SourceLoc site);
  void VerifyOpCall(const Call* c, SourceLoc loc);
  void VerifyFunctionCall(const Call* c, SourceLoc loc);
  void VerifyCallSite(const Call* c, const CallSite& site, absl::string_view name,
                      SourceLoc loc);
  void VerifyAssign(const AssignStmt* s, SourceLoc loc);
  void VerifyReturn(const ReturnStmt* s, SourceLoc loc);
  // Does every path through `s` end in a return? (Loops may run no
  // iteration, so only returns, ifs with both branches and scopes count.)
  static bool AlwaysReturns(const Stmt* s);
  void VerifyIf(const IfStmt* s, SourceLoc loc);
  void VerifyLoopAttrs(absl::Span<const LoopAttr> attrs, SourceLoc loc);
  void VerifyFuncAttrExprs(const Function* f);
  void VerifyFor(const ForStmt* s, SourceLoc loc);
  void VerifyWhile(const WhileStmt* s, SourceLoc loc);
  void VerifyIterInits(IterArgSpan iter_args, SourceLoc loc);
  void CheckLoopYield(const YieldStmt* y, IterArgSpan iter_args, absl::string_view what,
                      SourceLoc loc);
  void CheckLoopReturnVars(VarSpan return_vars, IterArgSpan iter_args, absl::string_view what,
                           SourceLoc loc);
  void CheckBranchYield(const YieldStmt* y, VarSpan return_vars, absl::string_view branch,
                        SourceLoc loc);
  void CheckScalarCondition(const Expr* cond, absl::string_view what, SourceLoc loc);
  void CheckBound(const Expr* e, absl::string_view what, SourceLoc loc);

  Context& ctx_;
  absl::flat_hash_map<absl::string_view, const Function*> functions_;
  const Function* function_ = nullptr;
  // Per enclosing loop: may a break/continue leave it (a sequential for or
  // a while)?
  std::vector<bool> jump_ok_;
  // Open pl.split_aiv regions (they do not nest).
  int split_aiv_depth_ = 0;
  // The `as` variable of a scope and a pl.split_aiv region's mode and
  // loop-variable binding.
  void VerifyScopeShape(const ScopeStmt* scope, SourceLoc loc);
  SourceLoc stmt_loc_;
  int depth_ = 0;
  bool reported_depth_ = false;
  VarTable<VarInfo> vars_;
  // Definitions of the open scopes, in order; one per Var of a large
  // function, so in huge pages once large.
  std::vector<const Var*, HugePageAllocator<const Var*>> scope_;
  std::vector<PendingUse> pending_;
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace pto::ir::verifier_internal

#endif  // PTO_IR_ANALYSIS_VERIFIER_INTERNAL_H_
