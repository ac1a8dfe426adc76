// The spelling of a float value in the text form, shared by the printer and
// the diagnostic formatter so that both write what the parser reads back.
//
// Finite values get the shortest-exact "%.17g" digits with a ".0" when they
// would read as an int; non-finite ones get Python's spelling, which the
// parser accepts: float('inf'), float('-inf'), float('nan'), float('-nan').
//
//   FloatLiteral lit(0.5);
//   out.append(lit.view());   // "0.5"
//
// ParseFloatLiteral reads a Python float literal's digits ("0.5", "1e-3")
// back, correctly rounded.

#ifndef PTO_IR_FLOAT_LITERAL_H_
#define PTO_IR_FLOAT_LITERAL_H_

#include <cstdint>

#include "absl/strings/string_view.h"

namespace pto::ir {

class FloatLiteral {
 public:
  explicit FloatLiteral(double value);
  absl::string_view view() const { return absl::string_view(buf_, size_); }

 private:
  void Spell(double value);

  char buf_[40];
  uint8_t size_ = 0;
};

// The value of a float literal without sign ("0.5", "3.", ".25", "1e-3");
// false if `text` is none.
bool ParseFloatLiteral(absl::string_view text, double* out);

}  // namespace pto::ir

#endif  // PTO_IR_FLOAT_LITERAL_H_
