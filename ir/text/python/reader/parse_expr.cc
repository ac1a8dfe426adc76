// Python expressions (parser_impl.h): CPython 3.11's expression
// grammar by precedence level, left-associative chains built in loops.

#include <cstring>

#include "absl/strings/str_cat.h"
#include "ir/text/python/reader/parser_impl.h"

namespace pto::ir::text::py {
namespace {

bool IsKeyword(absl::string_view w) { return IsPythonKeyword(w); }

// The binary operator a token spells, with its level (0: |, 1: ^, 2: &,
// 3: << >>, 4: + -, 5: * / // % @); -1 when it is none.
int BinaryLevel(absl::string_view src, const Token& t, BinOp* op) {
  if (t.kind != Tok::kOp) return -1;
  const char c0 = src[t.begin];
  if (t.end - t.begin == 1) {
    switch (c0) {
      case '|': *op = kBitOr; return 0;
      case '^': *op = kBitXor; return 1;
      case '&': *op = kBitAnd; return 2;
      case '+': *op = kAdd; return 4;
      case '-': *op = kSub; return 4;
      case '*': *op = kMult; return 5;
      case '/': *op = kDiv; return 5;
      case '%': *op = kMod; return 5;
      case '@': *op = kMatMult; return 5;
      default: return -1;
    }
  }
  if (t.end - t.begin != 2 || src[t.begin + 1] != c0) return -1;
  switch (c0) {
    case '<': *op = kLShift; return 3;
    case '>': *op = kRShift; return 3;
    case '/': *op = kFloorDiv; return 5;
    default: return -1;
  }
}

}  // namespace

uint32_t PyParser::StarExpressions() {
  const Token& at = Peek();
  uint32_t first = StarExpression();
  if (first == 0 || !IsOp(",")) return first;
  size_t mark = Mark();
  Push(first);
  while (Accept(",")) {
    // A trailing comma ends the tuple at the end of the statement's part.
    if (Peek().kind == Tok::kNewline || IsOp("=") || IsOp(")") || IsOp(";") || IsOp(":") ||
        Peek().kind == Tok::kEnd || (Peek().kind == Tok::kOp && Text(Peek()).size() >= 2 &&
                                     Text(Peek()).back() == '=' && Text(Peek()) != "==" &&
                                     Text(Peek()) != "!=" && Text(Peek()) != "<=" &&
                                     Text(Peek()) != ">=")) {
      break;
    }
    uint32_t e = StarExpression();
    if (e == 0) return 0;
    Push(e);
  }
  uint32_t t = New(K::kTuple, at);
  N(t).l[0] = Commit(mark);
  return Finish(t) ? t : 0;
}

uint32_t PyParser::Starred() {
  const Token& at = Peek();
  ++pos_;  // '*'
  uint32_t v = BitOr();
  if (v == 0) return 0;
  uint32_t s = New(K::kStarred, at);
  N(s).a = v;
  return Finish(s) ? s : 0;
}

uint32_t PyParser::StarExpression() { return IsOp("*") ? Starred() : Expression(); }

uint32_t PyParser::NamedExpression() {
  if (Peek().kind == Tok::kName && IsOp(":=", 1)) {
    const Token& at = Peek();
    if (IsKeyword(Text(at))) {
      Fail(at, absl::StrCat("cannot use assignment expressions with ", Text(at)));
      return 0;
    }
    uint32_t name = New(K::kName, at);
    N(name).text = Text(at);
    pos_ += 2;
    uint32_t v = Expression();
    if (v == 0) return 0;
    uint32_t n = New(K::kNamedExpr, at);
    N(n).a = name;
    N(n).b = v;
    return Finish(n) ? n : 0;
  }
  uint32_t e = Expression();
  if (e != 0 && IsOp(":=")) {
    Fail(Peek(), "cannot use assignment expressions with this expression");
    return 0;
  }
  return e;
}

uint32_t PyParser::Expression() {
  const Token& at = Peek();
  if (!Enter(at)) return 0;
  uint32_t r = 0;
  if (IsKw("lambda")) {
    r = Lambda();
  } else {
    r = Disjunction();
    if (r != 0 && AcceptKw("if")) {
      uint32_t test = Disjunction();
      if (test == 0 || !ExpectKw("else")) {
        r = 0;
      } else {
        uint32_t orelse = Expression();
        if (orelse == 0) {
          r = 0;
        } else {
          uint32_t n = New(K::kIfExp, at);
          N(n).a = r;
          N(n).b = test;
          N(n).c = orelse;
          r = Finish(n) ? n : 0;
        }
      }
    }
  }
  Leave();
  return r;
}

uint32_t PyParser::Lambda() {
  const Token& at = Peek();
  ++pos_;  // lambda
  uint32_t args = Arguments(/*lambda=*/true);
  if (args == 0 || !Expect(":")) return 0;
  uint32_t body = Expression();
  if (body == 0) return 0;
  uint32_t n = New(K::kLambda, at);
  N(n).a = args;
  N(n).b = body;
  return Finish(n) ? n : 0;
}

uint32_t PyParser::Disjunction() {
  // or > and > not > comparison; `or`/`and` chains are one BoolOp each.
  const Token& at = Peek();
  if (!Enter(at)) return 0;
  uint32_t result = 0;
  auto inversion = [&](auto&& self) -> uint32_t {
    const Token& t = Peek();
    if (IsKw("not")) {
      if (!Enter(t)) return 0;
      ++pos_;
      uint32_t v = self(self);
      Leave();
      if (v == 0) return 0;
      uint32_t n = New(K::kUnary, t);
      N(n).op = kNot;
      N(n).a = v;
      return Finish(n) ? n : 0;
    }
    uint32_t left = BitOr();
    if (left == 0) return 0;
    size_t mark = Mark();
    size_t ops = 0;
    Scratch codes;
    for (;;) {
      CmpOp op;
      const Token& ot = Peek();
      if (ot.kind == Tok::kOp) {
        absl::string_view o = Text(ot);
        if (o == "==") op = kEq;
        else if (o == "!=") op = kNotEq;
        else if (o == "<") op = kLt;
        else if (o == "<=") op = kLtE;
        else if (o == ">") op = kGt;
        else if (o == ">=") op = kGtE;
        else break;
        ++pos_;
      } else if (IsKw("in")) {
        op = kIn;
        ++pos_;
      } else if (IsKw("not") && IsKw("in", 1)) {
        op = kNotIn;
        pos_ += 2;
      } else if (IsKw("is")) {
        ++pos_;
        op = AcceptKw("not") ? kIsNot : kIs;
      } else {
        break;
      }
      uint32_t right = BitOr();
      if (right == 0) return 0;
      Push(right);
      codes.push_back(op);
      ++ops;
    }
    if (ops == 0) return left;
    uint32_t n = New(K::kCompare, t);
    N(n).a = left;
    N(n).l[0] = Commit(mark);
    N(n).l[1].begin = static_cast<uint32_t>(ast_->lists.size());
    N(n).l[1].size = static_cast<uint32_t>(codes.size());
    for (uint32_t c : codes) ast_->lists.push_back(c);
    // Only l[0] holds node ids; Finish must not read l[1].
    Span ops_span = N(n).l[1];
    N(n).l[1] = Span{};
    bool ok = Finish(n);
    N(n).l[1] = ops_span;
    return ok ? n : 0;
  };
  auto chain = [&](const char* kw, uint8_t code, auto&& operand) -> uint32_t {
    const Token& t = Peek();
    uint32_t first = operand();
    if (first == 0 || !IsKw(kw)) return first;
    size_t mark = Mark();
    Push(first);
    while (AcceptKw(kw)) {
      uint32_t v = operand();
      if (v == 0) return 0;
      Push(v);
    }
    uint32_t n = New(K::kBoolOp, t);
    N(n).op = code;
    N(n).l[0] = Commit(mark);
    return Finish(n) ? n : 0;
  };
  auto conjunction = [&]() { return chain("and", 0, [&]() { return inversion(inversion); }); };
  result = chain("or", 1, conjunction);
  Leave();
  return result;
}

uint32_t PyParser::BitOr() {
  // | ^ & << >> + - * / // % @ by precedence climbing (each level
  // left-associative), over unary operators and **.
  auto factor = [&](auto&& self) -> uint32_t {
    const Token& t = Peek();
    if (t.kind == Tok::kOp && (TokIs(t, "-") || TokIs(t, "+") || TokIs(t, "~"))) {
      if (!Enter(t)) return 0;
      ++pos_;
      uint32_t v = self(self);
      Leave();
      if (v == 0) return 0;
      uint32_t n = New(K::kUnary, t);
      N(n).op = TokIs(t, "-") ? kUSub : TokIs(t, "+") ? kUAdd : kInvert;
      N(n).a = v;
      return Finish(n) ? n : 0;
    }
    uint32_t base;
    if (IsKw("await")) {
      ++pos_;
      uint32_t v = Primary();
      if (v == 0) return 0;
      base = New(K::kAwait, t);
      N(base).a = v;
      if (!Finish(base)) return 0;
    } else {
      base = Primary();
      if (base == 0) return 0;
    }
    if (!IsOp("**")) return base;
    ++pos_;
    if (!Enter(t)) return 0;
    uint32_t exp = self(self);  // right-associative, binds a unary operand
    Leave();
    if (exp == 0) return 0;
    uint32_t n = New(K::kBinOp, t);
    N(n).op = kPow;
    N(n).a = base;
    N(n).b = exp;
    return Finish(n) ? n : 0;
  };
  auto climb = [&](auto&& self, int min_level) -> uint32_t {
    const Token& t = Peek();
    uint32_t left = factor(factor);
    BinOp op;
    for (int lv; left != 0 && (lv = BinaryLevel(s_, Peek(), &op)) >= min_level;) {
      ++pos_;
      if (!Enter(t)) return 0;
      uint32_t right = self(self, lv + 1);
      Leave();
      if (right == 0) return 0;
      uint32_t n = New(K::kBinOp, t);
      N(n).op = op;
      N(n).a = left;
      N(n).b = right;
      left = Finish(n) ? n : 0;
    }
    return left;
  };
  return climb(climb, 0);
}

uint32_t PyParser::Primary() {
  const Token& at = Peek();
  uint32_t v = Atom();
  while (v != 0) {
    if (Accept(".")) {
      if (Peek().kind != Tok::kName || IsKeyword(Text(Peek()))) {
        Fail(Peek(), "invalid syntax: expected an attribute name after '.'");
        return 0;
      }
      uint32_t n = New(K::kAttribute, at);
      N(n).a = v;
      N(n).text = Text(Peek());
      ++pos_;
      v = Finish(n) ? n : 0;
    } else if (IsOp("(")) {
      Span args, kws;
      if (!CallArgs(&args, &kws)) return 0;
      uint32_t n = New(K::kCall, at);
      N(n).a = v;
      N(n).l[0] = args;
      N(n).l[1] = kws;
      v = Finish(n) ? n : 0;
    } else if (IsOp("[")) {
      const Token& open = Peek();
      ++pos_;
      if (!Enter(open)) return 0;
      uint32_t sl = Slices();
      Leave();
      if (sl == 0 || !Expect("]")) return 0;
      uint32_t n = New(K::kSubscript, at);
      N(n).a = v;
      N(n).b = sl;
      v = Finish(n) ? n : 0;
    } else {
      break;
    }
  }
  return v;
}

bool PyParser::CallArgs(Span* args_out, Span* kws_out) {
  const Token& open = Peek();
  ++pos_;
  if (!Enter(open)) return false;
  size_t args = Mark();
  Scratch kws;
  bool seen_kw = false, seen_dstar = false;
  while (!IsOp(")")) {
    const Token& t = Peek();
    if (IsOp("*") || IsOp("**")) {
      const bool dstar = IsOp("**");
      ++pos_;
      uint32_t e = Expression();
      if (e == 0) return false;
      if (dstar) {
        uint32_t k = New(K::kKeyword, t);
        N(k).a = e;
        if (!Finish(k)) return false;
        kws.push_back(k);
        seen_dstar = true;
      } else {
        if (seen_dstar) {
          Fail(t, "iterable argument unpacking follows keyword argument unpacking");
          return false;
        }
        uint32_t st = New(K::kStarred, t);
        N(st).a = e;
        if (!Finish(st)) return false;
        Push(st);
      }
    } else if (t.kind == Tok::kName && IsOp("=", 1)) {
      if (IsKeyword(Text(t))) {
        Fail(t, absl::StrCat("cannot assign to ", Text(t)));
        return false;
      }
      pos_ += 2;
      uint32_t e = Expression();
      if (e == 0) return false;
      uint32_t k = New(K::kKeyword, t);
      N(k).text = Text(t);
      N(k).a = e;
      if (!Finish(k)) return false;
      kws.push_back(k);
      seen_kw = true;
    } else {
      uint32_t e = NamedExpression();
      if (e == 0) return false;
      if (IsComprehensionStart()) {
        // f(x for x in y): the generator is the only argument.
        if (Mark() != args || !kws.empty()) {
          Fail(t, "Generator expression must be parenthesized");
          return false;
        }
        Span gens;
        if (!Comprehensions(&gens)) return false;
        uint32_t g = New(K::kGenExp, t);
        N(g).a = e;
        N(g).l[0] = gens;
        if (!Finish(g)) return false;
        e = g;
        if (!IsOp(")")) {
          Fail(t, "Generator expression must be parenthesized");
          return false;
        }
      } else if (IsOp("=")) {
        Fail(Peek(), "expression cannot contain assignment, perhaps you meant \"==\"?");
        return false;
      } else if (seen_dstar) {
        Fail(t, "positional argument follows keyword argument unpacking");
        return false;
      } else if (seen_kw) {
        Fail(t, "positional argument follows keyword argument");
        return false;
      }
      Push(e);
    }
    if (!Accept(",")) break;
  }
  Leave();
  if (!Expect(")")) return false;
  *args_out = Commit(args);
  size_t km = Mark();
  for (uint32_t k : kws) Push(k);
  *kws_out = Commit(km);
  return true;
}

uint32_t PyParser::Slices() {
  const Token& at = Peek();
  auto one = [&]() -> uint32_t {
    const Token& t = Peek();
    if (IsOp("*")) return StarExpression();
    uint32_t lower = 0;
    if (!IsOp(":")) {
      lower = NamedExpression();
      if (lower == 0 || !IsOp(":")) return lower;
    }
    ++pos_;  // ':'
    uint32_t n = New(K::kSlice, t);
    N(n).a = lower;
    if (!IsOp(":") && !IsOp(",") && !IsOp("]")) {
      if ((N(n).b = Expression()) == 0) return 0;
    }
    if (Accept(":") && !IsOp(",") && !IsOp("]")) {
      if ((N(n).c = Expression()) == 0) return 0;
    }
    return Finish(n) ? n : 0;
  };
  uint32_t first = one();
  // A lone starred item is a tuple too: a[*b] indexes with (*b,).
  if (first == 0 || (!IsOp(",") && N(first).kind != K::kStarred)) return first;
  size_t mark = Mark();
  Push(first);
  while (Accept(",") && !IsOp("]")) {
    uint32_t e = one();
    if (e == 0) return 0;
    Push(e);
  }
  uint32_t t = New(K::kTuple, at);
  N(t).l[0] = Commit(mark);
  return Finish(t) ? t : 0;
}

bool PyParser::Comprehensions(Span* out) {
  size_t mark = Mark();
  while (IsComprehensionStart()) {
    const Token& t = Peek();
    const bool is_async = AcceptKw("async");
    ++pos_;  // for
    uint32_t target = TargetList("in");
    if (target == 0 || !CheckTarget(target, "assign to") || !ExpectKw("in")) return false;
    uint32_t iter = Disjunction();
    if (iter == 0) return false;
    size_t ifs = Mark();
    while (AcceptKw("if")) {
      uint32_t c = Disjunction();
      if (c == 0) return false;
      Push(c);
    }
    uint32_t n = New(K::kComprehension, t);
    N(n).a = target;
    N(n).b = iter;
    N(n).l[0] = Commit(ifs);
    if (is_async) N(n).flags |= kAsync;
    if (!Finish(n)) return false;
    Push(n);
  }
  *out = Commit(mark);
  return true;
}

uint32_t PyParser::TargetList(const char* stop_kw) {
  // star_targets: like StarExpressions but stopping at `in` / `=`.
  const Token& at = Peek();
  auto one = [&]() -> uint32_t { return IsOp("*") ? Starred() : BitOr(); };
  uint32_t first = one();
  if (first == 0 || !IsOp(",")) return first;
  size_t mark = Mark();
  Push(first);
  while (Accept(",") && !IsKw(stop_kw)) {
    uint32_t e = one();
    if (e == 0) return 0;
    Push(e);
  }
  uint32_t t = New(K::kTuple, at);
  N(t).l[0] = Commit(mark);
  return Finish(t) ? t : 0;
}

bool PyParser::CheckTarget(uint32_t id, const char* what) {
  const Node& n = N(id);
  switch (n.kind) {
    case K::kName:
    case K::kAttribute:
    case K::kSubscript:
      return true;
    case K::kStarred:
      if (std::strcmp(what, "delete") == 0) break;
      return CheckTarget(n.a, what);
    case K::kTuple:
    case K::kList:
      for (const uint32_t* c = ast_->begin(n.l[0]); c != ast_->end(n.l[0]); ++c) {
        if (!CheckTarget(*c, what)) return false;
      }
      return true;
    default:
      break;
  }
  const char* kind = n.kind == K::kCall        ? "function call"
                     : n.kind == K::kTrue      ? "True"
                     : n.kind == K::kFalse     ? "False"
                     : n.kind == K::kNone      ? "None"
                     : n.kind <= K::kEllipsis  ? "literal"
                     : n.kind == K::kJoinedStr ? "f-string expression"
                     : n.kind == K::kStarred   ? "starred"
                                               : "expression";
  FailAt(n.offset, n.line, n.col, absl::StrCat("cannot ", what, " ", kind));
  return false;
}

}  // namespace pto::ir::text::py
