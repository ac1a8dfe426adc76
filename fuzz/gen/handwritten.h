// WriteHandWritten: a program of tile_program_gen.h written the way a user
// writes the DSL by hand (docs/dsl.md) rather than the way the printer
// writes it, so the fuzzers can require that both spellings parse to the
// same IR. Every choice comes from `seed`; the same program and seed give
// the same text.
//
//   std::string hand = WriteHandWritten(tp.program, seed).text;
//   // """TileFuzz, written by hand."""
//   // from pypto import language as pl
//   // ROWS = 2
//   // @pl.program
//   // class TileFuzz:
//   //     @pl.function(type=pl.FunctionType.InCore)
//   //     def kernel(self, x0: pl.Tensor[[ROWS, 16], pl.FP32], ...):
//   //         t = pl.load(x0, [0, 0], [2, 16])          # pl.tile.load, valid_shape defaulted
//   //         s = pl.add(t, 2.0)                          # pl.tile.adds
//   //         a, b = (t, s)                               # _tuple_tmp and projections
//   //         with pl.scope(mode=pl.ScopeMode.MANUAL):    # pl.manual_scope()
//   //         for i, (acc,) in pl.range(0, 3, 1, init_values=[t]):
//
// The spellings are chosen per statement and per call: unified `pl.X` names
// from the parser's own table (ir/text/dsl/dsl_ops.h) where the row dispatches
// to the op for these operands, positional or keyword arguments bound by the
// op's schema (ir/op.h) or the row's wrapper order, defaults left out,
// annotations dropped, module constants for dims and the dtype, several
// import forms, `self`, a decorator without its defaults, docstrings and
// comments, `for a, b in pl.while_(...)`, the long `pl.range(0, n, 1)`,
// `init_values=[...]`, hex literals, parenthesized scalar expressions,
// `pl.add(n, 1)` for scalars, and `a, b = (x, y)` for a tuple projected
// whole. Only the tile-kernel subset of the IR is covered: anything else is
// an internal error (PTO_CHECK), since the generator never makes it.

#ifndef PTO_FUZZ_GEN_HANDWRITTEN_H_
#define PTO_FUZZ_GEN_HANDWRITTEN_H_

#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "ir/context.h"
#include "ir/function.h"

namespace pto::fuzz {

// How often each hand-written spelling was used (for coverage checks).
struct HandWrittenFeatures {
  int unified_calls = 0;   // pl.X for pl.tile.X
  int keyword_args = 0;    // an argument passed by name
  int defaults_left = 0;   // a kwarg or arg left at its default
  int unannotated = 0;     // `x = value`
  int unpacked = 0;        // `a, b = (x, y)`
  int module_consts = 0;   // a dim or dtype written as a module constant
  int docstrings = 0;
  int scope_spellings = 0; // pl.scope(mode=AUTO) / pl.manual_scope()
  int long_ranges = 0;     // pl.range(0, n[, 1])
  int scalar_calls = 0;    // pl.add(n, 1) for n + 1
};

struct HandWritten {
  std::string text;
  HandWrittenFeatures features;
};

HandWritten WriteHandWritten(const ir::Program& program, uint64_t seed);

// Parses `hand` (written from `generated`) in `ctx`; an error, with the
// text and the generated program's print, when it does not parse or parses
// to a program not structurally equal to `generated`.
absl::StatusOr<ir::Program> ParseHandWritten(ir::Context& ctx, const HandWritten& hand,
                                             const ir::Program& generated);

}  // namespace pto::fuzz

#endif  // PTO_FUZZ_GEN_HANDWRITTEN_H_
