#include "fuzz/gen/tensor_form.h"

#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/mutator.h"
#include "ir/op.h"
#include "ir/op_registry.h"
#include "ir/ops/builtin.h"
#include "passes/tensor_to_tile/conversion.h"
#include "passes/var_occurrences.h"

namespace pto::fuzz {
namespace {

bool IsTile(const ir::Expr* e) { return e->type()->Is<ir::TileType>(); }

class TensorFormer : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    const ir::Stmt* kept = IRMutator::VisitAssign(s);
    const auto* a = kept->As<ir::AssignStmt>();
    const auto* c = a != nullptr ? a->value()->As<ir::Call>() : nullptr;
    if (c == nullptr || c->op() == nullptr) return kept;
    if (const ir::Call* assemble = StoreAsAssemble(c)) {
      return ctx().NewAssign(a->var(), assemble, a->loc(), a->comments());
    }
    if (!IsTile(a->var())) return kept;
    const ir::Call* tensor = TensorCall(*c);
    if (tensor == nullptr) return kept;
    const ir::Var* v = ctx().NewVar(a->var()->name(), tensor->type(), a->var()->loc());
    tensor_of_[a->var()] = v;
    return Expand({kept, ctx().NewAssign(v, tensor, s->loc())}, s);
  }

  const ir::Stmt* VisitEval(const ir::EvalStmt* s) override {
    const ir::Stmt* kept = IRMutator::VisitEval(s);
    const auto* e = kept->As<ir::EvalStmt>();
    const ir::Call* assemble = e != nullptr ? StoreAsAssemble(e->expr()) : nullptr;
    return assemble == nullptr ? kept : ctx().NewEval(assemble, s->loc(), s->comments());
  }

  // A carried value whose init has a tensor form is carried twice: as it
  // was, and as a tensor twin the body's converted ops read, when what the
  // body yields for it has a tensor form too (otherwise the loop is visited
  // again without that twin).
  const ir::Stmt* VisitFor(const ir::ForStmt* s) override {
    std::vector<size_t> twins;
    for (size_t k = 0; k < s->iter_args().size(); ++k) {
      if (tensor_of_.contains(s->iter_args()[k]->init())) twins.push_back(k);
    }
    while (true) {
      std::vector<const ir::IterArg*> twin_args;
      for (size_t k : twins) {
        const ir::IterArg* a = s->iter_args()[k];
        const ir::Var* init = tensor_of_.at(a->init());
        twin_args.push_back(ctx().NewIterArg(a->name(), init->type(), init, a->loc()));
        tensor_of_[a] = twin_args.back();
      }
      const auto* f = IRMutator::VisitFor(s)->As<ir::ForStmt>();
      if (twins.empty()) return f;
      std::vector<const ir::Stmt*> body = ir::StmtList(f->body());
      const auto* y = body.empty() ? nullptr : body.back()->As<ir::YieldStmt>();
      std::vector<size_t> kept;
      std::vector<const ir::Expr*> yields;
      if (y != nullptr) yields.assign(y->values().begin(), y->values().end());
      for (size_t k : y != nullptr ? twins : std::vector<size_t>{}) {
        auto it = tensor_of_.find(y->values()[k]);
        if (it != tensor_of_.end() && it->second->type() == tensor_of_.at(s->iter_args()[k])->type()) {
          kept.push_back(k);
          yields.push_back(it->second);
        }
      }
      if (kept.size() != twins.size()) {
        for (size_t k : twins) tensor_of_.erase(s->iter_args()[k]);
        twins = kept;
        continue;
      }
      body.back() = ctx().NewYield(yields, y->loc(), y->comments());
      std::vector<const ir::IterArg*> args(f->iter_args().begin(), f->iter_args().end());
      std::vector<const ir::Var*> results(f->return_vars().begin(), f->return_vars().end());
      for (size_t i = 0; i < twins.size(); ++i) {
        args.push_back(twin_args[i]);
        const ir::Var* rv = f->return_vars()[twins[i]];
        results.push_back(ctx().NewVar(rv->name(), twin_args[i]->type(), rv->loc()));
        tensor_of_[rv] = results.back();
      }
      return ctx().NewFor(f->loop_var(), f->start(), f->stop(), f->step(), args,
                          ctx().NewSeq(body, f->body()->loc()), results, f->for_kind(),
                          f->stage(), f->loc(), f->comments(), f->attrs());
    }
  }

  // A store of a converted value into a tensor (its result bound or not).
  const ir::Call* StoreAsAssemble(const ir::Expr* e) {
    const auto* c = e->As<ir::Call>();
    if (c == nullptr || c->op() == nullptr || c->op()->name() != "tile.store" ||
        c->args().size() != 3 || !c->kwargs().empty()) {
      return nullptr;
    }
    auto it = tensor_of_.find(c->arg(0));
    if (it == tensor_of_.end()) return nullptr;
    absl::StatusOr<const ir::Call*> a = ir::CreateCall(
        ctx(), ir::BuiltinOp("tensor.assemble"), {c->arg(2), it->second, c->arg(1)}, {}, c->loc());
    return a.ok() && (*a)->type() == c->type() ? *a : nullptr;
  }

 private:
  // The tensor form of tile call `c`, or null.
  const ir::Call* TensorCall(const ir::Call& c) {
    absl::string_view op = c.op()->name();
    if (op == "tile.load") {
      const auto* t = c.arg(0)->type()->As<ir::TensorType>();
      const auto* tile = c.type()->As<ir::TileType>();
      if (t == nullptr || t->IsDistributed() || tile->memory_space() != ir::MemorySpace::kVec ||
          tile->view() != nullptr || c.kwargs().size() != 1) {
        return nullptr;
      }
      absl::StatusOr<const ir::Call*> slice =
          ir::CreateCall(ctx(), ir::BuiltinOp("tensor.slice"),
                         {c.arg(0), c.arg(2), c.arg(1), c.arg(3)}, {}, c.loc());
      return slice.ok() ? *slice : nullptr;
    }
    const absl::string_view tensor_op = passes::tensor_to_tile::TensorOpConvertingTo(op);
    if (tensor_op.empty()) return nullptr;
    std::vector<const ir::Expr*> args;
    const ir::TileType* first = nullptr;
    for (const ir::Expr* a : c.args()) {
      if (!IsTile(a)) {
        args.push_back(a);
        continue;
      }
      auto it = tensor_of_.find(a);
      if (it == tensor_of_.end()) return nullptr;
      const ir::TileType* t = a->type()->As<ir::TileType>();
      if (first != nullptr && !ir::ExprListIdentical(first->shape(), t->shape())) return nullptr;
      first = t;
      args.push_back(it->second);
    }
    if (first == nullptr) return nullptr;
    const ir::Op* tensor = ir::BuiltinOps().Find(tensor_op);
    absl::StatusOr<const ir::Call*> call = ir::CreateCall(ctx(), *tensor, args, ir::NamedKwargs(c), c.loc());
    if (!call.ok()) return nullptr;
    const auto* got = (*call)->type()->As<ir::TensorType>();
    const auto* want = c.type()->As<ir::TileType>();
    if (got == nullptr || got->dtype() != want->dtype() ||
        !ir::ExprListIdentical(got->shape(), want->shape())) {
      return nullptr;
    }
    return *call;
  }

  absl::flat_hash_map<const ir::Expr*, const ir::Var*> tensor_of_;
};

// Drops assignments of side-effect-free op calls whose Var nothing reads.
class DeadTileDropper : public ir::IRMutator {
 public:
  DeadTileDropper(ir::Context& ctx, const passes::VarOccurrences& uses)
      : IRMutator(ctx), uses_(uses) {}
  const ir::Stmt* VisitSeq(const ir::SeqStmts* s) override {
    std::vector<const ir::Stmt*> out;
    bool changed = false;
    for (const ir::Stmt* st : s->stmts()) {
      if (Dead(st)) {
        changed = true;
        ++dropped;
        continue;
      }
      const ir::Stmt* v = VisitStmt(st);
      changed |= v != st;
      out.push_back(v);
    }
    return changed ? ctx().NewSeq(out, s->loc()) : s;
  }
  int dropped = 0;

 private:
  bool Dead(const ir::Stmt* st) const {
    const auto* a = st->As<ir::AssignStmt>();
    const auto* c = a != nullptr ? a->value()->As<ir::Call>() : nullptr;
    return c != nullptr && c->op() != nullptr && !c->op()->has_side_effects() &&
           uses_.Count(a->var()) == 1;
  }
  const passes::VarOccurrences& uses_;
};

}  // namespace

ir::Program ToTensorForm(ir::Context& ctx, const ir::Program& program) {
  std::vector<const ir::Function*> functions;
  bool changed = false;
  for (const ir::Function* f : program.functions()) {
    if (f->func_type() != ir::FunctionType::kInCore) {
      functions.push_back(f);
      continue;
    }
    TensorFormer former(ctx);
    const ir::Function* g = former.MutateFunction(f);
    // Stores of converted values became assembles; what only they read dies.
    for (int dropped = 1; dropped > 0 && g != f;) {
      passes::VarOccurrences uses;
      uses.VisitFunction(g);
      DeadTileDropper dropper(ctx, uses);
      g = dropper.MutateFunction(g);
      dropped = dropper.dropped;
    }
    changed |= g != f;
    functions.push_back(g);
  }
  return changed ? ctx.NewProgram(program.name(), functions) : program;
}

}  // namespace pto::fuzz
