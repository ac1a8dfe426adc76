#include "passes/tensor_to_tile/iter_arg_reuse.h"

#include <algorithm>
#include <cstddef>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "ir/mutator.h"
#include "ir/visitor.h"
#include "passes/tensor_to_tile/orch_calls.h"
#include "passes/var_occurrences.h"

namespace pto::passes::tensor_to_tile {
namespace {

// An Out param merged into the In param that receives the carried buffer.
struct Merge {
  size_t out;
  size_t in;
  bool operator==(const Merge& o) const { return out == o.out && in == o.in; }
};

// What the analysis asks of a caller, gathered once per caller.
struct CallerFacts {
  VarUses uses;
  absl::flat_hash_map<const ir::Var*, const ir::Expr*> value_of;

  explicit CallerFacts(const ir::Function& f) : value_of(AssignedValues(f.body())) {
    uses.VisitStmt(f.body());
  }
  uint32_t Uses(const ir::Var* v) const { return uses.Count(v); }
  bool IsCreate(const ir::Var* v) const {
    auto it = value_of.find(v);
    return it != value_of.end() && AsOpCall(it->second, "tensor.create") != nullptr;
  }
  // Whether writing into the buffer `v` names changes nothing the caller
  // reads later: `v` is a param or an allocation, or a view of one, or
  // carried from one, and each link of that chain is read once (by the
  // next link, or by the call that now writes into it).
  bool SoleReader(const ir::Expr* e) const {
    const auto* v = e->As<ir::Var>();
    for (int links = 0; v != nullptr && links < 64; ++links) {
      if (Uses(v) != 1) return false;
      if (const auto* carried = v->As<ir::IterArg>()) {
        v = carried->init()->As<ir::Var>();
        continue;
      }
      auto def = value_of.find(v);
      if (def == value_of.end()) return true;  // a param
      if (const auto* alias = def->second->As<ir::Var>()) {
        v = alias;
        continue;
      }
      const auto* c = def->second->As<ir::Call>();
      if (c == nullptr || c->op() == nullptr) return false;
      if (AsOpCall(c, "tensor.create") != nullptr) return true;
      // A view op: its result shares its source's buffer.
      if (c->args().empty() || !c->arg(0)->type()->Is<ir::TensorType>()) return false;
      v = c->arg(0)->As<ir::Var>();
    }
    return false;
  }
};

// Same dtype, same constant shape, both without a view.
bool SameTensorType(const ir::Type* a, const ir::Type* b) {
  const auto* ta = a->As<ir::TensorType>();
  const auto* tb = b->As<ir::TensorType>();
  return ta != nullptr && tb != nullptr && ta->dtype() == tb->dtype() && ta->view() == nullptr &&
         tb->view() == nullptr && SameConstDims(ta->shape(), tb->shape());
}

// tile.load(t, zeros, shape(t), shape(t)): the whole tensor.
bool LoadsWholeTensor(const ir::Call* load, const ir::TensorType* t) {
  if (load->args().size() < 4 || !AtOrigin(load->arg(1))) return false;
  const auto* shapes = load->arg(2)->As<ir::MakeTuple>();
  const auto* valid = load->arg(3)->As<ir::MakeTuple>();
  return shapes != nullptr && valid != nullptr && SameConstDims(shapes->elements(), t->shape()) &&
         SameConstDims(valid->elements(), t->shape());
}

// The kernel's own evidence that an In param and an Out param hold one
// accumulator: the stored result is carried by at least one loop from a
// whole-tensor load of the In param.
std::vector<Merge> KernelCarriedPairs(const ir::Function& f, absl::Span<const OutReturn> outs) {
  absl::flat_hash_map<const ir::Var*, size_t> in_params;
  for (size_t i = 0; i < f.params().size(); ++i) {
    if (f.directions()[i] == ir::ParamDirection::kIn &&
        f.params()[i]->type()->Is<ir::TensorType>()) {
      in_params[f.params()[i]] = i;
    }
  }
  struct Facts : ir::IRVisitor {
    absl::flat_hash_map<const ir::Var*, const ir::Expr*> value_of;
    absl::flat_hash_map<const ir::Var*, const ir::Expr*> carried_from;
    const ir::ReturnStmt* ret = nullptr;
    void VisitReturn(const ir::ReturnStmt* s) override {
      if (ret == nullptr) ret = s;
    }
    void Carry(ir::IterArgSpan args, ir::VarSpan results) {
      for (size_t i = 0; i < args.size() && i < results.size(); ++i) {
        carried_from[results[i]] = args[i]->init();
      }
    }
    void VisitFor(const ir::ForStmt* s) override {
      Carry(s->iter_args(), s->return_vars());
      IRVisitor::VisitFor(s);
    }
    void VisitWhile(const ir::WhileStmt* s) override {
      Carry(s->iter_args(), s->return_vars());
      IRVisitor::VisitWhile(s);
    }
  } facts;
  facts.value_of = AssignedValues(f.body());
  facts.VisitStmt(f.body());
  std::vector<Merge> pairs;
  if (facts.ret == nullptr) return pairs;
  absl::flat_hash_set<size_t> used;
  for (const OutReturn& o : outs) {
    const auto* ret = facts.ret->values()[o.ret]->As<ir::Var>();
    auto def = ret != nullptr ? facts.value_of.find(ret) : facts.value_of.end();
    const ir::Call* store =
        def != facts.value_of.end() ? AsOpCall(def->second, "tile.store") : nullptr;
    if (store == nullptr || !AtOrigin(store->arg(1))) continue;
    const ir::Expr* current = store->arg(0);
    int hops = 0;
    for (auto it = facts.carried_from.end();
         current->As<ir::Var>() != nullptr &&
         (it = facts.carried_from.find(current->As<ir::Var>())) != facts.carried_from.end();
         current = it->second) {
      ++hops;
    }
    const auto* source = current->As<ir::Var>();
    auto load_def = source != nullptr ? facts.value_of.find(source) : facts.value_of.end();
    const ir::Call* load = hops > 0 && load_def != facts.value_of.end()
                               ? AsOpCall(load_def->second, "tile.load")
                               : nullptr;
    const auto* loaded = load != nullptr ? load->arg(0)->As<ir::Var>() : nullptr;
    auto in = loaded != nullptr ? in_params.find(loaded) : in_params.end();
    if (in == in_params.end()) continue;
    const ir::Var* in_param = f.params()[in->second];
    if (!SameTensorType(in_param->type(), f.params()[o.param]->type()) ||
        !LoadsWholeTensor(load, in_param->type()->As<ir::TensorType>()) ||
        !used.insert(in->second).second) {
      continue;
    }
    pairs.push_back({o.param, in->second});
  }
  return pairs;
}

// The single argument index holding `v`, or nullopt (absent or repeated).
std::optional<size_t> OnlyArgIndex(const ir::Call* c, const ir::Var* v) {
  std::optional<size_t> index;
  for (size_t a = 0; a < c->args().size(); ++a) {
    if (c->arg(a) != v) continue;
    if (index.has_value()) return std::nullopt;
    index = a;
  }
  return index;
}

// The merges a call inside a carrying loop allows: the result yielded as
// the next value of the iter arg passed as an In argument.
std::vector<Merge> LoopMerges(const CallSite& site, const ir::Function& f,
                              absl::Span<const OutReturn> outs, const CallerFacts& caller) {
  absl::Span<const ir::IterArg* const> iter_args;
  const ir::Stmt* body = nullptr;
  if (const auto* l = site.loop->As<ir::ForStmt>()) {
    iter_args = l->iter_args();
    body = l->body();
  } else {
    const auto* w = site.loop->As<ir::WhileStmt>();
    iter_args = w->iter_args();
    body = w->body();
  }
  std::vector<const ir::Stmt*> stmts = TopLevelStmts(body);
  const auto* yield = stmts.empty() ? nullptr : stmts.back()->As<ir::YieldStmt>();
  auto at = std::find(stmts.begin(), stmts.end(), site.stmt);
  if (yield == nullptr || at == stmts.end()) return {};
  VarUses after;
  for (auto it = at + 1; it != stmts.end(); ++it) after.VisitStmt(*it);
  // result[k] projections in the body, by k.
  absl::flat_hash_map<size_t, const ir::Var*> projections;
  for (const ir::Stmt* s : stmts) {
    const auto* a = s->As<ir::AssignStmt>();
    const auto* item = a != nullptr ? a->value()->As<ir::TupleGetItem>() : nullptr;
    if (item != nullptr && item->tuple() == site.result()) projections[item->index()] = a->var();
  }
  std::vector<Merge> merges;
  for (const OutReturn& o : outs) {
    const auto* out_arg = site.call->arg(o.param)->As<ir::Var>();
    if (out_arg == nullptr || !caller.IsCreate(out_arg) || caller.Uses(out_arg) != 1) continue;
    const ir::Var* next = f.return_types().size() == 1 ? site.result() : nullptr;
    if (auto p = projections.find(o.ret); f.return_types().size() > 1 && p != projections.end()) {
      next = p->second;
    }
    if (next == nullptr) continue;
    // Yielded once: two carried values sharing the buffer would see each
    // other's writes.
    if (std::count(yield->values().begin(), yield->values().end(), next) != 1) continue;
    auto y = std::find(yield->values().begin(), yield->values().end(), next);
    const ir::IterArg* carried = iter_args[static_cast<size_t>(y - yield->values().begin())];
    std::optional<size_t> in = OnlyArgIndex(site.call, carried);
    if (!in.has_value() || f.directions()[*in] != ir::ParamDirection::kIn ||
        after.Count(carried) != 0 || !caller.SoleReader(carried->init()) ||
        !SameTensorType(f.params()[*in]->type(), f.params()[o.param]->type())) {
      continue;
    }
    merges.push_back({o.param, *in});
  }
  return merges;
}

// The kernel's carried pairs a call outside any carrying loop allows: the
// In argument's buffer is read by this call only, the Out argument is
// allocated for it.
std::vector<Merge> StandaloneMerges(const CallSite& site, absl::Span<const Merge> pairs,
                                    const CallerFacts& caller) {
  std::vector<Merge> merges;
  for (const Merge& m : pairs) {
    const auto* out_arg = site.call->arg(m.out)->As<ir::Var>();
    const auto* in_arg = site.call->arg(m.in)->As<ir::Var>();
    if (out_arg == nullptr || in_arg == nullptr || !caller.IsCreate(out_arg) ||
        caller.Uses(out_arg) != 1 || !OnlyArgIndex(site.call, in_arg).has_value() ||
        !caller.SoleReader(in_arg)) {
      continue;
    }
    merges.push_back(m);
  }
  return merges;
}

// The merges every call of `f` allows (empty when one call allows none).
using FactsCache = absl::flat_hash_map<const ir::Function*, std::unique_ptr<CallerFacts>>;

std::vector<Merge> AgreedMerges(const ir::Function& f, absl::Span<const CallSite> sites,
                                FactsCache& facts) {
  std::vector<OutReturn> outs = OutParamReturns(f);
  if (outs.empty() || sites.empty()) return {};
  std::optional<std::vector<Merge>> pairs;
  std::optional<std::vector<Merge>> agreed;
  for (const CallSite& site : sites) {
    if (site.stmt == nullptr || site.call->is_submit() ||
        site.caller->func_type() == ir::FunctionType::kInCore ||
        site.call->args().size() != f.params().size()) {
      return {};
    }
    std::unique_ptr<CallerFacts>& caller = facts[site.caller];
    if (caller == nullptr) caller = std::make_unique<CallerFacts>(*site.caller);
    std::vector<Merge> here;
    if (site.loop != nullptr) {
      here = LoopMerges(site, f, outs, *caller);
    } else if (!site.in_iter_loop) {
      if (!pairs.has_value()) pairs = KernelCarriedPairs(f, outs);
      here = StandaloneMerges(site, *pairs, *caller);
    }
    if (agreed.has_value()) {
      agreed->erase(std::remove_if(agreed->begin(), agreed->end(),
                                   [&](const Merge& m) {
                                     return std::find(here.begin(), here.end(), m) == here.end();
                                   }),
                    agreed->end());
    } else {
      agreed = std::move(here);
    }
    if (agreed->empty()) return {};
  }
  // One In param per Out param and back.
  std::vector<Merge> result;
  for (const Merge& m : *agreed) {
    if (std::none_of(result.begin(), result.end(),
                     [&](const Merge& r) { return r.out == m.out || r.in == m.in; })) {
      result.push_back(m);
    }
  }
  return result;
}

// The kernel without its merged Out params, each store into one redirected
// to the InOut param it merged into.
const ir::Function* RewriteKernel(ir::Context& ctx, const ir::Function* f,
                                  absl::Span<const Merge> merges) {
  class Redirect : public ir::IRMutator {
   public:
    using IRMutator::IRMutator;
    using IRMutator::Remap;
  } redirect(ctx);
  std::vector<const ir::Var*> params;
  std::vector<ir::ParamDirection> dirs;
  for (size_t i = 0; i < f->params().size(); ++i) {
    auto m = std::find_if(merges.begin(), merges.end(), [&](const Merge& x) { return x.out == i; });
    if (m != merges.end()) {
      redirect.Remap(f->params()[i], f->params()[m->in]);
      continue;
    }
    bool promoted =
        std::any_of(merges.begin(), merges.end(), [&](const Merge& x) { return x.in == i; });
    params.push_back(f->params()[i]);
    dirs.push_back(promoted ? ir::ParamDirection::kInOut : f->directions()[i]);
  }
  return ctx.NewFunction(f->name(), params, dirs, f->return_types(), redirect.VisitStmt(f->body()),
                         f->func_type(), f->level(), f->role(), f->loc(), f->attrs());
}

// Drops the merged Out arguments from the calls and their allocations.
class CallRewriter : public ir::IRMutator {
 public:
  CallRewriter(ir::Context& ctx,
               const absl::flat_hash_map<const ir::Call*, const std::vector<Merge>*>& calls,
               const absl::flat_hash_set<const ir::Var*>& dead)
      : IRMutator(ctx), calls_(calls), dead_(dead) {}

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    if (dead_.contains(s->var())) return ctx().NewSeq({}, s->loc());
    const ir::Call* c = Rewrite(s->value());
    if (c == nullptr) return IRMutator::VisitAssign(s);
    return ctx().NewAssign(s->var(), c, s->loc(), s->comments());
  }
  const ir::Stmt* VisitEval(const ir::EvalStmt* s) override {
    const ir::Call* c = Rewrite(s->expr());
    if (c == nullptr) return IRMutator::VisitEval(s);
    return ctx().NewEval(c, s->loc(), s->comments());
  }

 private:
  const ir::Call* Rewrite(const ir::Expr* e) {
    const auto* c = e->As<ir::Call>();
    auto it = c != nullptr ? calls_.find(c) : calls_.end();
    if (it == calls_.end()) return nullptr;
    std::vector<const ir::Expr*> args;
    for (size_t a = 0; a < c->args().size(); ++a) {
      if (std::none_of(it->second->begin(), it->second->end(),
                       [&](const Merge& m) { return m.out == a; })) {
        args.push_back(VisitExpr(c->arg(a)));
      }
    }
    return ctx().NewFunctionCall(c->callee(), args, c->type(), c->loc(), c->site());
  }

  const absl::flat_hash_map<const ir::Call*, const std::vector<Merge>*>& calls_;
  const absl::flat_hash_set<const ir::Var*>& dead_;
};

}  // namespace

ir::Program ReuseCarriedBuffers(ir::Context& ctx, const ir::Program& program) {
  CallSites sites = FindInCoreCallSites(program);
  FactsCache facts;
  absl::flat_hash_map<absl::string_view, std::vector<Merge>> merges;
  for (const ir::Function* f : program.functions()) {
    if (f->func_type() != ir::FunctionType::kInCore) continue;
    std::vector<Merge> m = AgreedMerges(*f, sites.of(f->name()), facts);
    if (!m.empty()) merges[f->name()] = std::move(m);
  }
  if (merges.empty()) return program;

  absl::flat_hash_map<const ir::Call*, const std::vector<Merge>*> calls;
  absl::flat_hash_set<const ir::Var*> dead;
  for (const auto& [name, m] : merges) {
    for (const CallSite& site : sites.of(name)) {
      calls[site.call] = &m;
      for (const Merge& x : m) dead.insert(site.call->arg(x.out)->As<ir::Var>());
    }
  }
  std::vector<const ir::Function*> functions;
  for (const ir::Function* f : program.functions()) {
    auto m = merges.find(f->name());
    if (m != merges.end()) {
      functions.push_back(RewriteKernel(ctx, f, m->second));
    } else {
      functions.push_back(CallRewriter(ctx, calls, dead).MutateFunction(f));
    }
  }
  return ctx.NewProgram(program.name(), functions);
}

}  // namespace pto::passes::tensor_to_tile
