#include "passes/tensor_to_tile/incore_conversion.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/expr_format.h"
#include "ir/mutator.h"
#include "ir/ops/builtin.h"
#include "ir/status_macros.h"
#include "ir/visitor.h"
#include "passes/tensor_to_tile/assemble_loop.h"
#include "passes/tensor_to_tile/conversion.h"
#include "passes/tensor_to_tile/param_access.h"

namespace pto::passes::tensor_to_tile {
namespace {

using ir::MemorySpace;

constexpr absl::string_view kPass = "ConvertTensorToTileOps";

const ir::Call* OpCall(const ir::Expr* e) {
  const auto* c = e != nullptr ? e->As<ir::Call>() : nullptr;
  return c != nullptr && c->op() != nullptr ? c : nullptr;
}

// A tensor in this core's global memory; a window (DistributedTensorType)
// is addressed by the distributed ops themselves and never loaded whole.
bool IsTensor(const ir::Expr* e) {
  const auto* t = e->type()->As<ir::TensorType>();
  return t != nullptr && !t->IsDistributed();
}
bool IsTile(const ir::Expr* e) { return e->type()->Is<ir::TileType>(); }

bool InOperandSpaces(const Conversion& conv, size_t i) {
  for (const OperandSpace& s : conv.operand_spaces) {
    if (static_cast<size_t>(s.arg) == i) return true;
  }
  return false;
}

std::string TileName(absl::string_view base) { return absl::StrCat(base, "_tile"); }

// The tensor Vars converted ops read directly: parameters among them get an
// entry load. A loop's carried value read so (or one the conversion found
// must be a tile: `seeds`) makes its init read so, and an alias `v = w`
// read so makes `w` read so.
class EntryLoadCollector : public ir::IRVisitor {
 public:
  explicit EntryLoadCollector(const absl::flat_hash_set<const ir::Var*>& seeds) : used_(seeds) {}

  absl::flat_hash_set<const ir::Var*> Collect(const ir::Stmt* body) {
    VisitStmt(body);
    for (bool changed = true; changed;) {
      changed = false;
      for (const auto& [var, source] : sources_) {
        const auto* v = source->As<ir::Var>();
        if (used_.contains(var) && v != nullptr && IsTensor(v) && used_.insert(v).second) {
          changed = true;
        }
      }
    }
    return std::move(used_);
  }

  void VisitCall(const ir::Call* c) override {
    const Conversion* conv = c->op() != nullptr ? FindConversion(c->op()->name()) : nullptr;
    if (conv != nullptr && !conv->self_loading) {
      for (size_t i = 0; i < c->args().size(); ++i) {
        const auto* v = c->arg(i)->As<ir::Var>();
        if (v != nullptr && IsTensor(v) && !InOperandSpaces(*conv, i)) used_.insert(v);
      }
    }
    IRVisitor::VisitCall(c);
  }
  void VisitAssign(const ir::AssignStmt* s) override {
    if (s->value()->Is<ir::Var>()) sources_.emplace_back(s->var(), s->value());
    IRVisitor::VisitAssign(s);
  }
  void VisitFor(const ir::ForStmt* s) override {
    for (const ir::IterArg* a : s->iter_args()) sources_.emplace_back(a, a->init());
    IRVisitor::VisitFor(s);
  }
  void VisitWhile(const ir::WhileStmt* s) override {
    for (const ir::IterArg* a : s->iter_args()) sources_.emplace_back(a, a->init());
    IRVisitor::VisitWhile(s);
  }

 private:
  absl::flat_hash_set<const ir::Var*> used_;
  // (var, what it starts as): iter args and their inits, aliases and theirs.
  std::vector<std::pair<const ir::Var*, const ir::Expr*>> sources_;
};

// The Vars some op without a tile conversion reads as tensors (tile.load of
// a slice, tile.store into a local tensor, pld.system.defer_wait of a
// window view, tensor.dim): they stay tensors. A parameter among them is
// loaded for the converted ops that read it but keeps its tensor for the
// others; a view or allocation among them is not converted.
absl::flat_hash_set<const ir::Var*> TensorDemands(const ir::Stmt* body) {
  struct Collect : ir::IRVisitor {
    absl::flat_hash_set<const ir::Var*> vars;
    void VisitCall(const ir::Call* c) override {
      if (c->op() != nullptr && FindConversion(c->op()->name()) == nullptr) {
        for (const ir::Expr* a : c->args()) {
          const auto* v = a->As<ir::Var>();
          if (v != nullptr && v->type()->Is<ir::TensorType>()) vars.insert(v);
        }
      }
      IRVisitor::VisitCall(c);
    }
  } collect;
  collect.VisitStmt(body);
  return std::move(collect.vars);
}

// Ops whose result lives where their first shaped operand does: a memory
// space demanded of the result is demanded of that operand.
bool InheritsOperandSpace(absl::string_view op) {
  return op == "tensor.slice" || op == "tensor.view" || op == "tensor.reshape" ||
         op == "tensor.reinterpret_view" || op == "tensor.set_validshape" ||
         op == "tensor.fillpad";
}

// The memory space each Var's consumers need (matmul operands: Mat), carried
// back through aliases and space-inheriting ops, so that a tensor.slice
// feeding a matmul loads its window into Mat instead of Vec.
class ConsumerSpaces : public ir::IRVisitor {
 public:
  void Collect(const ir::Stmt* body) {
    VisitStmt(body);
    for (auto it = edges_.rbegin(); it != edges_.rend(); ++it) {
      auto found = spaces_.find(it->first);
      if (found == spaces_.end()) continue;
      const MemorySpace space = found->second;  // try_emplace may move the slots
      spaces_.try_emplace(it->second, space);
    }
  }
  std::optional<MemorySpace> Of(const ir::Var* v) const {
    auto it = spaces_.find(v);
    if (it == spaces_.end()) return std::nullopt;
    return it->second;
  }

  void VisitAssign(const ir::AssignStmt* s) override {
    const ir::Expr* value = s->value();
    if (const auto* src = value->As<ir::Var>(); src != nullptr) {
      edges_.emplace_back(s->var(), src);
    } else if (const ir::Call* c = OpCall(value); c != nullptr) {
      if (InheritsOperandSpace(c->op()->name()) && !c->args().empty()) {
        if (const auto* src = c->arg(0)->As<ir::Var>()) edges_.emplace_back(s->var(), src);
      }
      if (const Conversion* conv = FindConversion(c->op()->name())) {
        for (const OperandSpace& os : conv->operand_spaces) {
          if (static_cast<size_t>(os.arg) >= c->args().size()) continue;
          if (const auto* v = c->arg(os.arg)->As<ir::Var>()) spaces_.try_emplace(v, os.space);
        }
      }
    }
    IRVisitor::VisitAssign(s);
  }

 private:
  absl::flat_hash_map<const ir::Var*, MemorySpace> spaces_;
  std::vector<std::pair<const ir::Var*, const ir::Var*>> edges_;
};

class TileConverter : public ir::IRMutator {
 public:
  TileConverter(ir::Context& ctx, const ConsumerSpaces& spaces,
                absl::flat_hash_set<const ir::Var*> demands, const backends::Backend* backend)
      : IRMutator(ctx), spaces_(spaces), demands_(std::move(demands)), backend_(backend) {}

  const absl::Status& status() const { return status_; }
  // Uses of `param` read its entry load `tile`: all of them, or, for a
  // param that stays a tensor for some op, the converted ops' only.
  void MapParam(const ir::Var* param, const ir::Var* tile) {
    if (demands_.contains(param)) {
      param_tiles_[param] = tile;
    } else {
      Remap(param, tile);
    }
  }

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    if (!status_.ok()) return s;
    const ir::Call* c = OpCall(s->value());
    const Conversion* conv = c != nullptr ? FindConversion(c->op()->name()) : nullptr;
    if (conv != nullptr && demands_.contains(s->var()) &&
        (conv->self_loading || std::none_of(c->args().begin(), c->args().end(), IsTensor))) {
      // A view or allocation that stays a tensor, unless an operand it
      // reads became a tile (then it converts like any other).
      ExprBuffer args;
      VisitExprs(c->args(), args);
      bool operand_tiled = false;
      for (size_t i = 0; i < args.size(); ++i) {
        operand_tiled = operand_tiled || (IsTile(args[i]) && !IsTile(c->arg(i)));
      }
      if (!operand_tiled) return IRMutator::VisitAssign(s);
    }
    if (c != nullptr) {
      std::vector<const ir::Stmt*> stmts;
      const ir::Expr* value = ConvertCall(c, s->var(), stmts);
      if (value == nullptr) return s;
      if (stmts.empty() && value == s->value()) return s;
      // A converted value is a new value: a fresh Var, even where the type
      // is unchanged (tensor.assemble into a tensor is a tile.store now).
      const ir::Var* var = ctx().NewVar(IsTile(value) ? TileName(s->var()->name()) : s->var()->name(),
                                        value->type(), s->var()->loc());
      Remap(s->var(), var);
      stmts.push_back(ctx().NewAssign(var, value, s->loc()));
      return Expand(std::move(stmts), s);
    }
    const ir::Expr* value = VisitExpr(s->value());
    if (value == s->value()) return s;
    return ctx().NewAssign(RetypedVar(s->var(), value->type()), value, s->loc(), s->comments());
  }

  const ir::Stmt* VisitEval(const ir::EvalStmt* s) override {
    const ir::Call* c = OpCall(s->expr());
    if (!status_.ok() || c == nullptr) return IRMutator::VisitEval(s);
    std::vector<const ir::Stmt*> stmts;
    const ir::Expr* value = ConvertCall(c, nullptr, stmts);
    if (value == nullptr) return s;
    if (stmts.empty() && value == s->expr()) return s;
    stmts.push_back(ctx().NewEval(value, s->loc()));
    return Expand(std::move(stmts), s);
  }

  // Carried values that start as tensors but that the body makes tiles: the
  // conversion must start over with them loaded (ConvertIncoreFunction).
  const absl::flat_hash_set<const ir::Var*>& carried_tiles() const { return carried_tiles_; }

  const ir::Stmt* VisitFor(const ir::ForStmt* s) override {
    const auto* f = IRMutator::VisitFor(s)->As<ir::ForStmt>();
    CheckCarried(s, s->iter_args(), f->iter_args(), f->body());
    return WithResults(f, Retyped(f->return_vars(), f->iter_args()));
  }

  const ir::Stmt* VisitWhile(const ir::WhileStmt* s) override {
    const auto* w = IRMutator::VisitWhile(s)->As<ir::WhileStmt>();
    CheckCarried(s, s->iter_args(), w->iter_args(), w->body());
    return WithResults(w, Retyped(w->return_vars(), w->iter_args()));
  }

  const ir::Stmt* VisitIf(const ir::IfStmt* s) override {
    const ir::Stmt* i = IRMutator::VisitIf(s);
    const ir::YieldStmt* y = ResultYield(i);
    return y == nullptr ? i : WithResults(i, Retyped(ResultsOf(i), y->values()));
  }

 protected:
  const ir::Type* IterArgType(const ir::IterArg* a, const ir::Expr* init) override {
    return IsTile(init) && !IsTile(a) ? init->type() : a->type();
  }

 private:
  // A carried value whose body yields another kind (tensor / tile) than it
  // starts as: a tensor made a tile is recorded for a new start; a tile the
  // body yields as a tensor is an error.
  void CheckCarried(const ir::Stmt* loop, ir::IterArgSpan original, ir::IterArgSpan visited,
                    const ir::Stmt* body) {
    const ir::YieldStmt* y = ir::TrailingYield(body);
    for (size_t k = 0; y != nullptr && k < visited.size() && k < y->values().size(); ++k) {
      const bool tile_in = IsTile(visited[k]), tile_out = IsTile(y->values()[k]);
      if (tile_in == tile_out) continue;
      if (tile_out) {
        carried_tiles_.insert(original[k]);
      } else if (status_.ok()) {
        status_ = ir::LocatedError(
            ctx(), loop->loc(),
            absl::StrCat(kPass, ": the loop carries '", original[k]->name(),
                         "' as a tile, but its body yields a tensor in its place; yield a "
                         "value computed by tile ops"));
      }
    }
  }

  // `vars` retyped to the types of `models` where those became tiles (uses
  // remapped); empty when none did.
  template <typename Models>
  std::vector<const ir::Var*> Retyped(ir::VarSpan vars, Models models) {
    std::vector<const ir::Var*> out(vars.begin(), vars.end());
    bool changed = false;
    for (size_t i = 0; i < out.size() && i < models.size(); ++i) {
      const ir::Type* t = models[i]->type();
      if (t == out[i]->type() || !t->template Is<ir::TileType>()) continue;
      const ir::Var* fresh = ctx().NewVar(out[i]->name(), t, out[i]->loc());
      Remap(out[i], fresh);
      out[i] = fresh;
      changed = true;
    }
    return changed ? out : std::vector<const ir::Var*>{};
  }

  // The converted value of op call `c` (bound to `target`, or evaluated when
  // null), its prerequisite statements appended to `stmts`. Null on error.
  const ir::Expr* ConvertCall(const ir::Call* c, const ir::Var* target,
                              std::vector<const ir::Stmt*>& stmts) {
    ExprBuffer args;
    VisitExprs(c->args(), args);
    const Conversion* conv = FindConversion(c->op()->name());
    if (conv == nullptr) {
      for (size_t i = 0; i < args.size(); ++i) {
        if (IsTile(args[i]) && !IsTile(c->arg(i))) {
          return Fail(ir::LocatedError(
              ctx(), c->loc(),
              absl::StrCat(kPass, ": ", c->op()->name(), " takes operand ", i + 1, " (",
                           ir::FormatExpr(c->arg(i)),
                           ") as a tensor, but it is now a tile; the op has no tile form yet, "
                           "so compute its operands in global memory")));
        }
      }
      // The operands are visited; only a call site's values are left.
      if (c->site() != nullptr) return IRMutator::VisitCall(c);
      if (std::equal(args.begin(), args.end(), c->args().begin(), c->args().end())) return c;
      return RebuildOpCall(c, args);
    }
    ConversionBuilder b(ctx(), *c, stmts, backend_);
    if (!conv->self_loading) {
      for (size_t i = 0; i < args.size(); ++i) {
        if (!IsTensor(args[i]) || InOperandSpaces(*conv, i)) continue;
        auto loaded_param = param_tiles_.find(args[i]);
        if (loaded_param != param_tiles_.end()) {
          args[i] = loaded_param->second;
          continue;
        }
        absl::StatusOr<const ir::Var*> loaded =
            b.LoadWhole(LoadName(args[i], "tile"), args[i], MemorySpace::kVec);
        if (!loaded.ok()) return Fail(loaded.status());
        args[i] = *loaded;
      }
    }
    for (const OperandSpace& os : conv->operand_spaces) {
      if (static_cast<size_t>(os.arg) >= args.size()) continue;
      absl::StatusOr<const ir::Expr*> placed = Place(b, args[os.arg], os);
      if (!placed.ok()) return Fail(placed.status());
      args[os.arg] = *placed;
    }
    if (target != nullptr && c->op()->name() == "tensor.slice") {
      if (std::optional<MemorySpace> space = spaces_.Of(target)) b.set_load_space(*space);
    }
    absl::StatusOr<const ir::Expr*> value = Convert(*conv, b, args);
    if (!value.ok()) return Fail(value.status());
    // A tensor op that stays itself (tensor.read of global memory) is kept
    // as the same node, so that converted IR is a fixed point.
    const auto* same = (*value)->As<ir::Call>();
    if (stmts.empty() && same != nullptr && same->op() == c->op() &&
        std::equal(same->args().begin(), same->args().end(), c->args().begin(),
                   c->args().end()) &&
        same->kwargs().size() == c->kwargs().size()) {
      return c;
    }
    return *value;
  }

  // An operand in the space `os` asks for: a tensor is loaded there, and a
  // transposed operand is a zero-copy view of a Mat tile (a tile elsewhere
  // is moved to Mat first).
  absl::StatusOr<const ir::Expr*> Place(ConversionBuilder& b, const ir::Expr* arg,
                                        const OperandSpace& os) {
    const bool transposed = b.FlagKwarg(os.trans_kwarg);
    if (IsTensor(arg)) {
      PTO_ASSIGN_OR_RETURN(arg, b.LoadWhole(LoadName(arg, "mat"), arg, os.space));
    } else if (!transposed) {
      return arg;
    } else if (arg->type()->As<ir::TileType>()->memory_space() != MemorySpace::kMat) {
      PTO_ASSIGN_OR_RETURN(arg, b.Bind(LoadName(arg, "mat"),
                                       b.Call("tile.move", {arg},
                                              {{"target_memory",
                                                ir::AttrValue::Enum(MemorySpace::kMat)}})));
    }
    if (!transposed) return arg;
    return b.Bind(LoadName(arg, "t"), b.Call("tile.transpose_view", {arg}));
  }

  static std::string LoadName(const ir::Expr* e, absl::string_view suffix) {
    const auto* v = e->As<ir::Var>();
    return absl::StrCat(v != nullptr ? v->name() : "bridged", "_", suffix);
  }

  const ir::Expr* Fail(absl::Status s) {
    status_ = std::move(s);
    return nullptr;
  }

  const ConsumerSpaces& spaces_;
  const absl::flat_hash_set<const ir::Var*> demands_;
  absl::flat_hash_map<const ir::Expr*, const ir::Var*> param_tiles_;
  const backends::Backend* backend_;
  absl::flat_hash_set<const ir::Var*> carried_tiles_;
  absl::Status status_;
};

absl::StatusOr<IncoreConversion> ConvertOnce(ir::Context& ctx, const ir::Function* f,
                                             const backends::Backend* backend,
                                             const absl::flat_hash_set<const ir::Var*>& carried,
                                             absl::flat_hash_set<const ir::Var*>& more) {
  ConsumerSpaces spaces;
  spaces.Collect(f->body());
  TileConverter converter(ctx, spaces, TensorDemands(f->body()), backend);
  std::vector<const ir::Stmt*> stmts;

  // Entry loads, in parameter order.
  const absl::flat_hash_set<const ir::Var*> loaded =
      EntryLoadCollector(carried).Collect(f->body());
  for (const ir::Var* p : f->params()) {
    if (!IsTensor(p) || !loaded.contains(p)) continue;
    PTO_ASSIGN_OR_RETURN(const ir::Call* load,
                         WholeTensorLoad(ctx, p, MemorySpace::kVec, p->loc()));
    const ir::Var* tile = ctx.NewVar(TileName(p->name()), load->type(), p->loc());
    stmts.push_back(ctx.NewAssign(tile, load, p->loc()));
    converter.MapParam(p, tile);
  }

  // The body, its return set aside.
  const ir::ReturnStmt* ret = nullptr;
  std::vector<const ir::Stmt*> body;
  if (const auto* seq = f->body()->As<ir::SeqStmts>()) {
    body.assign(seq->stmts().begin(), seq->stmts().end());
  } else {
    body.push_back(f->body());
  }
  if (!body.empty() && body.back()->Is<ir::ReturnStmt>()) {
    ret = body.back()->As<ir::ReturnStmt>();
    body.pop_back();
  }
  const ir::Stmt* original = ctx.NewSeq(body, f->body()->loc());
  const ir::Stmt* converted = converter.VisitStmt(original);
  PTO_RETURN_IF_ERROR(converter.status());
  if (!converter.carried_tiles().empty()) {
    more = converter.carried_tiles();
    return IncoreConversion{};
  }
  bool changed = !stmts.empty() || converted != original;
  if (const auto* seq = converted->As<ir::SeqStmts>()) {
    stmts.insert(stmts.end(), seq->stmts().begin(), seq->stmts().end());
  } else {
    stmts.push_back(converted);
  }

  // Exit stores.
  std::vector<const ir::Var*> params(f->params().begin(), f->params().end());
  std::vector<ir::ParamDirection> directions(f->directions().begin(), f->directions().end());
  std::vector<const ir::Type*> return_types(f->return_types().begin(), f->return_types().end());
  IncoreConversion result;
  if (ret != nullptr) {
    std::vector<const ir::Expr*> values;
    for (size_t i = 0; i < ret->values().size(); ++i) {
      const ir::Expr* value = converter.VisitExpr(ret->values()[i]);
      changed |= value != ret->values()[i];
      const auto* orig = i < return_types.size() ? return_types[i]->As<ir::TensorType>() : nullptr;
      if (!IsTile(value) || orig == nullptr) {
        values.push_back(value);
        if (i < return_types.size()) return_types[i] = value->type();
        continue;
      }
      const size_t k = result.added_outputs++;
      const ir::Var* out = ctx.NewVar(absl::StrCat("ret", k, "_out"), orig, ret->loc());
      params.push_back(out);
      directions.push_back(ir::ParamDirection::kOut);
      if (std::optional<const ir::Var*> direct = RewriteReturnedAssembleLoop(ctx, stmts, value, out)) {
        values.push_back(*direct);
        return_types[i] = orig;
        continue;
      }
      std::vector<const ir::Expr*> zeros(value->type()->As<ir::TileType>()->rank(), ctx.Index(0));
      absl::StatusOr<const ir::Call*> store =
          ir::CreateCall(ctx, ir::BuiltinOp("tile.store"), {value, ctx.NewMakeTuple(zeros), out},
                         {}, ret->loc());
      if (!store.ok()) {
        return ir::LocatedError(ctx, ret->loc(),
                                absl::StrCat(kPass, ": cannot store return value ", i + 1, ": ",
                                             store.status().message()));
      }
      const ir::Var* stored = ctx.NewVar(absl::StrCat("ret", k, "_store"), (*store)->type(),
                                         ret->loc());
      stmts.push_back(ctx.NewAssign(stored, *store, ret->loc()));
      values.push_back(stored);
      return_types[i] = stored->type();
    }
    stmts.push_back(ctx.NewReturn(values, ret->loc(), ret->comments()));
  } else if (changed) {
    stmts.push_back(ctx.NewReturn({}, f->loc()));
  }

  const ParamAccess access = AnalyzeParamAccess(ctx.NewSeq(stmts), params);
  for (size_t i = 0; i < params.size(); ++i) {
    if (!access.bulk_store[i].known() || !access.scalar_store[i].known()) continue;
    return ir::LocatedError(
        ctx, access.scalar_store[i],
        absl::StrCat(kPass, ": '", params[i]->name(),
                     "' is written both by a bulk store (a slice assignment or pl.assemble, at ",
                     ctx.FormatLoc(access.bulk_store[i]),
                     ") and by pl.write; the two store paths (MTE3 and the data cache) are not "
                     "coherent. Build the values in a local tensor and assign it once, or write "
                     "every element with pl.write"));
  }
  UpgradeWrittenParams(access, directions);
  changed |= !std::equal(directions.begin(), directions.end(), f->directions().begin(),
                         f->directions().end());
  if (!changed) {
    result.function = f;
    return result;
  }
  result.function = ctx.NewFunction(f->name(), params, directions, return_types,
                                    ctx.NewSeq(stmts, f->body()->loc()), f->func_type(),
                                    f->level(), f->role(), f->loc(), f->attrs());
  return result;
}

}  // namespace

absl::StatusOr<IncoreConversion> ConvertIncoreFunction(ir::Context& ctx, const ir::Function* f,
                                                       const backends::Backend* backend) {
  // Each start that finds carried values the body makes tiles starts again
  // with them loaded; every start adds one, so this ends.
  absl::flat_hash_set<const ir::Var*> carried;
  while (true) {
    absl::flat_hash_set<const ir::Var*> more;
    absl::StatusOr<IncoreConversion> r = ConvertOnce(ctx, f, backend, carried, more);
    if (more.empty() || !r.ok()) return r;
    const size_t before = carried.size();
    carried.insert(more.begin(), more.end());
    if (carried.size() == before) {
      return ir::LocatedError(ctx, (*more.begin())->loc(),
                              absl::StrCat(kPass, ": the loop carries '", (*more.begin())->name(),
                                           "' as a tensor its body makes a tile, and its start "
                                           "cannot be loaded; start it from a parameter or a "
                                           "value computed by tile ops"));
    }
  }
}

}  // namespace pto::passes::tensor_to_tile
