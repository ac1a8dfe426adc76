#include "passes/memory/infer_tile_memory_space.h"

#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/mutator.h"
#include "ir/visitor.h"

namespace pto::passes {
namespace {

using ir::MemorySpace;

constexpr absl::string_view kPass = "InferTileMemorySpace";

const ir::TileType* OpenTile(const ir::Type* type) {
  const auto* t = type->As<ir::TileType>();
  return t != nullptr && !t->memory_space() ? t : nullptr;
}

std::optional<MemorySpace> SpaceOf(const ir::Expr* e) {
  const auto* t = e->type()->As<ir::TileType>();
  return t == nullptr ? std::nullopt : t->memory_space();
}

// `tile` placed in `space`. An implicit view becomes the implicit view of the
// new space, as upstream refreshes it; an explicit one (a valid shape, a
// layout) is kept.
const ir::Type* Placed(ir::Context& ctx, const ir::TileType* tile, MemorySpace space) {
  const ir::TileType* t = ctx.GetTileType(tile->dtype(), tile->shape(), space, tile->view());
  return tile->memref() == nullptr ? t : ctx.WithMemRef(t, tile->memref());
}

class MemorySpaceResolver : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    const ir::Expr* value = VisitExpr(s->value());
    const ir::TileType* open = OpenTile(s->var()->type());
    if (open == nullptr) {
      return value == s->value() ? s : ctx().NewAssign(s->var(), value, s->loc(), s->comments());
    }
    // What the producer settles (an inherited space, an alias's), else Vec:
    // upstream's rule for a non-tile.* producer and its last resort alike.
    MemorySpace space = SpaceOf(value).value_or(MemorySpace::kVec);
    const ir::Var* var = Settle(s->var(), open, space);
    return ctx().NewAssign(var, value, s->loc(), s->comments());
  }

  const ir::Stmt* VisitFor(const ir::ForStmt* s) override {
    const auto* f = IRMutator::VisitFor(s)->As<ir::ForStmt>();
    std::vector<const ir::Var*> rvs = Carried(f->return_vars(), f->iter_args());
    if (rvs.empty()) return f;
    return ctx().NewFor(f->loop_var(), f->start(), f->stop(), f->step(), f->iter_args(),
                        f->body(), rvs, f->for_kind(), f->stage(), f->loc(), f->comments(),
                        f->attrs());
  }

  const ir::Stmt* VisitWhile(const ir::WhileStmt* s) override {
    const auto* w = IRMutator::VisitWhile(s)->As<ir::WhileStmt>();
    std::vector<const ir::Var*> rvs = Carried(w->return_vars(), w->iter_args());
    if (rvs.empty()) return w;
    return ctx().NewWhile(w->condition(), w->iter_args(), w->body(), rvs, w->loc(),
                          w->comments());
  }

  const ir::Stmt* VisitIf(const ir::IfStmt* s) override {
    const auto* i = IRMutator::VisitIf(s)->As<ir::IfStmt>();
    // The then branch decides, the else branch when the then branch has no
    // yield - upstream's order.
    const ir::YieldStmt* y = ir::TrailingYield(i->then_body());
    if (y == nullptr && i->else_body() != nullptr) y = ir::TrailingYield(i->else_body());
    if (y == nullptr) return i;
    std::vector<const ir::Var*> rvs = Carried(i->return_vars(), y->values());
    if (rvs.empty()) return i;
    return ctx().NewIf(i->condition(), i->then_body(), i->else_body(), rvs, i->loc(),
                       i->comments());
  }

 protected:
  // A carried tile without a space starts in its initial value's.
  const ir::Type* IterArgType(const ir::IterArg* a, const ir::Expr* init) override {
    const ir::TileType* open = OpenTile(a->type());
    std::optional<MemorySpace> space = SpaceOf(init);
    return open != nullptr && space ? Placed(ctx(), open, *space) : a->type();
  }

 private:
  const ir::Var* Settle(const ir::Var* v, const ir::TileType* open, MemorySpace space) {
    const ir::Var* settled = ctx().NewVar(v->name(), Placed(ctx(), open, space), v->loc());
    Remap(v, settled);
    return settled;
  }

  // `results` with each open tile settled in the space of the value at the
  // same position of `sources`; empty when none changes.
  template <typename Span>
  std::vector<const ir::Var*> Carried(ir::VarSpan results, Span sources) {
    std::vector<const ir::Var*> out(results.begin(), results.end());
    bool changed = false;
    for (size_t k = 0; k < out.size() && k < sources.size(); ++k) {
      const ir::TileType* open = OpenTile(out[k]->type());
      std::optional<MemorySpace> space = SpaceOf(sources[k]);
      if (open == nullptr || !space) continue;
      out[k] = Settle(out[k], open, *space);
      changed = true;
    }
    if (!changed) out.clear();
    return out;
  }
};

// The first tile Var an InCore function defines without a memory space.
class OpenTileFinder : public ir::IRVisitor {
 public:
  const ir::Var* found() const { return found_; }

  void VisitAssign(const ir::AssignStmt* s) override {
    Check(s->var());
    IRVisitor::VisitAssign(s);
  }
  void VisitIterArg(const ir::IterArg* a) override {
    Check(a);
    IRVisitor::VisitIterArg(a);
  }
  void VisitFor(const ir::ForStmt* s) override {
    for (const ir::Var* v : s->return_vars()) Check(v);
    IRVisitor::VisitFor(s);
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    for (const ir::Var* v : s->return_vars()) Check(v);
    IRVisitor::VisitWhile(s);
  }
  void VisitIf(const ir::IfStmt* s) override {
    for (const ir::Var* v : s->return_vars()) Check(v);
    IRVisitor::VisitIf(s);
  }

 private:
  void Check(const ir::Var* v) {
    if (found_ == nullptr && OpenTile(v->type()) != nullptr) found_ = v;
  }
  const ir::Var* found_ = nullptr;
};

class InferTileMemorySpacePass : public Pass {
 public:
  absl::string_view name() const override { return "infer-tile-memory-space"; }
  absl::string_view description() const override {
    return "Gives every tile of an InCore function the memory space it lives in (Vec for a "
           "tile produced by an op that is not a tile.* op, the input's for a view).";
  }
  PassProperties properties() const override {
    return {.required = {IRProperty::kSSAForm},
            .produced = {IRProperty::kSSAForm, IRProperty::kTileMemoryInferred},
            .invalidated = {}};
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    return RewriteFunctions(program, [&](const ir::Function* f)
                                         -> absl::StatusOr<const ir::Function*> {
      if (!f->IsInCore()) return f;
      return MemorySpaceResolver(program.context()).MutateFunction(f);
    });
  }
};

}  // namespace

std::unique_ptr<Pass> CreateInferTileMemorySpacePass() {
  return std::make_unique<InferTileMemorySpacePass>();
}

absl::Status CheckTileMemoryInferred(const ir::Program& program) {
  for (const ir::Function* f : program.functions()) {
    if (!f->IsInCore()) continue;
    OpenTileFinder finder;
    finder.VisitFunction(f);
    if (const ir::Var* v = finder.found()) {
      return ir::LocatedError(
          program.context(), v->loc(),
          absl::StrCat(kPass, ": tile '", v->name(), "' of function '", f->name(),
                       "' has no memory space; run infer-tile-memory-space"));
    }
  }
  return absl::OkStatus();
}

}  // namespace pto::passes
