// The scalar operators of the IR and the one table of how they are written:
// spelling, precedence, associativity and form (infix, prefix or call).
// The printer, the parser, the scalar builder, the diagnostic formatter and
// the simulator all read this table, so they cannot disagree on how
// `a - (b - c)` or `a or b xor c` is spelled and parsed.
//
//   OperatorOf(BinaryOp::kFloorDiv).spelling;       // "//"
//   OperatorOf(BinaryOp::kXor).precedence;          // OpPrecedence::kXor
//   OperatorOf(BinaryOp::kMin).form;                // OpForm::kCall: min(a, b)
//   OperatorOf(UnaryOp::kNot).precedence;           // OpPrecedence::kNot
//   BinaryCallOp("max");                            // BinaryOp::kMax

#ifndef PTO_IR_OPERATORS_H_
#define PTO_IR_OPERATORS_H_

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>

#include "absl/strings/string_view.h"

namespace pto::ir {

enum class BinaryOp : uint8_t {
  kAdd, kSub, kMul, kFloorDiv, kFloorMod, kFloatDiv, kPow,
  kMin, kMax,
  kEq, kNe, kLt, kLe, kGt, kGe,
  kAnd, kOr, kXor,
  kBitAnd, kBitOr, kBitXor, kShl, kShr,
};

enum class UnaryOp : uint8_t { kNeg, kNot, kBitNot, kAbs, kCast };

// Binding strength, loosest first. Python's order, with the IR's logical
// `xor` between `or` and `and` (as upstream's printer ranks it). kCall and
// kAtom rank what never needs parentheses: calls, names and literals.
enum class OpPrecedence : uint8_t {
  kNone = 0,
  kOr,
  kXor,
  kAnd,
  kNot,
  kCompare,
  kBitOr,
  kBitXor,
  kBitAnd,
  kShift,
  kAdd,
  kMul,
  kUnary,  // - ~
  kPow,
  kCall,
  kAtom,
};

// How operands of equal precedence group: `a - b - c` is (a - b) - c,
// `a ** b ** c` is a ** (b ** c), and `a < b < c` is not an IR expression
// (Python would chain it), so both sides of a comparison need parentheses.
enum class OpAssoc : uint8_t { kLeft, kRight, kNone };

enum class OpForm : uint8_t {
  kInfix,   // a + b
  kPrefix,  // -a, not a
  kCall,    // min(a, b), abs(a); the text form also accepts pl.min / pl.max
  kCast,    // pl.cast(a, pl.INT32): the dtype is the node's
};

struct OperatorInfo {
  absl::string_view spelling;
  OpPrecedence precedence;  // kCall for the call and cast forms
  OpAssoc assoc;
  OpForm form;
};

namespace operators_internal {

using P = OpPrecedence;
using A = OpAssoc;
using F = OpForm;

// Indexed by BinaryOp.
inline constexpr OperatorInfo kBinary[] = {
    {"+", P::kAdd, A::kLeft, F::kInfix},       {"-", P::kAdd, A::kLeft, F::kInfix},
    {"*", P::kMul, A::kLeft, F::kInfix},       {"//", P::kMul, A::kLeft, F::kInfix},
    {"%", P::kMul, A::kLeft, F::kInfix},       {"/", P::kMul, A::kLeft, F::kInfix},
    {"**", P::kPow, A::kRight, F::kInfix},     {"min", P::kCall, A::kNone, F::kCall},
    {"max", P::kCall, A::kNone, F::kCall},     {"==", P::kCompare, A::kNone, F::kInfix},
    {"!=", P::kCompare, A::kNone, F::kInfix},  {"<", P::kCompare, A::kNone, F::kInfix},
    {"<=", P::kCompare, A::kNone, F::kInfix},  {">", P::kCompare, A::kNone, F::kInfix},
    {">=", P::kCompare, A::kNone, F::kInfix},  {"and", P::kAnd, A::kLeft, F::kInfix},
    {"or", P::kOr, A::kLeft, F::kInfix},       {"xor", P::kXor, A::kLeft, F::kInfix},
    {"&", P::kBitAnd, A::kLeft, F::kInfix},    {"|", P::kBitOr, A::kLeft, F::kInfix},
    {"^", P::kBitXor, A::kLeft, F::kInfix},    {"<<", P::kShift, A::kLeft, F::kInfix},
    {">>", P::kShift, A::kLeft, F::kInfix},
};

// Indexed by UnaryOp. `not` binds looser than comparisons: `not a == b` is
// not (a == b).
inline constexpr OperatorInfo kUnary[] = {
    {"-", P::kUnary, A::kRight, F::kPrefix},  {"not", P::kNot, A::kRight, F::kPrefix},
    {"~", P::kUnary, A::kRight, F::kPrefix},  {"abs", P::kCall, A::kNone, F::kCall},
    {"pl.cast", P::kCall, A::kNone, F::kCast},
};

static_assert(std::size(kBinary) == static_cast<size_t>(BinaryOp::kShr) + 1);
static_assert(std::size(kUnary) == static_cast<size_t>(UnaryOp::kCast) + 1);

}  // namespace operators_internal

constexpr const OperatorInfo& OperatorOf(BinaryOp op) {
  return operators_internal::kBinary[static_cast<uint8_t>(op)];
}
constexpr const OperatorInfo& OperatorOf(UnaryOp op) {
  return operators_internal::kUnary[static_cast<uint8_t>(op)];
}

// The operator as written: "+", "//", "min", "and", "not", "pl.cast", ...
constexpr absl::string_view BinaryOpSpelling(BinaryOp op) { return OperatorOf(op).spelling; }
constexpr absl::string_view UnaryOpSpelling(UnaryOp op) { return OperatorOf(op).spelling; }

// The binary / unary operator written as a call `name(...)`: min, max, abs.
constexpr std::optional<BinaryOp> BinaryCallOp(absl::string_view name) {
  for (size_t i = 0; i < std::size(operators_internal::kBinary); ++i) {
    const OperatorInfo& info = operators_internal::kBinary[i];
    if (info.form == OpForm::kCall && info.spelling == name) return static_cast<BinaryOp>(i);
  }
  return std::nullopt;
}
constexpr std::optional<UnaryOp> UnaryCallOp(absl::string_view name) {
  for (size_t i = 0; i < std::size(operators_internal::kUnary); ++i) {
    const OperatorInfo& info = operators_internal::kUnary[i];
    if (info.form == OpForm::kCall && info.spelling == name) return static_cast<UnaryOp>(i);
  }
  return std::nullopt;
}

// Whether `child`, printed as the `is_left` operand of an infix `parent`
// whose precedence is `parent_prec`, needs parentheses to parse back as the
// same tree. `child_prec` is the child's own precedence (kAtom for leaves).
constexpr bool NeedsParens(const OperatorInfo& parent, OpPrecedence child_prec, bool is_left) {
  if (child_prec != parent.precedence) return child_prec < parent.precedence;
  switch (parent.assoc) {
    case OpAssoc::kLeft:
      return !is_left;
    case OpAssoc::kRight:
      return is_left;
    case OpAssoc::kNone:
      return true;
  }
  return true;
}

}  // namespace pto::ir

#endif  // PTO_IR_OPERATORS_H_
