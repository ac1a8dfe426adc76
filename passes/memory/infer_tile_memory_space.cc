#include "passes/memory/infer_tile_memory_space.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/algorithm/container.h"
#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/ops/builtin.h"
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

// The initial values a loop carries into another space than theirs
// (upstream's accumulator rule): `acc0 = pl.tile.create(...)`, Vec by
// default, carried by a loop whose body yields a matmul_acc result (Acc) is
// created in Acc, so the accumulator never leaves Acc. An initial value that
// is an if's result is retyped alike (its branches keep what they yield).
class CarriedInits : public ir::IRVisitor {
 public:
  absl::flat_hash_map<const ir::Var*, MemorySpace>& found() { return found_; }

  void VisitAssign(const ir::AssignStmt* s) override {
    const auto* call = s->value()->As<ir::Call>();
    if (call != nullptr && call->op() != nullptr && call->op()->name() == "tile.create") {
      retargetable_.insert(s->var());
    }
    IRVisitor::VisitAssign(s);
  }
  void VisitIf(const ir::IfStmt* s) override {
    IRVisitor::VisitIf(s);
    retargetable_.insert(s->return_vars().begin(), s->return_vars().end());
  }
  void VisitFor(const ir::ForStmt* s) override {
    IRVisitor::VisitFor(s);
    Carry(s->iter_args(), ir::TrailingYield(s->body()));
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    IRVisitor::VisitWhile(s);
    Carry(s->iter_args(), ir::TrailingYield(s->body()));
  }

 private:
  void Carry(ir::IterArgSpan args, const ir::YieldStmt* yield) {
    if (yield == nullptr) return;
    for (size_t k = 0; k < args.size() && k < yield->values().size(); ++k) {
      const auto* init = args[k]->init()->As<ir::Var>();
      std::optional<MemorySpace> carried = SpaceOf(args[k]);
      std::optional<MemorySpace> yielded = SpaceOf(yield->values()[k]);
      if (init != nullptr && retargetable_.contains(init) && carried && yielded &&
          *carried != *yielded) {
        found_[init] = *yielded;
      }
    }
  }

  // tile.create results and if results: the values the rule may retype.
  absl::flat_hash_set<const ir::Var*> retargetable_;
  absl::flat_hash_map<const ir::Var*, MemorySpace> found_;
};

class MemorySpaceResolver : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;

  const ir::Function* MutateFunction(const ir::Function* f) override {
    CarriedInits carried;
    carried.VisitFunction(f);
    retarget_ = std::move(carried.found());
    Block block(this);
    return IRMutator::MutateFunction(f);
  }

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    std::vector<const ir::Stmt*> stmts;
    const ir::Expr* value = MoveOperands(VisitExpr(s->value()), &stmts);
    if (auto it = retarget_.find(s->var()); it != retarget_.end()) {
      value = Retargeted(value->As<ir::Call>(), it->second);  // a tile.create
    }
    const ir::Var* var = s->var();
    if (const ir::TileType* open = OpenTile(var->type())) {
      // What the producer settles (an inherited space, an alias's), else Vec:
      // upstream's rule for a non-tile.* producer and its last resort alike.
      var = Settle(var, open, SpaceOf(value).value_or(MemorySpace::kVec));
    } else if (value->type() != s->value()->type() && value->type()->Is<ir::TileType>()) {
      // An operand moved: the result is what the call now deduces (a view of
      // the moved tile, say), under the Var's name.
      var = RetypedVar(var, value->type());
    }
    if (var == s->var() && value == s->value()) return s;
    stmts.push_back(ctx().NewAssign(var, value, s->loc(), s->comments()));
    return stmts.size() == 1 ? stmts[0] : Expand(std::move(stmts), s);
  }

  const ir::Stmt* VisitEval(const ir::EvalStmt* s) override {
    std::vector<const ir::Stmt*> stmts;
    const ir::Expr* value = MoveOperands(VisitExpr(s->expr()), &stmts);
    if (value == s->expr()) return s;
    stmts.push_back(ctx().NewEval(value, s->loc(), s->comments()));
    return stmts.size() == 1 ? stmts[0] : Expand(std::move(stmts), s);
  }

  // A move made in a block serves the block's later statements, never a
  // statement outside it (a branch's move does not reach the other branch).
  const ir::Stmt* VisitSeq(const ir::SeqStmts* s) override {
    Block block(this);
    return IRMutator::VisitSeq(s);
  }

  // A loop's or an if's results live where its yield puts them (for an if,
  // the then branch's; upstream's order), unless CarriedInits forces them.
  const ir::Stmt* VisitFor(const ir::ForStmt* s) override {
    Block block(this);
    return Settled(IRMutator::VisitFor(s));
  }
  const ir::Stmt* VisitWhile(const ir::WhileStmt* s) override {
    Block block(this);
    return Settled(IRMutator::VisitWhile(s));
  }
  const ir::Stmt* VisitIf(const ir::IfStmt* s) override {
    Block block(this);
    return Settled(IRMutator::VisitIf(s));
  }

 protected:
  // A carried tile lives where its initial value does.
  const ir::Type* IterArgType(const ir::IterArg* a, const ir::Expr* init) override {
    const auto* tile = a->type()->As<ir::TileType>();
    std::optional<MemorySpace> space = SpaceOf(init);
    if (tile == nullptr || !space || tile->memory_space() == space) return a->type();
    return Placed(ctx(), tile, *space);
  }

 private:
  using MoveKey = std::pair<const ir::Var*, MemorySpace>;

  // The moves made inside one block, forgotten when it ends.
  class Block {
   public:
    explicit Block(MemorySpaceResolver* r) : r_(r) { r_->blocks_.emplace_back(); }
    ~Block() {
      for (const MoveKey& k : r_->blocks_.back()) r_->moves_.erase(k);
      r_->blocks_.pop_back();
    }

   private:
    MemorySpaceResolver* r_;
  };

  // `value` with each operand an op reads from a space it cannot
  // (Op::input_memory) replaced by its copy in the first space it can; the
  // copies' tile.move statements are appended to `stmts`.
  const ir::Expr* MoveOperands(const ir::Expr* value, std::vector<const ir::Stmt*>* stmts) {
    const auto* call = value->As<ir::Call>();
    if (call == nullptr || call->op() == nullptr) return value;
    const ir::Op& op = *call->op();
    ExprBuffer args(call->args().begin(), call->args().end());
    bool moved = false;
    for (size_t i = 0; i < args.size(); ++i) {
      absl::Span<const MemorySpace> allowed = op.input_memory(i);
      const auto* var = args[i]->As<ir::Var>();
      std::optional<MemorySpace> space = SpaceOf(args[i]);
      if (allowed.empty() || var == nullptr || !space || absl::c_linear_search(allowed, *space)) {
        continue;
      }
      args[i] = MovedTo(var, *space, allowed[0], call->loc(), stmts);
      moved = true;
    }
    return moved ? RebuildOpCall(call, args) : value;
  }

  // `var`'s copy in `target`, made by a tile.move appended to `stmts` unless
  // an enclosing block already made it.
  const ir::Var* MovedTo(const ir::Var* var, MemorySpace from, MemorySpace target,
                         ir::SourceLoc loc, std::vector<const ir::Stmt*>* stmts) {
    MoveKey key{var, target};
    if (auto it = moves_.find(key); it != moves_.end()) return it->second;
    std::vector<ir::NamedAttr> kwargs = {{"target_memory", ir::AttrValue::Enum(target)}};
    if (from == MemorySpace::kAcc && target == MemorySpace::kVec) {
      // The cube-to-vector path un-fractalizes: the copy lands row-major
      // without a scatter layout, whatever the accumulator's layout.
      kwargs.push_back({"blayout", ir::AttrValue::Enum(ir::TileLayout::kRowMajor)});
      kwargs.push_back({"slayout", ir::AttrValue::Enum(ir::TileLayout::kNoneBox)});
    }
    absl::StatusOr<const ir::Call*> move =
        ir::CreateCall(ctx(), *move_op_, {var}, kwargs, loc);
    PTO_CHECK(move.ok()) << move.status();  // any tile moves into a non-scale space
    const ir::Var* copy = ctx().NewVar(absl::StrCat(var->name(), "_", ir::EnumName(target)),
                                       (*move)->type(), loc);
    stmts->push_back(ctx().NewAssign(copy, *move, loc));
    moves_.emplace(key, copy);
    blocks_.back().push_back(key);
    return copy;
  }

  // `create` (a tile.create) making its tile in `space`.
  const ir::Expr* Retargeted(const ir::Call* create, MemorySpace space) {
    std::vector<ir::NamedAttr> kwargs = ir::NamedKwargs(*create);
    for (ir::NamedAttr& k : kwargs) {
      if (k.name == "target_memory") k.value = ir::AttrValue::Enum(space);
    }
    absl::StatusOr<const ir::Call*> call =
        ir::CreateCall(ctx(), *create->op(), create->args(), kwargs, create->loc());
    PTO_CHECK(call.ok()) << call.status();  // tile.create makes a tile in any space
    return *call;
  }

  const ir::Var* Settle(const ir::Var* v, const ir::TileType* tile, MemorySpace space) {
    return RetypedVar(v, Placed(ctx(), tile, space));
  }

  // `s` (a for, while or if) with each tile result in the space of the
  // value its yield gives it, or the one CarriedInits forces on it.
  const ir::Stmt* Settled(const ir::Stmt* s) {
    const ir::YieldStmt* yield = ResultYield(s);
    if (yield == nullptr) return s;
    ir::VarSpan results = ResultsOf(s);
    std::vector<const ir::Var*> out(results.begin(), results.end());
    bool changed = false;
    for (size_t k = 0; k < out.size() && k < yield->values().size(); ++k) {
      const auto* tile = out[k]->type()->As<ir::TileType>();
      auto forced = retarget_.find(out[k]);
      std::optional<MemorySpace> space =
          forced != retarget_.end() ? forced->second : SpaceOf(yield->values()[k]);
      if (tile == nullptr || !space || tile->memory_space() == space) continue;
      out[k] = Settle(out[k], tile, *space);
      changed = true;
    }
    if (!changed) out.clear();
    return WithResults(s, out);
  }

  const ir::Op* move_op_ = ir::BuiltinOps().Find("tile.move");
  // The initial values CarriedInits found (tile.create results, if
  // results), and their spaces.
  absl::flat_hash_map<const ir::Var*, MemorySpace> retarget_;
  absl::flat_hash_map<MoveKey, const ir::Var*> moves_;
  std::vector<std::vector<MoveKey>> blocks_;
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
           "tile produced by an op that is not a tile.* op, the input's for a view) and moves "
           "an operand its op cannot read where it lives into a space it can (tile.move).";
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
