// Python kept as source text: the body of a HOST-level SubWorker.
//
// Upstream PyPTO does not read such a body as DSL: it is host Python (imports,
// asserts, torch calls, ...) that the runtime executes, so the IR keeps it as
// text (Function attrs' `python_body`). These helpers find where such a body
// ends without tokenizing it as DSL - by indentation, minding strings,
// comments, brackets and `\` continuations - and print it back re-indented.
//
//   text::PythonBlock block;
//   text::PythonBlockError err;
//   if (!text::ScanPythonBlock(src, body_start, body_line, def_indent, &block, &err))
//     return FailAt(err.pos, err.message);
//   // block.text: the statements, dedented; lexing resumes at block.end.
//
// The scanned text is normalized the way that loses nothing a program
// means: the block's indentation is removed, and comments, blank lines and
// trailing whitespace are dropped - except inside string literals, which stay
// byte for byte. The parser then replaces it by upstream's canonical form
// (unparse.h) and keeps it only for Python the canonicalizer does not
// cover. Lines that begin inside a string are never re-indented, so printing
// and re-reading is a fixed point.

#ifndef PTO_IR_TEXT_PYTHON_SOURCE_H_
#define PTO_IR_TEXT_PYTHON_SOURCE_H_

#include <cstdint>
#include <string>

#include "absl/strings/string_view.h"
#include "ir/text/diagnostic.h"

namespace pto::ir::text {

struct PythonBlock {
  std::string text;  // the statements, lines joined by '\n', no final newline
  // Where lexing resumes: the start of the line after the block's last
  // statement (ScanPythonBlock), or the '\n' / end of input that ends the
  // statement (ScanPythonLine). `end_line_start` is that line's first byte.
  uint32_t end = 0;
  uint32_t end_line = 1;
  uint32_t end_line_start = 0;
  // Only docstrings, pl.func_attr(...) calls and one `...`: an abstract
  // body, which the DSL reads (a runtime-bound callback).
  bool abstract = false;
};

struct PythonBlockError {
  SourcePos pos;
  std::string message;
};

// The indented block whose first line starts at `start` (line `line`), under
// a header line indented `outer` columns. False with `err` set when there is
// no indented block, or a string / bracket / continuation is left open.
bool ScanPythonBlock(absl::string_view src, uint32_t start, uint32_t line, uint32_t outer,
                     PythonBlock* out, PythonBlockError* err);

// The simple statement(s) after a header's ':' on the same line, from
// `start`, on line `line` beginning at `line_start`.
bool ScanPythonLine(absl::string_view src, uint32_t start, uint32_t line, uint32_t line_start,
                    PythonBlock* out, PythonBlockError* err);

// Appends a PythonBlock's text with `indent` before each non-empty line that
// does not begin inside a string literal (the first line included).
void AppendIndentedPython(absl::string_view text, absl::string_view indent, std::string* out);

}  // namespace pto::ir::text

#endif  // PTO_IR_TEXT_PYTHON_SOURCE_H_
