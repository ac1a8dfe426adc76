// CPython's repr() of constants, as ast.unparse writes them.
//
//   py::FloatRepr(1e3)      == "1000.0"
//   py::FloatRepr(1e16)     == "1e+16"
//   py::ImagRepr(2.0)       == "2j"
//   py::StrRepr("it's")     == "\"it's\""
//   py::BytesRepr("\x00a")  == "b'\\x00a'"
//
// Strings are UTF-8. Which characters repr() escapes follows
// str.isprintable(), from a table of Unicode 14.0 (CPython 3.11's) ranges.

#ifndef PTO_IR_TEXT_PYTHON_REPR_H_
#define PTO_IR_TEXT_PYTHON_REPR_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace pto::ir::text::py {

// str.isprintable() of one code point (printable.cc).
bool IsPrintableCodePoint(uint32_t c);
// Appends code point `cp` encoded as UTF-8.
void AppendUtf8(uint32_t cp, std::string* out);

std::string FloatRepr(double v);  // infinity as 1e309, as ast.unparse writes it
std::string ImagRepr(double v);   // repr(v * 1j), with "j"
std::string StrRepr(absl::string_view utf8);
std::string BytesRepr(absl::string_view bytes);

// ast.unparse's helper for writing a str with few backslashes: the escaped
// body and the quotes that may enclose it, best first. `quotes` are the
// candidates; `escape_ws` escapes \n and \t too.
std::string StrLiteralHelper(absl::string_view utf8, std::vector<absl::string_view>* quotes,
                             bool escape_ws);

}  // namespace pto::ir::text::py

#endif  // PTO_IR_TEXT_PYTHON_REPR_H_
