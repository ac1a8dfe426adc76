// Calls in the text form: pl.<op>(...) through the op registry, kwarg
// values, pl.const, pl.cast and self.<function>(...).

#include "ir/ops/comm_enums.h"
#include "ir/ops/pipe_type.h"
#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

// The value of a `pld.<cls>.<member>` enum of the distributed ops.
std::optional<int64_t> CommEnumValue(absl::string_view cls, absl::string_view member) {
  if (cls == "NotifyOp") {
    if (member == "AtomicAdd") return static_cast<int64_t>(NotifyOp::kAtomicAdd);
    if (member == "Set") return static_cast<int64_t>(NotifyOp::kSet);
  } else if (cls == "WaitCmp") {
    if (member == "Eq") return static_cast<int64_t>(WaitCmp::kEq);
    if (member == "Ge") return static_cast<int64_t>(WaitCmp::kGe);
  } else if (cls == "ReduceOp") {
    for (int64_t v = 0; std::optional<ReduceOp> op = ReduceOpFromInt(v); ++v) {
      if (ReduceOpName(*op) == member) return v;
    }
  }
  return std::nullopt;
}

}  // namespace

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
  if (head_name == "pl" && segs.size() == 2 && Text(segs[1]) == "get_byte" && At(K::kLParen) &&
      At(K::kRParen, 1)) {
    // pl.<DTYPE>.get_byte(): the element size in bytes, an INDEX constant.
    std::optional<DataType> dt = DataType::FromName(Text(segs[0]));
    if (!dt) return FailValue(segs[0], absl::StrCat("unknown dtype 'pl.", Text(segs[0]), "'"));
    Advance();
    Advance();
    return Value{IndexConst(dt->bytes()), 1, head.pos()};
  }
  if (!At(K::kLParen)) {
    // pl.tile.MaskPattern.P0101: upstream's mask patterns are plain ints.
    if (head_name == "pl" && segs.size() == 3 && Text(segs[0]) == "tile" &&
        Text(segs[1]) == "MaskPattern") {
      static constexpr absl::string_view kPatterns[] = {"P0101", "P1010", "P0001", "P0010",
                                                        "P0100", "P1000", "P1111"};
      for (size_t i = 0; i < std::size(kPatterns); ++i) {
        if (Text(segs[2]) == kPatterns[i]) {
          Value v{IndexConst(static_cast<int64_t>(i) + 1), 1, head.pos()};
          v.literal = true;
          return v;
        }
      }
      return FailValue(segs[2], absl::StrCat("unknown member '", Text(segs[2]),
                                             "' of pl.tile.MaskPattern"));
    }
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
  if (head_name == "pl" && !segs.empty() && segs.size() <= 2) {
    // pl.aiv_shard(x) anywhere; pl.tile.aiv_shard(x) inside a split_aiv region.
    absl::string_view last = Text(segs.back());
    absl::string_view ns = segs.size() == 2 ? Text(segs[0]) : "";
    if ((last == "aiv_shard" || last == "aic_gather") &&
        (segs.size() == 1 || ((ns == "tile" || ns == "tensor") && !fn_.split_aiv_modes.empty()))) {
      return ParseAivShard(head, segs);
    }
  }
  if (head_name == "pl" && segs.size() == 1) {
    bool handled = false;
    Value v = ParsePlSpecial(head, segs[0], &handled);
    if (handled) return v;
    if (const text::DslOpRow* row = text::FindDslOp(Text(segs[0]))) {
      return ParseDslCall(*row, head, absl::StrCat("pl.", row->name));
    }
  }
  if (head_name == "pld" && segs.size() == 1) {
    std::string short_name = absl::StrCat("pld.", Text(segs[0]));
    if (const text::DslOpRow* row = text::FindDslOp(short_name)) {
      return ParseDslCall(*row, head, row->name);
    }
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
  const Op* op = nullptr;
  if (caches_.last_call.op != nullptr && joined.empty() && span == caches_.last_call.span) {
    op = caches_.last_call.op;
  } else {
    op = ops_.Find(span);
    // A rebuilt name lives in `joined`, which dies here: not kept.
    if (op != nullptr && joined.empty()) {
      caches_.last_call.span = span;
      caches_.last_call.op = op;
      caches_.last_call.rules_known = false;
      caches_.last_call.rules = nullptr;
    }
  }
  if (op == nullptr && head_name == "pl") {
    // pl.tile.arange, pl.tensor.mrgsort, ...: names upstream's modules
    // define that are no IR op (dsl/dsl_ops.h).
    if (const text::DslOpRow* row = text::FindDslOp(span)) {
      return ParseDslCall(*row, head, absl::StrCat("pl.", span));
    }
  }
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
  if (name == "submit") return ParseSubmit(head, CallForm::kSubmit);  // parser/calls/submit.cc
  if (name == "spmd_submit") return ParseSubmit(head, CallForm::kSpmdSubmit);
  if (name == "no_dep") {
    // A dependency marker on a call argument: the IR has no place for it,
    // so the call reads as its argument.
    Advance();
    DepthGuard guard(this);
    if (!guard.Check(head)) return Value{};
    Value v = ParseExpr();
    if (!v) return v;
    Accept(K::kComma);
    if (!Expect(K::kRParen)) return Value{};
    return v;
  }
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
    if (in_type_) return ParseInlineDynamic(head);  // parser/module/module.cc
    return FailValue(head, "pl.dynamic declarations belong at module level or in a type");
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
      if (AtName("pld") && At(K::kDot, 1) && At(K::kName, 2) && At(K::kDot, 3)) {
        // pld.NotifyOp.Set, pld.WaitCmp.Ge, pld.ReduceOp.Sum: stored as ints,
        // as upstream stores them.
        Advance();
        Advance();
        Token cls = Advance();
        Advance();
        Token member;
        if (!ExpectName(&member)) return false;
        if (Text(cls) == "AtomicType") {
          // pld.AtomicType is pl.AtomicType.
          std::optional<AtomicType> a = EnumFromName<AtomicType>(Text(member));
          if (!a) {
            return Fail(member, absl::StrCat("unknown member '", Text(member), "' of pld.AtomicType"));
          }
          *out = AttrValue::Enum(*a);
          return true;
        }
        std::optional<int64_t> v = CommEnumValue(Text(cls), Text(member));
        if (!v) {
          return Fail(member, absl::StrCat("unknown value pld.", Text(cls), ".", Text(member)));
        }
        *out = AttrValue::Int(*v);
        return true;
      }
      if (AtDotted("pl", "AUTO")) {
        // reserve_buffer's base=pl.AUTO: the compiler picks the address.
        Advance();
        Advance();
        Advance();
        *out = AttrValue::Int(-1);
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
          } else if (c == "adir") {
            std::optional<ArgDirection> v = EnumFromName<ArgDirection>(m);
            if (!v) return bad();
            *out = AttrValue::Enum(*v);
          } else if (c == "PipeType") {
            // Pipes are int kwargs, as upstream stores them.
            std::optional<int64_t> v;
            for (int64_t i = 0; i < kNumPipeTypes && !v; ++i) {
              if (PipeTypeName(*PipeTypeFromInt(i)) == m) v = i;
            }
            if (!v) return bad();
            *out = AttrValue::Int(*v);
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
  if (t.kind == K::kName && !At(K::kDot, 1) && !At(K::kLParen, 1) && !IsValueName(Text(t))) {
    return Fail(t, absl::StrCat("'", Text(t), "' is not defined: a kwarg value may name a module "
                                "constant (define it in the file or with --define=",
                                Text(t), "=VALUE)"));
  }
  return Fail(t, absl::StrCat("expected a kwarg value (a number, a string, True/False, a dtype "
                              "such as pl.FP32 or an enum such as pl.Mem.Vec) but found ",
                              Describe(t)));
}

}  // namespace pto::ir::parser_impl
