// The recursion bound of the IR's recursive walks (structural equality and
// hashing, the verifier): well beyond anything the DSL produces, it keeps
// hostile input from overflowing the stack. A walk owns one depth counter
// and opens a guard per level it descends:
//
//   bool Walker::Visit(const Stmt* s) {
//     DepthGuard guard(depth_);
//     if (guard.too_deep()) return Fail("nesting deeper than ", kMaxIrDepth, " levels");
//     ...
//   }

#ifndef PTO_IR_DEPTH_GUARD_H_
#define PTO_IR_DEPTH_GUARD_H_

namespace pto::ir {

inline constexpr int kMaxIrDepth = 1000;

// Counts one level of nesting for as long as it lives. `limit` is the
// deepest level allowed: the IR's bound, or one a caller chose (the parser's
// ParseOptions::max_depth).
class DepthGuard {
 public:
  explicit DepthGuard(int& depth, int limit = kMaxIrDepth) : depth_(depth), limit_(limit) {
    ++depth_;
  }
  ~DepthGuard() { --depth_; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;

  bool too_deep() const { return depth_ > limit_; }

 private:
  int& depth_;
  int limit_;
};

}  // namespace pto::ir

#endif  // PTO_IR_DEPTH_GUARD_H_
