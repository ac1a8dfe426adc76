// ast.unparse for statements (unparser_impl.h): one statement per
// line, compound bodies indented four spaces, a blank line before a nested
// def or class, docstrings triple-quoted.

#include "ir/text/python/unparser_impl.h"

namespace pto::ir::text::py {
namespace {

const char* AugText(uint8_t op) {
  static constexpr const char* kText[] = {"+=", "-=", "*=", "@=", "/=", "%=", "<<=",
                                          ">>=", "|=", "^=", "&=", "//=", "**="};
  return kText[op];
}

}  // namespace

void Unparser::Fill(absl::string_view s) {
  MaybeNewline();
  out_.append(static_cast<size_t>(indent_) * 4, ' ');
  W(s);
}

void Unparser::Body(const Span& s) {
  W(":");
  ++indent_;
  Each(s, [&](uint32_t c) { Stmt(c); });
  --indent_;
}

void Unparser::BodyWithDocstring(const Span& s) {
  W(":");
  ++indent_;
  bool first = true;
  Each(s, [&](uint32_t c) {
    const Node& n = N(c);
    if (first && n.kind == K::kExprStmt && N(n.a).kind == K::kStr) {
      Fill();
      if (N(n.a).flags & kUKind) W("u");
      StrAvoidingBackslashes(N(n.a).text, /*multi_only=*/true);
    } else {
      Stmt(c);
    }
    first = false;
  });
  --indent_;
}

void Unparser::Arguments(uint32_t id) {
  const Node& n = N(id);
  bool first = true;
  auto sep = [&]() {
    if (!first) W(", ");
    first = false;
  };
  auto arg = [&](uint32_t a) {
    W(N(a).text);
    if (N(a).a != 0) {
      W(": ");
      Expr(N(a).a, kTestP);
    }
  };
  const uint32_t npos = n.l[0].size, ndef = n.l[1].size;
  for (uint32_t i = 0; i < npos; ++i) {
    sep();
    arg(ast_.lists[n.l[0].begin + i]);
    if (i + ndef >= npos) {
      W("=");
      Expr(ast_.lists[n.l[1].begin + (i + ndef - npos)], kTestP);
    }
    if (n.c != 0 && i + 1 == n.c) W(", /");
  }
  if (n.a != 0 || n.l[2].size != 0) {
    sep();
    W("*");
    if (n.a != 0) arg(n.a);
  }
  for (uint32_t i = 0; i < n.l[2].size; ++i) {
    W(", ");
    arg(ast_.lists[n.l[2].begin + i]);
    const uint32_t d = ast_.lists[n.l[3].begin + i];
    if (d != 0) {
      W("=");
      Expr(d, kTestP);
    }
  }
  if (n.b != 0) {
    sep();
    W("**");
    arg(n.b);
  }
}

void Unparser::FunctionDef(const Node& n) {
  MaybeNewline();
  Each(n.l[0], [&](uint32_t d) {
    Fill("@");
    Expr(d, kTestP);
  });
  Fill(n.flags & kAsync ? "async def " : "def ");
  W(n.text);
  W("(");
  Arguments(n.a);
  W(")");
  if (n.b != 0) {
    W(" -> ");
    Expr(n.b, kTestP);
  }
  BodyWithDocstring(n.l[1]);
}

void Unparser::ClassDef(const Node& n) {
  MaybeNewline();
  Each(n.l[0], [&](uint32_t d) {
    Fill("@");
    Expr(d, kTestP);
  });
  Fill("class ");
  W(n.text);
  if (n.l[1].size != 0 || n.l[2].size != 0) {
    W("(");
    bool first = true;
    for (const Span* s : {&n.l[1], &n.l[2]}) {
      Each(*s, [&](uint32_t c) {
        if (!first) W(", ");
        first = false;
        Expr(c, kTestP);
      });
    }
    W(")");
  }
  BodyWithDocstring(n.l[3]);
}

void Unparser::Try(const Node& n) {
  const bool saved = in_try_star_;
  in_try_star_ = (n.flags & kStar) != 0;
  Fill("try");
  Body(n.l[0]);
  Each(n.l[1], [&](uint32_t h) {
    const Node& e = N(h);
    Fill(in_try_star_ ? "except*" : "except");
    if (e.a != 0) {
      W(" ");
      Expr(e.a, kTestP);
    }
    if (!e.text.empty()) {
      W(" as ");
      W(e.text);
    }
    Body(e.l[0]);
  });
  if (n.l[2].size != 0) {
    Fill("else");
    Body(n.l[2]);
  }
  if (n.l[3].size != 0) {
    Fill("finally");
    Body(n.l[3]);
  }
  in_try_star_ = saved;
}

void Unparser::Stmt(uint32_t id) {
  const Node& n = N(id);
  switch (n.kind) {
    case K::kExprStmt:
      Fill();
      Expr(n.a, kYieldP);
      return;
    case K::kAssign:
      Fill();
      Each(n.l[0], [&](uint32_t t) {
        Expr(t, kTupleP);
        W(" = ");
      });
      Expr(n.a, kTestP);
      return;
    case K::kAugAssign:
      Fill();
      Expr(n.a, kTestP);
      W(" ");
      W(AugText(n.op));
      W(" ");
      Expr(n.b, kTestP);
      return;
    case K::kAnnAssign: {
      Fill();
      const bool parens = !(n.flags & kSimple) && N(n.a).kind == K::kName;
      if (parens) W("(");
      Expr(n.a, kTestP);
      if (parens) W(")");
      W(": ");
      Expr(n.b, kTestP);
      if (n.c != 0) {
        W(" = ");
        Expr(n.c, kTestP);
      }
      return;
    }
    case K::kReturn:
      Fill("return");
      if (n.a != 0) {
        W(" ");
        Expr(n.a, kTestP);
      }
      return;
    case K::kPass: Fill("pass"); return;
    case K::kBreak: Fill("break"); return;
    case K::kContinue: Fill("continue"); return;
    case K::kDelete:
      Fill("del ");
      Interleave(n.l[0], kTestP);
      return;
    case K::kAssert:
      Fill("assert ");
      Expr(n.a, kTestP);
      if (n.b != 0) {
        W(", ");
        Expr(n.b, kTestP);
      }
      return;
    case K::kGlobal:
    case K::kNonlocal:
      Fill(n.kind == K::kGlobal ? "global " : "nonlocal ");
      Interleave(n.l[0], kTestP);
      return;
    case K::kRaise:
      Fill("raise");
      if (n.a != 0) {
        W(" ");
        Expr(n.a, kTestP);
        if (n.b != 0) {
          W(" from ");
          Expr(n.b, kTestP);
        }
      }
      return;
    case K::kImport:
    case K::kImportFrom: {
      if (n.kind == K::kImport) {
        Fill("import ");
      } else {
        Fill("from ");
        out_.append(n.c, '.');
        W(n.text);
        W(" import ");
      }
      bool first = true;
      Each(n.l[0], [&](uint32_t a) {
        if (!first) W(", ");
        first = false;
        W(N(a).text);
        if (N(a).a != 0) {
          W(" as ");
          W(N(N(a).a).text);
        }
      });
      return;
    }
    case K::kIf: {
      Fill("if ");
      Expr(n.a, kTestP);
      Body(n.l[0]);
      const Node* cur = &n;
      // A lone `if` in an else collapses into elif.
      while (cur->l[1].size == 1 && N(ast_.lists[cur->l[1].begin]).kind == K::kIf) {
        cur = &N(ast_.lists[cur->l[1].begin]);
        Fill("elif ");
        Expr(cur->a, kTestP);
        Body(cur->l[0]);
      }
      if (cur->l[1].size != 0) {
        Fill("else");
        Body(cur->l[1]);
      }
      return;
    }
    case K::kFor:
    case K::kWhile:
      if (n.kind == K::kFor) {
        Fill(n.flags & kAsync ? "async for " : "for ");
        Expr(n.a, kTupleP);
        W(" in ");
        Expr(n.b, kTestP);
      } else {
        Fill("while ");
        Expr(n.a, kTestP);
      }
      Body(n.l[0]);
      if (n.l[1].size != 0) {
        Fill("else");
        Body(n.l[1]);
      }
      return;
    case K::kWith: {
      Fill(n.flags & kAsync ? "async with " : "with ");
      bool first = true;
      Each(n.l[0], [&](uint32_t i) {
        if (!first) W(", ");
        first = false;
        Expr(N(i).a, kTestP);
        if (N(i).b != 0) {
          W(" as ");
          Expr(N(i).b, kTestP);
        }
      });
      Body(n.l[1]);
      return;
    }
    case K::kTry:
      Try(n);
      return;
    case K::kFunctionDef:
      FunctionDef(n);
      return;
    case K::kClassDef:
      ClassDef(n);
      return;
    case K::kMatch:
      Match(n);
      return;
    default:
      ok_ = false;
      return;
  }
}

}  // namespace pto::ir::text::py
