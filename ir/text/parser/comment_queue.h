// Private to //ir/text/parser: which statement each `#` comment of a function
// leads, by the rules of upstream PyPTO's parser (docs/dsl.md, "Comments").
//
// The queue sees a function's comments in source order, as the lexer records
// them, and the parser asks it, statement by statement, for the comments a
// statement takes or drops. Each question concerns only comments up to the
// statement being read: they are moved from the lexer's list into a short
// list of comments read but not yet placed (`held_`), so every comment is
// moved once and looked at a few times at most.
//
// Lines and columns are those of the source (1-based); a statement's column
// is its first token's.
//
//   CommentQueue q(lexer);
//   q.Reset(def_tok.comments_before);   // a function's comments start here
//   q.SweepStale(stmt_line, stmt_col);  // before each statement but a block's first
//   q.TakeThrough(end_line, &lead);     // a simple statement's leading comments
//   ...

#ifndef PTO_IR_TEXT_PARSER_COMMENT_QUEUE_H_
#define PTO_IR_TEXT_PARSER_COMMENT_QUEUE_H_

#include <cstdint>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/text/lexer/lexer.h"

namespace pto::ir::parser_impl {

class CommentQueue {
 public:
  using Texts = absl::InlinedVector<absl::string_view, 2>;

  explicit CommentQueue(const text::Lexer& lexer) : lexer_(lexer) {}

  // No comment is held, nor lexed and not yet held: every question below
  // has the answer "none" (the common case: most statements have no
  // comment near them).
  bool Idle() const { return held_.empty() && next_ >= lexer_.comments().size(); }

  // Forgets every comment held; the next ones are the lexer's from index
  // `first` on (a function's comments begin at its `def`, or at its
  // decorator for a module-level function).
  void Reset(uint32_t first) {
    held_.clear();
    next_ = first;
  }

  // Before a statement at (line, col) that is not the first of its block:
  // comments on earlier lines indented deeper than it lie in a block that
  // has closed, and are dropped.
  void SweepStale(uint32_t line, uint32_t col) {
    if (!Idle()) SweepStaleSlow(line, col);
  }

  // A simple statement ending on `end_line` takes every comment through
  // that line: above it, after it on its last line, inside its brackets.
  void TakeThrough(uint32_t end_line, Texts* out) {
    if (!Idle()) TakeThroughSlow(end_line, out);
  }

  // A compound statement (for, while, if, with) starting on `stmt_line`,
  // whose header ends on `header_end` and whose body's first statement
  // begins at (body_line, body_col): it takes the comments of its header
  // lines, and those above it indented less than its body; the comments
  // between the header and the body are left for the body.
  void TakeHeader(uint32_t stmt_line, uint32_t header_end, uint32_t body_line,
                  uint32_t body_col, Texts* out) {
    if (!Idle()) TakeHeaderSlow(stmt_line, header_end, body_line, body_col, out);
  }

  // A block whose first statement begins at (body_line, body_col) has been
  // read, and its last line is `upper`: comments from body_line to upper
  // indented at least as far as the block are its tail, and are dropped.
  void DropTail(uint32_t body_line, uint32_t body_col, uint32_t upper) {
    if (!Idle()) DropTailSlow(body_line, body_col, upper);
  }

  // A statement making no IR (a docstring, `pass`, pl.static_assert) ended
  // on `end_line`: `texts` lead what comes next, as comments on the
  // following line at the statement's column `col`, ahead of any comment
  // already there.
  void Requeue(uint32_t end_line, uint32_t col, absl::Span<const absl::string_view> texts);

 private:
  struct Held {
    uint32_t line;
    uint32_t col;
    absl::string_view text;
  };
  void SweepStaleSlow(uint32_t line, uint32_t col);
  void TakeThroughSlow(uint32_t end_line, Texts* out);
  void TakeHeaderSlow(uint32_t stmt_line, uint32_t header_end, uint32_t body_line,
                      uint32_t body_col, Texts* out);
  void DropTailSlow(uint32_t body_line, uint32_t body_col, uint32_t upper);
  // Moves the lexer's comments on lines up to `line` into held_ (which
  // stays sorted by line).
  void Pull(uint32_t line);

  const text::Lexer& lexer_;
  uint32_t next_ = 0;  // the lexer's first comment not yet in held_
  std::vector<Held> held_;
};

}  // namespace pto::ir::parser_impl

#endif  // PTO_IR_TEXT_PARSER_COMMENT_QUEUE_H_
