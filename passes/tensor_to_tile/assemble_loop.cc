#include "passes/tensor_to_tile/assemble_loop.h"

#include <vector>

#include "ir/op.h"
#include "ir/op_registry.h"
#include "ir/ops/builtin.h"
#include "passes/var_occurrences.h"

namespace pto::passes::tensor_to_tile {
namespace {

bool Uses(const ir::Expr* e, const ir::Var* v) {
  VarOccurrences occ;
  occ.VisitExpr(e);
  return occ.Count(v) > 0;
}
bool Uses(const ir::Stmt* s, const ir::Var* v) {
  VarOccurrences occ;
  occ.VisitStmt(s);
  return occ.Count(v) > 0;
}

bool IsOp(const ir::Expr* e, absl::string_view name) {
  const auto* c = e->As<ir::Call>();
  return c != nullptr && c->op() != nullptr && c->op()->name() == name;
}

// Whether `acc` starts from a tile.create among `stmts`.
bool StartsUninitialized(const std::vector<const ir::Stmt*>& stmts, const ir::IterArg* acc) {
  const auto* init = acc->init()->As<ir::Var>();
  for (const ir::Stmt* s : stmts) {
    const auto* a = s->As<ir::AssignStmt>();
    if (a != nullptr && a->var() == init) return IsOp(a->value(), "tile.create");
  }
  return false;
}

}  // namespace

std::optional<const ir::Var*> RewriteReturnedAssembleLoop(ir::Context& ctx,
                                                          std::vector<const ir::Stmt*>& stmts,
                                                          const ir::Expr* value,
                                                          const ir::Var* out) {
  const auto* ret = value->As<ir::Var>();
  if (ret == nullptr) return std::nullopt;
  for (size_t index = 0; index < stmts.size(); ++index) {
    const auto* loop = stmts[index]->As<ir::ForStmt>();
    if (loop == nullptr || loop->iter_args().size() != 1 || loop->return_vars().size() != 1 ||
        loop->return_vars()[0] != ret) {
      continue;
    }
    const ir::IterArg* acc = loop->iter_args()[0];
    // Only a buffer with no contents of its own may be replaced by the
    // output: the slices the loop does not assemble keep what it held.
    if (!StartsUninitialized(stmts, acc)) return std::nullopt;
    std::vector<const ir::Stmt*> body;
    if (const auto* seq = loop->body()->As<ir::SeqStmts>()) {
      body.assign(seq->stmts().begin(), seq->stmts().end());
    } else {
      body.push_back(loop->body());
    }
    int assemble = -1, yield = -1;
    for (size_t i = 0; i < body.size(); ++i) {
      const auto* a = body[i]->As<ir::AssignStmt>();
      if (a != nullptr && IsOp(a->value(), "tile.assemble") &&
          a->value()->As<ir::Call>()->arg(0) == acc) {
        const auto* c = a->value()->As<ir::Call>();
        if (assemble >= 0 || Uses(c->arg(1), acc) || Uses(c->arg(2), acc)) return std::nullopt;
        assemble = static_cast<int>(i);
      } else if (const auto* y = body[i]->As<ir::YieldStmt>()) {
        if (y->values().size() != 1 || yield >= 0) return std::nullopt;
        yield = static_cast<int>(i);
      } else if (Uses(body[i], acc)) {
        return std::nullopt;
      }
    }
    if (assemble < 0 || yield < 0) return std::nullopt;
    const auto* assign = body[assemble]->As<ir::AssignStmt>();
    if (body[yield]->As<ir::YieldStmt>()->values()[0] != assign->var()) return std::nullopt;

    const auto* c = assign->value()->As<ir::Call>();
    const ir::IterArg* fresh = ctx.NewIterArg(acc->name(), out->type(), out, acc->loc());
    absl::StatusOr<const ir::Call*> store =
        ir::CreateCall(ctx, ir::BuiltinOp("tile.store"), {c->arg(1), c->arg(2), fresh}, {}, c->loc());
    if (!store.ok()) return std::nullopt;
    const ir::Var* stored = ctx.NewVar(assign->var()->name(), (*store)->type(), assign->var()->loc());
    body[assemble] = ctx.NewAssign(stored, *store, assign->loc(), assign->comments());
    body[yield] = ctx.NewYield({stored}, body[yield]->loc(), body[yield]->comments());
    const ir::Var* result = ctx.NewVar(ret->name(), out->type(), ret->loc());
    stmts[index] = ctx.NewFor(loop->loop_var(), loop->start(), loop->stop(), loop->step(), {fresh},
                              ctx.NewSeq(body, loop->body()->loc()), {result}, loop->for_kind(),
                              loop->stage(), loop->loc(), loop->comments(), loop->attrs());
    // The buffer the loop started from is dead unless used elsewhere.
    if (const auto* init = acc->init()->As<ir::Var>()) {
      VarOccurrences occ;
      for (const ir::Stmt* s : stmts) occ.VisitStmt(s);
      if (occ.Count(init) == 1) {
        for (size_t i = 0; i < stmts.size(); ++i) {
          const auto* a = stmts[i]->As<ir::AssignStmt>();
          if (a != nullptr && a->var() == init) {
            stmts.erase(stmts.begin() + static_cast<std::ptrdiff_t>(i));
            break;
          }
        }
      }
    }
    return result;
  }
  return std::nullopt;
}

}  // namespace pto::passes::tensor_to_tile
