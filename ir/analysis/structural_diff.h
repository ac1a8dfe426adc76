// Test helper for structural equality: the explanation of a difference as
// a std::string ("" when equal), which gtest prints readably.
//
//   EXPECT_EQ(StructuralDiff(ctx_.Float(0.0), ctx_.Float(-0.0)), "0.0 vs -0.0");

#ifndef PTO_IR_ANALYSIS_STRUCTURAL_DIFF_H_
#define PTO_IR_ANALYSIS_STRUCTURAL_DIFF_H_

#include <string>
#include <type_traits>

#include "ir/analysis/structural_equal.h"

namespace pto::ir {

inline std::string StructuralDiff(const Program& a, const Program& b,
                                  const StructuralEqualOptions& options = {}) {
  return std::string(CheckStructuralEqual(a, b, options).message());
}
template <typename T, typename U>
std::string StructuralDiff(const T* a, const U* b, const StructuralEqualOptions& options = {}) {
  using Base = std::conditional_t<std::is_base_of_v<Expr, T>, Expr,
                                  std::conditional_t<std::is_base_of_v<Stmt, T>, Stmt,
                                                     std::conditional_t<std::is_base_of_v<Type, T>,
                                                                        Type, Function>>>;
  return std::string(
      CheckStructuralEqual(static_cast<const Base*>(a), static_cast<const Base*>(b), options)
          .message());
}

}  // namespace pto::ir

#endif  // PTO_IR_ANALYSIS_STRUCTURAL_DIFF_H_
