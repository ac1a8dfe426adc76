// Python compound statements and parameter lists (parser_impl.h).

#include "absl/strings/str_cat.h"
#include "ir/text/python/reader/parser_impl.h"

namespace pto::ir::text::py {

uint32_t PyParser::Compound() {
  const Token& at = Peek();
  if (IsOp("@")) {
    const size_t mark = Mark();
    while (Accept("@")) {
      uint32_t d = NamedExpression();
      if (d == 0) return 0;
      if (Peek().kind != Tok::kNewline) return Fail(Peek(), "invalid syntax"), 0;
      ++pos_;
      Push(d);
    }
    Span decorators = Commit(mark);
    const Token& def = Peek();
    if (IsKw("def")) return FunctionDef(decorators, def, false);
    if (IsKw("async") && IsKw("def", 1)) {
      ++pos_;
      return FunctionDef(decorators, def, true);
    }
    if (IsKw("class")) return ClassDef(decorators, def);
    return Fail(def, "invalid syntax: expected 'def' or 'class' after a decorator"), 0;
  }
  absl::string_view w = Text(at);
  if (w == "if") return If(at);
  if (w == "try") return Try(at);
  if (w == "with") return With(at, false);
  if (w == "def") return FunctionDef(Span{}, at, false);
  if (w == "class") return ClassDef(Span{}, at);
  if (w == "async") {
    if (IsKw("def", 1)) {
      ++pos_;
      return FunctionDef(Span{}, at, true);
    }
    if (IsKw("with", 1)) {
      if (!ctx_.in_async) return Fail(at, "'async with' outside async function"), 0;
      ++pos_;
      return With(at, true);
    }
    if (!IsKw("for", 1)) return Fail(at, "invalid syntax"), 0;
    if (!ctx_.in_async) return Fail(at, "'async for' outside async function"), 0;
    ++pos_;
  }
  const bool is_for = IsKw("for");
  ++pos_;  // while / for
  uint32_t n = New(is_for ? K::kFor : K::kWhile, at);
  if (w == "async") N(n).flags |= kAsync;
  if (is_for) {
    uint32_t target = TargetList("in");
    if (target == 0 || !CheckTarget(target, "assign to") || !ExpectKw("in")) return 0;
    N(n).a = target;
    if ((N(n).b = StarExpressions()) == 0) return 0;
  } else if ((N(n).a = NamedExpression()) == 0) {
    return 0;
  }
  Span body, orelse;
  const Context outer = ctx_;
  ctx_.in_loop = true;
  const bool ok = Block(&body);
  ctx_ = outer;
  if (!ok) return 0;
  if (AcceptKw("else") && !Block(&orelse)) return 0;
  N(n).l[0] = body;
  N(n).l[1] = orelse;
  return Finish(n) ? n : 0;
}

uint32_t PyParser::If(const Token& at) {
  ++pos_;  // if / elif
  uint32_t n = New(K::kIf, at);
  if ((N(n).a = NamedExpression()) == 0) return 0;
  Span body, orelse;
  if (!Block(&body)) return 0;
  if (IsKw("elif")) {
    if (!Enter(Peek())) return 0;
    uint32_t e = If(Peek());
    Leave();
    if (e == 0) return 0;
    const size_t mark = Mark();
    Push(e);
    orelse = Commit(mark);
  } else if (AcceptKw("else") && !Block(&orelse)) {
    return 0;
  }
  N(n).l[0] = body;
  N(n).l[1] = orelse;
  return Finish(n) ? n : 0;
}

uint32_t PyParser::Try(const Token& at) {
  ++pos_;
  uint32_t n = New(K::kTry, at);
  Span body;
  if (!Block(&body)) return 0;
  const size_t mark = Mark();
  int plain = 0, star = 0;
  const Token* bare = nullptr;  // an `except:` seen: it must be the last
  while (IsKw("except")) {
    const Token& et = Peek();
    if (bare != nullptr) return Fail(*bare, "default 'except:' must be last"), 0;
    ++pos_;
    uint32_t h = New(K::kHandler, et);
    if (Accept("*")) {
      ++star;
    } else {
      ++plain;
    }
    if ((plain != 0 && star != 0)) {
      return Fail(et, "cannot have both 'except' and 'except*' on the same 'try'"), 0;
    }
    if (!IsOp(":")) {
      if ((N(h).a = Expression()) == 0) return 0;
      if (IsOp(",")) return Fail(Peek(), "multiple exception types must be parenthesized"), 0;
      if (AcceptKw("as")) {
        if (Peek().kind != Tok::kName) return Fail(Peek(), "invalid syntax"), 0;
        N(h).text = Text(Peek());
        ++pos_;
      }
    } else if (star != 0) {
      return Fail(Peek(), "expected one or more exception types"), 0;
    } else {
      bare = &et;
    }
    Span hb;
    if (!Block(&hb)) return 0;
    N(h).l[0] = hb;
    if (!Finish(h)) return 0;
    Push(h);
  }
  Span handlers = Commit(mark);
  Span orelse, finalbody;
  if (handlers.size != 0 && AcceptKw("else") && !Block(&orelse)) return 0;
  if (AcceptKw("finally") && !Block(&finalbody)) return 0;
  if (handlers.size == 0 && finalbody.size == 0) {
    return Fail(Peek(), "expected 'except' or 'finally' block"), 0;
  }
  N(n).l[0] = body;
  N(n).l[1] = handlers;
  N(n).l[2] = orelse;
  N(n).l[3] = finalbody;
  if (star != 0) N(n).flags |= kStar;
  return Finish(n) ? n : 0;
}

uint32_t PyParser::With(const Token& at, bool is_async) {
  ++pos_;  // with
  // `with (a as b, c):` lists items in parentheses when ':' follows the ')'.
  bool paren_items = false;
  if (IsOp("(")) {
    int depth = 0;
    size_t k = pos_;
    for (; toks_[k].kind != Tok::kEnd; ++k) {
      if (toks_[k].kind != Tok::kOp) continue;
      absl::string_view o = Text(toks_[k]);
      if (o == "(" || o == "[" || o == "{") ++depth;
      if (o == ")" || o == "]" || o == "}") {
        if (--depth == 0) break;
      }
    }
    paren_items = toks_[k].kind != Tok::kEnd && toks_[k + 1].kind == Tok::kOp &&
                  Text(toks_[k + 1]) == ":";
  }
  if (paren_items) ++pos_;
  const size_t mark = Mark();
  do {
    if (paren_items && IsOp(")")) break;
    const Token& t = Peek();
    uint32_t item = New(K::kWithItem, t);
    if ((N(item).a = Expression()) == 0) return 0;
    if (AcceptKw("as")) {
      uint32_t target = BitOr();
      if (target == 0 || !CheckTarget(target, "assign to")) return 0;
      N(item).b = target;
    }
    if (!Finish(item)) return 0;
    Push(item);
  } while (Accept(","));
  if (paren_items && !Expect(")")) return 0;
  Span items = Commit(mark);
  uint32_t n = New(K::kWith, at);
  if (is_async) N(n).flags |= kAsync;
  Span body;
  if (!Block(&body)) return 0;
  N(n).l[0] = items;
  N(n).l[1] = body;
  return Finish(n) ? n : 0;
}

uint32_t PyParser::FunctionDef(Span decorators, const Token& at, bool is_async) {
  ++pos_;  // def
  if (Peek().kind != Tok::kName) return Fail(Peek(), "invalid syntax: expected a name"), 0;
  uint32_t n = New(K::kFunctionDef, at);
  N(n).text = Text(Peek());
  ++pos_;
  if (!Expect("(")) return 0;
  if ((N(n).a = Arguments(/*lambda=*/false)) == 0 || !Expect(")")) return 0;
  if (Accept("->") && (N(n).b = Expression()) == 0) return 0;
  Span body;
  const Context outer = ctx_;
  ctx_ = Context{/*in_loop=*/false, /*in_function=*/true, /*in_async=*/is_async};
  const bool ok = Block(&body);
  ctx_ = outer;
  if (!ok) return 0;
  N(n).l[0] = decorators;
  N(n).l[1] = body;
  if (is_async) N(n).flags |= kAsync;
  return Finish(n) ? n : 0;
}

uint32_t PyParser::ClassDef(Span decorators, const Token& at) {
  ++pos_;  // class
  if (Peek().kind != Tok::kName) return Fail(Peek(), "invalid syntax: expected a name"), 0;
  uint32_t n = New(K::kClassDef, at);
  N(n).text = Text(Peek());
  ++pos_;
  Span bases, keywords, body;
  if (IsOp("(") && !CallArgs(&bases, &keywords)) return 0;
  const Context outer = ctx_;
  ctx_ = Context{/*in_loop=*/false, /*in_function=*/false, /*in_async=*/false};
  const bool ok = Block(&body);
  ctx_ = outer;
  if (!ok) return 0;
  N(n).l[0] = decorators;
  N(n).l[1] = bases;
  N(n).l[2] = keywords;
  N(n).l[3] = body;
  return Finish(n) ? n : 0;
}

uint32_t PyParser::Arguments(bool lambda) {
  const Token& at = Peek();
  const char* end = lambda ? ":" : ")";
  uint32_t n = New(K::kArguments, at);
  const size_t pos_mark = Mark();
  Scratch defaults, kwonly, kwdefaults;
  bool star = false, slash = false;
  // `vararg`: *args may be annotated with a starred expression (*Ts).
  auto arg = [&](bool vararg) -> uint32_t {
    if (Peek().kind != Tok::kName) return Fail(Peek(), "invalid syntax: expected a parameter"), 0;
    uint32_t a = New(K::kArg, Peek());
    N(a).text = Text(Peek());
    ++pos_;
    if (!lambda && Accept(":")) {
      if ((N(a).a = vararg && IsOp("*") ? StarExpression() : Expression()) == 0) return 0;
    }
    return Finish(a) ? a : 0;
  };
  while (!IsOp(end)) {
    const Token& t = Peek();
    if (Accept("/")) {
      if (slash || star || Mark() == pos_mark) return Fail(t, "invalid syntax: '/' here"), 0;
      slash = true;
      N(n).c = static_cast<uint32_t>(Mark() - pos_mark);
    } else if (Accept("**")) {
      if ((N(n).b = arg(false)) == 0) return 0;
      Accept(",");
      if (!IsOp(end)) return Fail(Peek(), "arguments cannot follow var-keyword argument"), 0;
      break;
    } else if (Accept("*")) {
      if (star) return Fail(t, "* argument may appear only once"), 0;
      star = true;
      if (Peek().kind == Tok::kName && (N(n).a = arg(true)) == 0) return 0;
      if (N(n).a == 0 && (IsOp(end) || (IsOp(",") && (IsOp(end, 1) || IsOp("**", 1))))) {
        return Fail(t, "named arguments must follow bare *"), 0;
      }
    } else {
      uint32_t a = arg(false);
      if (a == 0) return 0;
      uint32_t d = 0;
      if (Accept("=") && (d = Expression()) == 0) return 0;
      if (star) {
        kwonly.push_back(a);
        kwdefaults.push_back(d);
      } else {
        Push(a);
        if (d != 0) {
          defaults.push_back(d);
        } else if (!defaults.empty()) {
          return Fail(t, "non-default argument follows default argument"), 0;
        }
      }
    }
    if (!Accept(",")) break;
  }
  N(n).l[0] = Commit(pos_mark);
  auto commit = [&](const Scratch& v) {
    const size_t m = Mark();
    for (uint32_t x : v) Push(x);
    return Commit(m);
  };
  N(n).l[1] = commit(defaults);
  N(n).l[2] = commit(kwonly);
  N(n).l[3] = commit(kwdefaults);
  return Finish(n) ? n : 0;
}

}  // namespace pto::ir::text::py
