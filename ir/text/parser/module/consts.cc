// Module-level constants of a hand-written program: `M = 128`,
// `N, K = 64, 32`, `dtype = pl.FP16`, `SHAPE = [M, 2 * N]`, evaluated when
// the parser meets them, the way upstream evaluates the closure of its
// decorator; and the folding of literal arithmetic inside the program.
//
//   M = 128
//   dtype = pl.FP16
//   @pl.program
//   class P:
//       @pl.function
//       def f(self, a: pl.Tensor[[M, M * 2], dtype]) -> ...   # [128, 256], FP16

#include <cmath>

#include "ir/text/parser/depth_guard.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {
namespace {

using CK = ModuleConst::Kind;

bool IsNum(const ModuleConst& c) { return c.kind == CK::kInt || c.kind == CK::kFloat; }
double AsDouble(const ModuleConst& c) {
  return c.kind == CK::kInt ? static_cast<double>(c.i) : c.f;
}

ModuleConst IntConst(int64_t v) {
  ModuleConst c;
  c.kind = CK::kInt;
  c.i = v;
  return c;
}
ModuleConst FloatConst(double v) {
  ModuleConst c;
  c.kind = CK::kFloat;
  c.f = v;
  return c;
}
ModuleConst BoolConst(bool v) {
  ModuleConst c;
  c.kind = CK::kBool;
  c.i = v ? 1 : 0;
  return c;
}

// Python's floor division and modulo of ints.
int64_t FloorDiv(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

// Python's range(stop) / range(start, stop[, step]) as a list of ints; a
// bounded one, as it only ever lists array indices.
bool EvalRange(absl::Span<const ModuleConst> args, ModuleConst* out) {
  if (args.size() > 3) return false;
  for (const ModuleConst& a : args) {
    if (a.kind != CK::kInt) return false;
  }
  const int64_t start = args.size() == 1 ? 0 : args[0].i;
  const int64_t stop = args.size() == 1 ? args[0].i : args[1].i;
  const int64_t step = args.size() == 3 ? args[2].i : 1;
  constexpr int64_t kMaxBound = int64_t{1} << 40, kMaxValues = 4096;
  if (step == 0 || std::abs(start) > kMaxBound || std::abs(stop) > kMaxBound ||
      std::abs(step) > kMaxBound) {
    return false;
  }
  const int64_t span = step > 0 ? stop - start : start - stop;
  const int64_t magnitude = step > 0 ? step : -step;
  if (span > 0 && (span + magnitude - 1) / magnitude > kMaxValues) return false;
  ModuleConst list;
  list.kind = CK::kList;
  for (int64_t v = start; step > 0 ? v < stop : v > stop; v += step) {
    list.elems.push_back(IntConst(v));
  }
  *out = std::move(list);
  return true;
}

}  // namespace

bool FoldConst(BinaryOp op, const ModuleConst& a, const ModuleConst& b, ModuleConst* out) {
  if (!IsNum(a) || !IsNum(b)) return false;
  if (a.kind == CK::kInt && b.kind == CK::kInt) {
    int64_t x = a.i, y = b.i, r = 0;
    switch (op) {
      case BinaryOp::kAdd:
        if (__builtin_add_overflow(x, y, &r)) return false;
        break;
      case BinaryOp::kSub:
        if (__builtin_sub_overflow(x, y, &r)) return false;
        break;
      case BinaryOp::kMul:
        if (__builtin_mul_overflow(x, y, &r)) return false;
        break;
      case BinaryOp::kFloorDiv:
        if (y == 0 || (x == std::numeric_limits<int64_t>::min() && y == -1)) return false;
        r = FloorDiv(x, y);
        break;
      case BinaryOp::kFloorMod:
        if (y == 0 || (x == std::numeric_limits<int64_t>::min() && y == -1)) return false;
        r = x % y;
        if (r != 0 && ((r < 0) != (y < 0))) r += y;
        break;
      case BinaryOp::kFloatDiv:
        if (y == 0) return false;
        *out = FloatConst(static_cast<double>(x) / static_cast<double>(y));
        return true;
      case BinaryOp::kPow: {
        if (y < 0) {
          if (x == 0) return false;
          *out = FloatConst(std::pow(static_cast<double>(x), static_cast<double>(y)));
          return true;
        }
        r = 1;
        for (int64_t k = 0; k < y; ++k) {
          if (__builtin_mul_overflow(r, x, &r)) return false;
          if (r == 0 || r == 1) break;
        }
        break;
      }
      case BinaryOp::kShl:
        if (y < 0 || y >= 63 || x < 0 || (x >> (63 - y)) != 0) return false;
        r = x << y;
        break;
      case BinaryOp::kShr:
        if (y < 0) return false;
        r = y >= 63 ? (x < 0 ? -1 : 0) : (x >> y);
        break;
      case BinaryOp::kBitAnd: r = x & y; break;
      case BinaryOp::kBitOr: r = x | y; break;
      case BinaryOp::kBitXor: r = x ^ y; break;
      case BinaryOp::kLt: *out = BoolConst(x < y); return true;
      case BinaryOp::kLe: *out = BoolConst(x <= y); return true;
      case BinaryOp::kGt: *out = BoolConst(x > y); return true;
      case BinaryOp::kGe: *out = BoolConst(x >= y); return true;
      case BinaryOp::kEq: *out = BoolConst(x == y); return true;
      case BinaryOp::kNe: *out = BoolConst(x != y); return true;
      case BinaryOp::kMin: r = std::min(x, y); break;
      case BinaryOp::kMax: r = std::max(x, y); break;
      default:
        return false;
    }
    *out = IntConst(r);
    return true;
  }
  double x = AsDouble(a), y = AsDouble(b), r = 0;
  switch (op) {
    case BinaryOp::kAdd: r = x + y; break;
    case BinaryOp::kSub: r = x - y; break;
    case BinaryOp::kMul: r = x * y; break;
    case BinaryOp::kFloatDiv:
      if (y == 0) return false;
      r = x / y;
      break;
    case BinaryOp::kFloorDiv:
      if (y == 0) return false;
      r = std::floor(x / y);
      break;
    case BinaryOp::kFloorMod:
      if (y == 0) return false;
      r = x - std::floor(x / y) * y;
      break;
    case BinaryOp::kPow:
      if (x == 0 && y < 0) return false;
      r = std::pow(x, y);
      break;
    case BinaryOp::kLt: *out = BoolConst(x < y); return true;
    case BinaryOp::kLe: *out = BoolConst(x <= y); return true;
    case BinaryOp::kGt: *out = BoolConst(x > y); return true;
    case BinaryOp::kGe: *out = BoolConst(x >= y); return true;
    case BinaryOp::kEq: *out = BoolConst(x == y); return true;
    case BinaryOp::kNe: *out = BoolConst(x != y); return true;
    case BinaryOp::kMin: r = std::min(x, y); break;
    case BinaryOp::kMax: r = std::max(x, y); break;
    default:
      return false;
  }
  if (!std::isfinite(r)) return false;
  *out = FloatConst(r);
  return true;
}

// --- Module level ------------------------------------------------------------

bool Parser::ParseModuleAssign() {
  absl::InlinedVector<Token, 4> names;
  names.push_back(Advance());
  while (Accept(K::kComma)) {
    if (At(K::kAssign)) break;
    Token n;
    if (!ExpectName(&n)) return false;
    names.push_back(n);
  }
  if (Accept(K::kColon)) {
    // `NAME: T = value`: the annotation is the user's Python, not a type here.
    while (!At(K::kAssign) && !At(K::kNewline) && !At(K::kEof) && !At(K::kError)) Advance();
  }
  if (!Expect(K::kAssign)) return false;
  // `A = B = value`: every name takes the value.
  size_t chained = names.size() == 1 ? 1 : 0;
  while (chained > 0 && At(K::kName) && At(K::kAssign, 1)) {
    names.push_back(Advance());
    Advance();
    ++chained;
  }
  if (names.size() == 1 && AtDotted("pl", "dynamic")) return ParseDynamicDecl(names[0]);
  if (names.size() == 1 && AtDotted("pl", "MemRef")) return ParseModuleMemRef(names[0]);
  if (names.size() == 1 && ParseModuleFunctionAlias(names[0])) return ExpectNewline();
  ModuleConst value;
  bool ok = EvalConst(&value);
  if (ok && At(K::kComma)) {
    // A bare tuple: `M, N = 64, 32`.
    ModuleConst tuple;
    tuple.kind = CK::kList;
    tuple.elems.push_back(std::move(value));
    while (ok && Accept(K::kComma) && !At(K::kNewline)) {
      ModuleConst e;
      ok = EvalConst(&e);
      tuple.elems.push_back(std::move(e));
    }
    value = std::move(tuple);
  }
  if (!error_.ok()) return false;
  if (!ok || !At(K::kNewline)) {
    value = ModuleConst{};
    while (!At(K::kNewline) && !At(K::kEof) && !At(K::kError)) Advance();
  }
  // A define wins over the file's assignment (ParseOptions::defines).
  if (chained > 0) {
    for (const Token& n : names) {
      if (IsDefined(Text(n))) continue;
      ModuleConst& c = module_.consts[Text(n)];
      c = value;
      c.def_pos = n.pos();
      module_.dynamic.erase(Text(n));
      module_.function_aliases.erase(Text(n));
    }
  } else {
    bool unpack = value.kind == CK::kList && value.elems.size() == names.size();
    for (size_t i = 0; i < names.size(); ++i) {
      if (IsDefined(Text(names[i]))) continue;
      ModuleConst e = unpack ? value.elems[i] : ModuleConst{};
      e.def_pos = names[i].pos();
      module_.consts[Text(names[i])] = std::move(e);
      module_.dynamic.erase(Text(names[i]));
      module_.function_aliases.erase(Text(names[i]));
    }
  }
  return ExpectNewline();
}

bool Parser::SkipModuleStatement() {
  while (!At(K::kNewline) && !At(K::kEof) && !At(K::kError)) Advance();
  if (!ExpectNewline()) return false;
  if (!At(K::kIndent)) return true;
  int depth = 0;
  do {
    Token t = Advance();
    if (t.kind == K::kError || t.kind == K::kEof) return Fail(t, "unexpected end of file");
    if (t.kind == K::kIndent) ++depth;
    if (t.kind == K::kDedent) --depth;
  } while (depth > 0);
  return true;
}

bool Parser::EvalConst(ModuleConst* out, OpPrecedence min_prec, bool ternary) {
  DepthGuard guard(this);
  if (!guard.Check(Peek())) return false;
  if (At(K::kNot)) return false;
  bool negate = false;
  if (At(K::kMinus)) {
    Advance();
    negate = true;
  }
  if (!EvalConstAtom(out)) return false;
  if (At(K::kDoubleStar)) {
    Advance();
    ModuleConst e;
    if (!EvalConst(&e, OpPrecedence::kPow) || !FoldConst(BinaryOp::kPow, *out, e, out)) {
      return false;
    }
  }
  if (negate) {
    if (out->kind == CK::kInt && out->i != std::numeric_limits<int64_t>::min()) {
      out->i = -out->i;
    } else if (out->kind == CK::kFloat) {
      out->f = -out->f;
    } else {
      return false;
    }
  }
  for (;;) {
    BinaryOp op;
    if (!BinaryAt(&op)) {
      // `A if C else B` binds loosest of all, as in Python.
      if (!ternary || min_prec > OpPrecedence::kOr || !At(K::kIf)) return true;
      Advance();
      ModuleConst cond, other;
      if (!EvalConst(&cond) || cond.kind != CK::kBool || !Accept(K::kElse) ||
          !EvalConst(&other)) {
        return false;
      }
      if (cond.i == 0) *out = std::move(other);
      return true;
    }
    const OperatorInfo& info = OperatorOf(op);
    if (info.precedence < min_prec) return true;
    Advance();
    ModuleConst rhs;
    if (!EvalConst(&rhs, static_cast<OpPrecedence>(static_cast<int>(info.precedence) + 1))) {
      return false;
    }
    if (op == BinaryOp::kAdd && out->kind == CK::kString && rhs.kind == CK::kString) {
      // Python's string concatenation: `DIR + "/k.cpp"`.
      out->str = ctx_.SaveString(absl::StrCat(out->str, rhs.str));
      continue;
    }
    ModuleConst r;
    if (!FoldConst(op, *out, rhs, &r)) return false;
    *out = std::move(r);
  }
}

bool Parser::EvalConstAtom(ModuleConst* out) {
  const Token t = Peek();
  switch (t.kind) {
    case K::kInt: {
      Advance();
      int64_t v = 0;
      if (!ParseInt(t, &v)) return false;
      *out = IntConst(v);
      return true;
    }
    case K::kFloat: {
      Advance();
      double v = 0;
      if (!ParseFloat(t, &v)) return false;
      *out = FloatConst(v);
      return true;
    }
    case K::kTrue:
    case K::kFalse:
      Advance();
      *out = BoolConst(t.kind == K::kTrue);
      return true;
    case K::kString:
      Advance();
      out->kind = CK::kString;
      out->str = ctx_.SaveString(text::UnquoteString(Text(t)));
      return true;
    case K::kLParen:
    case K::kLBracket: {
      Advance();
      K close = t.kind == K::kLParen ? K::kRParen : K::kRBracket;
      ModuleConst list;
      list.kind = CK::kList;
      bool comma = false;
      while (!At(close)) {
        ModuleConst e;
        if (!EvalConst(&e)) return false;
        list.elems.push_back(std::move(e));
        if (!Accept(K::kComma)) break;
        comma = true;
      }
      if (!Accept(close)) return false;
      // `(x)` is x; `(x,)` and `[x]` are sequences.
      if (close == K::kRParen && list.elems.size() == 1 && !comma) {
        *out = std::move(list.elems[0]);
      } else {
        *out = std::move(list);
      }
      return true;
    }
    case K::kLBrace:
      return EvalConstDict(out);
    case K::kName:
      break;
    default:
      return false;
  }
  absl::string_view name = Text(t);
  if ((name == "pl" || name == "pld") && At(K::kDot, 1) && At(K::kName, 2)) {
    // `pld.ReduceOp.Sum` too: the kwarg that uses it re-reads it.
    if (At(K::kDot, 3) && At(K::kName, 4) && !At(K::kLParen, 5)) {
      out->kind = CK::kEnum;
      out->at = DefSite{t.offset, t.line};
      out->src = src_;
      for (int i = 0; i < 5; ++i) Advance();
      return true;
    }
    std::optional<DataType> dt = DataType::FromName(Text(Peek(2)));
    if (name != "pl" || !dt || At(K::kDot, 3) || At(K::kLParen, 3)) return false;
    Advance();
    Advance();
    Advance();
    out->kind = CK::kDType;
    out->dtype = *dt;
    return true;
  }
  if (At(K::kLParen, 1)) {
    // The builtins upstream's evaluator allows that matter for sizes.
    bool is_min = name == "min", is_max = name == "max";
    bool is_abs = name == "abs", is_int = name == "int", is_float = name == "float";
    bool is_len = name == "len", is_range = name == "range";
    if (!is_min && !is_max && !is_abs && !is_int && !is_float && !is_len && !is_range) {
      return false;
    }
    Advance();
    Advance();
    absl::InlinedVector<ModuleConst, 4> args;
    while (!At(K::kRParen)) {
      ModuleConst e;
      if (!EvalConst(&e)) return false;
      args.push_back(std::move(e));
      if (!Accept(K::kComma)) break;
    }
    if (!Accept(K::kRParen) || args.empty()) return false;
    if (is_range) return EvalRange(args, out);
    if (is_min || is_max) {
      absl::InlinedVector<ModuleConst, 4> items;
      if (args.size() == 1 && args[0].kind == CK::kList) {
        for (const ModuleConst& e : args[0].elems) items.push_back(e);
      } else {
        items = args;
      }
      if (items.empty()) return false;
      ModuleConst acc = items[0];
      for (size_t i = 1; i < items.size(); ++i) {
        if (!FoldConst(is_min ? BinaryOp::kMin : BinaryOp::kMax, acc, items[i], &acc)) {
          return false;
        }
      }
      *out = std::move(acc);
      return IsNum(*out);
    }
    if (args.size() != 1) return false;
    const ModuleConst& a = args[0];
    if (is_len) {
      if (a.kind == CK::kList) {
        *out = IntConst(static_cast<int64_t>(a.elems.size()));
      } else if (a.kind == CK::kString) {
        *out = IntConst(static_cast<int64_t>(a.str.size()));
      } else {
        return false;
      }
      return true;
    }
    if (!IsNum(a)) return false;
    if (is_abs) {
      if (a.kind == CK::kInt) {
        if (a.i == std::numeric_limits<int64_t>::min()) return false;
        *out = IntConst(a.i < 0 ? -a.i : a.i);
      } else {
        *out = FloatConst(std::fabs(a.f));
      }
    } else if (is_float) {
      *out = FloatConst(AsDouble(a));
    } else {
      if (a.kind == CK::kInt) {
        *out = a;
      } else {
        if (!(std::fabs(a.f) < 9.2e18)) return false;
        *out = IntConst(static_cast<int64_t>(a.f));
      }
    }
    return true;
  }
  if (At(K::kDot, 1)) return false;
  Advance();
  if (comp_value_ != nullptr && name == comp_name_) {
    *out = *comp_value_;
    return true;
  }
  if (const ModuleConst* c = FindConst(name)) {
    *out = *c;
    return true;
  }
  auto dyn = module_.dynamic.find(name);
  if (dyn != module_.dynamic.end()) {
    out->kind = CK::kVar;
    out->var = dyn->second;
    return true;
  }
  return false;
}

// --- Uses ----------------------------------------------------------------------

const Expr* Parser::ConstExpr(const ModuleConst& c, const Token& at) {
  switch (c.kind) {
    case CK::kInt:
      return IndexConst(c.i);
    case CK::kFloat:
      return ctx_.Float(c.f, DataType::kFP32, Loc(at));
    case CK::kBool:
      return ctx_.Bool(c.i != 0);
    case CK::kVar:
      return c.var;
    case CK::kList: {
      ExprList elems;
      for (const ModuleConst& e : c.elems) {
        const Expr* x = ConstExpr(e, at);
        if (x == nullptr) return nullptr;
        elems.push_back(x);
      }
      return ctx_.NewMakeTuple(ExprSpan(elems.data(), elems.size()), Loc(at));
    }
    case CK::kString:
      Fail(at, absl::StrCat("'", Text(at), "' is a string: it is only a kwarg value"));
      return nullptr;
    case CK::kDType:
      Fail(at, absl::StrCat("'", Text(at), "' is the dtype pl.", c.dtype.name(),
                            ", not a value; use it where a dtype goes"));
      return nullptr;
    case CK::kEnum:
      Fail(at, absl::StrCat("'", Text(at), "' is an enum member: it is only a kwarg value"));
      return nullptr;
    case CK::kDict:
      Fail(at, absl::StrCat("'", Text(at), "' is a dict: it is only a function's attrs= value"));
      return nullptr;
    case CK::kOpaque:
      break;
    case CK::kMemRef:
      Fail(at, absl::StrCat("'", Text(at), "' is a pl.MemRef declaration: it is only a MemRef "
                            "in a pl.Tile annotation"));
      return nullptr;
  }
  Fail(at, absl::StrCat("'", Text(at), "' is assigned at module level (", PosText(c.def_pos),
                        ") a value the parser cannot evaluate: constants may be numbers, bools, "
                        "strings, dtypes, enum members, lists and tuples of them, and arithmetic "
                        "on them; give its value with --define=",
                        Text(at), "=VALUE"));
  return nullptr;
}

Value Parser::ConstValue(const ModuleConst& c, const Token& at) {
  const Expr* e = ConstExpr(c, at);
  if (e == nullptr) return Value{};
  Value v{e, c.kind == CK::kList ? 2 : 1, at.pos()};
  v.literal = c.kind == CK::kInt || c.kind == CK::kFloat;
  return v;
}

bool Parser::ConstAttr(const Token& t, AttrValue* out, bool* handled) {
  *handled = false;
  if (t.kind != K::kName || At(K::kDot, 1) || At(K::kLParen, 1)) return true;
  const ModuleConst* c = FindConst(Text(t));
  if (c == nullptr) return true;
  auto it = names_.find(Text(t));
  if (it != names_.end() && !it->second.dead) return true;  // a variable shadows it
  *handled = true;
  switch (c->kind) {
    case CK::kInt:
      Advance();
      *out = AttrValue::Int(c->i);
      return true;
    case CK::kFloat:
      Advance();
      *out = AttrValue::Float(c->f);
      return true;
    case CK::kBool:
      Advance();
      *out = AttrValue::Bool(c->i != 0);
      return true;
    case CK::kString:
      Advance();
      *out = AttrValue::String(c->str);
      return true;
    case CK::kDType:
      Advance();
      *out = AttrValue::DType(c->dtype);
      return true;
    case CK::kEnum: {
      // Replay the member's `pl.A.B` where it was written.
      // A define's member lies in the define's text (parser/module/define.cc).
      Advance();
      return ParseAt(c->src, c->at, [&] { return ParseAttrValue(out); });
    }
    case CK::kOpaque:
      *handled = false;
      return Fail(t, absl::StrCat("'", Text(t), "' is assigned at module level (",
                                  PosText(c->def_pos),
                                  ") a value the parser cannot evaluate, so it cannot be a kwarg "
                                  "value; give its value with --define=",
                                  Text(t), "=VALUE"));
    default:
      *handled = false;
      return true;
  }
}

}  // namespace pto::ir::parser_impl
