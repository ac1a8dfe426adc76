// PTO code generation: the tile IR -> the `pto.*` MLIR-like dialect that
// PTOAS assembles.
//
//   absl::StatusOr<std::string> text =
//       EmitPto(program, *FindBackend("a5"), PtoOptions{.emit_locations = true});
//
//   ir::FileSink sink(stdout, "<stdout>");      // or streamed, a function at a time
//   PTO_RETURN_IF_ERROR(EmitPto(program, *FindBackend("a5"), sink));
//
// Output is one `module attributes {pto.target_arch = "a5"} { ... }` (no
// attribute without a backend) holding one `func.func` per function, each a
// complete kernel laid out as:
//   1. the signature: a tensor param is a `!pto.ptr<elt>` arg, a scalar param
//      a typed scalar arg, in param order; then one `index` arg per symbolic
//      dim of a param tensor that is not itself a param (`pl.dynamic`);
//   2. one `arith.constant` block, deduplicated;
//   3. the prologue: a `pto.make_tensor_view` per tensor param, then one
//      `pto.alloc_tile` per tile buffer (below);
//   4. the body in program order, then `return`.
// SSA names come from IR var names, made unique (`%t`, `%t_1`); constants
// follow MLIR's own naming (`%c16`, `%c0_i32`, `%cst`, `%true`).
//
// Tile buffers. Every tile value an op computes gets one `pto.alloc_tile`;
// the op writes it through `outs(...)`. A tile of rank > 2 is allocated as a
// 2-D buffer whose rows are its leading dims multiplied out (a rank-1 tile is
// one row); its valid region must then be whole leading rows. A tile whose
// valid shape is not static has `v_row=?, v_col=?` and passes the extents to
// pto.alloc_tile; when they depend on values computed in the body, the
// allocation gets the physical extents and each write to the buffer is
// preceded by `pto.set_validshape`. Views do not allocate:
// tile.transpose_view / tile.reinterpret_view become `pto.treshape` (or
// nothing when the buffer type is unchanged), and tile.set_validshape
// updates its operand's buffer in place (`pto.set_validshape`), so the
// result and the operand are one buffer - as in PTO, a later read of the
// operand sees the new valid shape. Such a buffer gets `v_row=?, v_col=?`
// and its own extents back (`pto.set_validshape`) before each op writes it,
// so a narrowing in one loop iteration does not leak into the next.
//
// Control flow. pl.range loops of every kind become `scf.for` (sequential
// semantics), ifs `scf.if`, while loops `scf.while`. Scalar iter args and
// return vars become scf iter_args / results. Tile-typed loop-carried values
// use buffer semantics: the iter arg owns a buffer; `pto.tmov` copies the
// init value into it before the loop and the yielded tile into it at the end
// of each iteration (no copy when the body updated it in place), and the
// loop's return var is that buffer. A tile returned by an if gets its own
// buffer, which each branch fills with `pto.tmov`. Tensor values are views
// of their pointer: a loop or if must yield the tensor it was given.
//
// Errors are absl::Status values `FILE:LINE:COL: error: codegen: ...` naming
// the op: a composite op (run lower-composite-ops first), a tile.cast the
// backend cannot emit as one pto.tcvt (run legalize-tile-cast first), a
// tensor-level compute op (convert to tile ops first), any op without an
// emitter, shapes PTO cannot express, and what the backend rejects: a TSELS
// source dtype or scratch overlap, an atomic-add dtype, a dtype with no
// in-core path (a parameter or tile of it is named instead of an op).

#ifndef PTO_CODEGEN_PTO_EMITTER_H_
#define PTO_CODEGEN_PTO_EMITTER_H_

#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "backends/backend.h"
#include "ir/function.h"
#include "ir/text/output/text_sink.h"

namespace pto::codegen {

struct PtoOptions {
  // End every op line with ` loc("file":line:col)` from its IR node; ops
  // with regions carry it after their closing brace. Nodes without a known
  // location get none.
  bool emit_locations = false;
};

// Writes the module to `out` function by function, so only one function's
// text is held at a time. `backend` may be null: then no target attribute
// and no native-cast check. On an error `out` holds the text of the
// functions before the failing one; a caller that must leave no partial
// output writes to a temporary (as pto-opt does) or uses the form below.
absl::Status EmitPto(const ir::Program& program, const backends::Backend* backend,
                     ir::TextSink& out, const PtoOptions& options = {});

// The whole module as one string, or the error alone.
absl::StatusOr<std::string> EmitPto(const ir::Program& program,
                                    const backends::Backend* backend,
                                    const PtoOptions& options = {});

// A module of some of `program`'s functions, in the given order: what
// `pto-compile` writes for each kernel (tools/compile_driver.h), and what
// `pto-opt --emit=pto` writes for a program's kernels.
absl::Status EmitPto(const ir::Program& program,
                     absl::Span<const ir::Function* const> functions,
                     const backends::Backend* backend, ir::TextSink& out,
                     const PtoOptions& options = {});
absl::StatusOr<std::string> EmitPto(const ir::Program& program,
                                    absl::Span<const ir::Function* const> functions,
                                    const backends::Backend* backend,
                                    const PtoOptions& options = {});

// Whether codegen emits `fn` as a kernel: an InCore, AIC or AIV function,
// or an Opaque or Inline one (emitted as InCore); not Orchestration, Group,
// Spmd or Graph functions, which are orchestration.
bool IsPtoKernel(const ir::Function& fn);

}  // namespace pto::codegen

#endif  // PTO_CODEGEN_PTO_EMITTER_H_
