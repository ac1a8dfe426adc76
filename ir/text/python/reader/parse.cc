// Python statements (parser_impl.h) and the parser's shared helpers.

#include <algorithm>

#include "absl/strings/str_cat.h"
#include "ir/text/python/reader/parser_impl.h"

namespace pto::ir::text::py {

bool PyParser::Init(TokRange range, TokMode mode) {
  toks_.reserve((range.end - range.begin) / 3 + 8);
  SyntaxError e;
  if (!Tokenize(s_, range, mode, &toks_, &e)) {
    *err_ = std::move(e);
    return false;
  }
  return true;
}

bool PyParser::Fail(const Token& at, std::string msg) {
  return FailAt(at.begin, at.line, at.col, std::move(msg));
}

bool PyParser::FailAt(uint32_t offset, uint32_t line, uint32_t col, std::string msg) {
  if (err_->message.empty()) *err_ = SyntaxError{SourcePos{offset, line, col}, std::move(msg)};
  return false;
}

bool PyParser::Unsupported(const Token& at, std::string what) {
  unsupported_ = true;
  return Fail(at, std::move(what));
}

bool PyParser::Expect(absl::string_view op) {
  if (Accept(op)) return true;
  const Token& t = Peek();
  if (t.kind == Tok::kNewline || t.kind == Tok::kEnd) {
    return Fail(t, absl::StrCat("expected '", op, "'"));
  }
  return Fail(t, absl::StrCat("invalid syntax: expected '", op, "' before '", Text(t), "'"));
}

bool PyParser::ExpectKw(absl::string_view kw) {
  if (AcceptKw(kw)) return true;
  return Fail(Peek(), absl::StrCat("invalid syntax: expected '", kw, "'"));
}

uint32_t PyParser::New(K kind, const Token& at) {
  Node n;
  n.kind = kind;
  n.offset = at.begin;
  n.line = at.line;
  n.col = at.col;
  ast_->nodes.push_back(n);
  return static_cast<uint32_t>(ast_->nodes.size() - 1);
}

Span PyParser::Commit(size_t mark) {
  Span s{static_cast<uint32_t>(ast_->lists.size()), static_cast<uint32_t>(stack_.size() - mark)};
  ast_->lists.insert(ast_->lists.end(), stack_.begin() + static_cast<std::ptrdiff_t>(mark),
                     stack_.end());
  stack_.resize(mark);
  return s;
}

bool PyParser::Finish(uint32_t id) {
  Node& n = N(id);
  int d = 0;
  for (uint32_t c : {n.a, n.b, n.c}) {
    if (c != 0) d = std::max<int>(d, N(c).depth);
  }
  for (const Span& sp : n.l) {
    for (uint32_t k = 0; k < sp.size; ++k) {
      const uint32_t c = ast_->lists[sp.begin + k];
      if (c != 0) d = std::max<int>(d, N(c).depth);
    }
  }
  if (d + 1 > kMaxPythonDepth) {
    Node& m = N(id);
    return Unsupported(Token{Tok::kOp, m.offset, m.offset, m.line, m.col},
                       absl::StrCat("nesting deeper than ", kMaxPythonDepth, " levels"));
  }
  N(id).depth = static_cast<uint16_t>(d + 1);
  return true;
}

bool PyParser::Enter(const Token& at) {
  if (++depth_ <= kMaxPythonDepth / 2) return true;
  --depth_;
  return Unsupported(at, absl::StrCat("nesting deeper than ", kMaxPythonDepth / 2, " levels"));
}

ParseResult PyParser::Module(std::vector<uint32_t>* body) {
  const size_t mark = Mark();
  while (Peek().kind != Tok::kEnd) {
    if (!Statement()) return unsupported_ ? ParseResult::kUnsupported : ParseResult::kSyntaxError;
  }
  body->assign(stack_.begin() + static_cast<std::ptrdiff_t>(mark), stack_.end());
  stack_.resize(mark);
  return ParseResult::kOk;
}

bool PyParser::Statement() {
  const Token& t = Peek();
  if (t.kind == Tok::kIndent) return Fail(t, "unexpected indent");
  if (t.kind == Tok::kDedent) return Fail(t, "unindent does not match any outer indentation level");
  if (t.kind == Tok::kName) {
    absl::string_view w = Text(t);
    if (w == "match") {
      // A soft keyword: a statement when the logical line ends in ':'.
      size_t k = pos_;
      while (toks_[k].kind != Tok::kNewline && toks_[k].kind != Tok::kEnd) ++k;
      if (w == "match" && k > pos_ + 1 && Text(toks_[k - 1]) == ":" &&
          toks_[k - 1].kind == Tok::kOp) {
        uint32_t s = Match(t);
        if (s == 0) return false;
        Push(s);
        return true;
      }
    }
    if (w == "if" || w == "while" || w == "for" || w == "try" || w == "with" || w == "def" ||
        w == "class" || w == "async") {
      uint32_t s = Compound();
      if (s == 0) return false;
      Push(s);
      return true;
    }
  }
  if (IsOp("@")) {
    uint32_t s = Compound();
    if (s == 0) return false;
    Push(s);
    return true;
  }
  return SimpleStatements();
}

bool PyParser::SimpleStatements() {
  for (;;) {
    uint32_t s = SimpleStatement();
    if (s == 0) return false;
    Push(s);
    if (Accept(";")) {
      if (Peek().kind == Tok::kNewline) break;
      continue;
    }
    break;
  }
  if (Peek().kind != Tok::kNewline) {
    const Token& t = Peek();
    if (t.kind == Tok::kEnd) return Fail(t, "invalid syntax");
    return Fail(t, absl::StrCat("invalid syntax: unexpected '", Text(t), "'"));
  }
  ++pos_;
  return true;
}

bool PyParser::Block(Span* out) {
  if (!Expect(":")) return false;
  const size_t mark = Mark();
  if (Peek().kind == Tok::kNewline) {
    ++pos_;
    if (Peek().kind != Tok::kIndent) return Fail(Peek(), "expected an indented block");
    if (!Enter(Peek())) return false;
    ++pos_;
    while (Peek().kind != Tok::kDedent && Peek().kind != Tok::kEnd) {
      if (!Statement()) return false;
    }
    Leave();
    if (Peek().kind == Tok::kDedent) ++pos_;
  } else if (!SimpleStatements()) {
    return false;
  }
  *out = Commit(mark);
  return true;
}

uint32_t PyParser::SimpleStatement() {
  const Token& at = Peek();
  auto simple = [&](K kind) {
    ++pos_;
    return New(kind, at);
  };
  if (at.kind == Tok::kName) {
    absl::string_view w = Text(at);
    if (w == "pass") return simple(K::kPass);
    if (w == "break" || w == "continue") {
      if (!ctx_.in_loop) {
        Fail(at, w == "break" ? "'break' outside loop" : "'continue' not properly in loop");
        return 0;
      }
      return simple(w == "break" ? K::kBreak : K::kContinue);
    }
    if (w == "return" && !ctx_.in_function) {
      Fail(at, "'return' outside function");
      return 0;
    }
    if (w == "return" || w == "raise" || w == "assert" || w == "del" || w == "global" ||
        w == "nonlocal") {
      ++pos_;
      const bool end = Peek().kind == Tok::kNewline || IsOp(";");
      if (w == "return") {
        uint32_t n = New(K::kReturn, at);
        if (!end && (N(n).a = StarExpressions()) == 0) return 0;
        return Finish(n) ? n : 0;
      }
      if (w == "raise") {
        uint32_t n = New(K::kRaise, at);
        if (!end) {
          if ((N(n).a = Expression()) == 0) return 0;
          if (AcceptKw("from") && (N(n).b = Expression()) == 0) return 0;
        }
        return Finish(n) ? n : 0;
      }
      if (w == "assert") {
        uint32_t n = New(K::kAssert, at);
        if ((N(n).a = Expression()) == 0) return 0;
        if (Accept(",") && (N(n).b = Expression()) == 0) return 0;
        return Finish(n) ? n : 0;
      }
      const K kind = w == "del" ? K::kDelete : w == "global" ? K::kGlobal : K::kNonlocal;
      const size_t mark = Mark();
      do {
        if (kind == K::kDelete) {
          if (Peek().kind == Tok::kNewline || IsOp(";")) break;
          uint32_t e = BitOr();
          if (e == 0 || !CheckTarget(e, "delete")) return 0;
          Push(e);
        } else {
          if (Peek().kind != Tok::kName) {
            Fail(Peek(), "invalid syntax: expected a name");
            return 0;
          }
          uint32_t e = New(K::kName, Peek());
          N(e).text = Text(Peek());
          ++pos_;
          Push(e);
        }
      } while (Accept(","));
      if (Mark() == mark) {
        Fail(Peek(), "invalid syntax");
        return 0;
      }
      uint32_t n = New(kind, at);
      N(n).l[0] = Commit(mark);
      return Finish(n) ? n : 0;
    }
    if (w == "import") return Import(at);
    if (w == "from") return ImportFrom(at);
  }
  // Expression statement, assignment, augmented or annotated assignment.
  uint32_t first = IsKw("yield") ? YieldExpr() : StarExpressions();
  if (first == 0) return 0;
  auto rhs = [&]() { return IsKw("yield") ? YieldExpr() : StarExpressions(); };
  if (IsOp("=")) {
    const size_t mark = Mark();
    Push(first);
    uint32_t value = 0;
    while (Accept("=")) {
      value = rhs();
      if (value == 0) return 0;
      Push(value);
    }
    stack_.pop_back();  // the last one is the value
    for (size_t k = mark; k < stack_.size(); ++k) {
      if (N(stack_[k]).kind == K::kYield || N(stack_[k]).kind == K::kYieldFrom) {
        FailAt(N(stack_[k]).offset, N(stack_[k]).line, N(stack_[k]).col,
               "assignment to yield expression not possible");
        return 0;
      }
      if (!CheckTarget(stack_[k], "assign to")) return 0;
    }
    uint32_t n = New(K::kAssign, at);
    N(n).l[0] = Commit(mark);
    N(n).a = value;
    return Finish(n) ? n : 0;
  }
  const Node& f = N(first);
  const bool single = f.kind == K::kName || f.kind == K::kAttribute || f.kind == K::kSubscript;
  if (IsOp(":")) {
    if (!single) {
      Fail(Peek(), f.kind == K::kTuple ? "only single target (not tuple) can be annotated"
                   : f.kind == K::kList ? "only single target (not list) can be annotated"
                                        : "illegal target for annotation");
      return 0;
    }
    ++pos_;
    uint32_t n = New(K::kAnnAssign, at);
    N(n).a = first;
    if ((N(n).b = Expression()) == 0) return 0;
    if (Accept("=") && (N(n).c = rhs()) == 0) return 0;
    if (N(first).kind == K::kName && !(N(first).flags & kParenthesized)) N(n).flags |= kSimple;
    return Finish(n) ? n : 0;
  }
  if (Peek().kind == Tok::kOp) {
    static constexpr struct {
      const char* text;
      BinOp op;
    } kAug[] = {{"+=", kAdd},     {"-=", kSub},     {"*=", kMult},   {"@=", kMatMult},
                {"/=", kDiv},     {"%=", kMod},     {"&=", kBitAnd}, {"|=", kBitOr},
                {"^=", kBitXor},  {"<<=", kLShift}, {">>=", kRShift}, {"**=", kPow},
                {"//=", kFloorDiv}};
    for (const auto& a : kAug) {
      if (Text(Peek()) != a.text) continue;
      if (!single) {
        Fail(at, "illegal expression for augmented assignment");
        return 0;
      }
      ++pos_;
      uint32_t n = New(K::kAugAssign, at);
      N(n).a = first;
      N(n).op = a.op;
      if ((N(n).b = rhs()) == 0) return 0;
      return Finish(n) ? n : 0;
    }
  }
  uint32_t n = New(K::kExprStmt, at);
  N(n).a = first;
  return Finish(n) ? n : 0;
}

uint32_t PyParser::DottedName(absl::string_view* out) {
  const Token& first = Peek();
  if (first.kind != Tok::kName) {
    Fail(first, "invalid syntax: expected a module name");
    return 0;
  }
  uint32_t end = first.end;
  ++pos_;
  while (IsOp(".") && Peek(1).kind == Tok::kName) {
    end = Peek(1).end;
    pos_ += 2;
  }
  // Spaces around the dots are not kept: rebuild "a.b.c" when needed.
  absl::string_view raw = s_.substr(first.begin, end - first.begin);
  if (raw.find_first_of(" \t\\\n") != absl::string_view::npos) {
    std::string joined;
    for (char c : raw) {
      if (c != ' ' && c != '\t' && c != '\\' && c != '\n' && c != '\r') joined.push_back(c);
    }
    ast_->strings.push_back(std::move(joined));
    *out = ast_->strings.back();
  } else {
    *out = raw;
  }
  return 1;
}

// An import's optional `as NAME`, recorded on `alias`.
bool PyParser::AliasName(uint32_t alias) {
  if (!AcceptKw("as")) return true;
  if (Peek().kind != Tok::kName) return Fail(Peek(), "invalid syntax");
  uint32_t as = New(K::kName, Peek());
  N(as).text = Text(Peek());
  ++pos_;
  N(alias).a = as;
  return true;
}

uint32_t PyParser::Import(const Token& at) {
  ++pos_;
  const size_t mark = Mark();
  do {
    const Token& t = Peek();
    uint32_t alias = New(K::kAlias, t);
    absl::string_view name;
    if (!DottedName(&name)) return 0;
    N(alias).text = name;
    if (!AliasName(alias)) return 0;
    Push(alias);
  } while (Accept(","));
  uint32_t n = New(K::kImport, at);
  N(n).l[0] = Commit(mark);
  return n;
}

uint32_t PyParser::ImportFrom(const Token& at) {
  ++pos_;
  uint32_t level = 0;
  while (IsOp(".") || IsOp("...")) {
    level += IsOp(".") ? 1 : 3;
    ++pos_;
  }
  absl::string_view module;
  if (!IsKw("import") && !DottedName(&module)) return 0;
  if (level == 0 && module == "__future__") {
    return Fail(at, "from __future__ imports must occur at the beginning of the file"), 0;
  }
  if (!ExpectKw("import")) return 0;
  const size_t mark = Mark();
  const bool paren = Accept("(");
  // The body is a function's: CPython's compiler refuses `import *` there.
  if (IsOp("*")) return Fail(Peek(), "import * only allowed at module level"), 0;
  {
    do {
      if (paren && IsOp(")")) break;
      if (Peek().kind != Tok::kName) return Fail(Peek(), "invalid syntax: expected a name"), 0;
      uint32_t alias = New(K::kAlias, Peek());
      N(alias).text = Text(Peek());
      ++pos_;
      if (!AliasName(alias)) return 0;
      Push(alias);
    } while (Accept(","));
    if (!paren && Mark() > mark && Text(toks_[pos_ - 1]) == "," &&
        toks_[pos_ - 1].kind == Tok::kOp) {
      return Fail(toks_[pos_ - 1], "trailing comma not allowed without surrounding parentheses"), 0;
    }
  }
  if (paren && !Expect(")")) return 0;
  if (Mark() == mark) return Fail(Peek(), "invalid syntax"), 0;
  uint32_t n = New(K::kImportFrom, at);
  N(n).text = module;
  N(n).c = level;
  N(n).l[0] = Commit(mark);
  return n;
}

ParseResult ParseStatements(absl::string_view src, TokRange range, TokMode mode, Ast* ast,
                            std::vector<uint32_t>* body, SyntaxError* err) {
  *err = SyntaxError{};
  PyParser p(src, ast, err);
  if (!p.Init(range, mode)) return ParseResult::kSyntaxError;
  return p.Module(body);
}

}  // namespace pto::ir::text::py
