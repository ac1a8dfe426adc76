// ast.unparse for `match` and its patterns (unparser_impl.h): a
// sequence pattern always prints in brackets, `_` for the wildcard, and
// `as` / `|` patterns parenthesized only where they bind too loosely.

#include "ir/text/python/unparser_impl.h"

namespace pto::ir::text::py {

void Unparser::Match(const Node& n) {
  Fill("match ");
  Expr(n.a, kTestP);
  W(":");
  ++indent_;
  Each(n.l[0], [&](uint32_t c) {
    const Node& mc = N(c);
    Fill("case ");
    Pattern(mc.a, kTestP);
    if (mc.b != 0) {
      W(" if ");
      Expr(mc.b, kTestP);
    }
    Body(mc.l[0]);
  });
  --indent_;
}

void Unparser::Pattern(uint32_t id, int prec) {
  const Node& n = N(id);
  auto list = [&](const Span& s) {
    bool first = true;
    Each(s, [&](uint32_t c) {
      if (!first) W(", ");
      first = false;
      Pattern(c, kTestP);
    });
  };
  switch (n.kind) {
    case K::kMatchValue:
      Expr(n.a, kTestP);
      return;
    case K::kMatchSingleton:
      Expr(n.a, kTestP);
      return;
    case K::kMatchSequence:
      W("[");
      list(n.l[0]);
      W("]");
      return;
    case K::kMatchStar:
      W("*");
      W(n.text);
      return;
    case K::kMatchMapping: {
      W("{");
      for (uint32_t k = 0; k < n.l[0].size; ++k) {
        if (k != 0) W(", ");
        Expr(ast_.lists[n.l[0].begin + k], kTestP);
        W(": ");
        Pattern(ast_.lists[n.l[1].begin + k], kTestP);
      }
      if (n.flags & kStar) {
        if (n.l[0].size != 0) W(", ");
        W("**");
        W(n.text);
      }
      W("}");
      return;
    }
    case K::kMatchClass: {
      Expr(n.a, kAtomP);
      W("(");
      list(n.l[0]);
      bool first = n.l[0].size == 0;
      Each(n.l[1], [&](uint32_t k) {
        if (!first) W(", ");
        first = false;
        W(N(k).text);
        W("=");
        Pattern(N(k).a, kTestP);
      });
      W(")");
      return;
    }
    case K::kMatchAs:
      if (n.a == 0) {
        W(n.text);
        return;
      }
      if (prec > kTestP) W("(");
      Pattern(n.a, kBOrP);
      W(" as ");
      W(n.text);
      if (prec > kTestP) W(")");
      return;
    case K::kMatchOr: {
      if (prec > kBOrP) W("(");
      bool first = true;
      Each(n.l[0], [&](uint32_t c) {
        if (!first) W(" | ");
        first = false;
        Pattern(c, NextP(kBOrP));
      });
      if (prec > kBOrP) W(")");
      return;
    }
    default:
      ok_ = false;
      return;
  }
}

}  // namespace pto::ir::text::py
