// Private to //ir/text: the parser's bound on syntactic nesting. A parse
// function that recurses opens a guard and checks it before descending, so
// hostile input (ParseOptions::max_depth levels of brackets, calls or
// blocks) gets a located error instead of overflowing the stack:
//
//   Value Parser::ParseUnary() {
//     DepthGuard guard(this);
//     if (!guard.Check(Peek())) return Value{};
//     ...
//   }
//
// ir/depth_guard.h is the IR walks' counterpart; this one reports through
// the parser, at a token, against the limit the caller chose.

#ifndef PTO_IR_TEXT_PARSER_DEPTH_GUARD_H_
#define PTO_IR_TEXT_PARSER_DEPTH_GUARD_H_

#include "absl/strings/str_cat.h"
#include "ir/text/parser_impl.h"

namespace pto::ir::parser_impl {

// Counts one level of syntactic nesting for as long as it lives.
class DepthGuard {
 public:
  explicit DepthGuard(Parser* p) : p_(p) { ++p_->depth_; }
  ~DepthGuard() { --p_->depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
  bool Check(const Token& at) {
    if (p_->depth_ <= p_->max_depth_) return true;
    return p_->Fail(at,
                    absl::StrCat("nesting is too deep (the limit is ", p_->max_depth_, " levels)"));
  }

 private:
  Parser* p_;
};

}  // namespace pto::ir::parser_impl

#endif  // PTO_IR_TEXT_PARSER_DEPTH_GUARD_H_
