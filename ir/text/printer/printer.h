// Printer of the IR's text form: PyPTO's Python DSL, byte-compatible with
// the raw (unformatted) output of upstream's python_printer.
//
//   std::string text = PrintProgram(program);
//   // # pypto.program: Program
//   // import pypto.language as pl
//   //
//   // @pl.program
//   // class Program:
//   //     @pl.function(type=pl.FunctionType.InCore, level=pl.Level.CHIP_DIE,
//   role=pl.Role.SubWorker)
//   //     def k(x: pl.Tensor[[16, 16], pl.INT32], out: pl.Out[pl.Tensor[[16, 16], pl.FP16]]) ->
//   ...:
//   //         t: pl.Tile[[16, 16], pl.INT32, pl.Mem.Vec] = pl.tile.load(x, [0, 0], ...)
//   //         ...
//   //         return r
//
// Layout: a `# pypto.program: NAME` header and the import; one
// `N = pl.dynamic("N")` line per dynamic dim (a Var used in a type that no
// function defines), sorted; then the `@pl.program` class with its functions
// ordered callees first (program order otherwise). There is no trailing
// newline. Var names are made unique per function (see name_uniquer.h).
//
// Op calls print as `pl.<op>(args, kwargs, keyword_args)` driven by the op's
// schema: positional args first (MakeTuples as lists), then the stored kwargs
// as `key=value` spelled by their AttrKind, then ArgSpec::keyword args as
// `name=value`. `pld.*` ops print without `pl.`; an op whose last name
// segment is a Python keyword gets a trailing `_` (pl.tile.and_). Scalar
// expressions use Python precedence with minimal parentheses; min/max print
// as pl.min/pl.max and casts as pl.cast(x, pl.DT), as upstream does.
//
// Output is built in time linear in the size of the program, in one string
// or streamed into a TextSink.

#ifndef PTO_IR_TEXT_PRINTER_PRINTER_H_
#define PTO_IR_TEXT_PRINTER_PRINTER_H_

#include <string>

#include "absl/status/status.h"
#include "ir/expr.h"
#include "ir/function.h"
#include "ir/text/output/text_sink.h"
#include "ir/type.h"

namespace pto::ir {

struct PrintOptions {
  // Drops type annotations from assignments (`x = e` instead of `x: T = e`),
  // except where the value is an unregistered op's call: that annotation is
  // its type.
  bool concise = false;
};

std::string PrintProgram(const Program& program, const PrintOptions& options = {});
// The same text streamed into `sink` through a fixed buffer (output/text_sink.h):
// the way to print big programs to a file. Returns the sink's first error.
absl::Status PrintProgram(const Program& program, TextSink& sink,
                          const PrintOptions& options = {});

// One type or expression as it appears in the text form, with raw Var names
// (no uniquing): for diagnostics.
std::string PrintType(const Type* type);
std::string PrintExpr(const Expr* expr);

}  // namespace pto::ir

#endif  // PTO_IR_TEXT_PRINTER_PRINTER_H_
