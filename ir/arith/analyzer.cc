#include "ir/arith/analyzer.h"

#include "absl/container/inlined_vector.h"
#include "ir/arith/int_eval.h"
#include "ir/type.h"

namespace pto::ir {
namespace {

// The dtype of an integer or BOOL scalar expression.
std::optional<DataType> IntDtype(const Expr* e) {
  const auto* s = e->type() != nullptr ? e->type()->As<ScalarType>() : nullptr;
  if (s == nullptr || !(s->dtype().IsInt() || s->dtype().IsBool())) return std::nullopt;
  return s->dtype();
}

// The exact value of an integer or boolean constant.
std::optional<__int128> ExactConst(const Expr* e) {
  if (const auto* c = e->As<ConstInt>()) {
    if (c->dtype().IsUnsignedInt() && c->dtype().bits() >= 64) {
      return static_cast<__int128>(static_cast<uint64_t>(c->value()));
    }
    return c->value();
  }
  if (const auto* b = e->As<ConstBool>()) return b->value() ? 1 : 0;
  return std::nullopt;
}

bool IsConst(const Expr* e, int64_t v) {
  std::optional<__int128> c = ExactConst(e);
  return c.has_value() && *c == v;
}

// The same value for sure: one Var, or equal constants of one dtype.
bool SameValue(const Expr* a, const Expr* b) {
  if (a == b) return true;
  const auto* x = a->As<ConstInt>();
  const auto* y = b->As<ConstInt>();
  return x != nullptr && y != nullptr && x->value() == y->value() && x->dtype() == y->dtype();
}

bool SameDtype(const Expr* e, DataType dtype) {
  std::optional<DataType> d = IntDtype(e);
  return d.has_value() && *d == dtype;
}

BinaryOp Negated(BinaryOp op) {
  switch (op) {
    case BinaryOp::kLt: return BinaryOp::kGe;
    case BinaryOp::kLe: return BinaryOp::kGt;
    case BinaryOp::kGt: return BinaryOp::kLe;
    case BinaryOp::kGe: return BinaryOp::kLt;
    case BinaryOp::kEq: return BinaryOp::kNe;
    default: return BinaryOp::kEq;  // kNe
  }
}

// `a op b` read as `b op' a`.
BinaryOp Mirrored(BinaryOp op) {
  switch (op) {
    case BinaryOp::kLt: return BinaryOp::kGt;
    case BinaryOp::kLe: return BinaryOp::kGe;
    case BinaryOp::kGt: return BinaryOp::kLt;
    case BinaryOp::kGe: return BinaryOp::kLe;
    default: return op;
  }
}

// The values v may take given `v op other` with other in `o`.
IntBound Constrained(BinaryOp op, const IntBound& o) {
  const auto minus1 = [](int64_t x) { return x == IntBound::kPosInf ? x : x - 1; };
  const auto plus1 = [](int64_t x) { return x == IntBound::kNegInf ? x : x + 1; };
  switch (op) {
    case BinaryOp::kLt: return {IntBound::kNegInf, minus1(o.hi)};
    case BinaryOp::kLe: return {IntBound::kNegInf, o.hi};
    case BinaryOp::kGt: return {plus1(o.lo), IntBound::kPosInf};
    case BinaryOp::kGe: return {o.lo, IntBound::kPosInf};
    // An equality is not turned into a value (upstream keeps `i + 1` under
    // `if i == 0`): only inequalities bound.
    default: return IntBound::Everything();
  }
}

}  // namespace

void Analyzer::Restore(size_t mark) {
  while (log_.size() > mark) {
    auto& [v, old] = log_.back();
    if (old.has_value()) {
      bounds_[v] = *old;
    } else {
      bounds_.erase(v);
    }
    log_.pop_back();
  }
}

void Analyzer::Bind(const Var* v, IntBound bound) {
  auto it = bounds_.find(v);
  log_.emplace_back(v, it == bounds_.end() ? std::nullopt : std::optional<IntBound>(it->second));
  bounds_[v] = bound;
}

void Analyzer::Refine(const Var* v, IntBound bound) {
  const IntBound now = BoundOf(v);
  const IntBound both = now.Intersect(bound);
  if (both.Empty() || both == now) return;
  Bind(v, both);
}

IntBound Analyzer::BoundOf(const Var* v) const {
  auto it = bounds_.find(v);
  if (it != bounds_.end()) return it->second;
  std::optional<DataType> d = IntDtype(v);
  return d.has_value() ? VarDefault(*d) : IntBound::Everything();
}

void Analyzer::Assume(const Expr* cond, bool holds) {
  if (const auto* u = cond->As<UnaryExpr>(); u != nullptr && u->op() == UnaryOp::kNot) {
    Assume(u->operand(), !holds);
    return;
  }
  if (const auto* v = cond->As<Var>(); v != nullptr && IntDtype(v) == DataType(DataType::kBool)) {
    Refine(v, IntBound::Point(holds ? 1 : 0));
    return;
  }
  const auto* b = cond->As<BinaryExpr>();
  if (b == nullptr) return;
  // Both conjuncts of a true `and` hold; both disjuncts of a false `or` fail.
  if ((b->op() == BinaryOp::kAnd && holds) || (b->op() == BinaryOp::kOr && !holds)) {
    Assume(b->lhs(), holds);
    Assume(b->rhs(), holds);
    return;
  }
  if (!IsComparison(b->op()) || !IntDtype(b->lhs()) || !IntDtype(b->rhs())) return;
  const BinaryOp op = holds ? b->op() : Negated(b->op());
  if (const auto* v = b->lhs()->As<Var>()) Refine(v, Constrained(op, Bound(b->rhs())));
  if (const auto* v = b->rhs()->As<Var>()) Refine(v, Constrained(Mirrored(op), Bound(b->lhs())));
}

const Expr* Analyzer::Simplify(const Expr* e) {
  return Walk(e, [](const Expr* x) { return x; }).e;
}

const Expr* Analyzer::Simplify(const Expr* e, Leaf leaf) { return Walk(e, leaf).e; }

IntBound Analyzer::Bound(const Expr* e) {
  return Walk(e, [](const Expr* x) { return x; }).bound;
}

std::optional<bool> Analyzer::Decide(const Expr* cond) {
  const IntBound b = Bound(cond);
  if (b == IntBound::Point(0)) return false;
  if (!b.Contains(0) && IntDtype(cond).has_value()) return true;
  return std::nullopt;
}

Analyzer::Result Analyzer::Constant(int64_t value, DataType dtype) {
  const Expr* c = dtype.IsBool() ? static_cast<const Expr*>(ctx_.Bool(value != 0))
                                 : ctx_.Int(WrapInt(dtype, static_cast<uint64_t>(value)), dtype);
  const int64_t v = dtype.IsBool() ? (value != 0) : WrapInt(dtype, static_cast<uint64_t>(value));
  return {c, IntBound::Point(v), true};
}

Analyzer::Result Analyzer::OfLeaf(const Expr* e) {
  if (std::optional<__int128> c = ExactConst(e)) {
    const bool fits = *c >= IntBound::kNegInf && *c <= IntBound::kPosInf;
    return {e, fits ? IntBound::Point(static_cast<int64_t>(*c)) : IntBound{0, IntBound::kPosInf},
            true};
  }
  if (const auto* v = e->As<Var>()) return {e, BoundOf(v), true};
  std::optional<DataType> d = IntDtype(e);
  const IntBound bound = d.has_value() ? DtypeRange(*d) : IntBound::Everything();
  return {e, bound, e->kind() == NodeKind::kConstFloat};
}

Analyzer::Result Analyzer::Walk(const Expr* e, Leaf leaf) {
  if (const auto* b = e->As<BinaryExpr>()) {
    const Result x = Walk(b->lhs(), leaf);
    const Result y = Walk(b->rhs(), leaf);
    return RewriteBinary(b, x, y);
  }
  if (const auto* u = e->As<UnaryExpr>()) return RewriteUnary(u, Walk(u->operand(), leaf));
  const Expr* m = leaf(e);
  if (m != e && (m->Is<BinaryExpr>() || m->Is<UnaryExpr>())) {
    return Walk(m, [](const Expr* x) { return x; });
  }
  return OfLeaf(m);
}

Analyzer::Result Analyzer::RewriteBinary(const BinaryExpr* b, const Result& x, const Result& y) {
  const BinaryOp op = b->op();
  const DataType dt = b->dtype();
  const IntBound bound = BinaryBound(op, x.bound, y.bound, dt);
  const bool pure = x.pure && y.pure;
  auto keep = [&]() -> Result {
    if (x.e == b->lhs() && y.e == b->rhs()) return {b, bound, pure};
    return {ctx_.NewBinary(op, x.e, y.e, dt, b->loc()), bound, pure};
  };
  const bool integral = (dt.IsInt() || dt.IsBool()) && IntDtype(x.e) && IntDtype(y.e);
  if (!integral) return keep();
  // Constant operands fold with the program's own semantics.
  std::optional<__int128> cx = ExactConst(x.e), cy = ExactConst(y.e);
  if (cx && cy) {
    if (IsComparison(op)) return Constant(CompareValues<__int128>(op, *cx, *cy), DataType::kBool);
    if (IsLogical(op)) {
      const bool p = *cx != 0, q = *cy != 0;
      return Constant(op == BinaryOp::kAnd ? (p && q) : op == BinaryOp::kOr ? (p || q) : p != q,
                      DataType::kBool);
    }
    absl::StatusOr<int64_t> v = EvalIntBinary(op, *cx, *cy, dt);
    if (v.ok()) return Constant(*v, dt);
    return keep();  // undefined (a division by zero): the program's error, not ours
  }
  if (pure && bound.IsPoint()) return Constant(bound.lo, dt);
  if (pure && IsComparison(op) && SameValue(x.e, y.e)) {
    const bool reflexive = op == BinaryOp::kEq || op == BinaryOp::kLe || op == BinaryOp::kGe;
    return Constant(reflexive, DataType::kBool);
  }
  // An identity may only hand back an operand of the result's own dtype.
  auto operand = [&](const Result& r) -> std::optional<Result> {
    if (!SameDtype(r.e, dt)) return std::nullopt;
    return Result{r.e, r.bound, r.pure};
  };
  std::optional<Result> r;
  switch (op) {
    case BinaryOp::kAdd:
      if (IsConst(y.e, 0)) r = operand(x);
      if (!r && IsConst(x.e, 0)) r = operand(y);
      break;
    case BinaryOp::kSub:
      if (IsConst(y.e, 0)) r = operand(x);
      break;
    case BinaryOp::kMul:
      if (IsConst(y.e, 1)) r = operand(x);
      if (!r && IsConst(x.e, 1)) r = operand(y);
      if (!r && pure && (IsConst(x.e, 0) || IsConst(y.e, 0))) return Constant(0, dt);
      break;
    case BinaryOp::kFloorDiv:
      if (IsConst(y.e, 1)) r = operand(x);
      break;
    case BinaryOp::kFloorMod:
      if (pure && IsConst(y.e, 1)) return Constant(0, dt);
      // Already in [0, c): the remainder is the value itself.
      if (y.bound.IsPoint() && y.bound.lo > 0 && x.bound.lo >= 0 && x.bound.hi < y.bound.lo) {
        r = operand(x);
      }
      break;
    case BinaryOp::kMin:
    case BinaryOp::kMax: {
      if (SameValue(x.e, y.e)) r = operand(x);
      const bool x_le_y = x.bound.hi <= y.bound.lo, y_le_x = y.bound.hi <= x.bound.lo;
      const bool want_x = op == BinaryOp::kMin ? x_le_y : y_le_x;
      const bool want_y = op == BinaryOp::kMin ? y_le_x : x_le_y;
      if (!r && want_x && y.pure) r = operand(x);
      if (!r && want_y && x.pure) r = operand(y);
      break;
    }
    case BinaryOp::kAnd:
    case BinaryOp::kOr: {
      // true and q = q, false or q = q; the absorbing value wins if the other
      // side may be dropped.
      const int64_t unit = op == BinaryOp::kAnd ? 1 : 0;
      if (x.bound == IntBound::Point(unit) && dt.IsBool() && SameDtype(y.e, dt)) r = operand(y);
      if (!r && y.bound == IntBound::Point(unit) && SameDtype(x.e, dt)) r = operand(x);
      break;
    }
    default: break;
  }
  if (r) return *r;
  if ((op == BinaryOp::kAdd || op == BinaryOp::kSub) && pure) {
    if (const Expr* sum = Regroup(b, x.e, y.e)) return {sum, bound, pure};
  }
  return keep();
}

const Expr* Analyzer::Regroup(const BinaryExpr* b, const Expr* lhs, const Expr* rhs) {
  // The sum as signed terms and one constant. Chains are short in practice;
  // a long one is left alone so the rewrite stays linear.
  constexpr size_t kMaxTerms = 16;
  const DataType dt = b->dtype();
  struct Term {
    const Expr* e;
    bool negative;
  };
  absl::InlinedVector<Term, 8> terms;
  __int128 constant = 0;
  int constants = 0;
  bool too_long = false;
  auto flatten = [&](auto&& self, const Expr* e, bool negative) -> void {
    if (too_long) return;
    if (const auto* s = e->As<BinaryExpr>();
        s != nullptr && s->dtype() == dt &&
        (s->op() == BinaryOp::kAdd || s->op() == BinaryOp::kSub)) {
      self(self, s->lhs(), negative);
      self(self, s->rhs(), s->op() == BinaryOp::kSub ? !negative : negative);
    } else if (std::optional<__int128> c = ExactConst(e); c && e->Is<ConstInt>()) {
      constant += negative ? -*c : *c;
      ++constants;
    } else if (terms.size() < kMaxTerms) {
      terms.push_back({e, negative});
    } else {
      too_long = true;
    }
  };
  flatten(flatten, lhs, false);
  flatten(flatten, rhs, b->op() == BinaryOp::kSub);
  if (too_long) return nullptr;
  // x - x cancels.
  bool cancelled = false;
  for (size_t i = 0; i < terms.size(); ++i) {
    for (size_t j = i + 1; j < terms.size() && terms[i].e != nullptr; ++j) {
      if (terms[j].e != nullptr && terms[i].negative != terms[j].negative &&
          SameValue(terms[i].e, terms[j].e)) {
        terms[i].e = terms[j].e = nullptr;
        cancelled = true;
      }
    }
  }
  const IntBound range = DtypeRange(dt);
  if (constant < range.lo || constant > range.hi) return nullptr;
  if (!cancelled && constants < 2) return nullptr;  // keep the expression as written
  const Expr* sum = nullptr;
  bool constant_used = false;
  for (const Term& t : terms) {
    if (t.e == nullptr) continue;
    if (sum == nullptr && !t.negative) {
      sum = t.e;
      continue;
    }
    if (sum == nullptr) {
      sum = Constant(static_cast<int64_t>(constant), dt).e;
      constant_used = true;
    }
    sum = ctx_.NewBinary(t.negative ? BinaryOp::kSub : BinaryOp::kAdd, sum, t.e, dt, b->loc());
  }
  if (sum == nullptr) return Constant(static_cast<int64_t>(constant), dt).e;
  if (!constant_used && constant != 0) {
    const __int128 mag = constant < 0 ? -constant : constant;
    if (mag > range.hi) return nullptr;
    sum = ctx_.NewBinary(constant < 0 ? BinaryOp::kSub : BinaryOp::kAdd, sum,
                         Constant(static_cast<int64_t>(mag), dt).e, dt, b->loc());
  }
  return SameDtype(sum, dt) ? sum : nullptr;
}

Analyzer::Result Analyzer::RewriteUnary(const UnaryExpr* u, const Result& x) {
  const DataType dt = u->dtype();
  const IntBound bound = UnaryBound(u->op(), x.bound, dt);
  if ((dt.IsInt() || dt.IsBool()) && IntDtype(x.e)) {
    if (std::optional<__int128> c = ExactConst(x.e)) {
      switch (u->op()) {
        case UnaryOp::kNot: return Constant(*c == 0, DataType::kBool);
        case UnaryOp::kNeg: return Constant(static_cast<int64_t>(-*c), dt);
        case UnaryOp::kBitNot: return Constant(static_cast<int64_t>(~*c), dt);
        case UnaryOp::kAbs: return Constant(static_cast<int64_t>(*c < 0 ? -*c : *c), dt);
        case UnaryOp::kCast: return Constant(dt.IsBool() ? *c != 0 : static_cast<int64_t>(*c), dt);
      }
    }
    if (x.pure && bound.IsPoint()) return Constant(bound.lo, dt);
    // A cast to the operand's own dtype changes nothing.
    if (u->op() == UnaryOp::kCast && SameDtype(x.e, dt)) return {x.e, bound, x.pure};
  }
  if (x.e == u->operand()) return {u, bound, x.pure};
  return {ctx_.NewUnary(u->op(), x.e, dt, u->loc()), bound, x.pure};
}

}  // namespace pto::ir
