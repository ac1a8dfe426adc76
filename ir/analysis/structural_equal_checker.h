// The lockstep walk behind structural equality (structural_equal.h).
//
// Internal to //ir/analysis:structural_equal. One EqualChecker compares one
// pair of roots; its members are defined by IR level in three files:
//   structural_equal.cc        programs, functions, statements, the Var
//                              definitions that pair the sides, the API
//   structural_equal_exprs.cc  expressions (Var uses among them), calls and
//                              their kwargs
//   structural_equal_types.cc  types and their tensor/tile views
// The path/difference explanation is built by the same walk (Fail/Up), so it
// cannot drift from what is compared.
//
//   EqualChecker checker(options, /*explain=*/true);
//   if (!checker.SameExprs(a, b)) return checker.Explanation();

#ifndef PTO_IR_ANALYSIS_STRUCTURAL_EQUAL_CHECKER_H_
#define PTO_IR_ANALYSIS_STRUCTURAL_EQUAL_CHECKER_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/analysis/structural_common.h"
#include "ir/analysis/structural_equal.h"
#include "ir/analysis/var_table.h"
#include "ir/expr.h"
#include "ir/function.h"
#include "ir/stmt.h"
#include "ir/type.h"

namespace pto::ir::structural {

inline std::string Quote(absl::string_view s) { return absl::StrCat("'", s, "'"); }

inline std::string Versus(absl::string_view a, absl::string_view b) {
  return absl::StrCat(a, " vs ", b);
}

// Walks two IR trees in lockstep. On the first difference it returns false
// all the way up; each level then contributes one path segment, innermost
// first. The segment and leaf builders are lambdas so that the equal path,
// and the explanation-free bool API, never format a string.
class EqualChecker {
 public:
  EqualChecker(const StructuralEqualOptions& options, bool explain)
      : options_(options), explain_(explain) {}

  bool SamePrograms(const Program& a, const Program& b);
  bool SameFunctions(const Function* a, const Function* b);
  // Statements as lists (Seq{s} == s); `field` names the list in the path.
  bool SameBodies(const Stmt* a, const Stmt* b, absl::string_view field);
  bool SameStmts(const Stmt* a, const Stmt* b);
  bool SameExprs(const Expr* a, const Expr* b);
  // `fold_int64`: INT64 and INDEX scalars match (loop variables).
  bool SameTypes(const Type* a, const Type* b, bool fold_int64 = false);

  absl::Status Explanation() const;

 private:
  // Records the description of the difference; returns false.
  template <typename F>
  bool Fail(F&& leaf) {
    if (explain_) leaf_ = leaf();
    return false;
  }
  // Adds the enclosing path segment while unwinding; returns false.
  template <typename F>
  bool Up(F&& segment) {
    if (explain_) path_.push_back(segment());
    return false;
  }
  bool TooDeep() {
    return Fail([] { return absl::StrCat("nesting deeper than ", kMaxDepth, " levels"); });
  }

  bool SameExprLists(ExprSpan a, ExprSpan b, absl::string_view item, absl::string_view plural);
  bool SameDims(ExprSpan a, ExprSpan b, absl::string_view field);
  bool DefineVar(const Var* a, const Var* b, bool fold_int64 = false);
  bool DefineVars(VarSpan a, VarSpan b, absl::string_view item, absl::string_view plural);
  bool DefineIterArgs(IterArgSpan a, IterArgSpan b);
  bool InitIterArgs(IterArgSpan a, IterArgSpan b);
  bool UseVar(const Var* a, const Var* b);
  bool SameCalls(const Call* a, const Call* b);
  bool SameKwargs(const Call* a, const Call* b);
  bool SameCallSites(const CallSite* a, const CallSite* b);
  bool SameKwargValues(absl::string_view name, const AttrValue* a, const AttrValue* b);
  bool SameCallAttrs(absl::Span<const CallAttr> a, absl::Span<const CallAttr> b);
  bool SameTensorViews(const TensorView* a, const TensorView* b);
  bool SameTileViews(const TileView* a, const TileView* b);

  const StructuralEqualOptions& options_;
  const bool explain_;
  VarTable<const Var*> a_to_b_;
  VarTable<const Var*> b_to_a_;
  int depth_ = 0;
  std::vector<std::string> path_;  // innermost first
  std::string leaf_;
};

}  // namespace pto::ir::structural

#endif  // PTO_IR_ANALYSIS_STRUCTURAL_EQUAL_CHECKER_H_
