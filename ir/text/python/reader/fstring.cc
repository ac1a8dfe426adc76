// f-strings as CPython 3.11 reads them (parser_impl.h): the token is
// one string; its body splits into literal text ({{ and }} halved, escapes
// decoded unless raw) and replacement fields {expr=!c:spec}, whose
// expression is parsed from the source in place (it may not hold a
// backslash or '#', and its quotes differ from the token's).

#include "absl/strings/str_cat.h"
#include "ir/text/python/reader/parser_impl.h"

namespace pto::ir::text::py {

bool PyParser::FString(const Token& tok, uint32_t body_begin, absl::string_view body, bool raw,
                       int nesting, std::string* literal) {
  const bool spec = nesting > 0;
  auto fail_at = [&](size_t i, std::string msg) {
    // Line and column of body[i]: count the line breaks from the token.
    uint32_t off = body_begin + static_cast<uint32_t>(i);
    uint32_t line = tok.line, line_start = tok.begin - (tok.col - 1);
    for (uint32_t k = tok.begin; k < off && k < s_.size(); ++k) {
      if (s_[k] == '\n') {
        ++line;
        line_start = k + 1;
      }
    }
    return FailAt(off, line, off - line_start + 1, std::move(msg));
  };
  size_t lit = 0;
  auto take_literal = [&](size_t end) -> bool {
    absl::string_view part = body.substr(lit, end - lit);
    if (raw) {
      literal->append(part.data(), part.size());
      return true;
    }
    size_t bad = 0;
    std::string msg;
    bool unsup = false;
    if (DecodeLiteralPart(part, literal, &bad, &msg, &unsup)) return true;
    if (unsup) return Unsupported(tok, msg);
    return fail_at(lit + bad, absl::StrCat("(unicode error) 'unicodeescape' codec can't "
                                           "decode bytes: ", msg));
  };
  size_t i = 0;
  while (i < body.size()) {
    const char c = body[i];
    if (c == '}') {
      if (i + 1 < body.size() && body[i + 1] == '}') {
        if (!take_literal(i + 1)) return false;
        lit = i += 2;
        continue;
      }
      return fail_at(i, "f-string: single '}' is not allowed");
    }
    if (c != '{') {
      ++i;
      continue;
    }
    // `{{` is a literal brace, except in a format spec where it opens a
    // field whose expression is a display.
    if (!spec && i + 1 < body.size() && body[i + 1] == '{') {
      if (!take_literal(i + 1)) return false;
      lit = i += 2;
      continue;
    }
    if (!take_literal(i)) return false;
    if (nesting >= 2) return fail_at(i, "f-string: expressions nested too deeply");
    // The expression: up to a top-level '}', '!', ':' or '=' (not part of
    // ==, !=, <=, >=), minding brackets and nested strings.
    size_t j = i + 1;
    int depth = 0;
    char quote = 0;
    bool triple = false;
    for (; j < body.size(); ++j) {
      const char ch = body[j];
      if (ch == '\\') return fail_at(j, "f-string expression part cannot include a backslash");
      if (quote != 0) {
        if (ch == quote && (!triple || (j + 2 < body.size() && body[j + 1] == quote &&
                                        body[j + 2] == quote))) {
          if (triple) j += 2;
          quote = 0;
        }
        continue;
      }
      if (ch == '\'' || ch == '"') {
        quote = ch;
        triple = j + 2 < body.size() && body[j + 1] == ch && body[j + 2] == ch;
        if (triple) j += 2;
        continue;
      }
      if (ch == '#') return fail_at(j, "f-string expression part cannot include '#'");
      if (ch == '(' || ch == '[' || ch == '{') {
        ++depth;
        continue;
      }
      if (ch == ')' || ch == ']' || (ch == '}' && depth > 0)) {
        if (depth == 0) return fail_at(j, absl::StrCat("f-string: unmatched '",
                                                       absl::string_view(&ch, 1), "'"));
        --depth;
        continue;
      }
      if (depth > 0) continue;
      if ((ch == '!' || ch == '=' || ch == '<' || ch == '>') && j + 1 < body.size() &&
          body[j + 1] == '=') {
        ++j;
        continue;
      }
      if (ch == '<' || ch == '>') continue;
      if (ch == '}' || ch == '!' || ch == ':' || ch == '=') break;
    }
    if (quote != 0) return fail_at(i, "f-string: unterminated string");
    if (j >= body.size()) return fail_at(i, "f-string: expecting '}'");
    bool blank = true;
    for (size_t k = i + 1; k < j; ++k) {
      blank &= body[k] == ' ' || body[k] == '\t' || body[k] == '\n' || body[k] == '\r' ||
               body[k] == '\f';
    }
    if (blank) return fail_at(j, "f-string: empty expression not allowed");
    // Parse the expression where it stands in the source.
    const uint32_t expr_off = body_begin + static_cast<uint32_t>(i + 1);
    uint32_t line = tok.line, line_start = tok.begin - (tok.col - 1);
    for (uint32_t k = tok.begin; k < expr_off; ++k) {
      if (s_[k] == '\n') {
        ++line;
        line_start = k + 1;
      }
    }
    PyParser sub(s_, ast_, err_);
    sub.depth_ = depth_ + 1;
    sub.ctx_ = ctx_;
    if (!sub.Init(TokRange{expr_off, body_begin + static_cast<uint32_t>(j), line, line_start},
                  TokMode::kExpression)) {
      return false;
    }
    const uint32_t value = sub.FieldExpression();
    if (value == 0) {
      unsupported_ |= sub.unsupported_;
      return false;
    }
    uint8_t conversion = 0;
    bool debug = false;
    if (body[j] == '=') {
      debug = true;
      ++j;
      while (j < body.size() && (body[j] == ' ' || body[j] == '\t' || body[j] == '\n' ||
                                 body[j] == '\r' || body[j] == '\f')) {
        ++j;
      }
      literal->append(body.data() + i + 1, j - i - 1);
    }
    if (j < body.size() && body[j] == '!') {
      if (j + 1 >= body.size() || (body[j + 1] != 's' && body[j + 1] != 'r' &&
                                   body[j + 1] != 'a')) {
        return fail_at(j, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
      }
      conversion = static_cast<uint8_t>(body[j + 1]);
      j += 2;
    }
    FlushLiteral(literal, tok);
    uint32_t format = 0;
    if (j < body.size() && body[j] == ':') {
      size_t k = j + 1;
      int braces = 0;
      for (; k < body.size(); ++k) {
        if (body[k] == '{') ++braces;
        if (body[k] == '}') {
          if (braces == 0) break;
          --braces;
        }
      }
      if (k >= body.size()) return fail_at(i, "f-string: expecting '}'");
      const size_t mark = Mark();
      std::string spec_text;
      if (!FString(tok, body_begin + static_cast<uint32_t>(j + 1), body.substr(j + 1, k - j - 1),
                   raw, nesting + 1, &spec_text)) {
        return false;
      }
      FlushLiteral(&spec_text, tok);
      format = New(K::kJoinedStr, tok);
      N(format).l[0] = Commit(mark);
      if (!Finish(format)) return false;
      j = k;
    }
    if (j >= body.size() || body[j] != '}') return fail_at(j, "f-string: expecting '}'");
    // `{x=}` shows repr() unless a conversion or a spec says otherwise.
    if (debug && conversion == 0 && format == 0) conversion = 'r';
    uint32_t fv = New(K::kFormatted, tok);
    N(fv).a = value;
    N(fv).op = conversion;
    N(fv).b = format;
    if (!Finish(fv)) return false;
    Push(fv);
    lit = i = j + 1;
  }
  return take_literal(body.size());
}

uint32_t PyParser::FieldExpression() {
  const Token& at = Peek();
  uint32_t first = IsKw("yield") ? YieldExpr() : IsOp("*") ? StarExpression() : NamedExpression();
  if (first == 0) return 0;
  if (IsOp(",")) {
    size_t mark = Mark();
    Push(first);
    while (Accept(",") && Peek().kind != Tok::kEnd) {
      uint32_t e = IsOp("*") ? StarExpression() : NamedExpression();
      if (e == 0) return 0;
      Push(e);
    }
    first = New(K::kTuple, at);
    N(first).l[0] = Commit(mark);
    if (!Finish(first)) return 0;
  } else if (N(first).kind == K::kStarred) {
    Fail(at, "f-string: cannot use starred expression here");
    return 0;
  }
  if (Peek().kind != Tok::kEnd) {
    Fail(Peek(), "f-string: invalid syntax");
    return 0;
  }
  return first;
}

}  // namespace pto::ir::text::py
