// Valid regions of window reads and writes. The valid extent of one
// dimension of a window read (tile.load, tensor.slice,
// pld.tile.remote_load): the requested extent narrowed to the part of the
// source's valid region the window covers.
//
//   available = min(max(source_valid - offset, 0), window)
//   result    = min(requested, available)
//
//   const Expr* v = WindowReadValidExtent(
//       ctx, WindowReadDim{source[d], source_valid[d], offsets[d], shape[d], valid[d]},
//       /*clamp=*/false, WindowNarrowing::kExact);
//
// A fully valid source needs no narrowing when the read promises to stay
// inside it (no clamp): the in-bounds read is the op's precondition, checked
// by the caller where constants decide it. The two narrowings differ where
// the prover cannot order the extents: kProven keeps the request (tile.load
// trusts the caller), kExact builds the min, so the read never passes the
// source's valid data. kExact also guards a fully valid source whose extent
// is symbolic, since only a runtime min keeps the read inside that window.
// kRuntime (pld.tile.remote_load, as upstream's deducer builds it) is kExact
// that also keeps the min of a request with the window itself when the
// prover cannot order them: the peer partition a request names never
// reaches past the tile.

#ifndef PTO_IR_OPS_WINDOW_READ_H_
#define PTO_IR_OPS_WINDOW_READ_H_

#include "absl/status/statusor.h"
#include "ir/context.h"
#include "ir/expr.h"
#include "ir/op.h"
#include "ir/ops/type_inference.h"

namespace pto::ir {

struct WindowReadDim {
  const Expr* source;        // the source's physical extent
  const Expr* source_valid;  // the source's valid extent
  const Expr* offset;
  const Expr* window;     // the result tile's extent
  const Expr* requested;  // the requested valid extent; null: none, give the available one
};

enum class WindowNarrowing : uint8_t {
  kProven,  // narrow only where the prover shows the source is smaller
  kExact,   // min(requested, available), built at run time when symbolic
  kRuntime,  // kExact, with min(requested, window) kept too
};

// The callers have checked the offset and the request (0 <= offset,
// requested <= window).
const Expr* WindowReadValidExtent(Context& ctx, const WindowReadDim& d, bool clamp,
                                  WindowNarrowing narrowing);

// A whole window read (tile.load, tensor.slice): per dimension, rejects a
// constant negative offset, a request past the window and (unless `clamp`)
// a constant read past the source's end, then narrows with kProven.
struct WindowRead {
  ExprSpan source;  // source physical shape
  ExprSpan source_valid;
  ExprSpan offsets;
  ExprSpan window;     // the result's shape
  ExprSpan requested;  // the requested valid shape; empty: none (tensor.slice)
  bool clamp;
};
absl::StatusOr<DimVec> InferWindowReadValidShape(const DeduceContext& dc, const WindowRead& r);

// A write of `source_valid` at `offsets` into a target (tile.store,
// tensor.assemble): the target's valid region afterwards, the union of the
// two regions when that is one origin-anchored rectangle; an error (naming
// the op) otherwise, or when constants show the write leaves the target.
struct WriteUnion {
  ExprSpan target;  // destination physical shape
  ExprSpan target_valid;
  ExprSpan source_valid;  // only the source's valid region is transferred
  ExprSpan offsets;
};
absl::StatusOr<DimVec> InferWriteValidShapeUnion(const DeduceContext& dc, const WriteUnion& w);

}  // namespace pto::ir

#endif  // PTO_IR_OPS_WINDOW_READ_H_
