// The comment queue's slow paths (comment_queue.h): each moves the lexer's
// comments into the held list once, then places or drops them.

#include "ir/text/parser/comment_queue.h"

#include <algorithm>

namespace pto::ir::parser_impl {
namespace {

// Removes from [v.begin(), end), front to back, the entries `drop` says
// to (it may act on each), keeping the order of the rest.
template <typename T, typename F>
void EraseIf(std::vector<T>& v, typename std::vector<T>::iterator end, F drop) {
  auto out = v.begin();
  for (auto it = v.begin(); it != end; ++it) {
    if (!drop(*it)) *out++ = *it;
  }
  v.erase(out, end);
}

}  // namespace

void CommentQueue::Pull(uint32_t line) {
  absl::Span<const text::Comment> all = lexer_.comments();
  while (next_ < all.size() && all[next_].pos.line <= line) {
    const text::Comment& c = all[next_++];
    held_.push_back(Held{c.pos.line, c.pos.col, c.text});
  }
}

void CommentQueue::SweepStaleSlow(uint32_t line, uint32_t col) {
  if (line == 0) return;
  Pull(line - 1);
  // Held comments are sorted by line: those before `line` are a prefix.
  auto end = std::find_if(held_.begin(), held_.end(), [&](const Held& h) { return h.line >= line; });
  EraseIf(held_, end, [&](const Held& h) { return h.col > col; });
}

void CommentQueue::TakeThroughSlow(uint32_t end_line, Texts* out) {
  Pull(end_line);
  auto end =
      std::find_if(held_.begin(), held_.end(), [&](const Held& h) { return h.line > end_line; });
  for (auto it = held_.begin(); it != end; ++it) out->push_back(it->text);
  held_.erase(held_.begin(), end);
}

void CommentQueue::TakeHeaderSlow(uint32_t stmt_line, uint32_t header_end, uint32_t body_line,
                                  uint32_t body_col, Texts* out) {
  if (body_line == 0) return;
  const uint32_t last = body_line - 1;
  Pull(last);
  auto end = std::find_if(held_.begin(), held_.end(), [&](const Held& h) { return h.line > last; });
  EraseIf(held_, end, [&](const Held& h) {
    // A header line's comment goes with the header whatever its column; one
    // above the statement only if indented less than the body.
    bool take = h.line >= stmt_line ? h.line <= header_end : h.col < body_col;
    if (take) out->push_back(h.text);
    return take;
  });
}

void CommentQueue::DropTailSlow(uint32_t body_line, uint32_t body_col, uint32_t upper) {
  Pull(upper);
  auto end = std::find_if(held_.begin(), held_.end(), [&](const Held& h) { return h.line > upper; });
  EraseIf(held_, end, [&](const Held& h) { return h.line >= body_line && h.col >= body_col; });
}

void CommentQueue::Requeue(uint32_t end_line, uint32_t col,
                           absl::Span<const absl::string_view> texts) {
  if (texts.empty()) return;
  Pull(end_line);
  const uint32_t line = end_line + 1;
  auto at = std::find_if(held_.begin(), held_.end(), [&](const Held& h) { return h.line >= line; });
  std::vector<Held> moved;
  moved.reserve(texts.size());
  for (absl::string_view t : texts) moved.push_back(Held{line, col, t});
  held_.insert(at, moved.begin(), moved.end());
}

}  // namespace pto::ir::parser_impl
