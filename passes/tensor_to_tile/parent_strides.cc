#include "passes/tensor_to_tile/parent_strides.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "ir/mutator.h"
#include "passes/tensor_to_tile/orch_calls.h"

namespace pto::passes::tensor_to_tile {
namespace {

using Strides = std::vector<int64_t>;

// Where a caller's values come from and where they go, gathered once.
struct CallerFacts {
  absl::flat_hash_map<const ir::Var*, const ir::Expr*> value_of;
  // v -> the parents of each tensor.assemble(parent, v, offsets).
  absl::flat_hash_map<const ir::Var*, std::vector<const ir::Type*>> assembled_into;
  // (tuple, k) -> the Vars assigned tuple[k].
  absl::flat_hash_map<std::pair<const ir::Var*, int>, std::vector<const ir::Var*>> projections;

  explicit CallerFacts(const ir::Function& f) : value_of(AssignedValues(f.body())) {
    for (const auto& [var, value] : value_of) {
      if (const ir::Call* a = AsOpCall(value, "tensor.assemble");
          a != nullptr && a->args().size() >= 2 && a->arg(1)->As<ir::Var>() != nullptr) {
        assembled_into[a->arg(1)->As<ir::Var>()].push_back(a->arg(0)->type());
      }
      const auto* item = value->As<ir::TupleGetItem>();
      if (const auto* t = item != nullptr ? item->tuple()->As<ir::Var>() : nullptr) {
        projections[{t, item->index()}].push_back(var);
      }
    }
  }
};

// The trailing `rank` row-major strides of `parent`, or nullopt when its
// shape is not constant, has fewer dims or overflows int64.
std::optional<Strides> TrailingStrides(const ir::Type* parent, size_t rank) {
  const auto* t = parent->As<ir::TensorType>();
  if (t == nullptr || t->rank() < rank) return std::nullopt;
  Strides all(t->rank());
  int64_t step = 1;
  for (size_t d = t->rank(); d-- > 0;) {
    std::optional<int64_t> dim = ir::AsConstInt(t->shape()[d]);
    if (!dim.has_value()) return std::nullopt;
    all[d] = step;
    if (__builtin_mul_overflow(step, *dim, &step)) return std::nullopt;
  }
  return Strides(all.end() - static_cast<std::ptrdiff_t>(rank), all.end());
}

// Folds one call's strides into what the calls so far agreed on; false
// when this call has none or disagrees.
bool Agree(std::optional<Strides>& agreed, std::optional<Strides> here) {
  if (!here.has_value() || (agreed.has_value() && *agreed != *here)) return false;
  agreed = std::move(here);
  return true;
}

// The strides the parents of `values` (one result of one call) agree on.
std::optional<Strides> AssembledStrides(const CallerFacts& caller,
                                        const std::vector<const ir::Var*>& values, size_t rank) {
  std::optional<Strides> agreed;
  bool any = false;
  for (const ir::Var* v : values) {
    auto it = caller.assembled_into.find(v);
    if (it == caller.assembled_into.end()) continue;
    for (const ir::Type* parent : it->second) {
      if (!Agree(agreed, TrailingStrides(parent, rank))) return std::nullopt;
      any = true;
    }
  }
  return any ? agreed : std::nullopt;
}

// The strides the calls agree on for param `p` of `f`, or nullopt.
std::optional<Strides> ParamStrides(
    const ir::Function& f, size_t p, std::optional<size_t> ret, absl::Span<const CallSite> sites,
    absl::flat_hash_map<const ir::Function*, std::unique_ptr<CallerFacts>>& facts) {
  const size_t rank = f.params()[p]->type()->As<ir::TensorType>()->rank();
  std::optional<Strides> agreed;
  for (const CallSite& site : sites) {
    std::unique_ptr<CallerFacts>& caller = facts[site.caller];
    if (caller == nullptr) caller = std::make_unique<CallerFacts>(*site.caller);
    std::optional<Strides> here;
    if (ret.has_value()) {
      std::vector<const ir::Var*> values;
      if (f.return_types().size() == 1) {
        values.push_back(site.result());
      } else if (auto it = caller->projections.find({site.result(), static_cast<int>(*ret)});
                 it != caller->projections.end()) {
        values = it->second;
      }
      here = AssembledStrides(*caller, values, rank);
    } else if (const auto* arg = site.call->arg(p)->As<ir::Var>()) {
      auto def = caller->value_of.find(arg);
      const ir::Call* slice =
          def != caller->value_of.end() ? AsOpCall(def->second, "tensor.slice") : nullptr;
      if (slice != nullptr) here = TrailingStrides(slice->arg(0)->type(), rank);
    }
    if (!Agree(agreed, std::move(here))) return std::nullopt;
  }
  return agreed;
}

// Retypes the kernel's params and the stores into them.
class Retype : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;
  using IRMutator::Remap;

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    const ir::Expr* value = VisitExpr(s->value());
    if (value == s->value()) return s;
    const ir::Var* var = AsOpCall(value, "tile.store") != nullptr
                             ? RetypedVar(s->var(), value->type())
                             : s->var();
    return ctx().NewAssign(var, value, s->loc(), s->comments());
  }
};

}  // namespace

ir::Program AttachParentStrides(ir::Context& ctx, const ir::Program& program) {
  CallSites sites = FindInCoreCallSites(program);
  absl::flat_hash_map<const ir::Function*, std::unique_ptr<CallerFacts>> facts;
  std::vector<const ir::Function*> functions;
  bool changed = false;
  for (const ir::Function* f : program.functions()) {
    absl::Span<const CallSite> calls = sites.of(f->name());
    bool plain = f->func_type() == ir::FunctionType::kInCore && !calls.empty();
    for (const CallSite& site : calls) {
      plain &= site.stmt != nullptr && !site.call->is_submit() &&
               site.caller->func_type() != ir::FunctionType::kInCore &&
               site.call->args().size() == f->params().size();
    }
    if (!plain) {
      functions.push_back(f);
      continue;
    }
    // Param index -> the return value carrying it (Out params only).
    std::vector<std::pair<size_t, std::optional<size_t>>> candidates;
    for (const OutReturn& o : OutParamReturns(*f)) candidates.push_back({o.param, o.ret});
    for (size_t i = 0; i < f->params().size(); ++i) {
      if (f->directions()[i] == ir::ParamDirection::kIn &&
          f->params()[i]->type()->Is<ir::TensorType>()) {
        candidates.push_back({i, std::nullopt});
      }
    }
    Retype retype(ctx);
    std::vector<const ir::Var*> params(f->params().begin(), f->params().end());
    bool retyped = false;
    for (const auto& [p, ret] : candidates) {
      const auto* t = params[p]->type()->As<ir::TensorType>();
      ir::TensorView view = t->EffectiveView();
      if (!view.stride.empty() || view.layout != ir::TensorLayout::kND) continue;
      std::optional<Strides> strides = ParamStrides(*f, p, ret, calls, facts);
      if (!strides.has_value()) continue;
      std::vector<const ir::Expr*> exprs;
      for (int64_t s : *strides) exprs.push_back(ctx.Index(s));
      view.stride = exprs;
      const ir::Type* type = ctx.GetTensorType(t->dtype(), t->shape(), view);
      const ir::Var* fresh = ctx.NewVar(params[p]->name(), type, params[p]->loc());
      retype.Remap(params[p], fresh);
      params[p] = fresh;
      retyped = true;
    }
    if (!retyped) {
      functions.push_back(f);
      continue;
    }
    functions.push_back(ctx.NewFunction(f->name(), params, f->directions(), f->return_types(),
                                        retype.VisitStmt(f->body()), f->func_type(), f->level(),
                                        f->role(), f->loc(), f->attrs()));
    changed = true;
  }
  if (!changed) return program;
  return ctx.NewProgram(program.name(), functions);
}

}  // namespace pto::passes::tensor_to_tile
