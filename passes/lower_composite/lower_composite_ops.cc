#include "passes/lower_composite/lower_composite_ops.h"

#include <string>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/strings/str_cat.h"
#include "ir/mutator.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/builder.h"
#include "passes/lower_composite/op_predicates.h"
#include "passes/lower_composite/rules.h"
#include "passes/temp_names.h"

namespace pto::passes {
namespace {

using lower_composite::CompositeLoweringFn;
using lower_composite::LoweringBuilder;

class CompositeLowerer : public ir::IRMutator {
 public:
  CompositeLowerer(ir::Context& ctx, const backends::Backend* backend, bool defer_collectives)
      : IRMutator(ctx), backend_(backend), defer_collectives_(defer_collectives) {}

  // The first error; once set, nothing further is rewritten.
  const absl::Status& status() const { return status_; }

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    const auto* call = s->value()->As<ir::Call>();
    CompositeLoweringFn rule = call != nullptr ? Rule(call) : nullptr;
    if (rule == nullptr) {
      const ir::Stmt* visited = IRMutator::VisitAssign(s);
      // `alias = pair` of a composite tuple folds like the tuple itself.
      const auto* assign = visited->As<ir::AssignStmt>();
      if (const ir::MakeTuple* tuple = CompositeTuple(assign->value())) {
        composite_tuples_[s->var()] = tuple;
      }
      return visited;
    }
    LoweringBuilder b(ctx(), s->var()->name(), names_, call->loc(), backend_);
    const ir::Expr* result = Lower(*call, rule, b, s->var()->type());
    if (result == nullptr) return s;
    if (const auto* tuple = result->As<ir::MakeTuple>()) composite_tuples_[s->var()] = tuple;
    std::vector<const ir::Stmt*> stmts = b.TakeStmts();
    stmts.push_back(ctx().NewAssign(s->var(), result, s->loc(), s->comments()));
    return Expand(std::move(stmts), s);
  }

  const ir::Stmt* VisitEval(const ir::EvalStmt* s) override {
    const auto* call = s->expr()->As<ir::Call>();
    CompositeLoweringFn rule = call != nullptr ? Rule(call) : nullptr;
    if (rule == nullptr) return IRMutator::VisitEval(s);
    LoweringBuilder b(ctx(), "eval", names_, call->loc(), backend_);
    if (Lower(*call, rule, b, call->type()) == nullptr) return s;
    std::vector<const ir::Stmt*> stmts = b.TakeStmts();  // the result itself is dropped
    if (stmts.empty()) return s;
    return Expand(std::move(stmts), s);
  }

  const ir::Stmt* VisitReturn(const ir::ReturnStmt* s) override {
    std::vector<const ir::Stmt*> prelude;
    std::vector<const ir::Expr*> values;
    bool changed = false;
    for (size_t i = 0; i < s->values().size(); ++i) {
      const ir::Expr* value = s->values()[i];
      const auto* call = value->As<ir::Call>();
      CompositeLoweringFn rule = call != nullptr ? Rule(call) : nullptr;
      if (rule == nullptr) {
        const ir::Expr* visited = VisitExpr(value);
        changed |= visited != value;
        values.push_back(visited);
        continue;
      }
      LoweringBuilder b(ctx(), absl::StrCat("ret", i), names_, call->loc(), backend_);
      const ir::Expr* result = Lower(*call, rule, b, call->type());
      if (result == nullptr) return s;
      values.push_back(b.Bind("result", result));
      for (const ir::Stmt* stmt : b.TakeStmts()) prelude.push_back(stmt);
      changed = true;
    }
    if (!changed) return s;
    prelude.push_back(ctx().NewReturn(values, s->loc(), s->comments()));
    return Expand(std::move(prelude), s);
  }

  const ir::Expr* VisitTupleGetItem(const ir::TupleGetItem* t) override {
    const ir::Expr* tuple = VisitExpr(t->tuple());
    if (const ir::MakeTuple* composite = CompositeTuple(tuple)) {
      return composite->elements()[t->index()];
    }
    if (tuple == t->tuple()) return t;
    return ctx().NewTupleGetItem(tuple, t->index(), t->loc());
  }

 private:
  CompositeLoweringFn Rule(const ir::Call* call) {
    const ir::Op* op = call->op();
    if (op == nullptr || !status_.ok()) return nullptr;
    auto [it, inserted] = rules_.try_emplace(op, nullptr);
    if (inserted) {
      bool deferred = defer_collectives_ && lower_composite::IsManagedTensorCollective(op->name());
      it->second = deferred ? nullptr : lower_composite::FindCompositeRule(op->name());
    }
    return it->second;
  }

  // Runs `rule` on the visited operands of `call`; the result must have
  // `want` (the type of the Var it replaces). Null (and status_ set) on error.
  const ir::Expr* Lower(const ir::Call& call, CompositeLoweringFn rule, LoweringBuilder& b,
                        const ir::Type* want) {
    ExprBuffer args;
    VisitExprs(call.args(), args);
    absl::StatusOr<const ir::Expr*> result = rule(call, args, b);
    if (!result.ok()) {
      status_ = result.status();
      return nullptr;
    }
    // A MemRef on `want` places the value; the rule's ops compute it, and the
    // Var keeps its type (MemRefs are not part of type equality).
    if (!ir::SameTypeIgnoringMemRef((*result)->type(), want)) {
      status_ = b.Internal(absl::StrCat("the ", call.callee_name(),
                                        " rule produced a value of another type than the call"));
      return nullptr;
    }
    return *result;
  }

  // The composite-produced tuple `e` stands for, if any.
  const ir::MakeTuple* CompositeTuple(const ir::Expr* e) const {
    const auto* var = e->As<ir::Var>();
    if (var == nullptr) return nullptr;
    auto it = composite_tuples_.find(var);
    return it == composite_tuples_.end() ? nullptr : it->second;
  }

  const backends::Backend* backend_;
  bool defer_collectives_;
  absl::Status status_;
  TempNamer names_;  // one counter per function
  absl::flat_hash_map<const ir::Op*, CompositeLoweringFn> rules_;
  // Vars bound to a rule's tuple result, and their aliases.
  absl::flat_hash_map<const ir::Var*, const ir::MakeTuple*> composite_tuples_;
};

bool IsOrchestration(const ir::Function* f) {
  return f->func_type() == ir::FunctionType::kOrchestration ||
         f->role() == ir::Role::kOrchestrator;
}

class LowerCompositeOpsPass : public Pass {
 public:
  absl::string_view name() const override { return "lower-composite-ops"; }
  absl::string_view description() const override {
    return "Expands composite ops (tile.sin, tile.cos, tile.select, tile.tquant_mx and the "
           "pld.tensor.* collectives) into primitive tile and distributed ops.";
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext& pc) const override {
    return RewriteFunctions(program, [&](const ir::Function* f)
                                         -> absl::StatusOr<const ir::Function*> {
      CompositeLowerer lowerer(program.context(), pc.backend(), IsOrchestration(f));
      const ir::Function* g = lowerer.MutateFunction(f);
      PTO_RETURN_IF_ERROR(lowerer.status());
      return g;
    });
  }
};

}  // namespace

std::unique_ptr<Pass> CreateLowerCompositeOpsPass() {
  return std::make_unique<LowerCompositeOpsPass>();
}

}  // namespace pto::passes
