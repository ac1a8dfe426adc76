// Located error messages: one format for every layer.
//
// The parser, the verifier, passes, codegen and the interpreter all report
// a user's mistake the same way: the place, the message, then - when the
// file's text is known - the source line and a caret under the column:
//
//   kernel.py:7:9: error: tile.select: on_true and on_false differ in dtype
//       s = pl.tile.select(m, a, b)
//           ^
//
// Build a Status from a node's location with LocatedError; the Context knows
// the file's text when the caller adopted it (Context::AdoptSource), as
// pto-opt and pto-run do. Without the text the first line stands alone.
//
//   return LocatedError(ctx, call->loc(), "codegen: tile.foo has no emitter");

#ifndef PTO_IR_DIAGNOSTIC_H_
#define PTO_IR_DIAGNOSTIC_H_

#include <optional>
#include <string>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"
#include "ir/context.h"
#include "ir/source_loc.h"

namespace pto::ir {

// "<where>: error: <message>", followed by "\n<line>\n<caret>" when `line`
// is given. `col` is 1-based, in bytes; tabs in the line are kept under the
// caret so that it lines up however the line is displayed.
std::string RenderDiagnostic(absl::string_view where, absl::string_view message,
                             std::optional<absl::string_view> line, int col);

// The diagnostic for `loc` in `ctx`, quoting the source line when known.
std::string FormatError(const Context& ctx, SourceLoc loc, absl::string_view message);

// FormatError as an InvalidArgument status.
absl::Status LocatedError(const Context& ctx, SourceLoc loc, absl::string_view message);

}  // namespace pto::ir

#endif  // PTO_IR_DIAGNOSTIC_H_
