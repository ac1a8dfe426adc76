// Private to //ir/text/python: the host-Python parser behind py::ParseStatements
// (ast.h). Statements are in parse.cc, expressions in
// parse_expr.cc, literals (numbers, strings, f-strings) in
// literals.cc. Recursive descent with one token of lookahead (two at
// a few places); every recursive entry counts depth against kMaxPythonDepth.
//
//   PyParser p(src, ast, &err);
//   if (!p.Init(range, mode)) return ParseResult::kSyntaxError;
//   ParseResult r = p.Module(&body);

#ifndef PTO_IR_TEXT_PYTHON_READER_PARSER_IMPL_H_
#define PTO_IR_TEXT_PYTHON_READER_PARSER_IMPL_H_

#include <string>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/string_view.h"
#include "ir/text/python/ast.h"

namespace pto::ir::text::py {

// Decodes a str literal's escapes (literals.cc); false at a bad one
// (`*bad`: its offset in `in`), `*unsupported` when valid but not handled.
bool DecodeLiteralPart(absl::string_view in, std::string* out, size_t* bad, std::string* msg,
                       bool* unsupported);

// A short list built while parsing (keywords, defaults, ...): on the stack
// unless it grows long.
using Scratch = absl::InlinedVector<uint32_t, 8>;

class PyParser {
 public:
  PyParser(absl::string_view src, Ast* ast, SyntaxError* err) : s_(src), ast_(ast), err_(err) {}

  bool Init(TokRange range, TokMode mode);
  ParseResult Module(std::vector<uint32_t>* body);
  // An f-string replacement field's expression (literals.cc).
  uint32_t FieldExpression();

  // --- shared helpers
  const Token& Peek(int k = 0) const { return toks_[pos_ + k < toks_.size() ? pos_ + k : toks_.size() - 1]; }
  absl::string_view Text(const Token& t) const { return TokenText(s_, t); }
  // Token text equality without a memcmp call: operators and keywords are
  // a few bytes, and these run for every token.
  bool TokIs(const Token& t, absl::string_view w) const {
    if (t.end - t.begin != w.size()) return false;
    for (size_t i = 0; i < w.size(); ++i) {
      if (s_[t.begin + i] != w[i]) return false;
    }
    return true;
  }
  bool IsOp(absl::string_view op, int k = 0) const {
    return Peek(k).kind == Tok::kOp && TokIs(Peek(k), op);
  }
  bool IsKw(absl::string_view kw, int k = 0) const {
    return Peek(k).kind == Tok::kName && TokIs(Peek(k), kw);
  }
  bool Accept(absl::string_view op) {
    if (!IsOp(op)) return false;
    ++pos_;
    return true;
  }
  bool AcceptKw(absl::string_view kw) {
    if (!IsKw(kw)) return false;
    ++pos_;
    return true;
  }
  bool Expect(absl::string_view op);
  bool ExpectKw(absl::string_view kw);
  bool Fail(const Token& at, std::string msg);
  bool FailAt(uint32_t offset, uint32_t line, uint32_t col, std::string msg);
  bool Unsupported(const Token& at, std::string what);

  uint32_t New(K kind, const Token& at);
  Node& N(uint32_t id) { return ast_->nodes[id]; }
  // Child lists: push ids on the scratch stack, then Commit(mark).
  size_t Mark() const { return stack_.size(); }
  void Push(uint32_t id) { stack_.push_back(id); }
  Span Commit(size_t mark);
  // Recomputes a node's depth from its children; false (and an error) past
  // the limit.
  bool Finish(uint32_t id);

  bool Enter(const Token& at);
  void Leave() { --depth_; }

  // --- expressions (parse_expr.cc); 0 on error
  uint32_t StarExpressions();   // a, *b, c  -> Tuple when a comma appears
  uint32_t StarExpression();    // *e or an expression
  uint32_t Starred();           // *e, at the '*'
  uint32_t NamedExpression();   // x := e or an expression
  uint32_t Expression();        // conditional / lambda
  uint32_t Disjunction();
  uint32_t BitOr();
  uint32_t Primary();
  uint32_t Atom();
  uint32_t YieldExpr();
  uint32_t Lambda();
  uint32_t Arguments(bool lambda);  // a kArguments node; stops before ')' or ':'
  uint32_t TargetList(const char* stop_kw);  // for-targets: stops before `stop_kw`
  bool Comprehensions(Span* out);  // `for ... in ... if ...` clauses
  uint32_t Slices();
  bool CallArgs(Span* args, Span* keywords);  // at '(' through ')'
  bool CheckTarget(uint32_t id, const char* what);  // assignable?
  bool IsComprehensionStart() const { return IsKw("for") || (IsKw("async") && IsKw("for", 1)); }

  // --- literals (literals.cc)
  uint32_t Number(const Token& t);
  uint32_t Strings();  // one or more adjacent string tokens
  // The parts of one f-string token's `body` (starting at `body_begin`), or
  // of a format spec (`nesting` 1, or 2 inside a field of a spec): literal
  // text accumulates in *literal, fields are pushed (fstring.cc).
  bool FString(const Token& tok, uint32_t body_begin, absl::string_view body, bool raw,
               int nesting, std::string* literal);
  void FlushLiteral(std::string* literal, const Token& at);

  // --- statements (parse.cc)
  bool Statement();  // pushes the statement's ids (several for a; b)
  bool SimpleStatements();
  uint32_t SimpleStatement();
  uint32_t Compound();
  bool Block(Span* out);  // ':' then NEWLINE INDENT stmts DEDENT, or simple stmts
  uint32_t FunctionDef(Span decorators, const Token& at, bool is_async);
  uint32_t ClassDef(Span decorators, const Token& at);
  uint32_t If(const Token& at);
  uint32_t Try(const Token& at);
  uint32_t With(const Token& at, bool is_async);
  uint32_t Import(const Token& at);
  bool AliasName(uint32_t alias);
  uint32_t ImportFrom(const Token& at);
  uint32_t DottedName(absl::string_view* out);
  // `match` (parse_match.cc).
  uint32_t Match(const Token& at);
  uint32_t Patterns();        // a case's patterns: a, b -> MatchSequence
  uint32_t Pattern();         // as-pattern or or-pattern
  uint32_t ClosedPattern();
  uint32_t MaybeStarPattern();
  uint32_t PatternValue();    // a literal or dotted name, as a value

  absl::string_view s_;
  Ast* ast_;
  SyntaxError* err_;
  std::vector<Token> toks_;
  size_t pos_ = 0;
  std::vector<uint32_t> stack_;
  int depth_ = 0;
  bool unsupported_ = false;
  // What CPython's compiler checks of the enclosing blocks (upstream's file
  // would not import otherwise). The body is that of a plain `def`.
  struct Context {
    bool in_loop = false;
    bool in_function = true;
    bool in_async = false;
  };
  Context ctx_;
};

}  // namespace pto::ir::text::py

#endif  // PTO_IR_TEXT_PYTHON_READER_PARSER_IMPL_H_
