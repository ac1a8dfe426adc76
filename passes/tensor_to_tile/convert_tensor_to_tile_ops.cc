#include "passes/tensor_to_tile/convert_tensor_to_tile_ops.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/mutator.h"
#include "ir/ops/builtin.h"
#include "ir/status_macros.h"
#include "ir/visitor.h"
#include "passes/tensor_to_tile/incore_conversion.h"

namespace pto::passes {
namespace {

using tensor_to_tile::IncoreConversion;

// A function whose signature the pass extended: its new form and how many
// Out params it appended.
struct Extended {
  const ir::Function* function;
  size_t added;
};
using ExtendedMap = absl::flat_hash_map<absl::string_view, Extended>;

bool IsWrapper(const ir::Function* f) {
  return f->func_type() == ir::FunctionType::kSpmd || f->func_type() == ir::FunctionType::kGroup;
}

// The type of a call of `f` (a submit's ends with its task id).
const ir::Type* CallType(ir::Context& ctx, const ir::Function* f, const ir::Call* old) {
  absl::Span<const ir::Type* const> rets = f->return_types();
  if (old->is_submit()) {
    std::vector<const ir::Type*> elems(rets.begin(), rets.end());
    const auto* t = old->type()->As<ir::TupleType>();
    elems.push_back(t != nullptr && !t->elements().empty() ? t->elements().back() : old->type());
    return ctx.GetTupleType(elems);
  }
  if (rets.empty()) return ctx.GetUnknownType();
  if (rets.size() == 1) return rets[0];
  return ctx.GetTupleType(rets);
}

// Appends the Out arguments of extended callees to their calls: forwarded
// params in a wrapper (its first such call only), fresh tensor.create
// results anywhere else.
class CallSiteUpdater : public ir::IRMutator {
 public:
  CallSiteUpdater(ir::Context& ctx, const ExtendedMap& extended, bool forward)
      : IRMutator(ctx), extended_(extended), forward_(forward) {}

  const absl::Status& status() const { return status_; }
  // Forwarding: the params appended to the wrapper (empty until a call is
  // found).
  const std::vector<const ir::Var*>& forwarded() const { return forwarded_; }

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    const ir::Call* c = Extend(s->value());
    if (c == nullptr) return IRMutator::VisitAssign(s);
    pending_.push_back(ctx().NewAssign(RetypedVar(s->var(), c->type()), c, s->loc(), s->comments()));
    return Expand(std::exchange(pending_, {}), s);
  }
  const ir::Stmt* VisitEval(const ir::EvalStmt* s) override {
    const ir::Call* c = Extend(s->expr());
    if (c == nullptr) return IRMutator::VisitEval(s);
    pending_.push_back(ctx().NewEval(c, s->loc(), s->comments()));
    return Expand(std::exchange(pending_, {}), s);
  }

 private:
  // `e` with the Out args of its callee appended, or null when it is not a
  // call of an extended function (or forwarding is done).
  const ir::Call* Extend(const ir::Expr* e) {
    const auto* c = e->As<ir::Call>();
    if (c == nullptr || c->callee() == nullptr || !status_.ok()) return nullptr;
    if (forward_ && !forwarded_.empty()) return nullptr;
    auto it = extended_.find(c->callee()->name());
    if (it == extended_.end() || it->second.added == 0) return nullptr;
    const ir::Function* f = it->second.function;
    const auto* visited = IRMutator::VisitCall(c)->As<ir::Call>();
    std::vector<const ir::Expr*> args(visited->args().begin(), visited->args().end());
    const size_t first = f->params().size() - it->second.added;
    for (size_t i = first; i < f->params().size(); ++i) {
      const ir::Var* p = f->params()[i];
      if (forward_) {
        const ir::Var* fwd = ctx().NewVar(p->name(), p->type(), p->loc());
        forwarded_.push_back(fwd);
        args.push_back(fwd);
        continue;
      }
      const auto* t = p->type()->As<ir::TensorType>();
      std::vector<ir::NamedAttr> kwargs = {{"dtype", ir::AttrValue::DType(t->dtype())}};
      if (t->view() != nullptr && t->view()->layout != ir::TensorLayout::kND) {
        kwargs.push_back({"layout", ir::AttrValue::Enum(t->view()->layout)});
      }
      absl::StatusOr<const ir::Call*> create =
          ir::CreateCall(ctx(), ir::BuiltinOp("tensor.create"), {ctx().NewMakeTuple(t->shape())},
                         kwargs, c->loc());
      if (!create.ok()) {
        status_ = create.status();
        return nullptr;
      }
      const ir::Var* out = ctx().NewVar(p->name(), (*create)->type(), c->loc());
      pending_.push_back(ctx().NewAssign(out, *create, c->loc()));
      args.push_back(out);
    }
    return ctx().NewFunctionCall(c->callee(), args, CallType(ctx(), f, c), c->loc(), c->site());
  }

  const ExtendedMap& extended_;
  const bool forward_;
  absl::Status status_;
  std::vector<const ir::Var*> forwarded_;
  std::vector<const ir::Stmt*> pending_;
};

const ir::Function* WithSignature(ir::Context& ctx, const ir::Function* f,
                                  std::vector<const ir::Var*> params,
                                  std::vector<ir::ParamDirection> directions,
                                  const ir::Stmt* body) {
  return ctx.NewFunction(f->name(), params, directions, f->return_types(), body, f->func_type(),
                         f->level(), f->role(), f->loc(), f->attrs());
}

// The calls of program functions in `body` (the arguments never change
// below, only directions).
std::vector<const ir::Call*> FunctionCalls(const ir::Stmt* body) {
  struct Calls : ir::IRVisitor {
    std::vector<const ir::Call*> found;
    void VisitCall(const ir::Call* c) override {
      if (c->callee() != nullptr) found.push_back(c);
      IRVisitor::VisitCall(c);
    }
  } calls;
  calls.VisitStmt(body);
  return std::move(calls.found);
}

// A caller's param passed where the callee writes is written by the caller;
// repeated until no direction changes (once per level of a call chain).
bool PropagateDirections(ir::Context& ctx, std::vector<const ir::Function*>& functions) {
  absl::flat_hash_map<absl::string_view, const ir::Function*> by_name;
  for (const ir::Function* f : functions) by_name[f->name()] = f;
  std::vector<std::vector<const ir::Call*>> calls;
  for (const ir::Function* f : functions) {
    calls.push_back(f->IsInCore() ? std::vector<const ir::Call*>{} : FunctionCalls(f->body()));
  }
  bool any = false;
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t fi = 0; fi < functions.size(); ++fi) {
      const ir::Function*& f = functions[fi];
      if (calls[fi].empty()) continue;
      absl::flat_hash_map<const ir::Var*, size_t> index;
      for (size_t i = 0; i < f->params().size(); ++i) index[f->params()[i]] = i;
      std::vector<ir::ParamDirection> dirs(f->directions().begin(), f->directions().end());
      for (const ir::Call* c : calls[fi]) {
        auto callee = by_name.find(c->callee()->name());
        if (callee == by_name.end()) continue;
        absl::Span<const ir::ParamDirection> cd = callee->second->directions();
        for (size_t a = 0; a < c->args().size() && a < cd.size(); ++a) {
          auto p = index.find(c->arg(a)->As<ir::Var>());
          if (p == index.end()) continue;
          ir::ParamDirection& d = dirs[p->second];
          if (cd[a] == ir::ParamDirection::kOut && d == ir::ParamDirection::kIn) {
            d = ir::ParamDirection::kOut;
          } else if (cd[a] == ir::ParamDirection::kInOut && d != ir::ParamDirection::kInOut) {
            d = ir::ParamDirection::kInOut;
          }
        }
      }
      if (std::equal(dirs.begin(), dirs.end(), f->directions().begin())) continue;
      f = WithSignature(ctx, f, {f->params().begin(), f->params().end()}, dirs, f->body());
      by_name[f->name()] = f;
      changed = any = true;
    }
  }
  return any;
}

class ConvertTensorToTileOpsPass : public Pass {
 public:
  absl::string_view name() const override { return "convert-tensor-to-tile-ops"; }
  absl::string_view description() const override {
    return "Converts the tensor ops of InCore functions to tile ops (entry loads, exit stores "
           "into new Out params) and updates their callers.";
  }
  PassProperties properties() const override {
    return {{IRProperty::kSSAForm, IRProperty::kSplitIncoreOrch},
            {IRProperty::kSSAForm, IRProperty::kIncoreTileOps},
            {}};
  }

  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext& pc) const override {
    ir::Context& ctx = program.context();
    std::vector<const ir::Function*> functions(program.functions().begin(),
                                               program.functions().end());
    bool changed = false;
    ExtendedMap extended;
    for (const ir::Function*& f : functions) {
      if (f->func_type() != ir::FunctionType::kInCore) continue;
      PTO_ASSIGN_OR_RETURN(IncoreConversion r, tensor_to_tile::ConvertIncoreFunction(ctx, f, pc.backend()));
      changed |= r.function != f;
      f = r.function;
      extended.try_emplace(f->name(), Extended{f, r.added_outputs});
    }
    // Wrappers forward what their kernel gained.
    for (const ir::Function*& f : functions) {
      if (!IsWrapper(f)) continue;
      CallSiteUpdater forward(ctx, extended, /*forward=*/true);
      const ir::Stmt* body = forward.VisitStmt(f->body());
      PTO_RETURN_IF_ERROR(forward.status());
      if (forward.forwarded().empty()) continue;
      std::vector<const ir::Var*> params(f->params().begin(), f->params().end());
      std::vector<ir::ParamDirection> dirs(f->directions().begin(), f->directions().end());
      for (const ir::Var* p : forward.forwarded()) {
        params.push_back(p);
        dirs.push_back(ir::ParamDirection::kOut);
      }
      f = WithSignature(ctx, f, params, dirs, body);
      extended[f->name()] = Extended{f, forward.forwarded().size()};
      changed = true;
    }
    // Everyone else allocates the new outputs (a kernel calling a kernel
    // too, so that the call stays well-typed).
    for (const ir::Function*& f : functions) {
      if (IsWrapper(f)) continue;
      CallSiteUpdater update(ctx, extended, /*forward=*/false);
      const ir::Function* g = update.MutateFunction(f);
      PTO_RETURN_IF_ERROR(update.status());
      changed |= g != f;
      f = g;
    }
    changed |= PropagateDirections(ctx, functions);
    if (!changed) return program;
    return ctx.NewProgram(program.name(), functions);
  }
};

}  // namespace

std::unique_ptr<Pass> CreateConvertTensorToTileOpsPass() {
  return std::make_unique<ConvertTensorToTileOpsPass>();
}

}  // namespace pto::passes
