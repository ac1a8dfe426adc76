// Located error messages for the text form of the IR.
//
// Every lexer and parser error is an absl::InvalidArgumentError whose message
// reads like a compiler diagnostic: the place, the message, the source line
// and a caret under the column.
//
//   SourcePos pos{/*offset=*/12, /*line=*/2, /*col=*/5};
//   absl::Status s = SourceError("k.py", source, pos, "expected ':'");
//   // s.message():
//   //   k.py:2:5: error: expected ':'
//   //   def k(x)
//   //       ^

#ifndef PTO_IR_TEXT_DIAGNOSTIC_H_
#define PTO_IR_TEXT_DIAGNOSTIC_H_

#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace pto::ir::text {

// A place in a source buffer: byte offset plus the 1-based line and column
// (in bytes) of that offset.
struct SourcePos {
  uint32_t offset = 0;
  uint32_t line = 1;
  uint32_t col = 1;
};

// "FILE:LINE:COL: error: MESSAGE\n<source line>\n<caret>".
std::string FormatDiagnostic(absl::string_view filename, absl::string_view source, SourcePos pos,
                             absl::string_view message);

// FormatDiagnostic wrapped in an InvalidArgument status.
absl::Status SourceError(absl::string_view filename, absl::string_view source, SourcePos pos,
                         absl::string_view message);

}  // namespace pto::ir::text

#endif  // PTO_IR_TEXT_DIAGNOSTIC_H_
