// Private to //ir/text/parser: the parser's bound on syntactic nesting. A parse
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
// It is ir/depth_guard.h's counter with the limit the caller chose,
// reporting through the parser at a token.

#ifndef PTO_IR_TEXT_PARSER_DEPTH_GUARD_H_
#define PTO_IR_TEXT_PARSER_DEPTH_GUARD_H_

#include "absl/strings/str_cat.h"
#include "ir/depth_guard.h"
#include "ir/text/parser/parser_impl.h"

namespace pto::ir::parser_impl {

// Counts one level of syntactic nesting for as long as it lives; Check
// reports going past the limit as a parse error at `at`.
class DepthGuard : public ir::DepthGuard {
 public:
  explicit DepthGuard(Parser* p) : ir::DepthGuard(p->depth_, p->max_depth_), p_(p) {}
  bool Check(const Token& at) {
    if (!too_deep()) return true;
    return p_->Fail(at,
                    absl::StrCat("nesting is too deep (the limit is ", p_->max_depth_, " levels)"));
  }

 private:
  Parser* p_;
};

}  // namespace pto::ir::parser_impl

#endif  // PTO_IR_TEXT_PARSER_DEPTH_GUARD_H_
