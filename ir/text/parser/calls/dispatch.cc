// The DSL call forms: the registered op called by its own name, the unified
// `pl.X` dispatched by operand type through the table of dsl/dsl_ops.h, an op
// the registry lacks under --allow-unregistered-ops, scalar pl.X, and the
// statements that build no IR (pl.static_print, ...). Argument binding is
// in parser_bind.cc.

#include <optional>

#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

Value Parser::ParseOpCall(const Op& op, const Token& at) {
  return AttachOpCallOptions(ParseOpCallBody(op, at), at);
}

Value Parser::ParseDslCall(const text::DslOpRow& row, const Token& at, absl::string_view spelled) {
  return AttachOpCallOptions(ParseDslCallBody(row, at, spelled), at);
}

Value Parser::ParseOpCallBody(const Op& op, const Token& at) {
  DepthGuard guard(this);
  if (!guard.Check(at)) return Value{};
  CallArgs in;
  int depth = 0;
  if (!ParseCallArgs(&in, &depth)) return Value{};
  const text::DslOpRow* rules = nullptr;
  if (caches_.last_call.op == &op && caches_.last_call.rules_known) {
    rules = caches_.last_call.rules;
  } else {
    auto [it, inserted] = caches_.dsl_rules.try_emplace(&op, nullptr);
    if (inserted) it->second = text::FindDslRulesOf(op.name());
    rules = it->second;
    if (caches_.last_call.op == &op) {
      caches_.last_call.rules = rules;
      caches_.last_call.rules_known = true;
    }
  }
  const Op* chosen = &op;
  if (rules != nullptr && rules->fill == text::DslFill::kGatherScatterForms) {
    absl::string_view form = GatherScatterForm(op.name(), in);
    if (const Op* f = form.empty() ? nullptr : ops_.Find(form)) {
      chosen = f;
      rules = nullptr;
    }
  }
  // pl.tensor.add(t, 1.0) builds tensor.adds, as upstream's builder does.
  if (rules != nullptr && rules->dispatches() && op.name() == rules->tensor &&
      !rules->tensor_scalar.empty() && in.size() > 1 && !in[1].named && IsScalar(in[1].expr)) {
    if (const Op* s = ops_.Find(rules->tensor_scalar)) chosen = s;
  }
  Value v = BuildBoundCall(*chosen, rules, /*unified=*/false, /*tile_level_drops=*/false, in,
                           depth, at);
  return v && fn_.type == FunctionType::kOrchestration ? FoldParamDim(v) : v;
}

// In an Orchestration body, `pl.tensor.dim(x, i)` of a param's dynamic dim is
// that dim's symbol: one runtime extent, one IR name (upstream's fold).
Value Parser::FoldParamDim(Value v) {
  const auto* c = v.expr->As<Call>();
  if (c == nullptr || c->op() == nullptr || c->op()->name() != "tensor.dim" ||
      c->args().size() != 2 || c->args()[0]->kind() != NodeKind::kVar) {
    return v;
  }
  const auto* tt = c->args()[0]->type()->As<TensorType>();
  const auto* axis = c->args()[1]->As<ConstInt>();
  if (tt == nullptr || axis == nullptr) return v;
  int64_t a = axis->value() < 0 ? axis->value() + static_cast<int64_t>(tt->rank()) : axis->value();
  if (a < 0 || a >= static_cast<int64_t>(tt->rank())) return v;
  const auto* dim = tt->shape()[a]->As<Var>();
  if (dim == nullptr || !fn_.param_dim_symbols.contains(dim)) return v;
  v.expr = dim;
  return v;
}

bool Parser::NamedOperandsFirst(const text::DslOpRow& row, const CallArgs& in, CallArgs* out) {
  const Op* op = ops_.Find(row.tensor.empty() ? row.tile : row.tensor);
  if (op == nullptr) return false;
  const BindPlan& plan = PlanFor(*op, &row);
  const ParamSlots& params = plan.wrapper.empty() ? plan.canonical : plan.wrapper;
  // The leading parameters given by name move to the front, in order, as
  // positional values; the rest keep their names.
  size_t lead = 0;
  for (; lead < params.size() && lead < 2; ++lead) {
    const CallArg* found = nullptr;
    for (const CallArg& a : in) {
      if (a.named && Text(a.key) == params[lead].name) found = &a;
    }
    if (found == nullptr) break;
    CallArg moved = *found;
    moved.named = false;
    out->push_back(moved);
  }
  if (lead == 0) return false;
  for (const CallArg& a : in) {
    bool taken = false;
    for (size_t i = 0; i < lead; ++i) taken = taken || (a.named && Text(a.key) == params[i].name);
    if (!taken) out->push_back(a);
  }
  return true;
}

Value Parser::ParseDslCallBody(const text::DslOpRow& row, const Token& at,
                               absl::string_view spelled) {
  DepthGuard guard(this);
  if (!guard.Check(at)) return Value{};
  CallArgs in;
  int depth = 0;
  if (!ParseCallArgs(&in, &depth)) return Value{};
  absl::string_view op_name = row.fixed;
  bool tile_level = false;
  if (row.dispatches()) {
    // The operands may be passed by name too (pl.add(lhs=a, rhs=b)), as
    // Python binds the wrapper's parameters: dispatch on the bound ones.
    // The bound call itself still binds them by name.
    CallArgs by_position;
    bool moved = !in.empty() && in[0].named && NamedOperandsFirst(row, in, &by_position);
    const CallArgs& operands = moved ? by_position : in;
    const CallArg* first = !operands.empty() && !operands[0].named ? &operands[0] : nullptr;
    if (first == nullptr || first->expr == nullptr) {
      return FailValue(at, absl::StrCat(spelled, " takes a Tensor or Tile as its first argument"));
    }
    const Type* type = first->expr->type();
    // A module constant number (EPS = 1e-3) arrives as an attr: a scalar too.
    const CallArg* second = operands.size() > 1 && !operands[1].named ? &operands[1] : nullptr;
    bool second_scalar =
        second != nullptr &&
        (IsScalar(second->expr) ||
         (second->expr == nullptr && !second->none &&
          (second->attr.kind() == AttrKind::kFloat || second->attr.kind() == AttrKind::kInt)));
    if (type->Is<ScalarType>()) {
      if (row.scalar == text::DslScalarForm::kNone) {
        return FailValue(first->tok, absl::StrCat(spelled, " takes a Tensor or Tile, not ",
                                                  PrintType(type)));
      }
      return ScalarDslCall(row, operands, depth, at);
    }
    bool is_tensor = type->Is<TensorType>();
    tile_level = type->Is<TileType>();
    if (!is_tensor && !tile_level) {
      bool scalar_too = row.scalar != text::DslScalarForm::kNone;
      return FailValue(first->tok,
                       absl::StrCat(spelled, " takes ",
                                    scalar_too ? "a Tensor, Tile or Scalar" : "a Tensor or Tile",
                                    ", not ", PrintType(type)));
    }
    for (const CallArg& a : in) {
      if (a.expr == nullptr || row.mixes_levels) continue;
      const Type* t = a.expr->type();
      if ((is_tensor && t->Is<TileType>()) || (tile_level && t->Is<TensorType>())) {
        return FailValue(a.tok, absl::StrCat(spelled, ": cannot mix Tensor and Tile operands"));
      }
    }
    if (is_tensor) {
      op_name = second_scalar && !row.tensor_scalar.empty() ? row.tensor_scalar : row.tensor;
    } else {
      op_name = second_scalar && !row.tile_scalar.empty() ? row.tile_scalar : row.tile;
    }
    if (op_name.empty()) {
      return FailValue(at, absl::StrCat(spelled, " has no ", is_tensor ? "Tensor" : "Tile",
                                        " form"));
    }
  }
  if (row.fill == text::DslFill::kMergeSort) return MergeSortCall(op_name, in, depth, at);
  const text::DslOpRow* rules = &row;
  if (row.fill == text::DslFill::kGatherScatterForms) {
    // The mask and compare forms are other ops with their own parameters.
    absl::string_view form = GatherScatterForm(op_name, in);
    if (!form.empty()) {
      op_name = form;
      rules = nullptr;
    }
  }
  const Op* op = ops_.Find(op_name);
  if (op == nullptr) {
    if (allow_unregistered_ops_ && at.offset == rhs_offset_ && rhs_annotation_ != nullptr) {
      return UnregisteredDslCall(op_name, in, depth, at);
    }
    return FailValue(at, absl::StrCat("unknown op '", op_name, "' (what ", spelled,
                                      " builds for these operands)"));
  }
  return BuildBoundCall(*op, rules, /*unified=*/true, tile_level, in, depth, at);
}

// --allow-unregistered-ops: `x: T = pl.matmul(a, b)` whose op the registry
// lacks is an opaque call of the op the table names, as written.
Value Parser::UnregisteredDslCall(absl::string_view name, const CallArgs& in, int depth,
                                  const Token& at) {
  ExprList args;
  KwargVec kwargs;
  for (const CallArg& a : in) {
    if (a.none) continue;
    if (!a.named) {
      const Expr* e = a.expr != nullptr ? a.expr : AttrAsConst(a.attr);
      if (e == nullptr) {
        return FailValue(a.tok, absl::StrCat("unregistered op '", name,
                                             "': pass a dtype, enum or string by name"));
      }
      args.push_back(e);
      continue;
    }
    std::optional<AttrValue> v = a.expr != nullptr ? ConstAsAttr(a.expr) : a.attr;
    if (!v) {
      return FailValue(a.tok, absl::StrCat("unregistered op '", name, "': kwarg '", Text(a.key),
                                           "' must be a constant"));
    }
    kwargs.push_back(NamedAttr{Text(a.key), *v});
  }
  if (depth + 1 > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Call*> call = CreateUnregisteredCall(
      ctx_, name, ExprSpan(args.data(), args.size()), kwargs, rhs_annotation_, Loc(at));
  if (!call.ok()) return FailValue(at, call.status().message());
  unregistered_rhs_ = *call;
  return Value{*call, depth + 1, at.pos()};
}

// pl.add(a, b) of two scalars is `a + b`; pl.cast(s, dtype) a scalar Cast.
Value Parser::ScalarDslCall(const text::DslOpRow& row, const CallArgs& in, int depth,
                            const Token& at) {
  absl::string_view spelled = row.name;
  if (row.scalar == text::DslScalarForm::kBinary) {
    for (const CallArg& a : in) {
      if (a.named) {
        return FailValue(a.key, absl::StrCat("pl.", spelled, ": '", Text(a.key),
                                             "' is not supported for scalar operands"));
      }
    }
    if (in.size() != 2 || in[1].expr == nullptr) {
      return FailValue(at, absl::StrCat("pl.", spelled, " of scalars takes 2 values"));
    }
    return Binary(row.binary, Value{in[0].expr, depth, at.pos()},
                  Value{in[1].expr, depth, at.pos()}, at);
  }
  // kCast: pl.cast(x, target_type, mode='round').
  std::optional<DataType> target;
  size_t positional = 0;
  for (const CallArg& a : in) {
    absl::string_view key = a.named ? Text(a.key) : positional == 0 ? "input"
                                                  : positional == 1 ? "target_type"
                                                  : positional == 2 ? "mode"
                                                                    : "";
    if (!a.named) ++positional;
    if (key == "input") continue;
    if (key == "target_type") {
      if (a.expr != nullptr || a.attr.kind() != AttrKind::kDataType) {
        return FailValue(a.tok, "pl.cast needs a target dtype: pl.cast(x, pl.INDEX)");
      }
      target = a.attr.dtype();
    } else if (key == "mode") {
      std::optional<AttrValue> v = a.expr != nullptr ? ConstAsAttr(a.expr) : a.attr;
      bool round = v && ((v->kind() == AttrKind::kString && v->string_value() == "round") ||
                         (v->kind() == AttrKind::kInt && v->int_value() == 2));
      if (!round) return FailValue(at, "pl.cast: Scalar inputs do not support a non-default mode");
    } else if (key == "saturation_mode") {
      return FailValue(at, "pl.cast: Scalar inputs do not support saturation_mode");
    } else if (key.empty()) {
      return FailValue(a.tok, "pl.cast takes at most 3 positional arguments");
    } else {
      return FailValue(at, absl::StrCat("pl.cast: unknown argument '", key, "'"));
    }
  }
  if (!target) return FailValue(at, "pl.cast needs a target dtype: pl.cast(x, pl.INDEX)");
  if (depth + 1 > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Expr*> e = MakeScalarCast(ctx_, in[0].expr, *target, Loc(at));
  if (!e.ok()) return FailValue(at, e.status().message());
  return Value{*e, depth + 1, at.pos()};
}

bool Parser::AtNoIrCall() {
  if (!AtName("pl") || !At(K::kDot, 1) || !At(K::kName, 2) || !At(K::kLParen, 3)) return false;
  absl::string_view n = Text(Peek(2));
  return n == "static_print" || n == "static_assert" || n == "dump_tag";
}

// Reads the call and drops it: compile-time checks and markers upstream
// keeps out of the IR.
bool Parser::SkipNoIrCall() {
  if (Text(Peek(2)) == "dump_tag") return ParseDumpTag();  // parser/forms/scope_rules.cc
  Advance();
  Advance();
  Advance();
  CallArgs in;
  int depth = 0;
  return ParseCallArgs(&in, &depth);
}

}  // namespace pto::ir::parser_impl
