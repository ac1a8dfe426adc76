// Finding the extent of a block of host Python and normalizing its text
// (source.h). Only what decides where the block ends is modelled:
// string literals (a '#' or a line break inside one is not code), brackets
// and `\` continuations (the next line continues the statement), and the
// indentation of each line that starts a statement. The statements
// themselves are not checked: that is Python's job when the host runs them.

#include "ir/text/python/source.h"

#include <algorithm>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/strip.h"
#include "absl/strings/str_cat.h"
#include "ir/text/lexer/lexer.h"

namespace pto::ir::text {
namespace {

bool IsBlank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f'; }

bool IsStringPrefix(absl::string_view s) {
  if (s.empty() || s.size() > 2) return false;
  for (char c : s) {
    switch (c | 0x20) {
      case 'r':
      case 'b':
      case 'u':
      case 'f':
        break;
      default:
        return false;
    }
  }
  return true;
}

// Character-level state carried from one physical line to the next.
class Scanner {
 public:
  explicit Scanner(absl::string_view src) : src_(src) {}

  // Scans [begin, eol) of a line starting at `line_start`; returns the end
  // of the text to keep (before a comment and trailing blanks outside a
  // string). False after an error (err()).
  bool ScanLine(uint32_t begin, uint32_t eol, uint32_t line, uint32_t line_start, uint32_t* keep);

  bool open() const { return quote_ != 0 || !brackets_.empty() || continued_; }
  bool in_string() const { return quote_ != 0; }
  const PythonBlockError& err() const { return err_; }
  // The statement's code outside strings is blank (a docstring, if any()).
  bool only_strings() const { return only_strings_; }
  bool any() const { return any_; }
  void StartStatement() {
    only_strings_ = true;
    any_ = false;
  }
  // Why a block cannot end while open(): located where the open thing began.
  PythonBlockError OpenError(SourcePos at_end) const {
    if (quote_ != 0) {
      return {string_pos_, triple_ ? "unterminated triple-quoted string literal in the host "
                                     "Python body"
                                   : "unterminated string literal in the host Python body"};
    }
    if (!brackets_.empty()) {
      return {brackets_.back().pos,
              absl::StrCat("'", absl::string_view(&brackets_.back().open, 1),
                           "' was never closed in the host Python body")};
    }
    return {at_end, "unexpected end of input after a '\\' line continuation"};
  }

 private:
  struct Bracket {
    char open;
    SourcePos pos;
  };
  bool Fail(SourcePos pos, std::string message) {
    err_ = {pos, std::move(message)};
    return false;
  }

  absl::string_view src_;
  char quote_ = 0;
  bool triple_ = false;
  bool continued_ = false;
  bool only_strings_ = true;
  bool any_ = false;
  SourcePos string_pos_;
  std::vector<Bracket> brackets_;
  PythonBlockError err_;
};

bool Scanner::ScanLine(uint32_t begin, uint32_t eol, uint32_t line, uint32_t line_start,
                       uint32_t* keep) {
  auto pos = [&](uint32_t at) { return SourcePos{at, line, at - line_start + 1}; };
  const char* d = src_.data();
  uint32_t kept = begin;
  bool escaped_eol = false;
  continued_ = false;
  uint32_t i = begin;
  while (i < eol) {
    const char c = d[i];
    if (quote_ != 0) {
      if (c == '\\') {
        if (i + 1 >= eol) {  // an escaped line break: the string goes on
          escaped_eol = true;
          i = kept = eol;
          break;
        }
        i += 2;
        kept = i;
        continue;
      }
      if (c == quote_ && (!triple_ || (i + 2 < eol && d[i + 1] == c && d[i + 2] == c))) {
        i += triple_ ? 3 : 1;
        quote_ = 0;
      } else {
        ++i;
      }
      kept = i;
      continue;
    }
    if (c == '#') break;
    if (IsBlank(c)) {
      ++i;
      continue;
    }
    any_ = true;
    if (c == '\'' || c == '"') {
      triple_ = i + 2 < eol && d[i + 1] == c && d[i + 2] == c;
      quote_ = c;
      string_pos_ = pos(i);
      i += triple_ ? 3 : 1;
      kept = i;
      continue;
    }
    if (c == '\\') {
      uint32_t q = i + 1;
      while (q < eol && d[q] == '\r') ++q;
      if (q == eol) {
        continued_ = true;
        kept = i + 1;
        break;
      }
      only_strings_ = false;
      kept = ++i;
      continue;
    }
    if (IsIdentStart(c)) {
      uint32_t j = i;
      while (j < eol && IsIdentChar(d[j])) ++j;
      absl::string_view name = src_.substr(i, j - i);
      const bool prefix = j < eol && (d[j] == '\'' || d[j] == '"') && IsStringPrefix(name);
      // A docstring is a str constant: r"" and u"" are, b"" and f"" are not.
      if (!prefix || name.find_first_of("bBfF") != absl::string_view::npos) {
        only_strings_ = false;
      }
      i = kept = j;
      continue;
    }
    only_strings_ = false;
    if (c == '(' || c == '[' || c == '{') {
      brackets_.push_back(Bracket{c, pos(i)});
    } else if (c == ')' || c == ']' || c == '}') {
      const char open = c == ')' ? '(' : c == ']' ? '[' : '{';
      if (brackets_.empty()) {
        return Fail(pos(i), absl::StrCat("unmatched '", absl::string_view(&c, 1),
                                         "' in the host Python body"));
      }
      if (brackets_.back().open != open) {
        return Fail(pos(i), absl::StrCat("closing '", absl::string_view(&c, 1),
                                         "' does not match '",
                                         absl::string_view(&brackets_.back().open, 1),
                                         "' in the host Python body"));
      }
      brackets_.pop_back();
    }
    kept = ++i;
  }
  if (quote_ != 0 && !triple_ && !escaped_eol) {
    return Fail(string_pos_, "unterminated string literal in the host Python body");
  }
  *keep = kept;
  return true;
}

uint32_t LineEnd(absl::string_view src, uint32_t pos) {
  size_t eol = src.find('\n', pos);
  return eol == absl::string_view::npos ? static_cast<uint32_t>(src.size())
                                        : static_cast<uint32_t>(eol);
}

// The first byte at or after `pos` that is not a blank.
uint32_t SkipBlanks(absl::string_view src, uint32_t pos, uint32_t eol) {
  while (pos < eol && IsBlank(src[pos])) ++pos;
  return pos;
}

// The spaces in the blanks from `pos` to `end`. '\r' and '\f' count for
// nothing, as in the DSL lexer's indentation.
uint32_t SpaceWidth(absl::string_view src, uint32_t pos, uint32_t end) {
  return static_cast<uint32_t>(std::count(src.begin() + pos, src.begin() + end, ' '));
}

bool IsFuncAttrCall(absl::string_view s) {
  if (!absl::ConsumePrefix(&s, "pl.func_attr")) return false;
  while (!s.empty() && IsBlank(s.front())) s.remove_prefix(1);
  return absl::StartsWith(s, "(");
}

// Adds a line to the kept text; `*lines` counts the lines so far. A line
// that does not begin inside a string gets its indentation beyond the
// block's as `pad` spaces: only spaces, so that printing it back under any
// indentation and reading it again gives the same text.
void AppendLine(std::string* text, int* lines, uint32_t pad, absl::string_view line) {
  if ((*lines)++ > 0) text->push_back('\n');
  text->append(pad, ' ');
  text->append(line.data(), line.size());
}

}  // namespace

bool ScanPythonBlock(absl::string_view src, uint32_t start, uint32_t line, uint32_t outer,
                     PythonBlock* out, PythonBlockError* err) {
  *out = PythonBlock{};
  Scanner sc(src);
  const uint32_t size = static_cast<uint32_t>(src.size());
  uint32_t body = 0;
  bool have_body = false;
  bool in_statement = false;
  bool top_level = false;  // the current statement starts at the block's indentation
  size_t statement_text = 0;
  int lines = 0;
  int ellipses = 0;
  bool concrete = false;
  uint32_t resume = start, resume_line = line, resume_line_start = start;
  uint32_t pos = start;
  while (pos < size) {
    const uint32_t eol = LineEnd(src, pos);
    auto at = [&](uint32_t p) { return SourcePos{p, line, p - pos + 1}; };
    uint32_t text_begin = pos;
    uint32_t pad = 0;
    if (!in_statement) {
      uint32_t q = pos;
      uint32_t width = 0;
      int64_t tab = -1;
      for (; q < eol && IsBlank(src[q]); ++q) {
        if (src[q] == ' ') ++width;
        if (src[q] == '\t' && tab < 0) tab = q;
      }
      if (q == eol || src[q] == '#') {  // blank or comment-only: not part of the text
        if (eol >= size) break;
        pos = eol + 1;
        ++line;
        continue;
      }
      if (tab >= 0) {
        *err = {at(static_cast<uint32_t>(tab)), "tab characters are not allowed in indentation"};
        return false;
      }
      if (!have_body) {
        if (width <= outer) {
          *err = {at(q), "expected an indented block (the host Python body of the function)"};
          return false;
        }
        body = width;
        have_body = true;
      } else if (width < body) {
        if (width > outer) {
          *err = {at(q), "unindent does not match any outer indentation level"};
          return false;
        }
        break;  // the block is over
      }
      top_level = width == body;
      text_begin = q;
      pad = width - body;
      statement_text = out->text.size() + (lines > 0 ? 1 : 0);
      sc.StartStatement();
    } else if (!sc.in_string()) {
      const uint32_t q = SkipBlanks(src, pos, eol);
      if (q == eol || src[q] == '#') {  // inside brackets: drop it
        if (eol >= size) break;
        pos = eol + 1;
        ++line;
        continue;
      }
      const uint32_t width = SpaceWidth(src, pos, q);
      text_begin = q;
      pad = width > body ? width - body : 0;
    }
    uint32_t keep = text_begin;
    if (!sc.ScanLine(text_begin, eol, line, pos, &keep)) {
      *err = sc.err();
      return false;
    }
    AppendLine(&out->text, &lines, pad, src.substr(text_begin, keep - text_begin));
    in_statement = sc.open();
    if (!in_statement) {
      absl::string_view stmt = absl::string_view(out->text).substr(statement_text);
      if (!top_level) {
        concrete = true;
      } else if (stmt == "...") {
        ++ellipses;
      } else if (!IsFuncAttrCall(stmt) && !(sc.only_strings() && sc.any())) {
        concrete = true;
      }
      if (eol < size) {
        resume = eol + 1;
        resume_line = line + 1;
        resume_line_start = eol + 1;
      } else {
        resume = size;
        resume_line = line;
        resume_line_start = pos;
      }
    }
    if (eol >= size) break;
    pos = eol + 1;
    ++line;
  }
  if (in_statement || !have_body) {
    // At the end of the input: the position after its last byte.
    uint32_t last_start = size;
    while (last_start > 0 && src[last_start - 1] != '\n') --last_start;
    SourcePos end{size, line, size - last_start + 1};
    *err = in_statement ? sc.OpenError(end)
                        : PythonBlockError{end, "expected an indented block (the host Python "
                                                "body of the function)"};
    return false;
  }
  out->end = resume;
  out->end_line = resume_line;
  out->end_line_start = resume_line_start;
  out->abstract = !concrete && ellipses == 1;
  return true;
}

bool ScanPythonLine(absl::string_view src, uint32_t start, uint32_t line, uint32_t line_start,
                    PythonBlock* out, PythonBlockError* err) {
  *out = PythonBlock{};
  Scanner sc(src);
  const uint32_t size = static_cast<uint32_t>(src.size());
  uint32_t pos = start;
  uint32_t cur_start = line_start;
  int lines = 0;
  for (bool first = true;; first = false) {
    const uint32_t eol = LineEnd(src, pos);
    bool skip = false;
    uint32_t text_begin = pos;
    uint32_t pad = 0;
    if (!first && !sc.in_string()) {
      text_begin = SkipBlanks(src, pos, eol);
      skip = text_begin == eol || src[text_begin] == '#';
      pad = SpaceWidth(src, pos, text_begin);
    }
    if (!skip) {
      uint32_t keep = text_begin;
      if (!sc.ScanLine(text_begin, eol, line, cur_start, &keep)) {
        *err = sc.err();
        return false;
      }
      AppendLine(&out->text, &lines, pad, src.substr(text_begin, keep - text_begin));
      if (!sc.open()) {
        out->end = eol;
        out->end_line = line;
        out->end_line_start = cur_start;
        return true;
      }
    }
    if (eol >= size) {
      *err = sc.OpenError(SourcePos{size, line, size - cur_start + 1});
      return false;
    }
    pos = cur_start = eol + 1;
    ++line;
  }
}

void AppendIndentedPython(absl::string_view text, absl::string_view indent, std::string* out) {
  Scanner sc(text);
  const uint32_t size = static_cast<uint32_t>(text.size());
  uint32_t pos = 0;
  for (;;) {
    const uint32_t eol = LineEnd(text, pos);
    if (eol > pos && !sc.in_string()) out->append(indent.data(), indent.size());
    out->append(text.data() + pos, eol - pos);
    uint32_t keep = pos;
    // The text came from ScanPython*: it scans cleanly. Were it not, the
    // worst outcome is an indentation choice, never an out-of-range read.
    (void)sc.ScanLine(pos, eol, 1, pos, &keep);
    if (eol >= size) break;
    out->push_back('\n');
    pos = eol + 1;
  }
}

}  // namespace pto::ir::text
