// Calls of module-level `@pl.inline` functions, expanded at the call site as
// upstream's parser does:
//
//   @pl.inline
//   def add_one(x: pl.Tensor[[64], pl.FP32]) -> pl.Tensor[[64], pl.FP32]:
//       result: pl.Tensor[[64], pl.FP32] = pl.add(x, 1.0)
//       return result
//   ...
//       y: pl.Tensor[[64], pl.FP32] = add_one(x)
//
// parses as if the caller had written `result: ... = pl.add(x, 1.0)` and
// `y: ... = result`: the body's statements go into the caller's block, its
// names (and the parameters) stay visible afterwards (upstream leaks them),
// and the returned expression is the call's value.
//
// What upstream's expansion does, and so we do:
//   - a parameter names the argument's value itself, whatever expression it
//     is (`f(a + 1)`: every use of the parameter is `a + 1`; no assignment
//     is made for it);
//   - `return a, b` makes the value the tuple (a MakeTuple), which the caller
//     unpacks as any tuple, `x, y = f(...)` (a `_tuple_tmp` and its items);
//   - `f(x)` as a statement is an EvalStmt of the value;
//   - a docstring opening the body is skipped; the body's `#` comments and
//     other bare strings are not kept (upstream reads them against the
//     class's line numbers, which in practice keeps none);
//   - keyword arguments, a wrong argument count and a body that returns no
//     value are errors.
//
// Cost: the body is lexed again from its `def` for each call, once, front to
// back, so a program costs the size of the callers plus the bodies it
// expands: linear in the size of the expanded program.

#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

Value Parser::ExpandInlineCall(const Token& name, const Token& def) {
  absl::string_view n = Text(name);
  if (inline_depth_ >= 64) {
    return FailValue(name, absl::StrCat("inline function '", n,
                                        "' expands itself (recursive @pl.inline calls)"));
  }
  Advance();
  if (!Expect(K::kLParen)) return Value{};
  // Upstream parses the arguments in the caller's scope, before the body.
  absl::InlinedVector<Value, 4> args;
  while (!At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      return FailValue(Peek(), absl::StrCat("inline function '", n, "' (", filename_, ":",
                                            def.line, ") does not accept keyword argument '",
                                            Text(Peek()), "': pass its arguments positionally"));
    }
    Value v = ParseExpr();
    if (!v) return v;
    args.push_back(v);
    if (!Accept(K::kComma)) break;
  }
  if (!Expect(K::kRParen)) return Value{};

  return ParseAt({}, DefSite{def.offset, def.line}, [&]() -> Value {
    // def NAME ( params ) -> type :
    Advance();
    Advance();
    std::vector<Token> params;
    bool ok = Expect(K::kLParen);
    int depth = 1;
    bool param_start = true;
    while (ok && depth > 0 && !At(K::kEof)) {
      Token t = Advance();
      if (t.kind == K::kLParen || t.kind == K::kLBracket) ++depth;
      if (t.kind == K::kRParen || t.kind == K::kRBracket) --depth;
      if (depth == 1 && param_start && t.kind == K::kName) params.push_back(t);
      param_start = depth == 1 && t.kind == K::kComma;
    }
    while (ok && !(At(K::kColon) && At(K::kNewline, 1)) && !At(K::kEof)) Advance();
    ok = ok && Expect(K::kColon) && Expect(K::kNewline) && Expect(K::kIndent);
    if (ok && params.size() != args.size()) {
      return FailValue(name, absl::StrCat("inline function '", n, "' (", filename_, ":", def.line,
                                          ") expects ", params.size(), " argument(s), got ",
                                          args.size()));
    }
    for (size_t i = 0; ok && i < params.size(); ++i) {
      Bind(Text(params[i]), args[i].expr, params[i]);
      names_[Text(params[i])].value_depth = static_cast<uint16_t>(std::min(args[i].depth, 65535));
    }
    // The opening docstring.
    if (ok && At(K::kString) && At(K::kNewline, 1)) {
      Advance();
      Advance();
    }
    bool prev_mode = inline_mode_;
    Value prev_ret = inline_return_;
    inline_mode_ = true;
    inline_return_ = Value{};
    ++inline_depth_;
    bool first = true;
    while (ok && !At(K::kDedent) && !At(K::kEof)) {
      ok = ParseStatement(BlockKind::kFunction, nullptr, &first);
    }
    --inline_depth_;
    Value ret = inline_return_;
    inline_mode_ = prev_mode;
    inline_return_ = prev_ret;
    if (!ok) return Value{};
    if (!ret) {
      return FailValue(name, absl::StrCat("inline function '", n, "' (", filename_, ":", def.line,
                                          ") has no return value"));
    }
    ret.pos = name.pos();
    ret.depth = std::max(ret.depth, 1);
    return ret;
  });
}

void Parser::SetInlineReturn(const Token& at, const ExprList& values, bool tuple, int depth) {
  // A bare `return` leaves the value unset, as upstream's void inline does;
  // `return a, b` (or `return a,`) is the tuple of the values.
  if (values.empty()) return;
  inline_return_.expr =
      tuple ? ctx_.NewMakeTuple(ExprSpan(values.data(), values.size()), Loc(at)) : values[0];
  inline_return_.depth = tuple ? depth + 1 : depth;
}

bool Parser::AtInlineCall() {
  return At(K::kName) && At(K::kLParen, 1) && module_.inline_defs.contains(Text(Peek())) &&
         !names_.contains(Text(Peek()));
}

// `f(x)` on a line of its own where f returns a tuple: upstream keeps the
// tuple as an EvalStmt, which prints as a list literal; a list is no
// statement of ours (ParseExprStatement), so the print would not read back.
bool Parser::FailInlineTupleStatement(const Token& at) {
  return Fail(at, absl::StrCat("inline function '", Text(at),
                               "' returns a tuple, whose value a statement would discard: "
                               "unpack it (`a, b = ", Text(at), "(...)`)"));
}

// An `@pl.inline` def in the class body: upstream's program takes only the
// @pl.function methods, so it is no part of the program and nothing can call
// it (self.f is no function of the program, a bare f no name of the
// decorator's scope). Kept aside to say so at a call.
bool Parser::SkipClassInline() {
  if (!SkipModuleStatement()) return false;  // the decorator line
  if (At(K::kDef) && At(K::kName, 1)) module_.class_inline.emplace(Text(Peek(1)), Peek().line);
  return SkipModuleStatement();
}

// Also one defined further down the class: its `def` is indented and the
// line above it is `@pl.inline` (only asked on the way to an error).
bool Parser::IsClassInline(absl::string_view name) {
  if (module_.class_inline.contains(name)) return true;
  auto sites = module_.def_sites.find(name);
  const DefSite* site = sites == module_.def_sites.end() || module_.member_indent == 0
                            ? nullptr
                            : sites->second.At(module_.member_indent, module_.class_body);
  if (site == nullptr || site->offset == 0) return false;
  size_t end = site->offset - 1;  // the '\n' ending the line above
  size_t start = src_.rfind('\n', end == 0 ? 0 : end - 1);
  start = start == absl::string_view::npos ? 0 : start + 1;
  if (absl::StripAsciiWhitespace(src_.substr(start, end - start)) != "@pl.inline") return false;
  module_.class_inline.emplace(name, site->line);
  return true;
}

Value Parser::FailClassInlineCall(const Token& name) {
  absl::string_view n = Text(name);
  return FailValue(name, absl::StrCat("'", n, "' is an @pl.inline function of the program class (",
                                      filename_, ":", module_.class_inline[n],
                                      "), which upstream does not make part of the program: "
                                      "define it above the class and call it as ",
                                      n, "(...)"));
}

}  // namespace pto::ir::parser_impl
