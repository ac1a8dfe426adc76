// Scalar expressions of the text form: precedence climbing over the
// binary and unary operators, atoms, tuples and the builtin min/max/abs.

#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

// A literal's value, for folding.
bool ToConst(const Expr* e, ModuleConst* out) {
  if (const auto* i = e->As<ConstInt>()) {
    if (i->dtype() != DataType::kIndex) return false;
    out->kind = ModuleConst::Kind::kInt;
    out->i = i->value();
    return true;
  }
  if (const auto* f = e->As<ConstFloat>()) {
    if (f->dtype() != DataType::kFP32) return false;
    out->kind = ModuleConst::Kind::kFloat;
    out->f = f->value();
    return true;
  }
  return false;
}

}  // namespace

// --- Expressions ---------------------------------------------------------------------

Value Parser::Binary(BinaryOp op, const Value& l, const Value& r, const Token& at) {
  int depth = std::max(l.depth, r.depth) + 1;
  if (depth > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  if (l.literal && r.literal) {
    // Upstream evaluates a tree of literals and closure constants in Python.
    // Only int operands fold here: the printer spells a constant int operand
    // pl.const(v, pl.INDEX), which does not fold back, but an FP32 one as a
    // bare literal, which would.
    ModuleConst a, b, folded;
    if (ToConst(l.expr, &a) && ToConst(r.expr, &b) && a.kind == ModuleConst::Kind::kInt &&
        b.kind == ModuleConst::Kind::kInt && FoldConst(op, a, b, &folded)) {
      Value v{nullptr, 1, l.pos};
      if (folded.kind == ModuleConst::Kind::kInt) {
        v.expr = IndexConst(folded.i);
        v.literal = true;
      } else if (folded.kind == ModuleConst::Kind::kFloat) {
        v.expr = ctx_.Float(folded.f, DataType::kFP32, LocOf(l.pos));
      } else {
        v.expr = ctx_.Bool(folded.i != 0);
      }
      return v;
    }
  }
  absl::StatusOr<const Expr*> e = MakeScalarBinary(ctx_, op, l.expr, r.expr, LocOf(l.pos));
  if (!e.ok()) return FailValue(at, e.status().message());
  return Value{*e, depth, l.pos};
}

Value Parser::Unary(UnaryOp op, const Value& v, const Token& at) {
  int depth = v.depth + 1;
  if (depth > max_depth_) {
    return FailValue(
        at, absl::StrCat("expression is nested too deeply (the limit is ", max_depth_, " levels)"));
  }
  absl::StatusOr<const Expr*> e = MakeScalarUnary(ctx_, op, v.expr, Loc(at));
  if (!e.ok()) return FailValue(at, e.status().message());
  return Value{*e, depth, at.pos()};
}

// The binary operator token at the cursor: the text form's spelling of the
// operators in ir/operators.h (which ranks them).
bool Parser::BinaryAt(BinaryOp* op) {
  const Token& t = Peek();
  switch (t.kind) {
    case K::kOr: *op = BinaryOp::kOr; return true;
    case K::kAnd: *op = BinaryOp::kAnd; return true;
    case K::kLess: *op = BinaryOp::kLt; return true;
    case K::kGreater: *op = BinaryOp::kGt; return true;
    case K::kLessEq: *op = BinaryOp::kLe; return true;
    case K::kGreaterEq: *op = BinaryOp::kGe; return true;
    case K::kEqEq: *op = BinaryOp::kEq; return true;
    case K::kNotEq: *op = BinaryOp::kNe; return true;
    case K::kPipe: *op = BinaryOp::kBitOr; return true;
    case K::kCaret: *op = BinaryOp::kBitXor; return true;
    case K::kAmp: *op = BinaryOp::kBitAnd; return true;
    case K::kLShift: *op = BinaryOp::kShl; return true;
    case K::kRShift: *op = BinaryOp::kShr; return true;
    case K::kPlus: *op = BinaryOp::kAdd; return true;
    case K::kMinus: *op = BinaryOp::kSub; return true;
    case K::kStar: *op = BinaryOp::kMul; return true;
    case K::kSlash: *op = BinaryOp::kFloatDiv; return true;
    case K::kDoubleSlash: *op = BinaryOp::kFloorDiv; return true;
    case K::kPercent: *op = BinaryOp::kFloorMod; return true;
    case K::kName:
      // `xor` is the IR's logical xor; upstream prints it as a word.
      if (Text(t) == BinaryOpSpelling(BinaryOp::kXor)) {
        *op = BinaryOp::kXor;
        return true;
      }
      return false;
    default:
      return false;
  }
}

// Python's precedence: or < xor < and < not < comparisons < | < ^ < & <
// shifts < + - < * / // % < unary - ~ < **. Operators of one level are
// left-associative; comparisons do not chain.
Value Parser::ParseBinary(OpPrecedence min_prec) {
  constexpr OpPrecedence kNot = OperatorOf(UnaryOp::kNot).precedence;
  Value lhs;
  if (At(K::kNot)) {
    Token op = Peek();
    if (min_prec > kNot) return FailValue(op, "'not' needs parentheses here");
    Advance();
    DepthGuard guard(this);
    if (!guard.Check(op)) return Value{};
    lhs = ParseBinary(kNot);
    if (!lhs) return lhs;
    lhs = Unary(UnaryOp::kNot, lhs, op);
  } else {
    lhs = ParseUnary();
  }
  bool after_compare = false;
  for (;;) {
    if (!lhs) return lhs;
    BinaryOp op;
    if (!BinaryAt(&op)) return lhs;
    const OperatorInfo& info = OperatorOf(op);
    if (info.precedence < min_prec) return lhs;
    // Operators that do not associate (comparisons) would chain in Python.
    bool non_assoc = info.assoc == OpAssoc::kNone;
    if (non_assoc && after_compare) {
      return FailValue(Peek(), "chained comparisons are not supported: combine them with 'and'");
    }
    Token op_tok = Advance();
    Value rhs = ParseBinary(static_cast<OpPrecedence>(static_cast<int>(info.precedence) + 1));
    if (!rhs) return rhs;
    lhs = Binary(op, lhs, rhs, op_tok);
    after_compare = non_assoc;
  }
}

Value Parser::ParseUnary() {
  if (!At(K::kMinus) && !At(K::kTilde)) return ParsePower();
  Token op = Advance();
  DepthGuard guard(this);
  if (!guard.Check(op)) return Value{};
  if (op.kind == K::kMinus && At(K::kInt) && !At(K::kDoubleStar, 1) &&
      Text(Peek()) == "9223372036854775808") {
    // The one INDEX literal that only exists negated.
    Advance();
    return Value{ctx_.Index(std::numeric_limits<int64_t>::min()), 1, op.pos()};
  }
  Value v = ParseUnary();
  if (!v) return v;
  if (op.kind == K::kMinus) {
    // Negated constants fold (MakeScalarUnary does it), as upstream's
    // parser does, so `-1` is a constant and not Neg(1): depth stays 1.
    if (v.expr->Is<ConstInt>() || v.expr->Is<ConstFloat>()) {
      if (AsConstInt(v.expr) == std::numeric_limits<int64_t>::min()) {
        return FailValue(op, "integer literal is out of range");
      }
      Value folded = Unary(UnaryOp::kNeg, v, op);
      folded.depth = 1;
      folded.literal = v.literal;
      return folded;
    }
    return Unary(UnaryOp::kNeg, v, op);
  }
  return Unary(UnaryOp::kBitNot, v, op);
}

Value Parser::ParsePower() {
  Value base = ParsePrimary();
  if (!base || !At(K::kDoubleStar)) return base;
  Token op = Advance();
  DepthGuard guard(this);
  if (!guard.Check(op)) return Value{};
  Value exp = ParseUnary();  // right-associative; `2 ** -1` is allowed
  if (!exp) return exp;
  return Binary(BinaryOp::kPow, base, exp, op);
}

Value Parser::ParsePrimary() {
  Value v = ParseAtom();
  while (v && At(K::kLBracket)) {
    Token open = Advance();
    v = ParseSubscript(v, open);  // parser/subscript.cc
  }
  if (v && At(K::kLParen)) return FailValue(Peek(), "only ops and functions can be called");
  if (v && At(K::kDot)) return FailValue(Peek(), "values have no attributes");
  return v;
}

bool Parser::ParseExprList(K close, ExprList* out, int* depth) {
  DepthGuard guard(this);
  if (!guard.Check(Peek())) return false;
  while (error_.ok() && !At(close)) {
    Value v = ParseExpr();
    if (!v) return false;
    out->push_back(v.expr);
    *depth = std::max(*depth, v.depth);
    if (!Accept(K::kComma)) break;
  }
  return Expect(close);
}

Value Parser::ParseAtom() {
  const Token t = Peek();
  switch (t.kind) {
    case K::kInt: {
      Advance();
      int64_t v = 0;
      if (!ParseInt(t, &v)) return Value{};
      Value c{IndexConst(v), 1, t.pos()};
      c.literal = true;
      return c;
    }
    case K::kFloat: {
      Advance();
      double v = 0;
      if (!ParseFloat(t, &v)) return Value{};
      // Interned like integer constants (no location): a chain of
      // `pl.tile.muls(t, 0.5)` shares one constant.
      Value c{ctx_.Float(v, DataType::kFP32), 1, t.pos()};
      c.literal = true;
      return c;
    }
    case K::kTrue:
    case K::kFalse:
      Advance();
      return Value{ctx_.Bool(t.kind == K::kTrue), 1, t.pos()};
    case K::kLParen: {
      Advance();
      DepthGuard guard(this);
      if (!guard.Check(t)) return Value{};
      if (Accept(K::kRParen)) return Value{ctx_.NewMakeTuple({}, Loc(t)), 1, t.pos()};
      Value first = ParseExpr();
      if (!first) return first;
      if (Accept(K::kRParen)) return first;
      if (!At(K::kComma)) {
        return FailValue(Peek(), absl::StrCat("expected ')' but found ", Describe(Peek())));
      }
      Advance();
      return ParseSequence(K::kRParen, t, &first);
    }
    case K::kLBracket:
      Advance();
      return ParseSequence(K::kRBracket, t, nullptr);
    case K::kName:
      return ParseNameExpr();
    case K::kString:
      return FailValue(t, "a string is not a value here (strings are kwarg values)");
    case K::kNone: {
      // Upstream's None is the TASK_ID sentinel: system.task_invalid().
      Advance();
      const Op* op = ops_.Find("system.task_invalid");
      PTO_CHECK(op != nullptr) << "system.task_invalid is registered";
      absl::StatusOr<const Call*> call = CreateCall(ctx_, *op, {}, {}, Loc(t));
      if (!call.ok()) return FailValue(t, call.status().message());
      return Value{*call, 1, t.pos()};
    }
    default:
      return FailValue(t, absl::StrCat("expected an expression but found ", Describe(t)));
  }
}

// A list `[a, b]` or tuple `(a, b)`: both build a MakeTuple.
Value Parser::ParseSequence(K close, const Token& open, const Value* first) {
  ExprList elements;
  int depth = 0;
  if (first != nullptr) {
    elements.push_back(first->expr);
    depth = first->depth;
  }
  if (!ParseExprList(close, &elements, &depth)) return Value{};
  if (depth + 1 > max_depth_) {
    return FailValue(open, absl::StrCat("expression is nested too deeply (the limit is ",
                                        max_depth_, " levels)"));
  }
  return Value{ctx_.NewMakeTuple(ExprSpan(elements.data(), elements.size()), Loc(open)), depth + 1,
               open.pos()};
}

Value Parser::ParseNameExpr() {
  const Token t = Peek();
  absl::string_view name = Text(t);
  if (At(K::kDot, 1) && (name == "pl" || name == "pld" || name == "self")) return ParseDotted();
  if (name == "math" && At(K::kDot, 1) && AtName("inf", 2)) {
    // math.inf: upstream's pad_value sugar (and any float) spells infinity so.
    Advance();
    Advance();
    Advance();
    Value c{ctx_.Float(std::numeric_limits<double>::infinity(), DataType::kFP32, Loc(t)), 1,
            t.pos()};
    c.literal = true;
    return c;
  }
  if (AtFloatCall()) {
    double v = 0;
    if (!ParseFloatCall(&v)) return Value{};
    return Value{ctx_.Float(v, DataType::kFP32, Loc(t)), 1, t.pos()};
  }
  if (At(K::kLParen, 1)) {
    if (BinaryCallOp(name) || UnaryCallOp(name)) return ParseBuiltin(t);
    if (IsModuleFunctionCall(t)) return ParseModuleFunctionCall(t);  // module/module_funcs.cc
    if (IsClassInline(name)) return FailClassInlineCall(t);  // parser/calls/inline.cc
    return FailValue(t, absl::StrCat("unknown function '", name,
                                     "' (ops are called as pl.<op>, functions as self.<name>)"));
  }
  Advance();
  return LookupName(t);
}

Value Parser::ParseBuiltin(const Token& name_tok) {
  Advance();
  Advance();  // '('
  ExprList args;
  int depth = 0;
  if (!ParseExprList(K::kRParen, &args, &depth)) return Value{};
  absl::string_view name = Text(name_tok);
  std::optional<UnaryOp> unary = UnaryCallOp(name);
  size_t want = unary ? 1 : 2;
  if (args.size() != want) {
    return FailValue(name_tok, absl::StrCat(name, "() takes ", want, " argument",
                                            want == 1 ? "" : "s", ", got ", args.size()));
  }
  Value a{args[0], depth, name_tok.pos()};
  if (unary) return Unary(*unary, a, name_tok);
  Value b{args[1], depth, name_tok.pos()};
  return Binary(*BinaryCallOp(name), a, b, name_tok);
}

}  // namespace pto::ir::parser_impl
