// The `match` statement and its patterns (parser_impl.h), as
// CPython 3.11's grammar reads them.

#include "absl/strings/str_cat.h"
#include "ir/text/python/reader/parser_impl.h"

namespace pto::ir::text::py {

uint32_t PyParser::Match(const Token& at) {
  ++pos_;  // match
  uint32_t n = New(K::kMatch, at);
  // The subject: a named expression, or an unparenthesized tuple.
  const Token& st = Peek();
  uint32_t subject = IsOp("*") ? StarExpression() : NamedExpression();
  if (subject == 0) return 0;
  if (IsOp(",") || N(subject).kind == K::kStarred) {
    const size_t mark = Mark();
    Push(subject);
    while (Accept(",") && !IsOp(":")) {
      uint32_t e = IsOp("*") ? StarExpression() : NamedExpression();
      if (e == 0) return 0;
      Push(e);
    }
    subject = New(K::kTuple, st);
    N(subject).l[0] = Commit(mark);
    if (!Finish(subject)) return 0;
  }
  N(n).a = subject;
  if (!Expect(":")) return 0;
  if (Peek().kind != Tok::kNewline) return Fail(Peek(), "invalid syntax"), 0;
  ++pos_;
  if (Peek().kind != Tok::kIndent) {
    return Fail(Peek(), "expected an indented block after 'match' statement"), 0;
  }
  if (!Enter(Peek())) return 0;
  ++pos_;
  const size_t cases = Mark();
  while (Peek().kind != Tok::kDedent && Peek().kind != Tok::kEnd) {
    const Token& ct = Peek();
    if (!IsKw("case")) return Fail(ct, "invalid syntax: expected 'case'"), 0;
    ++pos_;
    uint32_t c = New(K::kMatchCase, ct);
    if ((N(c).a = Patterns()) == 0) return 0;
    if (AcceptKw("if") && (N(c).b = NamedExpression()) == 0) return 0;
    Span body;
    if (!Block(&body)) return 0;
    N(c).l[0] = body;
    if (!Finish(c)) return 0;
    Push(c);
  }
  Leave();
  if (Peek().kind == Tok::kDedent) ++pos_;
  N(n).l[0] = Commit(cases);
  return Finish(n) ? n : 0;
}

uint32_t PyParser::Patterns() {
  const Token& at = Peek();
  uint32_t first = MaybeStarPattern();
  if (first == 0) return 0;
  if (!IsOp(",") && N(first).kind != K::kMatchStar) return first;
  const size_t mark = Mark();
  Push(first);
  while (Accept(",") && !IsOp(":") && !IsKw("if")) {
    uint32_t p = MaybeStarPattern();
    if (p == 0) return 0;
    Push(p);
  }
  uint32_t n = New(K::kMatchSequence, at);
  N(n).l[0] = Commit(mark);
  return Finish(n) ? n : 0;
}

uint32_t PyParser::MaybeStarPattern() {
  const Token& at = Peek();
  if (!Accept("*")) return Pattern();
  if (Peek().kind != Tok::kName) return Fail(Peek(), "invalid syntax: expected a name"), 0;
  uint32_t n = New(K::kMatchStar, at);
  N(n).text = Text(Peek());
  ++pos_;
  return n;
}

uint32_t PyParser::Pattern() {
  const Token& at = Peek();
  if (!Enter(at)) return 0;
  uint32_t p = ClosedPattern();
  if (p != 0 && IsOp("|")) {
    const size_t mark = Mark();
    Push(p);
    while (Accept("|")) {
      uint32_t q = ClosedPattern();
      if (q == 0) return 0;
      Push(q);
    }
    p = New(K::kMatchOr, at);
    N(p).l[0] = Commit(mark);
    if (!Finish(p)) return 0;
  }
  Leave();
  if (p == 0 || !AcceptKw("as")) return p;
  const Token& name = Peek();
  if (name.kind != Tok::kName) return Fail(name, "invalid pattern target"), 0;
  if (Text(name) == "_") return Fail(name, "cannot use '_' as a target"), 0;
  ++pos_;
  uint32_t as = New(K::kMatchAs, at);
  N(as).a = p;
  N(as).text = Text(name);
  return Finish(as) ? as : 0;
}

uint32_t PyParser::PatternValue() {
  // A signed number, a complex literal (real +/- imaginary), strings, or a
  // dotted name.
  const Token& at = Peek();
  if (at.kind == Tok::kString) {
    if (Text(at).find_first_of("'\"") != absl::string_view::npos) {
      for (char c : Text(at).substr(0, Text(at).find_first_of("'\""))) {
        if ((c | 0x20) == 'f') {
          return Fail(at, "patterns may only match literals and attribute lookups"), 0;
        }
      }
    }
    return Strings();
  }
  if (at.kind == Tok::kName) {
    uint32_t v = New(K::kName, at);
    N(v).text = Text(at);
    ++pos_;
    while (IsOp(".") && Peek(1).kind == Tok::kName) {
      uint32_t a = New(K::kAttribute, at);
      N(a).a = v;
      N(a).text = Text(Peek(1));
      pos_ += 2;
      if (!Finish(a)) return 0;
      v = a;
    }
    return v;
  }
  uint32_t v = 0;
  if (IsOp("-") && Peek(1).kind == Tok::kNumber) {
    ++pos_;
    const Token& num = Peek();
    ++pos_;
    v = New(K::kUnary, at);
    N(v).op = kUSub;
    N(v).a = Number(num);
    if (!Finish(v)) return 0;
  } else if (at.kind == Tok::kNumber) {
    ++pos_;
    v = Number(at);
  } else {
    return Fail(at, "invalid syntax: expected a pattern"), 0;
  }
  if ((IsOp("+") || IsOp("-")) && Peek(1).kind == Tok::kNumber) {
    const bool minus = IsOp("-");
    ++pos_;
    const Token& im = Peek();
    ++pos_;
    uint32_t rhs = Number(im);
    if (N(rhs).kind != K::kImag) return Fail(im, "imaginary number required in complex literal"), 0;
    uint32_t b = New(K::kBinOp, at);
    N(b).op = minus ? kSub : kAdd;
    N(b).a = v;
    N(b).b = rhs;
    if (!Finish(b)) return 0;
    v = b;
  }
  return v;
}

uint32_t PyParser::ClosedPattern() {
  const Token& at = Peek();
  auto wrap = [&](K kind, uint32_t value) -> uint32_t {
    uint32_t n = New(kind, at);
    N(n).a = value;
    return Finish(n) ? n : 0;
  };
  if (at.kind == Tok::kName) {
    absl::string_view w = Text(at);
    if (w == "None" || w == "True" || w == "False") {
      ++pos_;
      return wrap(K::kMatchSingleton,
                  New(w == "None" ? K::kNone : w == "True" ? K::kTrue : K::kFalse, at));
    }
    const bool dotted = IsOp(".", 1);
    if (!dotted && !IsOp("(", 1)) {
      ++pos_;
      uint32_t n = New(K::kMatchAs, at);
      N(n).text = w;
      return n;
    }
    uint32_t cls = PatternValue();
    if (cls == 0) return 0;
    if (!IsOp("(")) return wrap(K::kMatchValue, cls);
    ++pos_;
    if (!Enter(at)) return 0;
    const size_t pats = Mark();
    Scratch kws;
    while (!IsOp(")")) {
      const Token& t = Peek();
      if (t.kind == Tok::kName && IsOp("=", 1)) {
        pos_ += 2;
        uint32_t p = Pattern();
        if (p == 0) return 0;
        uint32_t k = New(K::kKeyword, t);
        N(k).text = Text(t);
        N(k).a = p;
        if (!Finish(k)) return 0;
        kws.push_back(k);
      } else {
        if (!kws.empty()) return Fail(t, "positional patterns follow keyword patterns"), 0;
        uint32_t p = Pattern();
        if (p == 0) return 0;
        Push(p);
      }
      if (!Accept(",")) break;
    }
    Leave();
    if (!Expect(")")) return 0;
    uint32_t n = New(K::kMatchClass, at);
    N(n).a = cls;
    N(n).l[0] = Commit(pats);
    const size_t km = Mark();
    for (uint32_t k : kws) Push(k);
    N(n).l[1] = Commit(km);
    return Finish(n) ? n : 0;
  }
  if (at.kind == Tok::kOp && (Text(at) == "(" || Text(at) == "[")) {
    const bool paren = Text(at) == "(";
    const absl::string_view close = paren ? ")" : "]";
    ++pos_;
    if (!Enter(at)) return 0;
    const size_t mark = Mark();
    bool comma = false;
    while (!IsOp(close)) {
      uint32_t p = MaybeStarPattern();
      if (p == 0) return 0;
      Push(p);
      if (!Accept(",")) break;
      comma = true;
    }
    Leave();
    if (!Expect(close)) return 0;
    if (paren && !comma && Mark() == mark + 1 && N(stack_.back()).kind != K::kMatchStar) {
      const uint32_t group = stack_.back();  // (pattern): a group
      stack_.pop_back();
      return group;
    }
    uint32_t n = New(K::kMatchSequence, at);
    N(n).l[0] = Commit(mark);
    return Finish(n) ? n : 0;
  }
  if (at.kind == Tok::kOp && Text(at) == "{") {
    ++pos_;
    if (!Enter(at)) return 0;
    const size_t keys = Mark();
    Scratch pats;
    uint32_t n = New(K::kMatchMapping, at);
    while (!IsOp("}")) {
      if (Accept("**")) {
        if (Peek().kind != Tok::kName) return Fail(Peek(), "invalid syntax"), 0;
        N(n).text = Text(Peek());
        N(n).flags |= kStar;
        ++pos_;
        Accept(",");
        break;
      }
      const Token& kt = Peek();
      uint32_t key;
      if (kt.kind == Tok::kName && Text(kt) != "None" && Text(kt) != "True" &&
          Text(kt) != "False") {
        if (!IsOp(".", 1)) return Fail(kt, "invalid syntax: a mapping key must be a literal "
                                           "or a dotted name"), 0;
        key = PatternValue();
      } else if (kt.kind == Tok::kName) {
        ++pos_;
        key = New(Text(kt) == "None" ? K::kNone : Text(kt) == "True" ? K::kTrue : K::kFalse, kt);
      } else {
        key = PatternValue();
      }
      if (key == 0 || !Expect(":")) return 0;
      uint32_t p = Pattern();
      if (p == 0) return 0;
      Push(key);
      pats.push_back(p);
      if (!Accept(",")) break;
    }
    Leave();
    if (!Expect("}")) return 0;
    N(n).l[0] = Commit(keys);
    const size_t pm = Mark();
    for (uint32_t p : pats) Push(p);
    N(n).l[1] = Commit(pm);
    return Finish(n) ? n : 0;
  }
  uint32_t v = PatternValue();
  return v == 0 ? 0 : wrap(K::kMatchValue, v);
}

}  // namespace pto::ir::text::py
