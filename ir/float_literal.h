// The spelling of a float value in the text form, shared by the printer and
// the diagnostic formatter so that both write what the parser reads back.
//
// Finite values get the shortest-exact "%.17g" digits with a ".0" when they
// would read as an int; non-finite ones get Python's spelling, which the
// parser accepts: float('inf'), float('-inf'), float('nan'), float('-nan').
//
//   FloatLiteral lit(0.5);
//   out.append(lit.view());   // "0.5"

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
  char buf_[40];
  uint8_t size_ = 0;
};

}  // namespace pto::ir

#endif  // PTO_IR_FLOAT_LITERAL_H_
