// Python atoms (parser_impl.h): names, constants, and the bracketed
// forms - groups, tuples, generator expressions, lists, sets, dicts and
// their comprehensions - plus `yield`.

#include "absl/strings/str_cat.h"
#include "ir/text/python/reader/parser_impl.h"

namespace pto::ir::text::py {
namespace {

// Keywords other than the constants False, None and True.
bool IsReserved(absl::string_view w) { return IsPythonKeyword(w, /*reserved_only=*/true); }

}  // namespace

uint32_t PyParser::YieldExpr() {
  const Token& at = Peek();
  ++pos_;  // yield
  if (AcceptKw("from")) {
    uint32_t n = New(K::kYieldFrom, at);
    if ((N(n).a = Expression()) == 0) return 0;
    return Finish(n) ? n : 0;
  }
  uint32_t n = New(K::kYield, at);
  if (Peek().kind != Tok::kNewline && Peek().kind != Tok::kEnd && !IsOp(")") && !IsOp("]") &&
      !IsOp("}") && !IsOp("=") && !IsOp(";")) {
    if ((N(n).a = StarExpressions()) == 0) return 0;
  }
  return Finish(n) ? n : 0;
}

uint32_t PyParser::Atom() {
  const Token& t = Peek();
  switch (t.kind) {
    case Tok::kName: {
      absl::string_view w = Text(t);
      if (w == "True" || w == "False" || w == "None") {
        ++pos_;
        return New(w == "True" ? K::kTrue : w == "False" ? K::kFalse : K::kNone, t);
      }
      if (IsReserved(w)) {
        Fail(t, absl::StrCat("invalid syntax: unexpected '", w, "'"));
        return 0;
      }
      ++pos_;
      uint32_t n = New(K::kName, t);
      N(n).text = w;
      return n;
    }
    case Tok::kNumber:
      ++pos_;
      return Number(t);
    case Tok::kString:
      return Strings();
    case Tok::kOp:
      break;
    default:
      Fail(t, t.kind == Tok::kIndent ? "unexpected indent" : "invalid syntax");
      return 0;
  }
  absl::string_view o = Text(t);
  if (o == "...") {
    ++pos_;
    return New(K::kEllipsis, t);
  }
  if (o != "(" && o != "[" && o != "{") {
    Fail(t, absl::StrCat("invalid syntax: unexpected '", o, "'"));
    return 0;
  }
  if (!Enter(t)) return 0;
  ++pos_;
  const char close = o == "(" ? ')' : o == "[" ? ']' : '}';
  const absl::string_view close_s(&close, 1);
  uint32_t result = 0;
  auto item = [&]() { return IsOp("*") ? StarExpression() : NamedExpression(); };
  auto comprehension = [&](K kind, uint32_t elt, uint32_t value) -> uint32_t {
    Span gens;
    if (!Comprehensions(&gens)) return 0;
    uint32_t n = New(kind, t);
    N(n).a = elt;
    N(n).b = value;
    N(n).l[0] = gens;
    return Finish(n) ? n : 0;
  };
  auto elements = [&](K kind, uint32_t first) -> uint32_t {
    const size_t mark = Mark();
    Push(first);
    while (Accept(",") && !IsOp(close_s)) {
      uint32_t e = item();
      if (e == 0) return 0;
      Push(e);
    }
    uint32_t n = New(kind, t);
    N(n).l[0] = Commit(mark);
    return Finish(n) ? n : 0;
  };
  if (Accept(close_s)) {
    result = New(close == ')' ? K::kTuple : close == ']' ? K::kList : K::kDict, t);
    Leave();
    if (close == ')') N(result).flags |= kParenthesized;
    return result;
  }
  const bool yield_group = close == ')' && IsKw("yield");
  if (yield_group) {
    result = YieldExpr();
  } else if (close == '}' && IsOp("**")) {
    result = 0;  // a dict display starting with **
  } else {
    result = item();
    if (result == 0) return 0;
  }
  if (close == ')') {
    if (yield_group) {
      // (yield x): a group
    } else if (IsComprehensionStart()) {
      if (N(result).kind == K::kStarred) return Fail(t, "iterable unpacking cannot be used in comprehension"), 0;
      result = comprehension(K::kGenExp, result, 0);
    } else if (IsOp(",")) {
      result = elements(K::kTuple, result);
    } else if (N(result).kind == K::kStarred) {
      return Fail(t, "cannot use starred expression here"), 0;
    }
    if (result != 0) N(result).flags |= kParenthesized;
  } else if (close == ']') {
    if (IsComprehensionStart()) {
      if (N(result).kind == K::kStarred) return Fail(t, "iterable unpacking cannot be used in comprehension"), 0;
      result = comprehension(K::kListComp, result, 0);
    } else {
      result = elements(K::kList, result);
    }
  } else if (result != 0 && !IsOp(":")) {
    // A set display or set comprehension.
    if (IsComprehensionStart()) {
      if (N(result).kind == K::kStarred) return Fail(t, "iterable unpacking cannot be used in comprehension"), 0;
      result = comprehension(K::kSetComp, result, 0);
    } else {
      result = elements(K::kSet, result);
    }
  } else {
    // A dict display or dict comprehension; `result` is the first key.
    const size_t keys = Mark();
    Scratch values;
    uint32_t key = result;
    for (bool first = true;; first = false) {
      if (!first) {
        if (!Accept(",") || IsOp("}")) break;
        key = 0;
        if (!IsOp("**") && (key = Expression()) == 0) return 0;
      }
      uint32_t value;
      if (key == 0) {
        if (!Expect("**")) return 0;
        if ((value = BitOr()) == 0) return 0;
      } else {
        if (N(key).kind == K::kStarred ||
            (N(key).kind == K::kNamedExpr && !(N(key).flags & kParenthesized))) {
          return Fail(t, "invalid syntax in a dict display"), 0;
        }
        if (!Expect(":")) return 0;
        if ((value = Expression()) == 0) return 0;
        if (first && IsComprehensionStart()) {
          stack_.resize(keys);
          result = comprehension(K::kDictComp, key, value);
          values.clear();
          break;
        }
      }
      Push(key);
      values.push_back(value);
    }
    if (!values.empty()) {
      uint32_t n = New(K::kDict, t);
      N(n).l[0] = Commit(keys);
      const size_t vm = Mark();
      for (uint32_t v : values) Push(v);
      N(n).l[1] = Commit(vm);
      result = Finish(n) ? n : 0;
    }
  }
  Leave();
  if (result == 0 || !Expect(close_s)) return 0;
  return result;
}

}  // namespace pto::ir::text::py
