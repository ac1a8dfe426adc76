// Parser of the IR's text form (PyPTO's printed Python DSL).
//
// A hand-written recursive-descent parser over the streaming lexer
// (lexer.h) that builds IR directly in a Context. It accepts everything
// printer.h writes, so print(parse(text)) == text for printed programs, plus
// common hand-written spellings: both quote styles, `pl.Mem` and
// `pl.MemorySpace`, `self` present or absent on any function, annotated and
// bare assignments, `pl.cast` on scalars, tiles and tensors, `(a, b)` tuples,
// comments anywhere, functions called before their definition.
//
//   Context ctx;
//   absl::StatusOr<Program> p = ParseProgram(ctx, text, "kernel.py");
//   if (!p.ok()) {
//     // p.status().message():
//     //   kernel.py:7:13: error: undefined name 'y'
//     //           c = y
//     //               ^
//   }
//
// Semantics:
//   * Every op call is rebuilt with CreateCall, so its type is re-deduced; an
//     assignment's annotation must be exactly the deduced type.
//   * Bare int literals are INDEX constants, bare float literals FP32;
//     `pl.const(v, pl.DT)` gives other dtypes. Scalar operators follow
//     PyPTO's promotion rules (dsl/scalar_builder.h).
//   * Names follow Python function scope, except that a name bound inside a
//     loop or if body is not visible after it: values leave through
//     `pl.yield_` into the construct's return vars.
//   * A name in a type annotation that is not bound becomes a dynamic dim,
//     like a module-level `N = pl.dynamic("N")`.
//
// Every error is an InvalidArgument status formatted by diagnostic.h; an op
// call the registry rejects reports the registry's message (which names the
// op) at the call. No input can crash the parser: nesting is capped
// (ParseOptions::max_depth) and every Context factory that checks its
// arguments is validated for first. Cost is linear in the input (a function
// called before its definition has its one-line signature read twice).

#ifndef PTO_IR_TEXT_PARSER_PARSER_H_
#define PTO_IR_TEXT_PARSER_PARSER_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "ir/context.h"
#include "ir/function.h"
#include "ir/op_registry.h"

namespace pto::ir {

// A closure value given from outside the file, as `--define=NAME=VALUE`
// gives it: `value` is the text of a module-level constant expression
// (`pl.FP16`, `4`, `[64, 128]`, `2 * 64`, `pl.Mem.Vec`, `True`).
struct Define {
  std::string name;
  std::string value;
};

struct ParseOptions {
  // Maximum nesting of blocks, brackets and expression trees.
  int max_depth = 256;
  // The ops op calls resolve against; null means BuiltinOps().
  const OpRegistry* ops = nullptr;
  // Like mlir-opt's --allow-unregistered-dialect: a call of an op `ops` does
  // not know is kept as an opaque call (Op::unregistered(), see
  // CreateUnregisteredCall) when it is the whole value of an annotated
  // assignment, `x: pl.Tile[...] = pl.tile.custom_matmul(a, b)`; the annotation is
  // its type, since nothing can deduce one. Kwarg values must be constants.
  // Passes leave such calls alone; codegen and the interpreter reject them.
  bool allow_unregistered_ops = false;
  // Values of names the file's module level does not (or cannot) define,
  // evaluated in order before the file (a define may use an earlier one).
  // A define wins over every module-level assignment to its name in the
  // file: that assignment is skipped, like a parameter a test passes in. So
  // `query_rows = batch * num_heads` evaluates once batch and num_heads are
  // defined, and `M, K = self.M, self.K` is overridden by defines of M and
  // K. A value that is not a constant expression is an error naming the
  // define; a define the file never uses is fine.
  std::vector<Define> defines;
};

absl::StatusOr<Program> ParseProgram(Context& ctx, absl::string_view text,
                                     absl::string_view filename, const ParseOptions& options = {});

}  // namespace pto::ir

#endif  // PTO_IR_TEXT_PARSER_PARSER_H_
