#include "fuzz/known_issues.h"

#include <cmath>
#include <cstdlib>
#include <optional>
#include <vector>

#include "absl/container/flat_hash_set.h"
#include "absl/strings/ascii.h"
#include "absl/strings/string_view.h"
#include "ir/visitor.h"

namespace pto::fuzz::known {
namespace {

constexpr int kMaxDepth = 64;

// Calls `f` on every expression node inside the dims of `type`.
template <typename F>
void ForEachDimNode(const ir::Type* type, F& f, int depth = 0) {
  if (type == nullptr || depth > kMaxDepth) return;
  auto walk = [&](const ir::Expr* e, int d, auto& self) -> void {
    if (e == nullptr || d > kMaxDepth) return;
    f(e);
    if (const auto* b = e->As<ir::BinaryExpr>()) {
      self(b->lhs(), d + 1, self);
      self(b->rhs(), d + 1, self);
    } else if (const auto* u = e->As<ir::UnaryExpr>()) {
      self(u->operand(), d + 1, self);
    }
  };
  auto dims = [&](ir::ExprSpan list) {
    for (const ir::Expr* d : list) walk(d, 0, walk);
  };
  if (const auto* tensor = type->As<ir::TensorType>()) {
    dims(tensor->shape());
    if (const ir::TensorView* v = tensor->view()) {
      dims(v->valid_shape);
      dims(v->stride);
    }
  } else if (const auto* tile = type->As<ir::TileType>()) {
    dims(tile->shape());
    if (const ir::TileView* v = tile->view()) {
      dims(v->valid_shape);
      dims(v->stride);
      walk(v->start_offset, 0, walk);
    }
  } else if (const auto* tuple = type->As<ir::TupleType>()) {
    for (const ir::Type* e : tuple->elements()) ForEachDimNode(e, f, depth + 1);
  }
}

// Every Var a function defines, and every type the program spells out
// (params, returns, definitions and call results).
class Survey : public ir::IRVisitor {
 public:
  absl::flat_hash_set<const ir::Var*> defined;
  std::vector<const ir::Type*> types;
  std::vector<const ir::Call*> function_calls;
  bool non_finite_float = false;
  bool empty_comment = false;

  void VisitStmtComments(const ir::Stmt* s) {
    for (absl::string_view c : s->comments()) empty_comment = empty_comment || c.empty();
  }

  void VisitFunction(const ir::Function* f) override {
    for (const ir::Var* p : f->params()) Define(p);
    for (const ir::Type* t : f->return_types()) types.push_back(t);
    IRVisitor::VisitFunction(f);
  }
  void VisitAssign(const ir::AssignStmt* s) override {
    Define(s->var());
    VisitStmtComments(s);
    IRVisitor::VisitAssign(s);
  }
  void VisitEval(const ir::EvalStmt* s) override {
    VisitStmtComments(s);
    IRVisitor::VisitEval(s);
  }
  void VisitReturn(const ir::ReturnStmt* s) override {
    VisitStmtComments(s);
    IRVisitor::VisitReturn(s);
  }
  void VisitYield(const ir::YieldStmt* s) override {
    VisitStmtComments(s);
    IRVisitor::VisitYield(s);
  }
  void VisitFor(const ir::ForStmt* s) override {
    VisitStmtComments(s);
    Define(s->loop_var());
    for (const ir::IterArg* a : s->iter_args()) Define(a);
    for (const ir::Var* r : s->return_vars()) Define(r);
    IRVisitor::VisitFor(s);
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    VisitStmtComments(s);
    for (const ir::IterArg* a : s->iter_args()) Define(a);
    for (const ir::Var* r : s->return_vars()) Define(r);
    IRVisitor::VisitWhile(s);
  }
  void VisitIf(const ir::IfStmt* s) override {
    VisitStmtComments(s);
    for (const ir::Var* r : s->return_vars()) Define(r);
    IRVisitor::VisitIf(s);
  }
  void VisitConstFloat(const ir::ConstFloat* c) override {
    non_finite_float = non_finite_float || !std::isfinite(c->value());
  }
  void VisitCall(const ir::Call* c) override {
    if (c->callee() != nullptr) function_calls.push_back(c);
    types.push_back(c->type());
    for (const ir::Kwarg& k : c->kwargs()) {
      non_finite_float = non_finite_float || (k.value.kind() == ir::AttrKind::kFloat &&
                                              !std::isfinite(k.value.float_value()));
    }
    IRVisitor::VisitCall(c);
  }

 private:
  void Define(const ir::Var* v) {
    if (v == nullptr) return;
    defined.insert(v);
    types.push_back(v->type());
  }
};

Survey Take(const ir::Program& program) {
  Survey survey;
  survey.VisitProgram(program);
  return survey;
}

bool IsIdentifier(absl::string_view s) {
  if (s.empty() || absl::ascii_isdigit(s[0])) return false;
  for (char c : s) {
    if (!absl::ascii_isalnum(c) && c != '_') return false;
  }
  return true;
}

// Vars used in type dims that no function defines: the `pl.dynamic` dims.
absl::flat_hash_set<const ir::Var*> DynamicDims(const Survey& survey) {
  absl::flat_hash_set<const ir::Var*> dims;
  auto collect = [&](const ir::Expr* e) {
    if (const auto* v = e->As<ir::Var>(); v != nullptr && !survey.defined.contains(v)) {
      dims.insert(v);
    }
  };
  for (const ir::Type* t : survey.types) ForEachDimNode(t, collect);
  return dims;
}

std::optional<ir::DataType> ScalarDType(const ir::Expr* e) {
  if (const auto* s = e->type()->As<ir::ScalarType>()) return s->dtype();
  return std::nullopt;
}

}  // namespace

bool SuppressionsEnabled() { return std::getenv("PTO_FUZZ_NO_SUPPRESSIONS") == nullptr; }

bool HasVarNamedLikeDynamicDim(const ir::Program& program) {
  if (!SuppressionsEnabled()) return false;
  Survey survey = Take(program);
  absl::flat_hash_set<absl::string_view> names;
  for (const ir::Var* d : DynamicDims(survey)) names.insert(d->name());
  for (const ir::Var* v : survey.defined) {
    if (names.contains(v->name())) return true;
  }
  return false;
}

bool HasMixedDtypeExtent(const ir::Program& program) {
  if (!SuppressionsEnabled()) return false;
  Survey survey = Take(program);
  bool mixed = false;
  auto check = [&](const ir::Expr* e) {
    const auto* b = e->As<ir::BinaryExpr>();
    if (b == nullptr) return;
    std::optional<ir::DataType> l = ScalarDType(b->lhs());
    std::optional<ir::DataType> r = ScalarDType(b->rhs());
    if (!l || !r || ir::IsLogical(b->op())) return;
    // What the parser would build (scalar_builder.h): INDEX and INT64 mix
    // freely, any other pair gets a Cast; the wider side wins, the left on
    // a tie.
    auto index_like = [](ir::DataType t) {
      return t == ir::DataType::kIndex || t == ir::DataType::kInt64;
    };
    bool needs_cast = *l != *r && !(index_like(*l) && index_like(*r));
    ir::DataType promoted = r->bits() > l->bits() ? *r : *l;
    bool retyped = !ir::IsComparison(b->op()) && b->dtype() != promoted;
    mixed = mixed || needs_cast || retyped;
  };
  for (const ir::Type* t : survey.types) ForEachDimNode(t, check);
  return mixed;
}

bool HasNonFiniteFloat(const ir::Program& program) {
  if (!SuppressionsEnabled()) return false;
  return Take(program).non_finite_float;
}

bool HasCallTypeNamingCalleeParam(const ir::Program& program) {
  if (!SuppressionsEnabled()) return false;
  Survey survey = Take(program);
  for (const ir::Call* c : survey.function_calls) {
    const ir::Function* callee = program.FindFunction(c->callee()->name());
    if (callee == nullptr) continue;
    bool names_param = false;
    auto check = [&](const ir::Expr* e) {
      for (const ir::Var* p : callee->params()) names_param = names_param || e == p;
    };
    ForEachDimNode(c->type(), check);
    if (names_param) return true;
  }
  return false;
}

bool HasEmptyComment(const ir::Program& program) {
  if (!SuppressionsEnabled()) return false;
  return Take(program).empty_comment;
}

bool HasNonIdentifierDimName(const ir::Program& program) {
  if (!SuppressionsEnabled()) return false;
  Survey survey = Take(program);
  for (const ir::Var* d : DynamicDims(survey)) {
    if (!IsIdentifier(d->name())) return true;
  }
  return false;
}

}  // namespace pto::fuzz::known
