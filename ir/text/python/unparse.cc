// ast.unparse for expressions (unparser_impl.h), and the entry points
// of unparse.h.

#include "ir/text/python/unparse.h"

#include "ir/text/python/reader/parser_impl.h"
#include "ir/text/python/repr.h"
#include "ir/text/python/unparser_impl.h"

namespace pto::ir::text::py {
namespace {

constexpr absl::string_view kAllQuotes[] = {"'", "\"", "\"\"\"", "'''"};
constexpr absl::string_view kMultiQuotes[] = {"\"\"\"", "'''"};

const char* BinOpText(uint8_t op) {
  static constexpr const char* kText[] = {"+", "-", "*", "@", "/", "%", "<<",
                                          ">>", "|", "^", "&", "//", "**"};
  return kText[op];
}

int BinOpPrec(uint8_t op) {
  switch (op) {
    case kAdd: case kSub: return kArithP;
    case kMult: case kMatMult: case kDiv: case kMod: case kFloorDiv: return kTermP;
    case kLShift: case kRShift: return kShiftP;
    case kBitOr: return kBOrP;
    case kBitXor: return kBXorP;
    case kBitAnd: return kBAndP;
    default: return kPowerP;
  }
}

const char* CmpText(uint32_t op) {
  static constexpr const char* kText[] = {"==", "!=", "<", "<=", ">", ">=",
                                          "is", "is not", "in", "not in"};
  return kText[op];
}

}  // namespace

void Unparser::Interleave(const Span& s, int prec) {
  bool first = true;
  Each(s, [&](uint32_t c) {
    if (!first) W(", ");
    first = false;
    Expr(c, prec);
  });
}

void Unparser::ItemsView(const Span& s) {
  Interleave(s, kTestP);
  if (s.size == 1) W(",");
}

void Unparser::StrAvoidingBackslashes(absl::string_view value, bool multi_only) {
  std::vector<absl::string_view> quotes;
  if (multi_only) {
    quotes.assign(std::begin(kMultiQuotes), std::end(kMultiQuotes));
  } else {
    quotes.assign(std::begin(kAllQuotes), std::end(kAllQuotes));
  }
  const std::string body = StrLiteralHelper(value, &quotes, /*escape_ws=*/false);
  W(quotes[0]);
  W(body);
  W(quotes[0]);
}

void Unparser::Constant(const Node& n) {
  switch (n.kind) {
    case K::kStr:
      if (n.flags & kUKind) W("u");
      if (avoid_) {
        StrAvoidingBackslashes(n.text, false);
      } else {
        W(StrRepr(n.text));
      }
      return;
    case K::kBytes:
      W(BytesRepr(n.text));
      return;
    case K::kTrue: W("True"); return;
    case K::kFalse: W("False"); return;
    case K::kNone: W("None"); return;
    case K::kEllipsis: W("..."); return;
    default:
      W(n.text);  // numbers: already repr()
      return;
  }
}

void Unparser::FStringInner(uint32_t id, std::string* out) {
  const Node& n = N(id);
  if (n.kind == K::kJoinedStr) {
    Each(n.l[0], [&](uint32_t c) { FStringInner(c, out); });
  } else if (n.kind == K::kStr) {
    for (char c : n.text) {
      out->push_back(c);
      if (c == '{' || c == '}') out->push_back(c);
    }
  } else {
    Formatted(n, out);
  }
}

void Unparser::Formatted(const Node& n, std::string* out) {
  out->push_back('{');
  Unparser inner(ast_, /*avoid_backslashes=*/true);
  inner.Expr(n.a, NextP(kTestP));
  if (!inner.ok() || inner.text().find('\\') != std::string::npos) {
    ok_ = false;  // ast.unparse raises here: "Unable to avoid backslash"
  }
  if (!inner.text().empty() && inner.text()[0] == '{') out->push_back(' ');
  out->append(inner.text());
  if (n.op != 0) {
    out->push_back('!');
    out->push_back(static_cast<char>(n.op));
  }
  if (n.b != 0) {
    out->push_back(':');
    FStringInner(n.b, out);
  }
  out->push_back('}');
}

void Unparser::JoinedStr(const Node& n) {
  W("f");
  if (avoid_) {
    std::string all;
    FStringInner(static_cast<uint32_t>(&n - ast_.nodes.data()), &all);
    StrAvoidingBackslashes(all, false);
    return;
  }
  // Each part is escaped on its own; the quote must suit every part.
  std::vector<std::pair<std::string, bool>> parts;
  Each(n.l[0], [&](uint32_t c) {
    std::string s;
    FStringInner(c, &s);
    parts.emplace_back(std::move(s), N(c).kind == K::kStr);
  });
  std::vector<absl::string_view> quotes(std::begin(kAllQuotes), std::end(kAllQuotes));
  std::string joined;
  bool fallback = false;
  for (const auto& [value, is_constant] : parts) {
    std::vector<absl::string_view> q = quotes;
    std::string escaped = StrLiteralHelper(value, &q, /*escape_ws=*/is_constant);
    bool disjoint = true;
    for (absl::string_view a : q) {
      for (absl::string_view b : quotes) disjoint &= a != b;
    }
    if (disjoint) {
      fallback = true;
      break;
    }
    joined += escaped;
    quotes = std::move(q);
  }
  if (fallback) {
    quotes = {"'''"};
    joined.clear();
    for (const auto& part : parts) {
      const std::string r = StrRepr("\"" + part.first);  // single quotes forced
      joined.append(r, 2, r.size() - 3);
    }
  }
  W(quotes[0]);
  W(joined);
  W(quotes[0]);
}

void Unparser::Comprehension(const Node& n) {
  W(n.flags & kAsync ? " async for " : " for ");
  Expr(n.a, kTupleP);
  W(" in ");
  Expr(n.b, NextP(kTestP));
  Each(n.l[0], [&](uint32_t c) {
    W(" if ");
    Expr(c, NextP(kTestP));
  });
}

void Unparser::Expr(uint32_t id, int prec) {
  const Node& n = N(id);
  auto open = [&](bool parens) {
    if (parens) W("(");
    return parens;
  };
  auto close = [&](bool parens) {
    if (parens) W(")");
  };
  switch (n.kind) {
    case K::kName:
      W(n.text);
      return;
    case K::kInt: case K::kFloat: case K::kImag: case K::kStr: case K::kBytes: case K::kTrue:
    case K::kFalse: case K::kNone: case K::kEllipsis:
      Constant(n);
      return;
    case K::kJoinedStr:
      JoinedStr(n);
      return;
    case K::kNamedExpr: {
      const bool p = open(prec > kNamedExprP);
      Expr(n.a, kAtomP);
      W(" := ");
      Expr(n.b, kAtomP);
      close(p);
      return;
    }
    case K::kBinOp: {
      const int op = BinOpPrec(n.op);
      const bool p = open(prec > op);
      const bool right_assoc = n.op == kPow;
      Expr(n.a, right_assoc ? NextP(op) : op);
      W(" ");
      W(BinOpText(n.op));
      W(" ");
      Expr(n.b, right_assoc ? op : NextP(op));
      close(p);
      return;
    }
    case K::kUnary: {
      const int op = n.op == kNot ? kNotP : kFactorP;
      const bool p = open(prec > op);
      W(n.op == kNot ? "not " : n.op == kInvert ? "~" : n.op == kUAdd ? "+" : "-");
      Expr(n.a, op);
      close(p);
      return;
    }
    case K::kBoolOp: {
      int op = n.op == 0 ? kAndP : kOrP;
      const bool p = open(prec > op);
      bool first = true;
      // Each operand binds one level tighter than the one before it.
      Each(n.l[0], [&](uint32_t c) {
        if (!first) W(n.op == 0 ? " and " : " or ");
        first = false;
        op = NextP(op);
        Expr(c, op);
      });
      close(p);
      return;
    }
    case K::kCompare: {
      const bool p = open(prec > kCmpP);
      Expr(n.a, NextP(kCmpP));
      for (uint32_t k = 0; k < n.l[0].size; ++k) {
        W(" ");
        W(CmpText(ast_.lists[n.l[1].begin + k]));
        W(" ");
        Expr(ast_.lists[n.l[0].begin + k], NextP(kCmpP));
      }
      close(p);
      return;
    }
    case K::kAttribute: {
      Expr(n.a, kAtomP);
      const K v = N(n.a).kind;
      if (v == K::kInt || v == K::kTrue || v == K::kFalse) W(" ");
      W(".");
      W(n.text);
      return;
    }
    case K::kCall: {
      Expr(n.a, kAtomP);
      W("(");
      bool first = true;
      Each(n.l[0], [&](uint32_t c) {
        if (!first) W(", ");
        first = false;
        Expr(c, kTestP);
      });
      Each(n.l[1], [&](uint32_t c) {
        if (!first) W(", ");
        first = false;
        Expr(c, kTestP);
      });
      W(")");
      return;
    }
    case K::kKeyword:
      if (n.text.empty()) {
        W("**");
      } else {
        W(n.text);
        W("=");
      }
      Expr(n.a, kTestP);
      return;
    case K::kSubscript:
      Expr(n.a, kAtomP);
      W("[");
      if (N(n.b).kind == K::kTuple && N(n.b).l[0].size != 0) {
        ItemsView(N(n.b).l[0]);
      } else {
        Expr(n.b, kTestP);
      }
      W("]");
      return;
    case K::kStarred:
      W("*");
      Expr(n.a, kExprP);
      return;
    case K::kSlice:
      if (n.a != 0) Expr(n.a, kTestP);
      W(":");
      if (n.b != 0) Expr(n.b, kTestP);
      if (n.c != 0) {
        W(":");
        Expr(n.c, kTestP);
      }
      return;
    case K::kTuple: {
      const bool p = open(n.l[0].size == 0 || prec > kTupleP);
      ItemsView(n.l[0]);
      close(p);
      return;
    }
    case K::kList:
      W("[");
      Interleave(n.l[0], kTestP);
      W("]");
      return;
    case K::kSet:
      if (n.l[0].size == 0) {
        W("{*()}");
        return;
      }
      W("{");
      Interleave(n.l[0], kTestP);
      W("}");
      return;
    case K::kDict: {
      W("{");
      for (uint32_t k = 0; k < n.l[0].size; ++k) {
        if (k != 0) W(", ");
        const uint32_t key = ast_.lists[n.l[0].begin + k];
        const uint32_t value = ast_.lists[n.l[1].begin + k];
        if (key == 0) {
          W("**");
          Expr(value, kExprP);
        } else {
          Expr(key, kTestP);
          W(": ");
          Expr(value, kTestP);
        }
      }
      W("}");
      return;
    }
    case K::kListComp: case K::kSetComp: case K::kGenExp: case K::kDictComp: {
      W(n.kind == K::kListComp ? "[" : n.kind == K::kGenExp ? "(" : "{");
      Expr(n.a, kTestP);
      if (n.kind == K::kDictComp) {
        W(": ");
        Expr(n.b, kTestP);
      }
      Each(n.l[0], [&](uint32_t c) { Comprehension(N(c)); });
      W(n.kind == K::kListComp ? "]" : n.kind == K::kGenExp ? ")" : "}");
      return;
    }
    case K::kIfExp: {
      const bool p = open(prec > kTestP);
      Expr(n.a, NextP(kTestP));
      W(" if ");
      Expr(n.b, NextP(kTestP));
      W(" else ");
      Expr(n.c, kTestP);
      close(p);
      return;
    }
    case K::kLambda: {
      const bool p = open(prec > kTestP);
      W("lambda");
      const size_t at = out_.size();
      Arguments(n.a);
      if (out_.size() > at) out_.insert(at, " ");
      W(": ");
      Expr(n.b, kTestP);
      close(p);
      return;
    }
    case K::kAwait: case K::kYield: case K::kYieldFrom: {
      const bool p = open(prec > (n.kind == K::kAwait ? kAwaitP : kYieldP));
      W(n.kind == K::kAwait ? "await" : n.kind == K::kYield ? "yield" : "yield from");
      if (n.a != 0) {
        W(" ");
        Expr(n.a, kAtomP);
      }
      close(p);
      return;
    }
    default:
      ok_ = false;  // not an expression
      return;
  }
}

bool UnparseStatements(const Ast& ast, const std::vector<uint32_t>& body, std::string* out) {
  std::string text;
  for (size_t i = 0; i < body.size(); ++i) {
    Unparser one(ast, false);
    one.Stmt(body[i]);
    if (!one.ok()) return false;
    if (i != 0) text.push_back('\n');
    text += one.text();
  }
  *out = std::move(text);
  return true;
}

namespace {

ParseResult CanonicalOnce(absl::string_view src, TokRange range, TokMode mode, std::string* out,
                          SyntaxError* err) {
  // Statement by statement: each top-level statement is unparsed on its own
  // (as upstream does), so its tree is dropped before the next is parsed and
  // memory stays bounded by the largest statement.
  *err = SyntaxError{};
  Ast ast;
  PyParser p(src, &ast, err);
  if (!p.Init(range, mode)) return ParseResult::kSyntaxError;
  std::string text;
  bool first = true;
  while (p.Peek().kind != Tok::kEnd) {
    const size_t mark = p.Mark();
    if (!p.Statement()) {
      return p.unsupported_ ? ParseResult::kUnsupported : ParseResult::kSyntaxError;
    }
    for (size_t k = mark; k < p.stack_.size(); ++k) {
      Unparser one(ast, /*avoid_backslashes=*/false);
      one.Stmt(p.stack_[k]);
      if (!one.ok()) {
        err->message = "an f-string replacement field that ast.unparse cannot write";
        return ParseResult::kUnsupported;
      }
      if (!first) text.push_back('\n');
      first = false;
      text += one.text();
    }
    p.stack_.resize(mark);
    ast.nodes.resize(1);
    ast.lists.clear();
    ast.strings.clear();
  }
  *out = std::move(text);
  return ParseResult::kOk;
}

}  // namespace

ParseResult CanonicalPython(absl::string_view src, TokRange range, TokMode mode,
                            std::string* out, SyntaxError* err) {
  const ParseResult r = CanonicalOnce(src, range, mode, out, err);
  if (r != ParseResult::kOk) return r;
  // ast.unparse's text is not always Python 3.11 reads back: a format spec
  // character that needs an escape puts a backslash in a replacement field,
  // which 3.11 rejects. Such a body keeps the user's text, so that what the
  // IR stores reads back as itself.
  std::string again;
  SyntaxError ignored;
  const TokRange whole{0, static_cast<uint32_t>(out->size()), 1, 0};
  if (CanonicalOnce(*out, whole, TokMode::kBlock, &again, &ignored) != ParseResult::kOk ||
      again != *out) {
    err->message = "ast.unparse's text for it would not read back as the same Python";
    return ParseResult::kUnsupported;
  }
  return ParseResult::kOk;
}

}  // namespace pto::ir::text::py
