#include "passes/outline/deferred_wait.h"

#include <algorithm>
#include <optional>

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/expr.h"
#include "ir/op.h"
#include "ir/status_macros.h"
#include "ir/visitor.h"

namespace pto::passes {
namespace {

bool IsDeferWait(const ir::Expr* e) {
  const auto* c = e != nullptr ? e->As<ir::Call>() : nullptr;
  return c != nullptr && c->op() != nullptr && c->op()->name() == "pld.system.defer_wait";
}

bool RegistersAny(const ir::Stmt* body) {
  struct Find : ir::IRVisitor {
    bool found = false;
    void VisitCall(const ir::Call* c) override {
      found = found || IsDeferWait(c);
      IRVisitor::VisitCall(c);
    }
  } find;
  find.VisitStmt(body);
  return find.found;
}

// The trip count of a loop with constant bounds.
std::optional<int64_t> ConstTripCount(const ir::ForStmt* loop) {
  const auto* start = loop->start()->As<ir::ConstInt>();
  const auto* stop = loop->stop()->As<ir::ConstInt>();
  const auto* step = loop->step()->As<ir::ConstInt>();
  if (start == nullptr || stop == nullptr || step == nullptr || step->value() == 0) {
    return std::nullopt;
  }
  const __int128 span = static_cast<__int128>(stop->value()) - start->value();
  const int64_t s = step->value();
  if ((s > 0 && span <= 0) || (s < 0 && span >= 0)) return 0;
  const __int128 n = s > 0 ? (span + s - 1) / s : (-span - s - 1) / -s;
  return static_cast<int64_t>(std::min<__int128>(n, INT64_MAX));
}

// What a statement of a waiter does.
struct Effect {
  bool registers = false;
  // The most conditions one run of it registers (saturating above the budget).
  int64_t max_count = 0;
  // Whether it may run after a condition was registered: only scalar
  // bookkeeping, control flow and more registrations may.
  bool safe_after = true;
};

class Checker {
 public:
  Checker(ir::Context& ctx, absl::string_view pass) : ctx_(ctx), pass_(pass) {}

  absl::StatusOr<Effect> Stmt(const ir::Stmt* s) {
    switch (s->kind()) {
      case ir::NodeKind::kSeq: {
        Effect total;
        for (const ir::Stmt* child : s->As<ir::SeqStmts>()->stmts()) {
          PTO_ASSIGN_OR_RETURN(Effect e, Stmt(child));
          if (total.registers && !e.safe_after) {
            return Error(child, "a deferred waiter cannot read tensors or do payload, cache, "
                                "communication or other work after its first "
                                "pld.system.defer_wait");
          }
          total.registers |= e.registers;
          total.max_count = Saturate(total.max_count + e.max_count);
          total.safe_after &= e.safe_after;
        }
        return total;
      }
      case ir::NodeKind::kEval: {
        const ir::Expr* e = s->As<ir::EvalStmt>()->expr();
        if (!IsDeferWait(e)) return Unexpected(s, e);
        const ir::Call* c = e->As<ir::Call>();
        for (size_t i = 1; i < c->args().size(); ++i) {
          PTO_RETURN_IF_ERROR(Scalar(s, c->arg(i), /*read_ok=*/false).status());
        }
        return Effect{true, 1, true};
      }
      case ir::NodeKind::kAssign: {
        const auto* a = s->As<ir::AssignStmt>();
        if (IsDeferWait(a->value())) {
          return Error(s, "pld.system.defer_wait registers a condition and has no value: write it "
                          "as a statement of its own");
        }
        if (a->var()->type()->Is<ir::ShapedType>()) {
          return Error(s, "a deferred waiter only registers conditions: it cannot create or "
                          "update tensors or tiles");
        }
        PTO_ASSIGN_OR_RETURN(bool reads, Scalar(s, a->value(), /*read_ok=*/true));
        return Effect{false, 0, !reads};
      }
      case ir::NodeKind::kReturn:
        if (!s->As<ir::ReturnStmt>()->values().empty()) {
          return Error(s, "a deferred waiter only registers conditions: it cannot return a value");
        }
        return Effect{};
      case ir::NodeKind::kYield:
        for (const ir::Expr* v : s->As<ir::YieldStmt>()->values()) {
          PTO_RETURN_IF_ERROR(Scalar(s, v, /*read_ok=*/false).status());
        }
        return Effect{};
      case ir::NodeKind::kIf: {
        const auto* branch = s->As<ir::IfStmt>();
        PTO_RETURN_IF_ERROR(Scalar(s, branch->condition(), /*read_ok=*/false).status());
        PTO_ASSIGN_OR_RETURN(Effect then, Stmt(branch->then_body()));
        Effect other;
        if (branch->else_body() != nullptr) {
          PTO_ASSIGN_OR_RETURN(other, Stmt(branch->else_body()));
        }
        return Effect{then.registers || other.registers, std::max(then.max_count, other.max_count),
                      then.safe_after && other.safe_after};
      }
      case ir::NodeKind::kFor:
        return Loop(s->As<ir::ForStmt>());
      default:
        return Error(s, "a deferred waiter's body holds only scalar assignments, loops, ifs and "
                        "pld.system.defer_wait registrations");
    }
  }

 private:
  absl::StatusOr<Effect> Loop(const ir::ForStmt* loop) {
    if (loop->for_kind() != ir::ForKind::kSequential && loop->for_kind() != ir::ForKind::kUnroll) {
      return Error(loop, "a deferred waiter's registration loops must be sequential or unrolled");
    }
    for (const ir::Expr* bound : {loop->start(), loop->stop(), loop->step()}) {
      PTO_RETURN_IF_ERROR(Scalar(loop, bound, /*read_ok=*/false).status());
    }
    for (const ir::IterArg* a : loop->iter_args()) {
      PTO_RETURN_IF_ERROR(Scalar(loop, a->init(), /*read_ok=*/false).status());
    }
    PTO_ASSIGN_OR_RETURN(Effect body, Stmt(loop->body()));
    // A loop that registers nothing adds nothing to the budget.
    if (!body.registers) return body;
    const int64_t trips = ConstTripCount(loop).value_or(0);
    if (trips <= 0) {
      return Error(loop, "a deferred waiter's registration loop needs a statically known positive "
                         "trip count, so that its condition budget can be proved");
    }
    if (trips > 1 && !body.safe_after) {
      return Error(loop, "this registration loop may read tensors or do other work after it "
                         "registered its first condition; a waiter's loop body may hold only "
                         "scalar bookkeeping, control flow and pld.system.defer_wait");
    }
    body.max_count = body.max_count > kMaxDeferredConditions / trips
                         ? kMaxDeferredConditions + 1
                         : body.max_count * trips;
    return body;
  }

  // Checks a scalar expression of the waiter; true if it reads a tensor
  // (tensor.read is its only call, and only where `read_ok`).
  absl::StatusOr<bool> Scalar(const ir::Stmt* at, const ir::Expr* e, bool read_ok) {
    if (e == nullptr) return false;
    if (e->type()->Is<ir::ShapedType>()) {
      return Error(at, "a deferred waiter's bookkeeping is scalar: it cannot make a tensor or "
                       "tile value");
    }
    switch (e->kind()) {
      case ir::NodeKind::kCall: {
        const auto* c = e->As<ir::Call>();
        const bool read = c->op() != nullptr && c->op()->name() == "tensor.read";
        if (read && !read_ok) {
          return Error(at, "a deferred waiter reads a tensor only in an assignment before its "
                           "first registration, not in a condition, a loop bound or a "
                           "registration's arguments");
        }
        if (!read) {
          return Error(at, absl::StrCat("a deferred waiter's bookkeeping allows only a "
                                        "tensor.read before its first registration, not ",
                                        Named(c)));
        }
        for (size_t i = 1; i < c->args().size(); ++i) {
          PTO_RETURN_IF_ERROR(Scalar(at, c->arg(i), /*read_ok=*/false).status());
        }
        return true;
      }
      case ir::NodeKind::kBinary: {
        const auto* b = e->As<ir::BinaryExpr>();
        PTO_ASSIGN_OR_RETURN(bool l, Scalar(at, b->lhs(), read_ok));
        PTO_ASSIGN_OR_RETURN(bool r, Scalar(at, b->rhs(), read_ok));
        return l || r;
      }
      case ir::NodeKind::kUnary:
        return Scalar(at, e->As<ir::UnaryExpr>()->operand(), read_ok);
      case ir::NodeKind::kMakeTuple: {
        bool reads = false;
        for (const ir::Expr* x : e->As<ir::MakeTuple>()->elements()) {
          PTO_ASSIGN_OR_RETURN(bool r, Scalar(at, x, read_ok));
          reads |= r;
        }
        return reads;
      }
      case ir::NodeKind::kTupleGetItem:
        return Scalar(at, e->As<ir::TupleGetItem>()->tuple(), read_ok);
      default:
        return false;  // Vars and constants.
    }
  }

  static std::string Named(const ir::Call* c) {
    return c->op() != nullptr ? absl::StrCat("'", c->op()->name(), "'")
                              : absl::StrCat("a call of '", c->callee()->name(), "'");
  }
  absl::StatusOr<Effect> Unexpected(const ir::Stmt* s, const ir::Expr* e) {
    const auto* c = e->As<ir::Call>();
    return Error(s, absl::StrCat("a deferred waiter only registers conditions; ",
                                 c != nullptr ? Named(c) : std::string("this statement"),
                                 " is not allowed in it"));
  }
  absl::Status Error(const ir::Stmt* s, absl::string_view what) {
    return ir::LocatedError(ctx_, s->loc(), absl::StrCat(pass_, ": ", what));
  }
  static int64_t Saturate(int64_t n) { return std::min(n, kMaxDeferredConditions + 1); }

  ir::Context& ctx_;
  absl::string_view pass_;
};

}  // namespace

absl::StatusOr<bool> CheckDeferredWaiter(ir::Context& ctx, const ir::ScopeStmt* scope,
                                         absl::string_view pass) {
  // Most kernels register nothing: only those pay for the check.
  if (!RegistersAny(scope->body())) return false;
  PTO_ASSIGN_OR_RETURN(Effect e, Checker(ctx, pass).Stmt(scope->body()));
  if (e.max_count > kMaxDeferredConditions) {
    return ir::LocatedError(
        ctx, scope->loc(),
        absl::StrCat(pass, ": a deferred waiter registers at most ", kMaxDeferredConditions,
                     " conditions, this one may register more"));
  }
  return true;
}

}  // namespace pto::passes
