// The unified op table of the hand-written DSL: which concrete op a
// `pl.X(...)` call (or a `pld.X(...)` short form) builds, and the DSL
// wrapper's rules that differ from the IR op's schema. It is the one place
// this mapping lives; the parser looks a row up per call it reads.
//
//   const DslOpRow* row = FindDslOp("add");
//   row->tile;          // "tile.add"   (pl.add(tile, tile))
//   row->tile_scalar;   // "tile.adds"  (pl.add(tile, scalar))
//   row->tensor;        // "tensor.add" (pl.add(tensor, ...))
//   *row->scalar;       // BinaryOp::kAdd (pl.add(scalar, scalar) is `a + b`)
//
//   const DslOpRow* rules = FindDslRulesOf("tile.cast");  // for pl.tile.cast(...)
//   rules->params;      // "#0,target_type,mode": pl.cast(t, pl.BF16, 'rint')
//
// The choice is made by operand type, as upstream's dispatchers make it
// (upstream-dsl.md §a.1): a Tensor first operand picks the tensor op, a Tile
// the tile op, with the `...s` form when the second operand is a scalar;
// two scalars build the scalar expression. A row without a tensor or tile
// op is a re-export of one fixed op (`pl.load` is `pl.tile.load`).

#ifndef PTO_IR_TEXT_DSL_DSL_OPS_H_
#define PTO_IR_TEXT_DSL_DSL_OPS_H_

#include <cstdint>
#include <optional>

#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/dtype.h"
#include "ir/expr.h"
#include "ir/operators.h"

namespace pto::ir::text {

// What `pl.X(scalar, ...)` builds when the first operand is a scalar.
enum class DslScalarForm : uint8_t {
  kNone,    // rejected: the op needs a Tensor or Tile
  kBinary,  // DslOpRow::binary of the two operands
  kCast,    // a scalar Cast to the target dtype (default mode only)
};

// A wrapper rule applied while building the IR call.
enum class DslFill : uint8_t {
  kNone,
  kValidShapeFromShapes,  // pl.load: an absent valid_shape is the loaded shapes
  // pld.alloc_window_buffer: the call is the whole value of `buf = ...` and
  // an absent `name` is the assigned name.
  kNameFromTarget,
  // tensor.ci / tile.ci: an int literal `start` takes the `dtype` kwarg's
  // dtype (upstream's IR builder restamps it; a typed pl.const is kept).
  kStartTakesDtype,
  // tile.sels: an int literal scalar (arg 3) takes the src's (arg 1) element
  // dtype, an unsigned one its same-width signed dtype with the bits kept (a
  // typed pl.const is kept).
  kSelsScalar,
  // pl.gather / pl.scatter (and their pl.tensor. spellings): the mask form
  // (`mask_pattern=`, gather's `output_dtype=`, scatter's `dst=`) builds
  // tensor.gather_mask / tensor.scatter_mask, gather's compare form
  // (`kvalue=`, `cmp_mode=`, `out_cols=`, `count_dtype=`)
  // tensor.gather_compare, else the row's index form.
  kGatherScatterForms,
  // mrgsort: `block_len=` builds <level>.mrgsort_format1(src0, block_len),
  // else <level>.mrgsort_format2 of the 2-4 sources (and, for a tile, the
  // scratch `tmp` after them); the row's ops are the format2 ones.
  kMergeSort,
  // aic/aiv_initialize_pipe: an absent consumer buffer is ConstInt(0, INT32),
  // as upstream's wrapper defaults it.
  kZeroArgs,
  // pl.tpop_from_aic / pl.tpop_from_aiv: the wrapper's shape= and dtype=
  // give the popped tile's type, in Vec (from the cube) or Mat (from the
  // vector cores).
  kPopTypeVec,
  kPopTypeMat,
  // pl.random / pl.tensor.random / pl.tile.random: the six key and counter
  // words are INT32 scalars; an integer literal (or another-width constant)
  // becomes an INT32 constant, as upstream's wrappers coerce it.
  kInt32Seeds,
  // tile.mgather: absent optional args close up, as upstream's wrapper
  // appends only the given ones (`valid_shape=` without a scratch is arg 2,
  // where a Mat row-mode gather takes it).
  kCompactOptionalArgs,
  // pld.tile.put / pld.tile.get: the optional second stage, then the region
  // (dsl/transfer_args.h): a list in the stage2 slot starts the region, an
  // absent stage2 closes up, and the region is given whole or not at all.
  kStagesThenRegion,
  // pld.world_size: a HOST orchestration value, called only in a HOST-level
  // function outside any device scope (InCore / SPMD), as upstream's parser
  // rules (pld.alloc_window_buffer, kNameFromTarget, follows it too).
  kHostOnly,
  // slice (pl., pl.tensor., pl.tile.): an empty drop_dims list is absent,
  // and a drop_dims given without valid_shape gets an empty valid_shape
  // list in its place, as upstream's builders store them.
  kSliceOperands,
  // system.syncall: mode="hard" is the default and is not stored (its
  // used_cores= int is an int_literals rule).
  kSyncall,
  // read / write (pl., pl.tensor., pl.tile.): a scalar index (arg 1) is the
  // one-element index list, as upstream's wrappers wrap a bare index for a
  // flat 1-D access.
  kScalarIndexList,
};

struct DslOpRow {
  // The name after `pl.` ("add", "load"), or the whole `pld.` short form
  // ("pld.rank").
  absl::string_view name;
  // The op for a Tensor first operand, and for a Tensor with a scalar second
  // operand ("" = the same op). Empty tensor: no tensor form.
  absl::string_view tensor;
  absl::string_view tensor_scalar;
  // Likewise for a Tile first operand.
  absl::string_view tile;
  absl::string_view tile_scalar;
  // The one op of a re-export, whatever the operands ("" for a dispatcher).
  absl::string_view fixed;
  DslScalarForm scalar = DslScalarForm::kNone;
  BinaryOp binary = BinaryOp::kAdd;  // for DslScalarForm::kBinary
  // The wrapper's positional parameters, comma-separated, when they differ
  // from the IR op's default order (its non-keyword args, then its kwargs
  // that are not keyword-only). "#k" names the op's k-th arg whatever it is
  // called at each level. Empty: the default order.
  absl::string_view params;
  // Parameters the tile form accepts only at their default (False or None)
  // and then drops, as upstream's dispatcher does: the tensor op keeps them.
  absl::string_view tile_default_only;
  // The operand paired with the first one as a scalar (restamped from INDEX
  // to the first operand's element dtype), or -1. A dispatcher's scalar form
  // always pairs operand 1.
  int8_t scalar_arg = -1;
  DslFill fill = DslFill::kNone;
  // How the wrapper types an int it is given for a parameter, when that
  // differs from the parser's INDEX: "name:DTYPE" entries, comma-separated.
  // Upstream's parser hands a keyword argument's literal (`value=1`, `-1`,
  // a module constant) to the wrapper as a Python int, which the wrapper
  // types; a positional literal arrives as an INDEX constant and is kept,
  // unless the entry ends in '!' (the wrapper retypes any INDEX constant).
  // An entry ending in '?' makes a keyword's literal 0 no operand at all.
  // See FindIntLiteralRule.
  absl::string_view int_literals;
  // A Tile first operand may come with Tensor operands (pld.remote_store of
  // a tile into a distributed tensor); other dispatchers reject the mix.
  bool mixes_levels = false;

  bool dispatches() const { return fixed.empty(); }
};

// The row of `pl.<name>` (or of a `pld.` short form, spelled "pld.<name>"),
// or nullptr.
const DslOpRow* FindDslOp(absl::string_view name);

// The row whose ops include `op_name` ("tile.cast"): the wrapper rules an
// explicit `pl.tile.cast(...)` follows too. nullptr when no row names it.
const DslOpRow* FindDslRulesOf(absl::string_view op_name);

// The operand of a call (of an op whose rules are `rules`) that the DSL
// restamps when it is an INDEX constant: the scalar paired with the first
// operand takes that operand's element dtype. -1 when there is none. The
// parser restamps it; the printer spells an INDEX constant there as
// pl.const(v, pl.INDEX), so that it reads back as itself. The Index form
// is the candidate slot alone, for a caller that checks the operand.
int RestampedScalarArg(const DslOpRow& rules, ExprSpan args);
inline int RestampedScalarArgIndex(const DslOpRow& rules) { return rules.scalar_arg; }

// The rule of `row`'s int_literals for parameter `param`, if it has one.
struct IntLiteralRule {
  DataType dtype;
  bool positional_too;  // '!': an INDEX constant given by position too
  bool zero_absent;     // '?': a keyword's literal 0 is no operand
};
std::optional<IntLiteralRule> FindIntLiteralRule(const DslOpRow& row, absl::string_view param);

// Every row, in table order.
absl::Span<const DslOpRow> DslOps();

}  // namespace pto::ir::text

#endif  // PTO_IR_TEXT_DSL_DSL_OPS_H_
