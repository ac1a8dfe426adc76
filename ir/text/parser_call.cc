// Calls in the text form: pl.<op>(...) through the op registry, kwarg
// values, pl.const, pl.cast and self.<function>(...).

#include "ir/text/parser_impl.h"

namespace pto::ir::parser_impl {

// --- Calls ---------------------------------------------------------------------------

Value Parser::ParseDotted() {
  const Token head = Advance();
  absl::InlinedVector<Token, 4> segs;
  while (At(K::kDot)) {
    Advance();
    if (!At(K::kName)) {
      return FailValue(Peek(),
                       absl::StrCat("expected a name after '.' but found ", Describe(Peek())));
    }
    segs.push_back(Advance());
  }
  absl::string_view head_name = Text(head);
  if (head_name == "self") {
    if (segs.size() != 1 || !At(K::kLParen)) {
      return FailValue(head, "self.<function>(...) is the only use of self");
    }
    return ParseFunctionCall(segs[0]);
  }
  if (!At(K::kLParen)) {
    if (head_name == "pl" && segs.size() == 1 && DataType::FromName(Text(segs[0]))) {
      return FailValue(head, absl::StrCat("pl.", Text(segs[0]),
                                          " is a dtype, not a value; pass it as a kwarg "
                                          "(e.g. dtype=pl.",
                                          Text(segs[0]), ")"));
    }
    return FailValue(
        head,
        absl::StrCat(
            "'", src_.substr(head.offset, segs.back().offset + segs.back().length - head.offset),
            "' is not a value"));
  }
  if (head_name == "pl" && segs.size() == 1) {
    bool handled = false;
    Value v = ParsePlSpecial(head, segs[0], &handled);
    if (handled) return v;
  }
  // The op name: the dotted path after `pl.`, or all of it for `pld.`.
  const Token& first = head_name == "pld" ? head : segs[0];
  uint32_t end = segs.back().offset + segs.back().length;
  absl::string_view span = src_.substr(first.offset, end - first.offset);
  size_t expected = head_name == "pld" ? head.length : 0;
  for (const Token& s : segs) expected += s.length + 1;
  if (head_name != "pld") --expected;
  std::string joined;
  if (span.size() != expected) {
    // Spaces around the dots: rebuild the name.
    joined = head_name == "pld" ? "pld" : "";
    for (const Token& s : segs) {
      if (!joined.empty()) joined.push_back('.');
      absl::StrAppend(&joined, Text(s));
    }
    span = joined;
  }
  const Op* op = ops_.Find(span);
  if (op == nullptr && !span.empty() && span.back() == '_') {
    // pl.tile.and_ spells the op tile.and.
    absl::string_view last = Text(segs.back());
    if (text::IsPythonKeyword(last.substr(0, last.size() - 1))) {
      op = ops_.Find(span.substr(0, span.size() - 1));
    }
  }
  if (op == nullptr) {
    if (allow_unregistered_ops_) {
      absl::string_view name = span;
      absl::string_view last = Text(segs.back());
      // The printer spells a keyword-named op `..and_`: keep the name unspelled.
      if (!last.empty() && last.back() == '_' &&
          text::IsPythonKeyword(last.substr(0, last.size() - 1))) {
        name = span.substr(0, span.size() - 1);
      }
      return ParseUnregisteredCall(name, head);
    }
    return FailValue(head, absl::StrCat("unknown op '", span,
                                        "' (--allow-unregistered-ops accepts it as an opaque "
                                        "call when its result type is annotated)"));
  }
  return ParseOpCall(*op, head);
}

Value Parser::ParseUnregisteredCall(absl::string_view name, const Token& at) {
  const Type* type = at.offset == rhs_offset_ ? rhs_annotation_ : nullptr;
  if (type == nullptr) {
    return FailValue(at, absl::StrCat("unregistered op '", name,
                                      "' needs an annotated result type: write `x: T = pl.",
                                      name, "(...)`"));
  }
  rhs_offset_ = ~uint32_t{0};  // a nested call is not the annotated value
  if (!Expect(K::kLParen)) return Value{};
  DepthGuard guard(this);
  if (!guard.Check(at)) return Value{};
  ExprList args;
  absl::InlinedVector<NamedAttr, 4> kwargs;
  int depth = 0;
  while (error_.ok() && !At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      Token key = Advance();
      Advance();
      AttrValue v = AttrValue::Bool(false);
      if (!ParseAttrValue(&v)) return Value{};
      kwargs.push_back(NamedAttr{Text(key), v});
    } else {
      if (!kwargs.empty()) return FailValue(Peek(), "positional argument follows keyword argument");
      Value v = ParseExpr();
      if (!v) return v;
      depth = std::max(depth, v.depth);
      args.push_back(v.expr);
    }
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return Value{};
  if (depth + 1 > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Call*> call = CreateUnregisteredCall(
      ctx_, name, ExprSpan(args.data(), args.size()), kwargs, type, Loc(at));
  if (!call.ok()) return FailValue(at, call.status().message());
  unregistered_rhs_ = *call;
  return Value{*call, depth + 1, at.pos()};
}

Value Parser::ParsePlSpecial(const Token& head, const Token& name_tok, bool* handled) {
  absl::string_view name = Text(name_tok);
  *handled = true;
  if (name == "const") return ParseConst(head);
  if (name == "cast") return ParseCast(head);
  if (std::optional<BinaryOp> call = BinaryCallOp(name)) {
    Advance();
    ExprList args;
    int depth = 0;
    if (!ParseExprList(K::kRParen, &args, &depth)) return Value{};
    if (args.size() != 2) {
      return FailValue(head, absl::StrCat("pl.", name, "() takes 2 arguments, got ", args.size()));
    }
    return Binary(*call, Value{args[0], depth, head.pos()}, Value{args[1], depth, head.pos()},
                  head);
  }
  if (name == "yield_") {
    return FailValue(head,
                     "pl.yield_ is a statement: write `r = pl.yield_(v)` as the last "
                     "statement of a loop or if body");
  }
  if (name == "cond") {
    return FailValue(head, "pl.cond(...) must be the first statement of a pl.while_ body");
  }
  if (name == "range" || name == "parallel" || name == "unroll" || name == "pipeline" ||
      name == "while_") {
    return FailValue(head, absl::StrCat("pl.", name, "(...) can only be iterated by a for loop"));
  }
  if (name == "dynamic") {
    return FailValue(head, "pl.dynamic declarations belong at module level");
  }
  *handled = false;
  return Value{};
}

Value Parser::ParseConst(const Token& at) {
  Advance();  // '('
  Token value_tok = Peek();
  bool negative = Accept(K::kMinus);
  Token lit = Peek();
  std::optional<double> spelled;  // float('inf') and the like
  if (!negative && AtFloatCall()) {
    double v = 0;
    if (!ParseFloatCall(&v)) return Value{};
    spelled = v;
  } else if (!At(K::kInt) && !At(K::kFloat)) {
    return FailValue(lit, "pl.const takes a number literal and a dtype: pl.const(7, pl.INT32)");
  } else {
    Advance();
  }
  if (!Expect(K::kComma)) return Value{};
  if (AtName("dtype") && At(K::kAssign, 1)) {
    Advance();
    Advance();
  }
  Token dtype_tok = Peek();
  DataType dtype;
  if (!ParseDType(&dtype)) return Value{};
  Accept(K::kComma);
  if (!Expect(K::kRParen)) return Value{};
  if (spelled && !dtype.IsFloat()) {
    return FailValue(lit, absl::StrCat("pl.const of pl.", dtype.name(), " takes an integer literal"));
  }
  if (dtype.IsFloat()) {
    double v = 0;
    if (spelled) {
      v = *spelled;
    } else if (lit.kind == K::kInt) {
      int64_t i = 0;
      if (!ParseInt(lit, &i)) return Value{};
      v = static_cast<double>(i);
    } else if (!ParseFloat(lit, &v)) {
      return Value{};
    }
    return Value{ctx_.Float(negative ? -v : v, dtype, Loc(at)), 1, at.pos()};
  }
  if (!dtype.IsInt()) {
    return FailValue(
        dtype_tok, absl::StrCat("pl.const needs an integer or float dtype, not pl.", dtype.name()));
  }
  if (lit.kind != K::kInt) {
    return FailValue(value_tok, absl::StrCat("pl.const: a float value needs a float dtype, not pl.",
                                             dtype.name()));
  }
  int64_t v = 0;
  if (negative && Text(lit) == "9223372036854775808") {
    v = std::numeric_limits<int64_t>::min();
  } else {
    if (!ParseInt(lit, &v)) return Value{};
    if (negative) v = -v;
  }
  const Expr* e = ctx_.Int(v, dtype, Loc(at));
  return Value{e, 1, at.pos()};
}

// pl.cast(x, dtype[, mode], ...) on a scalar (a Cast), a tile (tile.cast) or
// a tensor (tensor.cast).
Value Parser::ParseCast(const Token& at) {
  Advance();  // '('
  DepthGuard guard(this);
  if (!guard.Check(at)) return Value{};
  Value input = ParseExpr();
  if (!input) return input;
  absl::InlinedVector<NamedAttr, 4> kwargs;
  static constexpr absl::string_view kPositional[] = {"target_type", "mode"};
  size_t positional = 0;
  bool seen_keyword = false;
  while (Accept(K::kComma) && !At(K::kRParen)) {
    absl::string_view key;
    Token key_tok = Peek();
    if (At(K::kName) && At(K::kAssign, 1)) {
      key = Text(Advance());
      Advance();
      seen_keyword = true;
    } else {
      if (seen_keyword) return FailValue(Peek(), "positional argument follows keyword argument");
      if (positional >= 2) return FailValue(Peek(), "pl.cast takes at most 3 positional arguments");
      key = kPositional[positional++];
    }
    for (const NamedAttr& k : kwargs) {
      if (k.name == key) {
        return FailValue(key_tok, absl::StrCat("pl.cast: argument '", key, "' given twice"));
      }
    }
    AttrValue v = AttrValue::Bool(false);
    if (!ParseAttrValue(&v)) return Value{};
    kwargs.push_back(NamedAttr{key, v});
  }
  if (!Expect(K::kRParen)) return Value{};
  const Type* type = input.expr->type();
  if (type->Is<ScalarType>()) {
    const AttrValue* target = nullptr;
    for (const NamedAttr& k : kwargs) {
      if (k.name == "target_type") {
        target = &k.value;
      } else if (k.name == "saturation_mode") {
        return FailValue(at, "pl.cast: Scalar inputs do not support saturation_mode");
      } else if (k.name == "mode") {
        bool round = (k.value.kind() == AttrKind::kString && k.value.string_value() == "round") ||
                     (k.value.kind() == AttrKind::kInt && k.value.int_value() == 2);
        if (!round)
          return FailValue(at, "pl.cast: Scalar inputs do not support a non-default mode");
      } else {
        return FailValue(at, absl::StrCat("pl.cast: unknown argument '", k.name, "'"));
      }
    }
    if (target == nullptr || target->kind() != AttrKind::kDataType) {
      return FailValue(at, "pl.cast needs a target dtype: pl.cast(x, pl.INDEX)");
    }
    if (input.depth + 1 > max_depth_) {
      return FailValue(at, absl::StrCat("expression is nested too deeply (the limit is ",
                                        max_depth_, " levels)"));
    }
    absl::StatusOr<const Expr*> e = MakeScalarCast(ctx_, input.expr, target->dtype(), Loc(at));
    if (!e.ok()) return FailValue(at, e.status().message());
    return Value{*e, input.depth + 1, at.pos()};
  }
  absl::string_view op_name;
  if (type->Is<TileType>()) {
    op_name = "tile.cast";
  } else if (type->Is<TensorType>()) {
    op_name = "tensor.cast";
  } else {
    return FailValue(
        at, absl::StrCat("pl.cast: expected a tensor, tile or scalar, got ", PrintType(type)));
  }
  const Op* op = ops_.Find(op_name);
  if (op == nullptr) return FailValue(at, absl::StrCat("unknown op '", op_name, "'"));
  const Expr* args[] = {input.expr};
  absl::StatusOr<const Call*> call = CreateCall(ctx_, *op, args, kwargs, Loc(at));
  if (!call.ok()) return FailValue(at, call.status().message());
  return Value{*call, input.depth + 1, at.pos()};
}

bool Parser::ParseAttrValue(AttrValue* out) {
  const Token t = Peek();
  bool is_const = false;
  if (!ConstAttr(t, out, &is_const) || is_const) return error_.ok();
  switch (t.kind) {
    case K::kMinus:
    case K::kInt:
    case K::kFloat: {
      bool negative = Accept(K::kMinus);
      Token lit = Peek();
      if (lit.kind == K::kInt) {
        Advance();
        int64_t v = 0;
        if (negative && Text(lit) == "9223372036854775808") {
          *out = AttrValue::Int(std::numeric_limits<int64_t>::min());
          return true;
        }
        if (!ParseInt(lit, &v)) return false;
        *out = AttrValue::Int(negative ? -v : v);
        return true;
      }
      if (lit.kind == K::kFloat) {
        Advance();
        double v = 0;
        if (!ParseFloat(lit, &v)) return false;
        *out = AttrValue::Float(negative ? -v : v);
        return true;
      }
      return Fail(lit, absl::StrCat("expected a number after '-' but found ", Describe(lit)));
    }
    case K::kTrue:
    case K::kFalse:
      Advance();
      *out = AttrValue::Bool(t.kind == K::kTrue);
      return true;
    case K::kString: {
      Advance();
      absl::string_view quoted = Text(t);
      absl::string_view body = quoted.substr(1, quoted.size() - 2);
      if (body.find('\\') != absl::string_view::npos) {
        string_pool_.push_front(text::UnquoteString(quoted));
        body = string_pool_.front();
      }
      *out = AttrValue::String(body);
      return true;
    }
    case K::kName:
      if (AtFloatCall()) {
        double v = 0;
        if (!ParseFloatCall(&v)) return false;
        *out = AttrValue::Float(v);
        return true;
      }
      if (AtName("pl") && At(K::kDot, 1) && At(K::kName, 2)) {
        if (At(K::kDot, 3)) {
          Token cls, member;
          if (!ParseEnumRef(&cls, &member)) return false;
          absl::string_view c = Text(cls);
          absl::string_view m = Text(member);
          auto bad = [&] {
            return Fail(member, absl::StrCat("unknown member '", m, "' of pl.", c));
          };
          if (c == "Mem" || c == "MemorySpace") {
            std::optional<MemorySpace> v = EnumFromName<MemorySpace>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else if (c == "TileLayout") {
            std::optional<TileLayout> v = EnumFromName<TileLayout>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else if (c == "TensorLayout") {
            std::optional<TensorLayout> v = EnumFromName<TensorLayout>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else if (c == "PadValue") {
            std::optional<PadValue> v = EnumFromName<PadValue>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else if (c == "AtomicType") {
            std::optional<AtomicType> v = EnumFromName<AtomicType>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else {
            return Fail(cls, absl::StrCat("pl.", c, " values are not kwarg values"));
          }
          return true;
        }
        DataType dtype;
        if (!ParseDType(&dtype)) return false;
        *out = AttrValue::DType(dtype);
        return true;
      }
      break;
    default:
      break;
  }
  return Fail(t, absl::StrCat("expected a kwarg value (a number, a string, True/False, a dtype "
                              "such as pl.FP32 or an enum such as pl.Mem.Vec) but found ",
                              Describe(t)));
}

Value Parser::ParseOpCall(const Op& op, const Token& at) {
  if (!Expect(K::kLParen)) return Value{};
  DepthGuard guard(this);
  if (!guard.Check(at)) return Value{};
  struct KeywordArg {
    int index;
    Token tok;
    const Expr* expr;
  };
  ExprList positional;
  absl::InlinedVector<KeywordArg, 2> keyword_args;
  absl::InlinedVector<NamedAttr, 4> kwargs;
  int depth = 0;
  while (error_.ok() && !At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      Token key = Advance();
      Advance();
      int index = op.FindKeywordArg(Text(key));
      if (index < 0 && op.FindKwarg(Text(key)) < 0) {
        for (const ArgSpec& spec : op.args()) {
          if (spec.name == Text(key)) {
            return FailValue(key, absl::StrCat(op.name(), ": argument '", Text(key),
                                               "' is passed by position, not by name"));
          }
        }
      }
      if (index >= 0) {
        Value v = ParseExpr();
        if (!v) return v;
        depth = std::max(depth, v.depth);
        keyword_args.push_back(KeywordArg{index, key, v.expr});
      } else {
        AttrValue v = AttrValue::Bool(false);
        if (!ParseAttrValue(&v)) return Value{};
        kwargs.push_back(NamedAttr{Text(key), v});
      }
    } else {
      if (!keyword_args.empty() || !kwargs.empty()) {
        return FailValue(Peek(), "positional argument follows keyword argument");
      }
      Value v = ParseExpr();
      if (!v) return v;
      depth = std::max(depth, v.depth);
      positional.push_back(v.expr);
    }
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return Value{};

  ExprList args(positional.begin(), positional.end());
  for (const KeywordArg& k : keyword_args) {
    size_t i = static_cast<size_t>(k.index);
    if (args.size() <= i) args.resize(i + 1, nullptr);
    if (args[i] != nullptr) {
      return FailValue(k.tok,
                       absl::StrCat(op.name(), ": argument '", Text(k.tok), "' given twice"));
    }
    args[i] = k.expr;
  }
  for (size_t i = 0; i < args.size(); ++i) {
    if (args[i] == nullptr) {
      absl::string_view missing = i < op.args().size() ? op.args()[i].name : "?";
      return FailValue(at, absl::StrCat(op.name(), ": argument '", missing, "' is missing"));
    }
  }
  // The DSL's tile.load fills valid_shape with the loaded shape.
  if (op.name() == "tile.load" && args.size() == 3) args.push_back(args[2]);
  if (depth + 1 > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Call*> call =
      CreateCall(ctx_, op, ExprSpan(args.data(), args.size()), kwargs, Loc(at));
  if (!call.ok()) return FailValue(at, call.status().message());
  return Value{*call, depth + 1, at.pos()};
}

Value Parser::ParseFunctionCall(const Token& name_tok) {
  Token open = Peek();
  FunctionInfo* info = EnsureSignature(name_tok);
  if (info == nullptr) return Value{};
  Advance();  // '('
  DepthGuard guard(this);
  if (!guard.Check(open)) return Value{};
  ExprList args;
  int depth = 0;
  while (error_.ok() && !At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      return FailValue(Peek(), "function calls take positional arguments only");
    }
    Value v = ParseExpr();
    if (!v) return v;
    depth = std::max(depth, v.depth);
    args.push_back(v.expr);
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return Value{};
  const Signature& sig = info->sig;
  absl::string_view name = Text(name_tok);
  if (args.size() != sig.params.size()) {
    return FailValue(name_tok,
                     absl::StrCat("function '", name, "' takes ", sig.params.size(), " argument",
                                  sig.params.size() == 1 ? "" : "s", ", got ", args.size()));
  }
  const Type* type = ctx_.GetUnknownType();
  if (sig.returns.size() == 1) {
    type = sig.returns[0];
  } else if (sig.returns.size() > 1) {
    type = ctx_.GetTupleType(sig.returns);
  }
  // A return type naming the callee's params means the call's arguments.
  DimVarMap bound;
  for (size_t i = 0; i < args.size(); ++i) bound.emplace(sig.params[i], args[i]);
  type = SubstituteDimVars(ctx_, type, bound);
  if (depth + 1 > max_depth_) {
    return FailValue(open, absl::StrCat("expression is nested too deeply (the limit is ",
                                        max_depth_, " levels)"));
  }
  const Call* call = ctx_.NewFunctionCall(ctx_.GetGlobalVar(name),
                                          ExprSpan(args.data(), args.size()), type, Loc(name_tok));
  return Value{call, depth + 1, name_tok.pos()};
}

}  // namespace pto::ir::parser_impl
