#include "ir/analysis/structural_equal.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/analysis/ir_format.h"
#include "ir/analysis/structural_common.h"
#include "ir/analysis/var_table.h"
#include "ir/op.h"
#include "ir/depth_guard.h"

namespace pto::ir {
namespace {

using diag::DescribeExpr;
using diag::DescribeStmt;
using diag::FormatAttrValue;
using diag::FormatDataType;
using diag::FormatEnum;
using diag::FormatExpr;
using diag::FormatType;
using structural::AsStmtList;
using structural::FoldInt64;
using structural::kMaxDepth;

std::string Quote(absl::string_view s) { return absl::StrCat("'", s, "'"); }

std::string Versus(absl::string_view a, absl::string_view b) {
  return absl::StrCat(a, " vs ", b);
}

bool SameFloatBits(double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; }

// Does the type mention a Var anywhere (shape or view dims)? Only a closed
// type may be taken as equal to itself without a look: an open one is equal
// to itself only if its Vars are paired with themselves.
bool IsClosedExpr(const Expr* e, int depth) {
  if (e == nullptr) return true;
  if (depth > kMaxDepth) return false;
  switch (e->kind()) {
    case NodeKind::kConstInt:
    case NodeKind::kConstFloat:
    case NodeKind::kConstBool:
      return true;
    case NodeKind::kBinary: {
      const auto* b = e->As<BinaryExpr>();
      return IsClosedExpr(b->lhs(), depth + 1) && IsClosedExpr(b->rhs(), depth + 1);
    }
    case NodeKind::kUnary:
      return IsClosedExpr(e->As<UnaryExpr>()->operand(), depth + 1);
    default:
      return false;  // Vars, and (conservatively) anything more exotic.
  }
}

bool IsClosedList(ExprSpan dims, int depth) {
  for (const Expr* d : dims) {
    if (!IsClosedExpr(d, depth)) return false;
  }
  return true;
}

bool IsClosedType(const Type* t, int depth) {
  if (depth > kMaxDepth) return false;
  switch (t->kind()) {
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* tt = t->As<TensorType>();
      if (!IsClosedList(tt->shape(), depth)) return false;
      const TensorView* v = tt->view();
      return v == nullptr || (IsClosedList(v->valid_shape, depth) && IsClosedList(v->stride, depth));
    }
    case TypeKind::kTile: {
      const auto* tt = t->As<TileType>();
      if (!IsClosedList(tt->shape(), depth)) return false;
      const TileView* v = tt->view();
      return v == nullptr ||
             (IsClosedList(v->valid_shape, depth) && IsClosedList(v->stride, depth) &&
              IsClosedExpr(v->start_offset, depth));
    }
    case TypeKind::kTuple:
      for (const Type* e : t->As<TupleType>()->elements()) {
        if (e != nullptr && !IsClosedType(e, depth + 1)) return false;
      }
      return true;
    default:
      return true;
  }
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
  bool SameKwargValues(absl::string_view name, const AttrValue* a, const AttrValue* b);
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

bool EqualChecker::SamePrograms(const Program& a, const Program& b) {
  auto fa = a.functions();
  auto fb = b.functions();
  size_t n = std::min(fa.size(), fb.size());
  for (size_t i = 0; i < n; ++i) {
    if (!SameFunctions(fa[i], fb[i])) {
      return Up([&] { return absl::StrCat("function ", Quote(fa[i]->name())); });
    }
  }
  if (fa.size() != fb.size()) {
    return Fail([&] {
      const Function* extra = fa.size() > n ? fa[n] : fb[n];
      return absl::StrCat("functions: ", fa.size(), " vs ", fb.size(), " (first unmatched: ",
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
    default:
      return Fail([&] { return Versus(DescribeStmt(a), DescribeStmt(b)); });
  }
}

// --- Variables ------------------------------------------------------------------

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

bool EqualChecker::UseVar(const Var* a, const Var* b) {
  if (const Var* const* pa = a_to_b_.Find(a)) {
    if (*pa == b) return true;
    return Fail([&] {
      return absl::StrCat(Versus(DescribeExpr(a), DescribeExpr(b)), " (", Quote(a->name()),
                          " is paired with ", Quote((*pa)->name()), ")");
    });
  }
  if (const Var* const* pb = b_to_a_.Find(b)) {
    return Fail([&] {
      return absl::StrCat(Versus(DescribeExpr(a), DescribeExpr(b)), " (", Quote(b->name()),
                          " is paired with ", Quote((*pb)->name()), ")");
    });
  }
  // Never defined on either side so far: a free Var, e.g. a dynamic dim.
  if (!options_.map_free_vars && a != b) {
    return Fail([&] {
      return absl::StrCat(Versus(DescribeExpr(a), DescribeExpr(b)),
                          " (different free variables)");
    });
  }
  if (!SameTypes(a->type(), b->type())) return Up([] { return "type"; });
  a_to_b_.Insert(a, b);
  b_to_a_.Insert(b, a);
  return true;
}

// --- Expressions ----------------------------------------------------------------

bool EqualChecker::SameExprLists(ExprSpan a, ExprSpan b, absl::string_view item,
                             absl::string_view plural) {
  size_t n = std::min(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    if (!SameExprs(a[i], b[i])) {
      return Up([&] { return absl::StrCat(item, "[", i, "] (", DescribeExpr(a[i]), ")"); });
    }
  }
  if (a.size() != b.size()) {
    Fail([&] { return Versus(absl::StrCat(a.size()), absl::StrCat(b.size())); });
    return Up([&] { return std::string(plural); });
  }
  return true;
}

bool EqualChecker::SameExprs(const Expr* a, const Expr* b) {
  DepthGuard guard(depth_);
  if (guard.too_deep()) return TooDeep();
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
  if (a->kind() != b->kind()) {
    return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
  switch (a->kind()) {
    case NodeKind::kVar:
    case NodeKind::kIterArg:
      return UseVar(a->As<Var>(), b->As<Var>());
    case NodeKind::kConstInt: {
      const auto* x = a->As<ConstInt>();
      const auto* y = b->As<ConstInt>();
      if (x->value() == y->value() && FoldInt64(x->dtype()) == FoldInt64(y->dtype())) return true;
      return Fail([&] { return Versus(FormatExpr(x), FormatExpr(y)); });
    }
    case NodeKind::kConstFloat: {
      const auto* x = a->As<ConstFloat>();
      const auto* y = b->As<ConstFloat>();
      if (SameFloatBits(x->value(), y->value()) && x->dtype() == y->dtype()) return true;
      return Fail([&] {
        std::string fx = FormatExpr(x);
        std::string fy = FormatExpr(y);
        if (fx == fy) return absl::StrCat(Versus(fx, fy), " (different bits)");
        return Versus(fx, fy);
      });
    }
    case NodeKind::kConstBool:
      if (a->As<ConstBool>()->value() == b->As<ConstBool>()->value()) return true;
      return Fail([&] { return Versus(FormatExpr(a), FormatExpr(b)); });
    case NodeKind::kCall:
      return SameCalls(a->As<Call>(), b->As<Call>());
    case NodeKind::kMakeTuple:
      return SameExprLists(a->As<MakeTuple>()->elements(), b->As<MakeTuple>()->elements(),
                       "element", "elements");
    case NodeKind::kTupleGetItem: {
      const auto* x = a->As<TupleGetItem>();
      const auto* y = b->As<TupleGetItem>();
      if (x->index() != y->index()) {
        Fail([&] { return Versus(absl::StrCat(x->index()), absl::StrCat(y->index())); });
        return Up([] { return "index"; });
      }
      if (!SameExprs(x->tuple(), y->tuple())) {
        return Up([&] { return absl::StrCat("tuple (", DescribeExpr(x->tuple()), ")"); });
      }
      return true;
    }
    case NodeKind::kBinary: {
      const auto* x = a->As<BinaryExpr>();
      const auto* y = b->As<BinaryExpr>();
      if (x->op() != y->op()) return Fail([&] { return Versus(DescribeExpr(x), DescribeExpr(y)); });
      if (x->dtype() != y->dtype()) {
        Fail([&] { return Versus(FormatDataType(x->dtype()), FormatDataType(y->dtype())); });
        return Up([] { return "dtype"; });
      }
      if (!SameExprs(x->lhs(), y->lhs())) {
        return Up([&] { return absl::StrCat("lhs (", DescribeExpr(x->lhs()), ")"); });
      }
      if (!SameExprs(x->rhs(), y->rhs())) {
        return Up([&] { return absl::StrCat("rhs (", DescribeExpr(x->rhs()), ")"); });
      }
      return true;
    }
    case NodeKind::kUnary: {
      const auto* x = a->As<UnaryExpr>();
      const auto* y = b->As<UnaryExpr>();
      if (x->op() != y->op()) return Fail([&] { return Versus(FormatExpr(x), FormatExpr(y)); });
      if (x->dtype() != y->dtype()) {
        Fail([&] { return Versus(FormatDataType(x->dtype()), FormatDataType(y->dtype())); });
        return Up([] { return "dtype"; });
      }
      if (!SameExprs(x->operand(), y->operand())) {
        return Up([&] { return absl::StrCat("operand (", DescribeExpr(x->operand()), ")"); });
      }
      return true;
    }
    default:
      return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
}

bool EqualChecker::SameCalls(const Call* a, const Call* b) {
  const Op* oa = a->op();
  const Op* ob = b->op();
  if ((oa == nullptr) != (ob == nullptr)) {
    return Fail([&] { return Versus(DescribeExpr(a), DescribeExpr(b)); });
  }
  if (oa != nullptr) {
    // One registry holds one Op per name, so this is identity; the name test
    // also matches ops of two registries (e.g. a test registry).
    if (oa != ob && oa->name() != ob->name()) {
      Fail([&] { return Versus(oa->name(), ob->name()); });
      return Up([] { return "op"; });
    }
  } else {
    absl::string_view ca = a->callee() ? a->callee()->name() : absl::string_view();
    absl::string_view cb = b->callee() ? b->callee()->name() : absl::string_view();
    if (ca != cb) {
      Fail([&] { return Versus(Quote(ca), Quote(cb)); });
      return Up([] { return "callee"; });
    }
  }
  if (!SameExprLists(a->args(), b->args(), "arg", "args")) return false;
  if (!SameKwargs(a, b)) return false;
  if (!SameTypes(a->type(), b->type())) return Up([] { return "type"; });
  return true;
}

bool EqualChecker::SameKwargValues(absl::string_view name, const AttrValue* a, const AttrValue* b) {
  if (a != nullptr && b != nullptr && *a == *b) return true;
  Fail([&] {
    auto side = [&](const AttrValue* v) -> std::string {
      if (v == nullptr) return "absent";
      if (a != nullptr && b != nullptr && a->kind() != b->kind()) {
        return absl::StrCat(AttrKindName(v->kind()), " ", FormatAttrValue(*v));
      }
      return FormatAttrValue(*v);
    };
    return Versus(side(a), side(b));
  });
  return Up([&] { return absl::StrCat("kwarg ", Quote(name)); });
}

absl::string_view KwargName(const Op* op, uint8_t key) {
  if (op == nullptr) return "<no schema>";
  if (key < op->kwargs().size()) return op->kwargs()[key].name;
  return "<out of schema>";
}

bool EqualChecker::SameKwargs(const Call* a, const Call* b) {
  auto ka = a->kwargs();
  auto kb = b->kwargs();
  if (ka.empty() && kb.empty()) return true;
  const Op* oa = a->op();
  const Op* ob = b->op();
  if (oa == ob) {
    // Both lists are sorted by key: merge them.
    size_t i = 0;
    size_t j = 0;
    while (i < ka.size() || j < kb.size()) {
      int key_a = i < ka.size() ? ka[i].key : 256;
      int key_b = j < kb.size() ? kb[j].key : 256;
      if (key_a == key_b) {
        if (!SameKwargValues(KwargName(oa, ka[i].key), &ka[i].value, &kb[j].value)) return false;
        ++i;
        ++j;
      } else if (key_a < key_b) {
        if (!SameKwargValues(KwargName(oa, ka[i].key), &ka[i].value, nullptr)) return false;
        ++i;
      } else {
        if (!SameKwargValues(KwargName(ob, kb[j].key), nullptr, &kb[j].value)) return false;
        ++j;
      }
    }
    return true;
  }
  // Same name, different Op objects: keys index different schemas, so match
  // by name (at most 32 kwargs per op).
  for (const Kwarg& x : ka) {
    absl::string_view name = KwargName(oa, x.key);
    const AttrValue* match = nullptr;
    for (const Kwarg& y : kb) {
      if (KwargName(ob, y.key) == name) match = &y.value;
    }
    if (!SameKwargValues(name, &x.value, match)) return false;
  }
  for (const Kwarg& y : kb) {
    absl::string_view name = KwargName(ob, y.key);
    bool found = false;
    for (const Kwarg& x : ka) found = found || KwargName(oa, x.key) == name;
    if (!found && !SameKwargValues(name, nullptr, &y.value)) return false;
  }
  return true;
}

// --- Types ----------------------------------------------------------------------

bool EqualChecker::SameDims(ExprSpan a, ExprSpan b, absl::string_view field) {
  if (a.size() != b.size()) {
    Fail([&] { return absl::StrCat("rank ", a.size(), " vs ", b.size()); });
    return Up([&] { return std::string(field); });
  }
  for (size_t i = 0; i < a.size(); ++i) {
    if (!SameExprs(a[i], b[i])) return Up([&] { return absl::StrCat(field, "[", i, "]"); });
  }
  return true;
}

bool EqualChecker::SameTensorViews(const TensorView* a, const TensorView* b) {
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    Fail([&] { return Versus(a ? "present" : "absent", b ? "present" : "absent"); });
    return Up([] { return "view"; });
  }
  bool ok = SameDims(a->valid_shape, b->valid_shape, "valid_shape") &&
            SameDims(a->stride, b->stride, "stride");
  if (ok && a->layout != b->layout) {
    Fail([&] { return Versus(FormatEnum(a->layout), FormatEnum(b->layout)); });
    Up([] { return "layout"; });
    ok = false;
  }
  if (ok && a->pad != b->pad) {
    Fail([&] { return Versus(FormatEnum(a->pad), FormatEnum(b->pad)); });
    Up([] { return "pad"; });
    ok = false;
  }
  return ok || Up([] { return "view"; });
}

bool EqualChecker::SameTileViews(const TileView* a, const TileView* b) {
  if (a == nullptr || b == nullptr) {
    if (a == b) return true;
    Fail([&] { return Versus(a ? "present" : "absent", b ? "present" : "absent"); });
    return Up([] { return "view"; });
  }
  bool ok = SameDims(a->valid_shape, b->valid_shape, "valid_shape") &&
            SameDims(a->stride, b->stride, "stride");
  if (ok && (a->start_offset == nullptr) != (b->start_offset == nullptr)) {
    Fail([&] {
      return Versus(a->start_offset ? FormatExpr(a->start_offset) : "absent",
                    b->start_offset ? FormatExpr(b->start_offset) : "absent");
    });
    Up([] { return "start_offset"; });
    ok = false;
  }
  if (ok && a->start_offset != nullptr && !SameExprs(a->start_offset, b->start_offset)) {
    Up([] { return "start_offset"; });
    ok = false;
  }
  auto field = [&](bool differs, absl::string_view name, auto value_a, auto value_b) {
    if (!ok || !differs) return;
    Fail([&] { return Versus(value_a(), value_b()); });
    Up([&] { return std::string(name); });
    ok = false;
  };
  field(a->blayout != b->blayout, "blayout", [&] { return FormatEnum(a->blayout); },
        [&] { return FormatEnum(b->blayout); });
  field(a->slayout != b->slayout, "slayout", [&] { return FormatEnum(a->slayout); },
        [&] { return FormatEnum(b->slayout); });
  field(a->fractal != b->fractal, "fractal", [&] { return absl::StrCat(a->fractal); },
        [&] { return absl::StrCat(b->fractal); });
  field(a->pad != b->pad, "pad", [&] { return FormatEnum(a->pad); },
        [&] { return FormatEnum(b->pad); });
  field(a->compact != b->compact, "compact", [&] { return FormatEnum(a->compact); },
        [&] { return FormatEnum(b->compact); });
  return ok || Up([] { return "view"; });
}

bool EqualChecker::SameTypes(const Type* a, const Type* b, bool fold_int64) {
  // Interned: the same pointer is the same type, but only a closed type is
  // therefore structurally equal to itself; Vars in its dims must still pair.
  if (a == b && (a == nullptr || IsClosedType(a, 0))) return true;
  if (a == nullptr || b == nullptr || a->kind() != b->kind()) {
    return Fail([&] { return Versus(FormatType(a), FormatType(b)); });
  }
  DepthGuard guard(depth_);
  if (guard.too_deep()) return TooDeep();
  switch (a->kind()) {
    case TypeKind::kScalar: {
      DataType da = a->As<ScalarType>()->dtype();
      DataType db = b->As<ScalarType>()->dtype();
      if (fold_int64 ? FoldInt64(da) == FoldInt64(db) : da == db) return true;
      return Fail([&] { return Versus(FormatType(a), FormatType(b)); });
    }
    case TypeKind::kTensor:
    case TypeKind::kDistributedTensor: {
      const auto* x = a->As<TensorType>();
      const auto* y = b->As<TensorType>();
      if (x->dtype() != y->dtype()) {
        Fail([&] { return Versus(FormatDataType(x->dtype()), FormatDataType(y->dtype())); });
        return Up([] { return "dtype"; });
      }
      return SameDims(x->shape(), y->shape(), "shape") && SameTensorViews(x->view(), y->view());
    }
    case TypeKind::kTile: {
      const auto* x = a->As<TileType>();
      const auto* y = b->As<TileType>();
      if (x->dtype() != y->dtype()) {
        Fail([&] { return Versus(FormatDataType(x->dtype()), FormatDataType(y->dtype())); });
        return Up([] { return "dtype"; });
      }
      if (!SameDims(x->shape(), y->shape(), "shape")) return false;
      if (x->memory_space() != y->memory_space()) {
        Fail([&] {
          return Versus(x->memory_space() ? FormatEnum(*x->memory_space()) : "none",
                        y->memory_space() ? FormatEnum(*y->memory_space()) : "none");
        });
        return Up([] { return "memory_space"; });
      }
      return SameTileViews(x->view(), y->view());
    }
    case TypeKind::kTuple: {
      auto ea = a->As<TupleType>()->elements();
      auto eb = b->As<TupleType>()->elements();
      if (ea.size() != eb.size()) {
        Fail([&] { return Versus(absl::StrCat(ea.size()), absl::StrCat(eb.size())); });
        return Up([] { return "elements"; });
      }
      for (size_t i = 0; i < ea.size(); ++i) {
        if (!SameTypes(ea[i], eb[i])) return Up([&] { return absl::StrCat("element[", i, "]"); });
      }
      return true;
    }
    case TypeKind::kUnknown:
    case TypeKind::kCommCtx:
      return true;
  }
  return Fail([&] { return Versus(FormatType(a), FormatType(b)); });
}

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
