// Host Python in canonical form: what CPython 3.11's ast.unparse prints.
//
// Upstream PyPTO keeps a HOST SubWorker's body as
// "\n".join(ast.unparse(stmt) for stmt in body), so the IR holds that text
// and not the user's spelling: `x = f( a,b )  # c` is kept as `x = f(a, b)`,
// `s = "a"` as `s = 'a'`. CanonicalPython tokenizes and parses the body
// (tokens.h, ast.h) and unparses it by ast.unparse's rules:
// precedence-driven parentheses, repr() of constants, 4-space bodies, one
// statement per line.
//
//   std::string text;
//   py::SyntaxError err;
//   switch (py::CanonicalPython(src, {begin, end, line, line_start},
//                               py::TokMode::kBlock, &text, &err)) {
//     case py::ParseResult::kOk: break;                 // text is canonical
//     case py::ParseResult::kSyntaxError: return FailAt(err.pos, err.message);
//     case py::ParseResult::kUnsupported: break;        // keep the user's text
//   }

#ifndef PTO_IR_TEXT_PYTHON_UNPARSE_H_
#define PTO_IR_TEXT_PYTHON_UNPARSE_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/strings/string_view.h"
#include "ir/text/python/ast.h"

namespace pto::ir::text::py {

// Parses the statements in `range` and writes their canonical text to *out
// (statements joined by '\n', no final newline). kUnsupported also covers
// trees ast.unparse itself cannot print (an f-string field that would need
// a backslash).
ParseResult CanonicalPython(absl::string_view src, TokRange range, TokMode mode,
                            std::string* out, SyntaxError* err);

// ast.unparse of each statement of `body`, joined by '\n'. False when a
// statement cannot be unparsed (see above).
bool UnparseStatements(const Ast& ast, const std::vector<uint32_t>& body, std::string* out);

}  // namespace pto::ir::text::py

#endif  // PTO_IR_TEXT_PYTHON_UNPARSE_H_
