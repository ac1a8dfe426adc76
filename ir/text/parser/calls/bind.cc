// Op call arguments as users write them: Python-style binding (positional
// in the DSL wrapper's order, any parameter by name, enums and dtypes
// positionally too) to an op's args and kwargs. Which op a call names is
// decided in parser_dispatch.cc.

#include <optional>

#include "absl/strings/str_split.h"
#include "ir/text/dsl/transfer_args.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

// `name` is one of the comma-separated `list`.
bool InList(absl::string_view list, absl::string_view name) {
  for (absl::string_view item : absl::StrSplit(list, ',')) {
    if (item == name) return true;
  }
  return false;
}

// The value a tile-level flag may take and be dropped: False or None.
bool IsDefaultFlag(const CallArg& a) {
  if (a.none) return true;
  if (a.expr != nullptr) {
    const auto* b = a.expr->As<ConstBool>();
    return b != nullptr && !b->value();
  }
  return a.attr.kind() == AttrKind::kBool && !a.attr.bool_value();
}

}  // namespace

bool IsScalar(const Expr* e) { return e != nullptr && e->type()->Is<ScalarType>(); }

// A constant expression as a kwarg value.
std::optional<AttrValue> ConstAsAttr(const Expr* e) {
  if (const auto* b = e->As<ConstBool>()) return AttrValue::Bool(b->value());
  if (const auto* i = e->As<ConstInt>()) return AttrValue::Int(i->value());
  if (const auto* f = e->As<ConstFloat>()) return AttrValue::Float(f->value());
  return std::nullopt;
}

bool Parser::IsValueName(absl::string_view name) {
  if (auto it = names_.find(name); it != names_.end() && !it->second.dead) return true;
  return module_.dynamic.contains(name) || (in_signature_ && sig_scope_.contains(name));
}

const Expr* Parser::AttrAsConst(const AttrValue& v) {
  switch (v.kind()) {
    case AttrKind::kInt:
      return IndexConst(v.int_value());
    case AttrKind::kFloat:
      return ctx_.Float(v.float_value(), DataType::kFP32);
    case AttrKind::kBool:
      return ctx_.Bool(v.bool_value());
    case AttrKind::kMemorySpace:
      // As upstream: pl.Mem.X in a value position is its code (tile.alloc).
      return IndexConst(static_cast<int64_t>(v.As<MemorySpace>()));
    default:
      return nullptr;
  }
}

bool Parser::ParseArgValue(CallArg* out, int* depth) {
  const Token t = Peek();
  out->tok = t;
  if (t.kind == K::kName && !in_signature_ && (At(K::kComma, 1) || At(K::kRParen, 1))) {
    // The commonest argument, a variable in scope: one lookup, no descent
    // through the expression grammar. Anything else takes the paths below.
    auto it = names_.find(Text(t));
    if (it != names_.end() && !it->second.dead) {
      ++lookups_;
      Advance();
      out->expr = it->second.var;
      *depth = std::max(*depth, std::max<int>(1, it->second.value_depth));
      return true;
    }
  }
  if ((t.kind == K::kInt || t.kind == K::kFloat) && (At(K::kComma, 1) || At(K::kRParen, 1))) {
    // A bare number (`pl.tile.muls(t, 0.5)`): no descent through the
    // expression grammar either.
    Value v = ParseAtom();
    if (!v) return false;
    out->expr = v.expr;
    *depth = std::max(*depth, 1);
    return true;
  }
  if (t.kind == K::kNone) {
    Advance();
    out->none = true;
    return true;
  }
  if (t.kind == K::kString) return ParseAttrValue(&out->attr);
  if (t.kind == K::kName && At(K::kDot, 1) && At(K::kName, 2) && Text(t) == "pld" &&
      At(K::kDot, 3) && absl::ascii_isupper(Text(Peek(2))[0])) {
    return ParseAttrValue(&out->attr);  // pld.WaitCmp.Ge
  }
  if (AtDotted("pl", "AUTO") && !At(K::kLParen, 3)) return ParseAttrValue(&out->attr);
  if (t.kind == K::kName && At(K::kDot, 1) && At(K::kName, 2) && Text(t) == "pl") {
    absl::string_view n = Text(Peek(2));
    bool is_dtype = DataType::FromName(n).has_value();
    // pl.Mem.Vec, pl.PadValue.zero, ...: enum classes are capitalised, op
    // families (pl.tile.load) are not.
    bool enum_ref = !is_dtype && At(K::kDot, 3) && absl::ascii_isupper(n[0]);
    bool dtype = is_dtype && !At(K::kDot, 3) && !At(K::kLParen, 3);
    if (enum_ref || dtype) return ParseAttrValue(&out->attr);
  }
  if (t.kind == K::kName && (At(K::kComma, 1) || At(K::kRParen, 1)) && !IsValueName(Text(t))) {
    // A name that is no variable: a module constant (a dtype, an enum, a
    // string or a number) read as a kwarg-like constant.
    if (ParseAttrValue(&out->attr)) return true;
    error_ = absl::OkStatus();  // not a constant either: report the name below
  }
  Value v = ParseExpr();
  if (!v) return false;
  out->expr = v.expr;
  *depth = std::max(*depth, v.depth);
  return true;
}

bool Parser::ParseCallArgs(CallArgs* out, int* depth) {
  if (!pending_call_options_.empty()) pending_call_options_ = CallOptions{};
  if (!Expect(K::kLParen)) return false;
  bool seen_named = false;
  // Made only for a call that has options: most calls have none.
  std::optional<CallOptions> options;
  while (error_.ok() && !At(K::kRParen)) {
    bool named = At(K::kName) && At(K::kAssign, 1);
    if (!named && seen_named) return Fail(Peek(), "positional argument follows keyword argument");
    // attrs={...} and deps=[...]: call options, not op parameters
    // (parser/calls/call_attrs.cc).
    if (named && AtName("attrs") && At(K::kLBrace, 2)) {
      seen_named = true;
      Advance();
      Advance();
      if (!options) options.emplace();
      if (!ParseCallAttrs(&*options, /*function_call=*/false)) return false;
      if (!Accept(K::kComma)) break;
      continue;
    }
    if (named && AtName("deps") && (At(K::kLBracket, 2) || At(K::kLParen, 2))) {
      seen_named = true;
      Token key = Advance();
      Advance();
      if (!options) options.emplace();
      CallOptions& opts = *options;
      if (opts.deps_given) return Fail(key, "'deps' is given twice");
      if (!opts.given) opts.tok = key;
      opts.given = opts.deps_given = true;
      opts.deps_tok = key;
      ExprList deps;
      if (!ParseDeps("deps=", &deps, &opts.depth)) return false;
      opts.deps.assign(deps.begin(), deps.end());
      if (!Accept(K::kComma)) break;
      continue;
    }
    CallArg& a = out->emplace_back();
    if (named) {
      a.key = Advance();
      Advance();
      a.named = true;
      seen_named = true;
    }
    // A keyword value written as one literal (or -literal) is a Python int
    // the wrapper may type (TypeIntLiteral); a positional one never is.
    const bool literal =
        named && (((At(K::kInt) || At(K::kName) || At(K::kTrue) || At(K::kFalse)) &&
                   (At(K::kComma, 1) || At(K::kRParen, 1))) ||
                  (At(K::kMinus) && At(K::kInt, 1) && (At(K::kComma, 2) || At(K::kRParen, 2))));
    a.typed_const = At(K::kName) && At(K::kDot, 1) && AtDotted("pl", "const");
    if (!ParseArgValue(&a, depth)) return false;
    if (literal) {
      a.raw_int = a.expr != nullptr
                      ? a.expr->Is<ConstInt>() || a.expr->Is<ConstBool>()
                      : a.attr.kind() == AttrKind::kInt || a.attr.kind() == AttrKind::kBool;
    }
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return false;
  if (options) {
    pending_call_options_ = std::move(*options);
  } else if (!pending_call_options_.empty()) {
    pending_call_options_ = CallOptions{};  // left by a call among the arguments
  }
  return true;
}

const Expr* Parser::TypeIntLiteral(const text::DslOpRow& rules, absl::string_view param,
                                   const CallArg& a, const Expr* e) {
  std::optional<text::IntLiteralRule> rule = text::FindIntLiteralRule(rules, param);
  if (!rule) return e;
  if (const auto* b = e->As<ConstBool>(); b != nullptr && a.raw_int) {
    return ctx_.Int(b->value() ? 1 : 0, rule->dtype, b->loc());  // a Python bool is an int
  }
  const auto* c = e->As<ConstInt>();
  if (c != nullptr && a.raw_int && rule->zero_absent && c->value() == 0) return nullptr;
  if (c != nullptr && (a.raw_int || (rule->positional_too && c->dtype() == DataType::kIndex))) {
    return ctx_.Int(c->value(), rule->dtype, c->loc());
  }
  return e;
}

const BindPlan& Parser::PlanFor(const Op& op, const text::DslOpRow* rules) {
  if (caches_.last_call.plan != nullptr && caches_.last_call.plan_op == &op && caches_.last_call.plan_rules == rules) {
    return *caches_.last_call.plan;
  }
  auto [it, inserted] = caches_.bind_plans.try_emplace(std::make_pair(&op, rules));
  BindPlan& plan = it->second;
  // Node-based map: the address stays valid as plans are added.
  caches_.last_call.plan = &plan;
  caches_.last_call.plan_op = &op;
  caches_.last_call.plan_rules = rules;
  if (!inserted) return plan;
  auto slot_of = [&op](absl::string_view name) {
    if (int i = op.FindArg(name); i >= 0) return ParamSlot{name, true, i};
    if (int j = op.FindKwarg(name); j >= 0) return ParamSlot{name, false, j};
    return ParamSlot{name, true, -1};
  };
  for (size_t i = 0; i < op.args().size(); ++i) {
    if (op.args()[i].keyword) continue;
    plan.canonical.push_back(ParamSlot{op.args()[i].name, true, static_cast<int>(i)});
    ++plan.plain_args;
  }
  for (size_t j = 0; j < op.kwargs().size(); ++j) {
    const KwargSpec& spec = op.kwargs()[j];
    if (!spec.keyword_only) plan.canonical.push_back(ParamSlot{spec.name, false, static_cast<int>(j)});
  }
  if (rules != nullptr && !rules->params.empty()) {
    for (absl::string_view p : absl::StrSplit(rules->params, ',')) {
      if (p.size() > 1 && p[0] == '#') {
        size_t k = static_cast<size_t>(p[1] - '0');
        plan.wrapper.push_back(k < op.args().size() ? ParamSlot{op.args()[k].name, true,
                                                                static_cast<int>(k)}
                                                    : ParamSlot{p, true, -1});
      } else {
        plan.wrapper.push_back(slot_of(p));
      }
    }
  }
  return plan;
}

Value Parser::BuildBoundCall(const Op& op, const text::DslOpRow* rules, bool unified,
                             bool tile_level_drops, const CallArgs& in_written, int depth,
                             const Token& at) {
  if (std::optional<Value> v = TryBuildPositionalCall(op, rules, unified, in_written, depth, at)) {
    return *v;
  }
  CallArgs window_bytes;
  if (rules != nullptr && rules->fill == text::DslFill::kNameFromTarget) {
    std::optional<bool> rewritten = WindowBufferBytes(in_written, &window_bytes);
    if (!rewritten) return Value{};
  }
  const CallArgs& in = window_bytes.empty() ? in_written : window_bytes;
  const BindPlan& plan = PlanFor(op, rules);
  // The positional parameters: the wrapper's order when the table gives it,
  // else the op's plain args and then its kwargs that are not keyword-only.
  // The canonical print passes exactly the op's plain args by position
  // (tile.cast's scratch `tmp` too, which the wrapper lacks): expressions
  // that fit them bind to them.
  bool wrapper_order = !plan.wrapper.empty();
  if (wrapper_order) {
    size_t positional_exprs = 0, positional_all = 0;
    for (const CallArg& a : in) {
      if (a.named) continue;
      ++positional_all;
      positional_exprs += a.expr != nullptr ? 1 : 0;
    }
    wrapper_order = positional_exprs != positional_all || positional_all > plan.plain_args;
  }
  // A positional value binds as if it were passed by its parameter's name.
  const ParamSlots& params = wrapper_order ? plan.wrapper : plan.canonical;
  ExprList args(op.args().size(), nullptr);
  absl::InlinedVector<bool, 12> arg_given(op.args().size(), false);
  absl::InlinedVector<bool, 12> arg_typed(op.args().size(), false);
  KwargSlots kwargs(op.kwargs().size());
  absl::InlinedVector<bool, 8> kwarg_given(op.kwargs().size(), false);
  size_t positional = 0;
  std::optional<DataType> out_dtype;
  const bool pop_type = rules != nullptr && (rules->fill == text::DslFill::kPopTypeVec ||
                                             rules->fill == text::DslFill::kPopTypeMat);
  const CallArg* pop_shape = nullptr;
  const CallArg* pop_dtype = nullptr;
  for (const CallArg& a : in) {
    ParamSlot slot;
    const Token& where = a.named ? a.key : a.tok;
    if (a.named) {
      absl::string_view key = Text(a.key);
      if (int i = op.FindArg(key); i >= 0) {
        slot = ParamSlot{key, true, i};
      } else if (int j = op.FindKwarg(key); j >= 0) {
        slot = ParamSlot{key, false, j};
      } else {
        slot = ParamSlot{key, true, -1};
      }
    } else {
      if (positional >= params.size()) {
        size_t given = 0;
        for (const CallArg& b : in) given += b.named ? 0 : 1;
        return FailValue(where, absl::StrCat(op.name(), ": takes ", params.size(),
                                             " positional argument", params.size() == 1 ? "" : "s",
                                             " but ", given, " were given"));
      }
      slot = params[positional++];
    }
    absl::string_view name = slot.name;
    if (slot.index < 0) {
      if (tile_level_drops && rules != nullptr && InList(rules->tile_default_only, name)) {
        if (IsDefaultFlag(a)) continue;
        if (name == "out_dtype" && a.expr == nullptr && a.attr.kind() == AttrKind::kDataType) {
          out_dtype = a.attr.dtype();  // checked against the deduced dtype below
          continue;
        }
        return FailValue(where, absl::StrCat("pl.", rules->name, ": '", name,
                                             "' is only supported for tensors (", op.name(),
                                             " takes it only at its default)"));
      }
      if (pop_type && (name == "shape" || name == "dtype")) {
        (name == "shape" ? pop_shape : pop_dtype) = &a;  // the result type, below
        continue;
      }
      // A flag of the op's other level or form: say which op takes it.
      std::string hint;
      if (rules != nullptr && rules->dispatches()) {
        bool tile = op.name() == rules->tile || op.name() == rules->tile_scalar;
        absl::string_view same[] = {rules->tile, rules->tile_scalar};
        absl::string_view cross[] = {rules->tensor, rules->tensor_scalar};
        if (!tile) std::swap(same, cross);
        for (absl::string_view other : {same[0], same[1], cross[0], cross[1]}) {
          if (other.empty() || other == op.name() || !hint.empty()) continue;
          const Op* o = ops_.Find(other);
          if (o != nullptr && (o->FindArg(name) >= 0 || o->FindKwarg(name) >= 0)) {
            hint = absl::StrCat(" (", other, " takes it)");
          }
        }
      }
      return FailValue(where, absl::StrCat(op.name(), ": unexpected argument '", name, "'", hint));
    }
    if (slot.is_arg) {
      if (arg_given[slot.index]) {
        return FailValue(where, absl::StrCat(op.name(), ": argument '", name, "' given twice"));
      }
      arg_given[slot.index] = true;
      arg_typed[slot.index] = a.typed_const;
      if (a.none) continue;
      const Expr* e = a.expr != nullptr ? a.expr : AttrAsConst(a.attr);
      if (e == nullptr) {
        return FailValue(a.tok, absl::StrCat(op.name(), ": argument '", name,
                                             "' takes a value, not a dtype, enum or string"));
      }
      if (rules != nullptr && !rules->int_literals.empty()) e = TypeIntLiteral(*rules, name, a, e);
      args[slot.index] = e;  // null: the literal means no operand
    } else {
      if (kwarg_given[slot.index]) {
        return FailValue(where, absl::StrCat(op.name(), ": argument '", name, "' given twice"));
      }
      kwarg_given[slot.index] = true;
      if (a.none) continue;
      if (a.expr == nullptr) {
        kwargs[slot.index] = a.attr;
        // An int kwarg holding an AtomicType (pld.tile.put's atomic) takes
        // the member's value, as upstream's wrappers pass int(atomic).
        if (a.attr.kind() == AttrKind::kAtomicType &&
            op.kwargs()[slot.index].kind == AttrKind::kInt) {
          kwargs[slot.index] = AttrValue::Int(static_cast<int64_t>(a.attr.As<AtomicType>()));
        }
      } else if (std::optional<AttrValue> v = ConstAsAttr(a.expr)) {
        kwargs[slot.index] = *v;
      } else {
        return FailValue(a.tok, absl::StrCat("expected a kwarg value (a number, a string, "
                                             "True/False, a dtype such as pl.FP32 or an enum such "
                                             "as pl.Mem.Vec) for ",
                                             op.name(), "'s '", name, "'"));
      }
    }
  }
  if (!ApplyModeNames(op, &kwargs, at)) return Value{};
  if (rules != nullptr && !ApplyDslFill(op, rules->fill, &args, &kwargs)) return Value{};
  if (rules != nullptr && rules->fill == text::DslFill::kValidShapeFromShapes) {
    int valid = op.FindArg("valid_shape");
    int shapes = op.FindArg("shapes");
    if (valid >= 0 && shapes >= 0 && args[valid] == nullptr) args[valid] = args[shapes];
  }
  if (rules != nullptr && rules->fill == text::DslFill::kZeroArgs) {
    for (const Expr*& a : args) {
      if (a == nullptr) a = ctx_.Int(0, DataType::kInt32, Loc(at));
    }
  }
  if (rules != nullptr && (rules->fill == text::DslFill::kHostOnly ||
                           rules->fill == text::DslFill::kNameFromTarget)) {
    if (!CheckHostOnly(op, at)) return Value{};
    if (rules->fill == text::DslFill::kNameFromTarget &&
        !NameWindowBuffer(op, unified, in, &kwargs, at)) {
      return Value{};
    }
  }
  if (rules != nullptr && rules->fill == text::DslFill::kStagesThenRegion) {
    std::string error = text::PlaceTransferOperands(op, absl::MakeSpan(args));
    if (!error.empty()) return FailValue(at, error);
  }
  if (rules != nullptr && rules->fill == text::DslFill::kCompactOptionalArgs) {
    size_t kept = 0;
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i] != nullptr || !op.args()[i].optional) args[kept++] = args[i];
    }
    for (size_t i = kept; i < args.size(); ++i) args[i] = nullptr;
  }
  // Trailing absent optional args are left out; any other gap is an error.
  size_t n = args.size();
  while (n > 0 && args[n - 1] == nullptr && op.args()[n - 1].optional) --n;
  args.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (args[i] == nullptr) {
      return FailValue(at, absl::StrCat(op.name(), ": argument '", op.args()[i].name,
                                        "' is missing"));
    }
  }
  // A scalar paired with the first operand: the parser's INDEX placeholder
  // constant takes the operand's element dtype, in unified pl.X calls and
  // explicit pl.tile.X / pl.tensor.X ones alike, as upstream's wrappers
  // restamp it; one written pl.const(v, pl.INDEX) (how the canonical print
  // spells an INDEX constant there) is kept, so the print reads back as
  // itself. A pl.X call's INDEX value needs a pl.cast.
  const int scalar_arg =
      rules != nullptr ? text::RestampedScalarArg(*rules, ExprSpan(args.data(), n)) : -1;
  if (scalar_arg >= 0 && !arg_typed[scalar_arg]) {
    const auto* shaped = args[0]->type()->As<ShapedType>();
    DataType target = shaped != nullptr ? shaped->dtype() : DataType::kInt32;
    const Expr* s = args[scalar_arg];
    if (const auto* c = s->As<ConstInt>()) {
      if (target.IsFloat()) {
        args[scalar_arg] = ctx_.Float(static_cast<double>(c->value()), target, s->loc());
      } else if (target.IsInt()) {
        args[scalar_arg] = ctx_.Int(c->value(), target, s->loc());
      }
    } else if (unified) {
      // Upstream's explicit wrappers refuse this too; we read what the IR
      // can hold (a pass may build it), so that every print reads back.
      DataType hint = target.IsInt() ? target : DataType(DataType::kInt32);
      return FailValue(at, absl::StrCat(op.name(), ": the scalar operand has dtype INDEX, which "
                                        "tile/tensor scalar ops do not accept; convert it, e.g. "
                                        "pl.cast(<value>, pl.",
                                        hint.name(), ")"));
    }
  }
  KwargVec named;
  for (size_t j = 0; j < kwargs.size(); ++j) {
    if (kwargs[j]) named.push_back(NamedAttr{op.kwargs()[j].name, *kwargs[j]});
  }
  if (depth + 1 > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Call*> call =
      CreateCall(ctx_, op, ExprSpan(args.data(), args.size()), named, Loc(at));
  if (!call.ok()) return FailValue(at, call.status().message());
  if (pop_shape != nullptr || pop_dtype != nullptr) {
    const auto* dims = pop_shape != nullptr && pop_shape->expr != nullptr
                           ? pop_shape->expr->As<MakeTuple>()
                           : nullptr;
    if (dims == nullptr || pop_dtype == nullptr || pop_dtype->expr != nullptr ||
        pop_dtype->attr.kind() != AttrKind::kDataType) {
      return FailValue(at, absl::StrCat(op.name(), ": shape=[...] and dtype=pl.<DTYPE> go "
                                        "together (they give the popped tile's type)"));
    }
    MemorySpace space =
        rules->fill == text::DslFill::kPopTypeVec ? MemorySpace::kVec : MemorySpace::kMat;
    call = RetypeCallView(ctx_, **call,
                          ctx_.GetTileType(pop_dtype->attr.dtype(), dims->elements(), space));
    if (!call.ok()) return FailValue(at, call.status().message());
  }
  if (out_dtype) {
    const auto* shaped = (*call)->type()->As<ShapedType>();
    if (shaped == nullptr || shaped->dtype() != *out_dtype) {
      return FailValue(at, absl::StrCat("pl.", rules->name, ": out_dtype=pl.", out_dtype->name(),
                                        " differs from the dtype ", op.name(), " produces; "
                                        "cast the result instead"));
    }
  }
  return Value{*call, depth + 1, at.pos()};
}

}  // namespace pto::ir::parser_impl
