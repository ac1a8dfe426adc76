#include "ir/analysis/structural_equal.h"

#include <algorithm>
#include <string>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/string_view.h"
#include "ir/analysis/ir_format.h"
#include "ir/analysis/structural_common.h"
#include "ir/analysis/structural_equal_checker.h"
#include "ir/depth_guard.h"

namespace pto::ir {
namespace structural {

using diag::DescribeExpr;
using diag::DescribeStmt;
using diag::FormatEnum;

absl::Status EqualChecker::Explanation() const {
  std::string message;
  for (auto it = path_.rbegin(); it != path_.rend(); ++it) {
    if (!message.empty()) message += " > ";
    message += *it;
  }
  if (!message.empty()) message += ": ";
  message += leaf_;
  return absl::InvalidArgumentError(message);
}

// --- Programs and functions ----------------------------------------------------

// A program's functions are a set keyed by name, as upstream's map of them
// is: calls name their callee, and the printer lists callees first, so the
// order a program was built in is no part of it.
bool EqualChecker::SamePrograms(const Program& a, const Program& b) {
  auto fa = a.functions();
  auto fb = b.functions();
  absl::flat_hash_map<absl::string_view, const Function*> by_name;
  by_name.reserve(fb.size());
  for (const Function* f : fb) by_name.emplace(f->name(), f);
  for (const Function* f : fa) {
    auto it = by_name.find(f->name());
    if (it == by_name.end()) {
      return Fail([&] { return absl::StrCat("function ", Quote(f->name()), " vs none"); });
    }
    if (!SameFunctions(f, it->second)) {
      return Up([&] { return absl::StrCat("function ", Quote(f->name())); });
    }
  }
  if (fa.size() != fb.size()) {
    return Fail([&] {
      absl::flat_hash_set<absl::string_view> names;
      for (const Function* f : fa) names.insert(f->name());
      const Function* extra = fb[0];
      for (const Function* f : fb) {
        if (!names.contains(f->name())) extra = f;
      }
      return absl::StrCat("functions: ", fa.size(), " vs ", fb.size(), " (unmatched: ",
                          Quote(extra->name()), ")");
    });
  }
  return true;
}

bool EqualChecker::SameFunctions(const Function* a, const Function* b) {
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    return Fail([&] { return Versus(a ? "function" : "null", b ? "function" : "null"); });
  }
  if (a->name() != b->name()) {
    Fail([&] { return Versus(Quote(a->name()), Quote(b->name())); });
    return Up([] { return "name"; });
  }
  if (a->func_type() != b->func_type()) {
    Fail([&] { return Versus(FormatEnum(a->func_type()), FormatEnum(b->func_type())); });
    return Up([] { return "type"; });
  }
  if (a->level() != b->level()) {
    Fail([&] {
      return Versus(a->level() ? FormatEnum(*a->level()) : "none",
                    b->level() ? FormatEnum(*b->level()) : "none");
    });
    return Up([] { return "level"; });
  }
  if (a->role() != b->role()) {
    Fail([&] {
      return Versus(a->role() ? FormatEnum(*a->role()) : "none",
                    b->role() ? FormatEnum(*b->role()) : "none");
    });
    return Up([] { return "role"; });
  }
  const FunctionAttrs& fa = a->attrs();
  const FunctionAttrs& fb = b->attrs();
  if (fa.auto_scope != fb.auto_scope || fa.external_source != fb.external_source ||
      fa.attrs.size() != fb.attrs.size() ||
      fa.requires_runtime_binding != fb.requires_runtime_binding ||
      fa.python_body != fb.python_body) {
    Fail([&] { return Versus("function attrs", "other function attrs"); });
    return Up([] { return "attrs"; });
  }
  for (size_t i = 0; i < fa.attrs.size(); ++i) {
    const FuncAttr& x = fa.attrs[i];
    const FuncAttr& y = fb.attrs[i];
    if (x.key != y.key || x.enum_ref != y.enum_ref || !(x.value == y.value) ||
        (x.expr == nullptr) != (y.expr == nullptr)) {
      Fail([&] { return Versus(Quote(x.key), Quote(y.key)); });
      return Up([] { return "attrs"; });
    }
  }
  VarSpan pa = a->params();
  VarSpan pb = b->params();
  if (pa.size() != pb.size()) {
    Fail([&] { return Versus(absl::StrCat(pa.size()), absl::StrCat(pb.size())); });
    return Up([] { return "params"; });
  }
  for (size_t i = 0; i < pa.size(); ++i) {
    auto segment = [&] {
      return absl::StrCat("param[", i, "] ", Quote(pa[i] ? pa[i]->name() : "<null>"));
    };
    if (!DefineVar(pa[i], pb[i])) return Up(segment);
    ParamDirection da = a->directions()[i];
    ParamDirection db = b->directions()[i];
    if (da != db) {
      Fail([&] { return Versus(FormatEnum(da), FormatEnum(db)); });
      Up([] { return "direction"; });
      return Up(segment);
    }
  }
  // Expression attrs name parameters: compared once those correspond.
  for (size_t i = 0; i < fa.attrs.size(); ++i) {
    const Expr* x = fa.attrs[i].expr;
    if (x != nullptr && !SameExprs(x, fb.attrs[i].expr)) {
      return Up([&] { return absl::StrCat("attrs ", Quote(fa.attrs[i].key)); });
    }
  }
  auto ra = a->return_types();
  auto rb = b->return_types();
  if (ra.size() != rb.size()) {
    Fail([&] { return Versus(absl::StrCat(ra.size()), absl::StrCat(rb.size())); });
    return Up([] { return "return_types"; });
  }
  for (size_t i = 0; i < ra.size(); ++i) {
    if (!SameTypes(ra[i], rb[i])) return Up([&] { return absl::StrCat("return_type[", i, "]"); });
  }
  return SameBodies(a->body(), b->body(), "body");
}

// --- Statements -----------------------------------------------------------------

bool EqualChecker::SameBodies(const Stmt* a, const Stmt* b, absl::string_view field) {
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    Fail([&] { return Versus(a ? "present" : "absent", b ? "present" : "absent"); });
    return Up([&] { return std::string(field); });
  }
  Stmts la = AsStmtList(&a);
  Stmts lb = AsStmtList(&b);
  size_t n = std::min(la.size(), lb.size());
  for (size_t i = 0; i < n; ++i) {
    if (!SameStmts(la[i], lb[i])) {
      return Up([&] { return absl::StrCat(field, "[", i, "] (", DescribeStmt(la[i]), ")"); });
    }
  }
  if (la.size() != lb.size()) {
    Fail([&] {
      bool a_longer = la.size() > n;
      return absl::StrCat(la.size(), " statements vs ", lb.size(), " (extra on the ",
                          a_longer ? "left" : "right", ": ", field, "[", n, "] (",
                          DescribeStmt(a_longer ? la[n] : lb[n]), "))");
    });
    return Up([&] { return std::string(field); });
  }
  return true;
}

bool EqualChecker::InitIterArgs(IterArgSpan a, IterArgSpan b) {
  if (a.size() != b.size()) {
    Fail([&] { return Versus(absl::StrCat(a.size()), absl::StrCat(b.size())); });
    return Up([] { return "iter_args"; });
  }
  for (size_t i = 0; i < a.size(); ++i) {
    const Expr* ia = a[i] ? a[i]->init() : nullptr;
    const Expr* ib = b[i] ? b[i]->init() : nullptr;
    if (!SameExprs(ia, ib)) {
      Up([&] { return absl::StrCat("init (", DescribeExpr(ia), ")"); });
      return Up([&] {
        return absl::StrCat("iter_arg[", i, "] ", Quote(a[i] ? a[i]->name() : "<null>"));
      });
    }
  }
  return true;
}

bool EqualChecker::DefineIterArgs(IterArgSpan a, IterArgSpan b) {
  for (size_t i = 0; i < a.size(); ++i) {
    if (!DefineVar(a[i], b[i])) {
      return Up([&] {
        return absl::StrCat("iter_arg[", i, "] ", Quote(a[i] ? a[i]->name() : "<null>"));
      });
    }
  }
  return true;
}

bool EqualChecker::SameStmts(const Stmt* a, const Stmt* b) {
  DepthGuard guard(depth_);
  if (guard.too_deep()) return TooDeep();
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    return Fail([&] { return Versus(DescribeStmt(a), DescribeStmt(b)); });
  }
  if (a->kind() != b->kind()) {
    return Fail([&] { return Versus(DescribeStmt(a), DescribeStmt(b)); });
  }
  switch (a->kind()) {
    case NodeKind::kAssign: {
      const auto* x = a->As<AssignStmt>();
      const auto* y = b->As<AssignStmt>();
      if (!SameExprs(x->value(), y->value())) {
        return Up([&] { return absl::StrCat("value (", DescribeExpr(x->value()), ")"); });
      }
      if (!DefineVar(x->var(), y->var())) {
        return Up([&] { return absl::StrCat("var ", Quote(x->var()->name())); });
      }
      return true;
    }
    case NodeKind::kEval: {
      const Expr* x = a->As<EvalStmt>()->expr();
      if (!SameExprs(x, b->As<EvalStmt>()->expr())) {
        return Up([&] { return absl::StrCat("expr (", DescribeExpr(x), ")"); });
      }
      return true;
    }
    case NodeKind::kReturn:
      return SameExprLists(a->As<ReturnStmt>()->values(), b->As<ReturnStmt>()->values(), "value",
                       "values");
    case NodeKind::kYield:
      return SameExprLists(a->As<YieldStmt>()->values(), b->As<YieldStmt>()->values(), "value",
                       "values");
    case NodeKind::kSeq:
      return SameBodies(a, b, "stmt");
    case NodeKind::kIf: {
      const auto* x = a->As<IfStmt>();
      const auto* y = b->As<IfStmt>();
      if (!SameExprs(x->condition(), y->condition())) {
        return Up([&] { return absl::StrCat("condition (", DescribeExpr(x->condition()), ")"); });
      }
      if (!SameBodies(x->then_body(), y->then_body(), "then")) return false;
      if (!SameBodies(x->else_body(), y->else_body(), "else")) return false;
      return DefineVars(x->return_vars(), y->return_vars(), "return_var", "return_vars");
    }
    case NodeKind::kFor: {
      const auto* x = a->As<ForStmt>();
      const auto* y = b->As<ForStmt>();
      if (!SameExprs(x->start(), y->start())) {
        return Up([&] { return absl::StrCat("start (", DescribeExpr(x->start()), ")"); });
      }
      if (!SameExprs(x->stop(), y->stop())) {
        return Up([&] { return absl::StrCat("stop (", DescribeExpr(x->stop()), ")"); });
      }
      if (!SameExprs(x->step(), y->step())) {
        return Up([&] { return absl::StrCat("step (", DescribeExpr(x->step()), ")"); });
      }
      if (x->for_kind() != y->for_kind()) {
        Fail([&] { return Versus(FormatEnum(x->for_kind()), FormatEnum(y->for_kind())); });
        return Up([] { return "kind"; });
      }
      if (x->stage() != y->stage()) {
        Fail([&] { return Versus(absl::StrCat(x->stage()), absl::StrCat(y->stage())); });
        return Up([] { return "stage"; });
      }
      bool same_attrs = x->attrs().size() == y->attrs().size();
      for (size_t i = 0; same_attrs && i < x->attrs().size(); ++i) {
        same_attrs = x->attrs()[i].key == y->attrs()[i].key &&
                     x->attrs()[i].value == y->attrs()[i].value;
      }
      if (!same_attrs) {
        Fail([&] { return Versus("loop attrs", "other loop attrs"); });
        return Up([] { return "attrs"; });
      }
      if (!InitIterArgs(x->iter_args(), y->iter_args())) return false;
      if (!DefineVar(x->loop_var(), y->loop_var(), /*fold_int64=*/true)) {
        return Up([&] {
          return absl::StrCat("loop_var ", Quote(x->loop_var() ? x->loop_var()->name() : ""));
        });
      }
      if (!DefineIterArgs(x->iter_args(), y->iter_args())) return false;
      if (!SameBodies(x->body(), y->body(), "body")) return false;
      return DefineVars(x->return_vars(), y->return_vars(), "return_var", "return_vars");
    }
    case NodeKind::kWhile: {
      const auto* x = a->As<WhileStmt>();
      const auto* y = b->As<WhileStmt>();
      if (!InitIterArgs(x->iter_args(), y->iter_args())) return false;
      if (!DefineIterArgs(x->iter_args(), y->iter_args())) return false;
      if (!SameExprs(x->condition(), y->condition())) {
        return Up([&] { return absl::StrCat("condition (", DescribeExpr(x->condition()), ")"); });
      }
      if (!SameBodies(x->body(), y->body(), "body")) return false;
      return DefineVars(x->return_vars(), y->return_vars(), "return_var", "return_vars");
    }
    case NodeKind::kBreak:
    case NodeKind::kContinue:
      return true;
    case NodeKind::kScope: {
      const auto* x = a->As<ScopeStmt>();
      const auto* y = b->As<ScopeStmt>();
      bool same = x->scope_kind() == y->scope_kind() && x->args().size() == y->args().size() &&
                  x->operands().size() == y->operands().size();
      for (size_t i = 0; same && i < x->args().size(); ++i) {
        const ScopeArg& p = x->args()[i];
        const ScopeArg& q = y->args()[i];
        same = p.key == q.key && p.operand == q.operand && p.enum_ref == q.enum_ref &&
               p.value == q.value;
      }
      if (!same) return Fail([&] { return Versus("scope arguments", "other scope arguments"); });
      for (size_t i = 0; i < x->operands().size(); ++i) {
        if (!SameExprs(x->operands()[i], y->operands()[i])) {
          return Up([&] { return absl::StrCat("scope operand ", i); });
        }
      }
      return SameBodies(x->body(), y->body(), "body");
    }
    default:
      return Fail([&] { return Versus(DescribeStmt(a), DescribeStmt(b)); });
  }
}

// --- Variable definitions (a use is an expression: structural_equal_exprs.cc) ---

bool EqualChecker::DefineVar(const Var* a, const Var* b, bool fold_int64) {
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
  if (a->kind() != b->kind()) {
    return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
  if (!SameTypes(a->type(), b->type(), fold_int64)) return Up([] { return "type"; });
  // Plain pointers, not structured bindings: C++17 lambdas cannot capture
  // those (clang rejects it).
  auto inserted_a = a_to_b_.Insert(a, b);
  const Var* paired_a = *inserted_a.first;
  if (!inserted_a.second && paired_a != b) {
    return Fail([&] {
      return absl::StrCat(Versus(DescribeExpr(a), DescribeExpr(b)), " (", Quote(a->name()),
                          " is already paired with ", Quote(paired_a->name()), ")");
    });
  }
  auto inserted_b = b_to_a_.Insert(b, a);
  const Var* paired_b = *inserted_b.first;
  if (!inserted_b.second && paired_b != a) {
    return Fail([&] {
      return absl::StrCat(Versus(DescribeExpr(a), DescribeExpr(b)), " (", Quote(b->name()),
                          " is already paired with ", Quote(paired_b->name()), ")");
    });
  }
  return true;
}

bool EqualChecker::DefineVars(VarSpan a, VarSpan b, absl::string_view item,
                              absl::string_view plural) {
  if (a.size() != b.size()) {
    Fail([&] { return Versus(absl::StrCat(a.size()), absl::StrCat(b.size())); });
    return Up([&] { return std::string(plural); });
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (!DefineVar(a[i], b[i])) {
      return Up([&] {
        return absl::StrCat(item, "[", i, "] ", Quote(a[i] ? a[i]->name() : "<null>"));
      });
    }
  }
  return true;
}

}  // namespace structural

namespace {

using structural::EqualChecker;

// The explanation-producing comparison of one pair of roots.
template <typename Compare>
absl::Status Check(const StructuralEqualOptions& options, Compare&& compare) {
  EqualChecker checker(options, /*explain=*/true);
  if (compare(checker)) return absl::OkStatus();
  return checker.Explanation();
}

template <typename Compare>
bool Test(const StructuralEqualOptions& options, Compare&& compare) {
  EqualChecker checker(options, /*explain=*/false);
  return compare(checker);
}

// A top-level statement: a sequence on either side compares as a list.
bool RootStmts(EqualChecker& c, const Stmt* a, const Stmt* b) {
  if ((a != nullptr && a->Is<SeqStmts>()) || (b != nullptr && b->Is<SeqStmts>())) {
    return c.SameBodies(a, b, "stmt");
  }
  return c.SameStmts(a, b);
}

}  // namespace

absl::Status CheckStructuralEqual(const Program& a, const Program& b,
                                  const StructuralEqualOptions& options) {
  return Check(options, [&](EqualChecker& c) { return c.SamePrograms(a, b); });
}
absl::Status CheckStructuralEqual(const Function* a, const Function* b,
                                  const StructuralEqualOptions& options) {
  return Check(options, [&](EqualChecker& c) { return c.SameFunctions(a, b); });
}
absl::Status CheckStructuralEqual(const Stmt* a, const Stmt* b,
                                  const StructuralEqualOptions& options) {
  return Check(options, [&](EqualChecker& c) { return RootStmts(c, a, b); });
}
absl::Status CheckStructuralEqual(const Expr* a, const Expr* b,
                                  const StructuralEqualOptions& options) {
  return Check(options, [&](EqualChecker& c) { return c.SameExprs(a, b); });
}
absl::Status CheckStructuralEqual(const Type* a, const Type* b,
                                  const StructuralEqualOptions& options) {
  return Check(options, [&](EqualChecker& c) { return c.SameTypes(a, b); });
}

bool StructuralEqual(const Program& a, const Program& b, const StructuralEqualOptions& options) {
  return Test(options, [&](EqualChecker& c) { return c.SamePrograms(a, b); });
}
bool StructuralEqual(const Function* a, const Function* b,
                     const StructuralEqualOptions& options) {
  return Test(options, [&](EqualChecker& c) { return c.SameFunctions(a, b); });
}
bool StructuralEqual(const Stmt* a, const Stmt* b, const StructuralEqualOptions& options) {
  return Test(options, [&](EqualChecker& c) { return RootStmts(c, a, b); });
}
bool StructuralEqual(const Expr* a, const Expr* b, const StructuralEqualOptions& options) {
  return Test(options, [&](EqualChecker& c) { return c.SameExprs(a, b); });
}
bool StructuralEqual(const Type* a, const Type* b, const StructuralEqualOptions& options) {
  return Test(options, [&](EqualChecker& c) { return c.SameTypes(a, b); });
}

}  // namespace pto::ir