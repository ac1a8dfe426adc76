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
// `y: ... = result`: the parameters name the argument values, the body's
// statements go into the caller's block, its names stay visible afterwards
// (upstream leaks them), and the returned expression is the call's value.
// The body is lexed again from its `def` for each call, so a program costs
// the size of the callers plus the inlined bodies it expands.

#include "ir/text/parser_impl.h"

namespace pto::ir::parser_impl {

Value Parser::ExpandInlineCall(const Token& name, const Token& def) {
  absl::string_view n = Text(name);
  if (inline_depth_ >= 64) {
    return FailValue(name, absl::StrCat("inline function '", n,
                                        "' expands itself (recursive @pl.inline calls)"));
  }
  Advance();
  if (!Expect(K::kLParen)) return Value{};
  std::vector<Value> args;
  while (!At(K::kRParen)) {
    if (At(K::kName) && At(K::kAssign, 1)) {
      return FailValue(Peek(), absl::StrCat("inline function '", n,
                                            "' takes positional arguments only"));
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
      const Var* v = args[i].expr->As<Var>();
      if (v == nullptr) {
        return FailValue(name, absl::StrCat("inline function '", n, "': argument ", i + 1,
                                            " must be a variable name"));
      }
      Bind(Text(params[i]), v, params[i]);
    }
    bool prev_mode = inline_mode_;
    Value prev_ret = inline_return_;
    inline_mode_ = true;
    inline_return_ = Value{};
    ++inline_depth_;
    while (ok && !At(K::kDedent) && !At(K::kEof)) {
      ok = ParseStatement(BlockKind::kFunction, nullptr);
    }
    --inline_depth_;
    Value ret = inline_return_;
    inline_mode_ = prev_mode;
    inline_return_ = prev_ret;
    if (!ok) return Value{};
    if (!ret) {
      return FailValue(name, absl::StrCat("inline function '", n, "' has no return value"));
    }
    ret.pos = name.pos();
    return ret;
  });
}

}  // namespace pto::ir::parser_impl
