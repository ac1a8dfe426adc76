#include "fuzz/gen/front_form.h"

#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/mutator.h"
#include "passes/fresh_copy.h"

namespace pto::fuzz {
namespace {

using ir::Expr;
using ir::Stmt;

class ToUnroll : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;

  const Stmt* VisitFor(const ir::ForStmt* s) override {
    const Stmt* visited = IRMutator::VisitFor(s);
    const auto* f = visited->As<ir::ForStmt>();
    if (f == nullptr || f->for_kind() != ir::ForKind::kSequential || !f->iter_args().empty() ||
        ir::HasLoopJump(f->body())) {
      return visited;
    }
    std::optional<int64_t> start = ir::AsConstInt(f->start());
    std::optional<int64_t> stop = ir::AsConstInt(f->stop());
    std::optional<int64_t> step = ir::AsConstInt(f->step());
    if (!start || !stop || !step || *step <= 0 || *stop - *start > kMaxUnrollTrips * *step) {
      return visited;
    }
    return ctx().NewFor(f->loop_var(), f->start(), f->stop(), f->step(), {}, f->body(), {},
                        ir::ForKind::kUnroll, 0, f->loc(), f->comments(), f->attrs());
  }
};

class ToJump : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;

  const Stmt* VisitFor(const ir::ForStmt* s) override {
    const Stmt* visited = IRMutator::VisitFor(s);
    const auto* f = visited->As<ir::ForStmt>();
    if (f == nullptr || f->for_kind() != ir::ForKind::kSequential) return visited;
    const auto* scalar = f->loop_var()->type()->As<ir::ScalarType>();
    if (scalar == nullptr) return visited;
    const Expr* never = ctx().NewBinary(ir::BinaryOp::kLt, f->loop_var(),
                                        ctx().Int(0, scalar->dtype()), ir::DataType::kBool);
    std::vector<const Stmt*> body = ir::StmtList(f->body());
    body.insert(body.begin(), ctx().NewIf(never, ctx().NewBreak(), nullptr, {}));
    return ctx().NewFor(f->loop_var(), f->start(), f->stop(), f->step(), f->iter_args(),
                        ctx().NewSeq(body, f->loc()), f->return_vars(), f->for_kind(),
                        f->stage(), f->loc(), f->comments(), f->attrs());
  }
};

// `kernel` as a call of an Inline copy of itself, named `inline_name`.
std::vector<const ir::Function*> Wrap(ir::Context& ctx, const ir::Function* kernel,
                                      absl::string_view inline_name) {
  passes::FreshCopier copy(ctx, "");
  std::vector<const ir::Var*> params;
  for (const ir::Var* p : kernel->params()) params.push_back(copy.VisitVar(p)->As<ir::Var>());
  const ir::Function* body_fn = ctx.NewFunction(
      inline_name, params, kernel->directions(), kernel->return_types(),
      copy.VisitStmt(kernel->body()), ir::FunctionType::kInline, std::nullopt, std::nullopt,
      kernel->loc());
  absl::Span<const ir::Type* const> rts = kernel->return_types();
  const ir::Type* type = rts.empty()       ? ctx.GetUnknownType()
                         : rts.size() == 1 ? rts[0]
                                           : ctx.GetTupleType(rts);
  std::vector<const Expr*> args(kernel->params().begin(), kernel->params().end());
  const ir::Call* call = ctx.NewFunctionCall(ctx.GetGlobalVar(inline_name), args, type);
  const Stmt* body = rts.empty() ? static_cast<const Stmt*>(ctx.NewEval(call))
                                 : ctx.NewReturn(std::vector<const Expr*>{call});
  const ir::Function* caller = ctx.NewFunction(
      kernel->name(), kernel->params(), kernel->directions(), rts, body, kernel->func_type(),
      kernel->level(), kernel->role(), kernel->loc(), kernel->attrs());
  return {body_fn, caller};
}

}  // namespace

ir::Program ToUnrollForm(ir::Context& ctx, const ir::Program& program) {
  return ToUnroll(ctx).MutateProgram(program);
}

ir::Program ToInlineForm(ir::Context& ctx, const ir::Program& program) {
  std::vector<const ir::Function*> functions;
  for (const ir::Function* f : program.functions()) {
    if (f->func_type() == ir::FunctionType::kInline) {
      functions.push_back(f);
      continue;
    }
    for (const ir::Function* g : Wrap(ctx, f, absl::StrCat(f->name(), "_body"))) {
      functions.push_back(g);
    }
  }
  return ctx.NewProgram(program.name(), functions);
}

ir::Program ToJumpForm(ir::Context& ctx, const ir::Program& program) {
  return ToJump(ctx).MutateProgram(program);
}

ir::Program ToFrontForm(ir::Context& ctx, const ir::Program& program) {
  return ToInlineForm(ctx, ToJumpForm(ctx, ToUnrollForm(ctx, program)));
}

ir::Program ToScopeForm(ir::Context& ctx, const ir::Program& program) {
  std::vector<const ir::Function*> functions;
  bool changed = false;
  for (const ir::Function* f : program.functions()) {
    std::vector<const ir::Stmt*> body = ir::StmtList(f->body());
    const bool returns = !body.empty() && body.back()->Is<ir::ReturnStmt>();
    if (f->func_type() != ir::FunctionType::kInCore || body.size() < (returns ? 2u : 1u)) {
      functions.push_back(f);
      continue;
    }
    const ir::Stmt* ret = returns ? body.back() : nullptr;
    if (returns) body.pop_back();
    ir::ScopeArg level;
    level.key = "level";
    level.enum_ref = "Level.CORE_GROUP";
    std::vector<const ir::Stmt*> scoped = {
        ctx.NewScope(ir::ScopeKind::kAt, absl::MakeConstSpan(&level, 1), {},
                     ctx.NewSeq(body, f->body()->loc()), f->body()->loc())};
    if (ret != nullptr) scoped.push_back(ret);
    functions.push_back(ctx.NewFunction(f->name(), f->params(), f->directions(),
                                        f->return_types(), ctx.NewSeq(scoped, f->loc()),
                                        ir::FunctionType::kOpaque, std::nullopt, std::nullopt,
                                        f->loc(), f->attrs()));
    changed = true;
  }
  return changed ? ctx.NewProgram(program.name(), functions) : program;
}

}  // namespace pto::fuzz
