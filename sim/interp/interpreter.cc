#include "sim/interp/interpreter.h"

#include <optional>
#include <utility>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "ir/context.h"
#include "ir/diagnostic.h"
#include "ir/status_macros.h"
#include "ir/stmt.h"
#include "ir/type.h"
#include "sim/interp/launch.h"

namespace pto::sim {
namespace {

using ir::SourceLoc;

std::string FormatDims(absl::Span<const int64_t> dims) {
  return absl::StrCat("[", absl::StrJoin(dims, ", "), "]");
}

// How a statement left its block.
struct Flow {
  enum Kind : uint8_t { kNext, kYield, kReturn, kBreak, kContinue };
  Kind kind = kNext;
  std::vector<Value> values;
};

}  // namespace

// One activation of a function: its variables and the statement executor.
class Frame : public ScalarEvaluator {
 public:
  Frame(Interpreter& interp, const ir::Function& function, int depth)
      : interp_(interp),
        ctx_(interp.program_.context()),
        function_(function),
        depth_(depth),
        loc_(function.loc()) {}

  absl::Status BindParams(std::vector<Value> args);
  absl::StatusOr<std::vector<Value>> Execute();

  absl::StatusOr<Scalar> EvalScalar(const ir::Expr* expr) const override;

 private:
  absl::Status Error(SourceLoc loc, absl::string_view message) const {
    if (!loc.known()) loc = loc_;
    return ir::LocatedError(ctx_, loc, message);
  }

  absl::StatusOr<Value> Eval(const ir::Expr* expr) const;
  absl::StatusOr<Value> EvalCall(const ir::Call* call) const;
  absl::StatusOr<Flow> Exec(const ir::Stmt* stmt);
  absl::StatusOr<Flow> ExecFor(const ir::ForStmt* s);
  absl::StatusOr<Flow> ExecWhile(const ir::WhileStmt* s);
  absl::StatusOr<Flow> ExecIf(const ir::IfStmt* s);
  absl::StatusOr<Flow> ExecSpmd(const ir::ScopeStmt* s);
  // Runs `body` as each of `blocks` blocks in turn.
  template <typename F>
  absl::Status InBlocks(int64_t blocks, F&& body) const;
  absl::Status BindVars(ir::VarSpan vars, const std::vector<Value>& values, SourceLoc loc,
                        absl::string_view what);
  absl::StatusOr<int64_t> EvalIndex(const ir::Expr* e, absl::string_view what) const;
  absl::Status BindShaped(const ir::Var* param, const ir::ShapedType* type, BufferView& buffer);

  Interpreter& interp_;
  const ir::Context& ctx_;
  const ir::Function& function_;
  int depth_;
  mutable SourceLoc loc_;  // the statement being executed, for messages
  absl::flat_hash_map<const ir::Var*, Value> env_;
};

absl::StatusOr<Scalar> Frame::EvalScalar(const ir::Expr* expr) const {
  PTO_ASSIGN_OR_RETURN(Value v, Eval(expr));
  if (const Scalar* s = v.scalar()) return *s;
  return Error(expr->loc(), absl::StrCat("expected a scalar, got a ", v.KindName()));
}

absl::StatusOr<int64_t> Frame::EvalIndex(const ir::Expr* e, absl::string_view what) const {
  PTO_ASSIGN_OR_RETURN(Scalar s, EvalScalar(e));
  if (s.IsFloat()) return Error(e->loc(), absl::StrCat(what, " must be an integer"));
  return s.i;
}

absl::StatusOr<Value> Frame::Eval(const ir::Expr* expr) const {
  switch (expr->kind()) {
    case ir::NodeKind::kVar:
    case ir::NodeKind::kIterArg: {
      auto it = env_.find(expr->As<ir::Var>());
      if (it == env_.end()) {
        // At the reading statement: a Var's own loc is its definition's. In
        // pattern-B IR this is a read after a loop or branch whose
        // assignment of the name never ran.
        const ir::Var* v = expr->As<ir::Var>();
        std::string where = v->loc().known()
                                ? absl::StrCat(" (its assignment at ", ctx_.FormatLoc(v->loc()),
                                               " did not run)")
                                : std::string();
        return Error(loc_, absl::StrCat("'", v->name(), "' has no value here", where));
      }
      return it->second;
    }
    case ir::NodeKind::kConstInt: {
      const auto* c = expr->As<ir::ConstInt>();
      if (c->dtype().IsFloat()) return Value::Of(Scalar::Float(c->dtype(), c->value()));
      return Value::Of(Scalar::Int(c->dtype(), c->value()));
    }
    case ir::NodeKind::kConstFloat: {
      const auto* c = expr->As<ir::ConstFloat>();
      if (!c->dtype().IsFloat()) {
        return Value::Of(CastScalar(Scalar::Float(ir::DataType::kFP32, c->value()), c->dtype()));
      }
      return Value::Of(Scalar::Float(c->dtype(), c->value()));
    }
    case ir::NodeKind::kConstBool:
      return Value::Of(Scalar::Bool(expr->As<ir::ConstBool>()->value()));
    case ir::NodeKind::kMakeTuple: {
      std::vector<Value> elements;
      for (const ir::Expr* e : expr->As<ir::MakeTuple>()->elements()) {
        PTO_ASSIGN_OR_RETURN(Value v, Eval(e));
        elements.push_back(std::move(v));
      }
      return Value::Tuple(std::move(elements));
    }
    case ir::NodeKind::kTupleGetItem: {
      const auto* g = expr->As<ir::TupleGetItem>();
      PTO_ASSIGN_OR_RETURN(Value t, Eval(g->tuple()));
      const std::vector<Value>* elements = t.tuple();
      if (elements == nullptr || g->index() < 0 ||
          static_cast<size_t>(g->index()) >= elements->size()) {
        return Error(expr->loc(), absl::StrCat("tuple index ", g->index(), " is out of range"));
      }
      return (*elements)[g->index()];
    }
    case ir::NodeKind::kBinary: {
      const auto* b = expr->As<ir::BinaryExpr>();
      PTO_ASSIGN_OR_RETURN(Scalar x, EvalScalar(b->lhs()));
      PTO_ASSIGN_OR_RETURN(Scalar y, EvalScalar(b->rhs()));
      absl::StatusOr<Scalar> r = EvalBinary(b->op(), x, y, b->dtype());
      if (!r.ok()) return Error(expr->loc(), r.status().message());
      return Value::Of(*r);
    }
    case ir::NodeKind::kUnary: {
      const auto* u = expr->As<ir::UnaryExpr>();
      PTO_ASSIGN_OR_RETURN(Scalar x, EvalScalar(u->operand()));
      absl::StatusOr<Scalar> r = EvalUnary(u->op(), x, u->dtype());
      if (!r.ok()) return Error(expr->loc(), r.status().message());
      return Value::Of(*r);
    }
    case ir::NodeKind::kCall:
      return EvalCall(expr->As<ir::Call>());
    default:
      return Error(expr->loc(), "not an expression");
  }
}

absl::StatusOr<Value> Frame::EvalCall(const ir::Call* call) const {
  std::vector<Value> args;
  args.reserve(call->args().size());
  for (const ir::Expr* a : call->args()) {
    PTO_ASSIGN_OR_RETURN(Value v, Eval(a));
    args.push_back(std::move(v));
  }
  if (call->op() == nullptr) {
    const ir::Function* callee = interp_.program_.FindFunction(call->callee()->name());
    if (callee == nullptr) {
      return Error(call->loc(), absl::StrCat("call of unknown function '",
                                             call->callee()->name(), "'"));
    }
    PTO_ASSIGN_OR_RETURN(std::optional<int64_t> blocks, CallBlocks(ctx_, *call, *callee, *this));
    if (depth_ + 1 > interp_.options_.max_call_depth) {
      return Error(call->loc(), absl::StrCat("calls nest deeper than ",
                                             interp_.options_.max_call_depth));
    }
    // Each block of a launch runs the callee on the same buffers; what it
    // returns is the last block's (written params are the same buffers).
    std::vector<Value> results;
    if (!blocks.has_value()) {
      PTO_ASSIGN_OR_RETURN(results, interp_.Call(*callee, std::move(args), depth_ + 1));
    } else {
      PTO_RETURN_IF_ERROR(InBlocks(*blocks, [&]() -> absl::Status {
        PTO_ASSIGN_OR_RETURN(results, interp_.Call(*callee, args, depth_ + 1));
        return absl::OkStatus();
      }));
    }
    // A submit's value ends with the task's id; tasks run when submitted,
    // so any order their deps ask for holds.
    if (call->site() != nullptr && call->site()->is_submit()) {
      results.push_back(Value::Of(Scalar::Int(ir::DataType::kTaskId, interp_.next_task_id_++)));
    }
    if (results.empty()) return Value();
    if (results.size() == 1 && !call->type()->Is<ir::TupleType>()) return results[0];
    return Value::Tuple(std::move(results));
  }
  PTO_ASSIGN_OR_RETURN(KernelFn kernel, interp_.KernelFor(*call, function_));
  IrKernelContext kc(ctx_, *call, args, *this, interp_.options_, interp_.launch_);
  PTO_RETURN_IF_ERROR(kernel(kc));
  return kc.TakeResult();
}

absl::Status Frame::BindVars(ir::VarSpan vars, const std::vector<Value>& values, SourceLoc loc,
                             absl::string_view what) {
  if (vars.size() != values.size()) {
    return Error(loc, absl::StrCat(what, " binds ", vars.size(), " values, got ",
                                   values.size()));
  }
  for (size_t i = 0; i < vars.size(); ++i) env_[vars[i]] = values[i];
  return absl::OkStatus();
}

absl::StatusOr<Flow> Frame::Exec(const ir::Stmt* stmt) {
  if (stmt->loc().known()) loc_ = stmt->loc();
  switch (stmt->kind()) {
    case ir::NodeKind::kAssign: {
      const auto* s = stmt->As<ir::AssignStmt>();
      PTO_ASSIGN_OR_RETURN(Value v, Eval(s->value()));
      // An INDEX value bound to an integer name (`y: pl.Scalar[pl.INT64] = i`)
      // takes the name's dtype, as a scalar cast would.
      const auto* st = s->var()->type()->As<ir::ScalarType>();
      if (st != nullptr && v.scalar() != nullptr && v.scalar()->dtype != st->dtype()) {
        v = Value::Of(CastScalar(*v.scalar(), st->dtype()));
      }
      env_[s->var()] = std::move(v);
      return Flow{};
    }
    case ir::NodeKind::kEval: {
      PTO_RETURN_IF_ERROR(Eval(stmt->As<ir::EvalStmt>()->expr()).status());
      return Flow{};
    }
    case ir::NodeKind::kReturn:
    case ir::NodeKind::kYield: {
      ir::ExprSpan values = stmt->kind() == ir::NodeKind::kReturn
                                ? stmt->As<ir::ReturnStmt>()->values()
                                : stmt->As<ir::YieldStmt>()->values();
      Flow flow;
      flow.kind = stmt->kind() == ir::NodeKind::kReturn ? Flow::kReturn : Flow::kYield;
      for (const ir::Expr* e : values) {
        PTO_ASSIGN_OR_RETURN(Value v, Eval(e));
        flow.values.push_back(std::move(v));
      }
      // `return self.g(...)` giving one tuple for several return types.
      if (flow.kind == Flow::kReturn && flow.values.size() == 1 &&
          function_.return_types().size() > 1 && flow.values[0].tuple() != nullptr) {
        std::vector<Value> elements = *flow.values[0].tuple();
        flow.values = std::move(elements);
      }
      return flow;
    }
    case ir::NodeKind::kSeq: {
      for (const ir::Stmt* s : stmt->As<ir::SeqStmts>()->stmts()) {
        PTO_ASSIGN_OR_RETURN(Flow flow, Exec(s));
        if (flow.kind != Flow::kNext) return flow;
      }
      return Flow{};
    }
    case ir::NodeKind::kIf:
      return ExecIf(stmt->As<ir::IfStmt>());
    case ir::NodeKind::kFor:
      return ExecFor(stmt->As<ir::ForStmt>());
    case ir::NodeKind::kWhile:
      return ExecWhile(stmt->As<ir::WhileStmt>());
    case ir::NodeKind::kBreak:
      return Flow{Flow::kBreak, {}};
    case ir::NodeKind::kContinue:
      return Flow{Flow::kContinue, {}};
    case ir::NodeKind::kScope: {
      // pl.at / pl.cluster / pl.scope run their body once where they
      // dispatch it; pl.spmd runs it once per block.
      const auto* scope = stmt->As<ir::ScopeStmt>();
      if (scope->scope_kind() == ir::ScopeKind::kSpmd) return ExecSpmd(scope);
      // Both AIV lanes run a split_aiv region, each on its half.
      if (scope->scope_kind() == ir::ScopeKind::kSplitAiv) {
        return Error(stmt->loc(),
                     "pl.split_aiv(...) regions are not supported by the interpreter");
      }
      return Exec(scope->body());
    }
    default:
      return Error(stmt->loc(), "not a statement");
  }
}

template <typename F>
absl::Status Frame::InBlocks(int64_t blocks, F&& body) const {
  const LaunchIndex outer = interp_.launch_;
  absl::Status status;
  for (int64_t b = 0; b < blocks && status.ok(); ++b) {
    interp_.launch_ = LaunchIndex{b, blocks};
    status = body();
  }
  interp_.launch_ = outer;
  return status;
}

absl::StatusOr<Flow> Frame::ExecSpmd(const ir::ScopeStmt* s) {
  PTO_ASSIGN_OR_RETURN(int64_t blocks, SpmdBlocks(ctx_, *s, *this));
  Flow flow;
  PTO_RETURN_IF_ERROR(InBlocks(blocks, [&]() -> absl::Status {
    PTO_ASSIGN_OR_RETURN(flow, Exec(s->body()));
    if (flow.kind != Flow::kNext) return Error(s->loc(), "a pl.spmd body must run to its end");
    return absl::OkStatus();
  }));
  return flow;
}

absl::StatusOr<Flow> Frame::ExecIf(const ir::IfStmt* s) {
  PTO_ASSIGN_OR_RETURN(Scalar cond, EvalScalar(s->condition()));
  const ir::Stmt* body = cond.Truthy() ? s->then_body() : s->else_body();
  Flow flow;
  if (body != nullptr) {
    PTO_ASSIGN_OR_RETURN(flow, Exec(body));
  }
  if (flow.kind == Flow::kReturn || flow.kind == Flow::kBreak || flow.kind == Flow::kContinue) {
    return flow;
  }
  if (!s->return_vars().empty()) {
    if (flow.kind != Flow::kYield) return Error(s->loc(), "if branch ends without a yield");
    PTO_RETURN_IF_ERROR(BindVars(s->return_vars(), flow.values, s->loc(), "if"));
  }
  return Flow{};
}

absl::StatusOr<Flow> Frame::ExecFor(const ir::ForStmt* s) {
  PTO_ASSIGN_OR_RETURN(int64_t start, EvalIndex(s->start(), "for start"));
  PTO_ASSIGN_OR_RETURN(int64_t stop, EvalIndex(s->stop(), "for stop"));
  PTO_ASSIGN_OR_RETURN(int64_t step, EvalIndex(s->step(), "for step"));
  if (step == 0) return Error(s->loc(), "for loop step is zero");
  if (!s->iter_args().empty() && ir::TrailingYield(s->body()) == nullptr) {
    return Error(s->loc(),
                 "a loop with init_values and no pl.yield_ (upstream's pre-SSA form) is not "
                 "supported by the interpreter; end its body with `x_out = pl.yield_(...)`");
  }
  std::vector<Value> carried;
  for (const ir::IterArg* a : s->iter_args()) {
    PTO_ASSIGN_OR_RETURN(Value v, Eval(a->init()));
    carried.push_back(std::move(v));
  }
  ir::DataType loop_dtype = ir::DataType::kIndex;
  if (auto dt = ir::ElementType(s->loop_var()->type())) loop_dtype = *dt;
  for (int64_t i = start; step > 0 ? i < stop : i > stop;) {
    env_[s->loop_var()] = Value::Of(Scalar::Int(loop_dtype, i));
    for (size_t k = 0; k < carried.size(); ++k) env_[s->iter_args()[k]] = carried[k];
    PTO_ASSIGN_OR_RETURN(Flow flow, Exec(s->body()));
    if (flow.kind == Flow::kReturn) return flow;
    // break leaves with the iteration's carried values, continue carries
    // them on unchanged: neither reached the yield.
    if (flow.kind == Flow::kBreak) break;
    if (flow.kind != Flow::kContinue && !carried.empty()) {
      if (flow.kind != Flow::kYield || flow.values.size() != carried.size()) {
        return Error(s->loc(), "for body must yield one value per iter arg");
      }
      carried = std::move(flow.values);
    }
    if (__builtin_add_overflow(i, step, &i)) break;
  }
  PTO_RETURN_IF_ERROR(BindVars(s->return_vars(), s->return_vars().empty()
                                                      ? std::vector<Value>{}
                                                      : carried,
                               s->loc(), "for"));
  return Flow{};
}

absl::StatusOr<Flow> Frame::ExecWhile(const ir::WhileStmt* s) {
  std::vector<Value> carried;
  for (const ir::IterArg* a : s->iter_args()) {
    PTO_ASSIGN_OR_RETURN(Value v, Eval(a->init()));
    carried.push_back(std::move(v));
  }
  for (int64_t n = 0;; ++n) {
    for (size_t k = 0; k < carried.size(); ++k) env_[s->iter_args()[k]] = carried[k];
    PTO_ASSIGN_OR_RETURN(Scalar cond, EvalScalar(s->condition()));
    if (!cond.Truthy()) break;
    if (n >= interp_.options_.max_while_iterations) {
      return Error(s->loc(), absl::StrCat("while loop exceeded ",
                                          interp_.options_.max_while_iterations,
                                          " iterations"));
    }
    PTO_ASSIGN_OR_RETURN(Flow flow, Exec(s->body()));
    if (flow.kind == Flow::kReturn) return flow;
    if (flow.kind == Flow::kBreak) break;
    if (flow.kind != Flow::kContinue && !carried.empty()) {
      if (flow.kind != Flow::kYield || flow.values.size() != carried.size()) {
        return Error(s->loc(), "while body must yield one value per iter arg");
      }
      carried = std::move(flow.values);
    }
  }
  PTO_RETURN_IF_ERROR(BindVars(s->return_vars(), s->return_vars().empty()
                                                      ? std::vector<Value>{}
                                                      : carried,
                               s->loc(), "while"));
  return Flow{};
}

absl::Status Frame::BindShaped(const ir::Var* param, const ir::ShapedType* type,
                               BufferView& buffer) {
  std::string name(param->name());
  if (buffer.dtype != type->dtype()) {
    return Error(param->loc(), absl::StrCat("argument '", name, "' has dtype ",
                                            buffer.dtype.name(), ", the parameter ",
                                            type->dtype().name()));
  }
  if (buffer.rank() != type->rank()) {
    return Error(param->loc(), absl::StrCat("argument '", name, "' has rank ", buffer.rank(),
                                            ", the parameter ", type->rank()));
  }
  // Bind dynamic dims first, then check every dim.
  for (size_t d = 0; d < type->rank(); ++d) {
    const ir::Expr* dim = type->shape()[d];
    if (const auto* v = dim->As<ir::Var>(); v != nullptr && !env_.contains(v)) {
      ir::DataType dt = ir::ElementType(v->type()).value_or(ir::DataType::kIndex);
      env_[v] = Value::Of(Scalar::Int(dt, buffer.shape[d]));
    }
  }
  Dims want;
  for (const ir::Expr* dim : type->shape()) {
    PTO_ASSIGN_OR_RETURN(int64_t extent, EvalIndex(dim, "a parameter dim"));
    want.push_back(extent);
  }
  if (!(want == buffer.shape)) {
    return Error(param->loc(), absl::StrCat("argument '", name, "' has shape ",
                                            FormatDims(buffer.shape), ", the parameter ",
                                            FormatDims(want)));
  }
  // The parameter's own view of the valid region.
  ir::ExprSpan valid_exprs = type->Is<ir::TileType>() ? type->As<ir::TileType>()->ValidShape()
                                                      : type->As<ir::TensorType>()->ValidShape();
  Dims valid;
  for (const ir::Expr* dim : valid_exprs) {
    PTO_ASSIGN_OR_RETURN(int64_t extent, EvalIndex(dim, "a parameter valid dim"));
    if (extent < 0) return Error(param->loc(), "negative valid extent");
    valid.push_back(extent);
  }
  for (size_t d = 0; d < valid.size(); ++d) valid[d] = std::min(valid[d], buffer.shape[d]);
  buffer.valid = valid;
  buffer.is_tile = type->Is<ir::TileType>();
  return absl::OkStatus();
}

absl::Status Frame::BindParams(std::vector<Value> args) {
  ir::VarSpan params = function_.params();
  if (args.size() != params.size()) {
    return Error(function_.loc(), absl::StrCat("function '", function_.name(), "' takes ",
                                               params.size(), " arguments, got ", args.size()));
  }
  for (size_t i = 0; i < params.size(); ++i) {
    const ir::Var* p = params[i];
    const ir::Type* type = p->type();
    Value& arg = args[i];
    if (const auto* shaped = type->As<ir::ShapedType>()) {
      const BufferView* b = arg.buffer();
      if (b == nullptr) {
        return Error(p->loc(), absl::StrCat("argument '", p->name(), "' must be a tensor or tile, "
                                            "got a ", arg.KindName()));
      }
      BufferView view = *b;
      PTO_RETURN_IF_ERROR(BindShaped(p, shaped, view));
      env_[p] = Value::Of(std::move(view));
    } else if (const auto* st = type->As<ir::ScalarType>()) {
      const Scalar* s = arg.scalar();
      if (s == nullptr) {
        return Error(p->loc(), absl::StrCat("argument '", p->name(), "' must be a scalar, got a ",
                                            arg.KindName()));
      }
      env_[p] = s->dtype == st->dtype() ? arg : Value::Of(CastScalar(*s, st->dtype()));
    } else {
      env_[p] = std::move(arg);
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<std::vector<Value>> Frame::Execute() {
  PTO_ASSIGN_OR_RETURN(Flow flow, Exec(function_.body()));
  if (flow.kind == Flow::kYield) {
    return Error(function_.loc(), "a yield escaped to function level");
  }
  return std::move(flow.values);
}

Interpreter::Interpreter(const ir::Program& program, InterpreterOptions options)
    : program_(program), options_(options) {}

absl::StatusOr<std::vector<Value>> Interpreter::Run(absl::string_view function,
                                                    std::vector<Value> args) {
  const ir::Function* f = program_.FindFunction(function);
  if (f == nullptr) {
    std::vector<std::string> names;
    for (const ir::Function* g : program_.functions()) names.emplace_back(g->name());
    return absl::NotFoundError(absl::StrCat("no function '", function, "' in the program; it has: ",
                                            absl::StrJoin(names, ", ")));
  }
  return Call(*f, std::move(args), 0);
}

absl::StatusOr<std::vector<Value>> Interpreter::Run(const ir::Function& function,
                                                    std::vector<Value> args) {
  return Call(function, std::move(args), 0);
}

absl::StatusOr<std::vector<Value>> Interpreter::Call(const ir::Function& function,
                                                     std::vector<Value> args, int depth) {
  if (function.attrs().requires_runtime_binding) {
    // Its body is bound by the runtime (`...`): there is nothing to run.
    return ir::LocatedError(program_.context(), function.loc(),
                            absl::StrCat("function '", function.name(),
                                         "' is an abstract SubWorker (a `...` body the runtime "
                                         "binds): the interpreter cannot run it"));
  }
  if (!function.attrs().python_body.empty()) {
    return ir::LocatedError(program_.context(), function.loc(),
                            absl::StrCat("function '", function.name(),
                                         "' is a HOST SubWorker whose body is host Python (kept "
                                         "as source text): the interpreter cannot run it"));
  }
  Frame frame(*this, function, depth);
  PTO_RETURN_IF_ERROR(frame.BindParams(std::move(args)));
  return frame.Execute();
}

absl::StatusOr<KernelFn> Interpreter::KernelFor(const ir::Call& call,
                                                const ir::Function& caller) {
  const ir::Op* op = call.op();
  auto it = kernels_.find(op);
  if (it != kernels_.end()) return it->second;
  if (op->unregistered()) {
    // A kernel of the same name would be another op's semantics.
    return absl::UnimplementedError(ir::FormatError(
        program_.context(), call.loc(),
        absl::StrCat(op->name(), ": an unregistered op has no semantics to interpret (in function '",
                     caller.name(), "')")));
  }
  KernelFn fn = BuiltinKernels().Find(op->name());
  if (fn == nullptr) {
    std::string why = "the reference interpreter has no kernel for this op";
    for (const KernelExclusion& e : ExcludedOps()) {
      if (e.op_name == op->name()) why = absl::StrCat(why, " (", e.reason, ")");
    }
    return absl::UnimplementedError(
        ir::FormatError(program_.context(), call.loc(),
                        absl::StrCat(op->name(), ": ", why, " (in function '", caller.name(), "')")));
  }
  kernels_.emplace(op, fn);
  return fn;
}

}  // namespace pto::sim
