// LoweringBuilder: the statement builder a composite-lowering rule writes to.
//
// LowerCompositeOps hands each rule one builder per composite call. The rule
// appends one AssignStmt per intermediate value (Bind), builds primitive op
// calls through the helpers below (every call goes through CreateCall, so its
// type is the op deducer's) and returns the final expression; the pass binds
// that to the original Var and splices the statements in place of the call.
//
//   absl::StatusOr<const ir::Expr*> LowerDouble(const ir::Call& call, ir::ExprSpan args,
//                                               LoweringBuilder& b) {
//     PTO_ASSIGN_OR_RETURN(const ir::Var* twice, b.Bind("twice", b.Muls(args[0], 2.0f)));
//     return b.Add(twice, args[0]);
//   }
//   // y = f(x) becomes  y__twice_tmp_v0 = pl.tile.muls(x, 2.0)
//   //                   y = pl.tile.add(y__twice_tmp_v0, x)
//
// Temporaries are named `<base>__<qualifier>_tmp_v<N>` (passes/temp_names.h);
// the counter is the function's, shared by every call and every nested
// builder, so names never collide. Structured control flow (EmitFor,
// EmitForReduce, EmitIf, EmitIfExpr) builds each body in a nested builder
// handed to a callback. Every failure - a rejected op call included - is an
// absl::Status naming the composite call's location; a rule never aborts.

#ifndef PTO_PASSES_LOWER_COMPOSITE_BUILDER_H_
#define PTO_PASSES_LOWER_COMPOSITE_BUILDER_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "ir/context.h"
#include "ir/op_registry.h"
#include "ir/ops/comm_enums.h"
#include "passes/temp_names.h"

namespace pto::backends {
class Backend;
}  // namespace pto::backends

namespace pto::passes::lower_composite {

// The combining op of a reducing collective (values are IR ABI, as upstream).
using ReduceOp = ir::ReduceOp;

// The communication context a collective recipe starts with (EmitCommSetup).
struct CommSetup {
  const ir::Var* ctx = nullptr;         // pld.system.get_comm_ctx(window)
  const ir::Var* nranks = nullptr;      // INT32 group size NR
  const ir::Var* nranks_idx = nullptr;  // NR as INDEX: the bound of every rank loop
  const ir::Var* my_rank = nullptr;     // INT32 rank of this process
};

class LoweringBuilder {
 public:
  // `base` names the temporaries (the target Var's name, "eval", "ret0", ...);
  // `names` is the function-wide counter; `loc` is the composite call's
  // location, given to every emitted node; `backend` may be null.
  LoweringBuilder(ir::Context& ctx, absl::string_view base, TempNamer& names, ir::SourceLoc loc,
                  const backends::Backend* backend);

  LoweringBuilder(const LoweringBuilder&) = delete;
  LoweringBuilder& operator=(const LoweringBuilder&) = delete;

  ir::Context& ctx() const { return ctx_; }
  ir::SourceLoc loc() const { return loc_; }
  // The configured target, or null (rules then use their target-neutral
  // defaults).
  const backends::Backend* backend() const { return backend_; }
  // True inside an EmitFor/EmitIf body.
  bool nested() const { return nested_; }

  // --- Statements --------------------------------------------------------------
  // `<base>__<qualifier>_tmp_v<N>`, consuming one counter value; valid until
  // the next name is made.
  absl::string_view MakeTempName(absl::string_view qualifier);
  // A fresh Var `MakeTempName(qualifier)` bound to `value` by an appended
  // AssignStmt.
  const ir::Var* Bind(absl::string_view qualifier, const ir::Expr* value);
  // Bind for a value that may have failed to build (propagates the error).
  absl::StatusOr<const ir::Var*> Bind(absl::string_view qualifier,
                                      absl::StatusOr<const ir::Expr*> value);
  void EmitEval(const ir::Expr* expr);
  void Emit(const ir::Stmt* stmt);
  absl::Span<const ir::Stmt* const> stmts() const { return stmts_; }
  // Moves the accumulated statements out.
  std::vector<const ir::Stmt*> TakeStmts();

  // InvalidArgument "<file:line:col>: error: <message>" at the call.
  absl::Status Error(absl::string_view message) const;
  // Internal "<file:line:col>: internal error: LowerCompositeOps: <message>":
  // a broken invariant (a rule bug), reported instead of aborting.
  absl::Status Internal(absl::string_view message) const;

  // --- Op calls ------------------------------------------------------------------
  // A call of built-in op `op`, located at the composite call; a rejected call
  // becomes Error(<deducer message>).
  absl::StatusOr<const ir::Call*> Call(absl::string_view op, ir::ExprSpan args,
                                       absl::Span<const ir::NamedAttr> kwargs = {});
  // tile.muls / tile.adds with the float literal `c` as a ConstFloat holding
  // double(c), of the tile's dtype when that is a float (else FP32).
  absl::StatusOr<const ir::Call*> Muls(const ir::Expr* x, float c);
  absl::StatusOr<const ir::Call*> Adds(const ir::Expr* x, float c);
  absl::StatusOr<const ir::Call*> Add(const ir::Expr* a, const ir::Expr* b);
  absl::StatusOr<const ir::Call*> Sub(const ir::Expr* a, const ir::Expr* b);
  absl::StatusOr<const ir::Call*> Mul(const ir::Expr* a, const ir::Expr* b);
  // `acc op other` with the tile op of `op`: Sum -> tile.add, Max ->
  // tile.maximum, Min -> tile.minimum, Prod -> tile.mul.
  absl::StatusOr<const ir::Call*> Reduce(ReduceOp op, const ir::Expr* acc,
                                         const ir::Expr* other);
  // tile.cast(x, target_type=dtype, mode=mode).
  absl::StatusOr<const ir::Call*> Cast(const ir::Expr* x, ir::DataType dtype, ir::RoundMode mode);
  // tile.full(shape, dtype=dtype, value=value).
  absl::StatusOr<const ir::Call*> Full(absl::Span<const int64_t> shape, const ir::Expr* value,
                                       ir::DataType dtype);
  // tile.create(shape, dtype=dtype, target_memory=pl.Mem.Vec). The memory
  // space is explicit because LowerCompositeOps runs before
  // InferTileMemorySpace and the memory planner must still see the tile.
  absl::StatusOr<const ir::Call*> Create(absl::Span<const int64_t> shape, ir::DataType dtype);
  absl::StatusOr<const ir::Call*> Create(const ir::MakeTuple* shape, ir::DataType dtype);
  // tile.load(tensor, offsets, shape, valid, target_memory=pl.Mem.Vec): the
  // collectives read their windows into Vec tiles, explicitly for the same
  // reason as Create.
  absl::StatusOr<const ir::Call*> LoadVec(const ir::Expr* tensor, const ir::MakeTuple* offsets,
                                          const ir::MakeTuple* shape, const ir::MakeTuple* valid);
  // A list of INDEX constants.
  const ir::MakeTuple* IndexTuple(absl::Span<const int64_t> values);
  // Scalar comparisons with PyPTO's operand promotion; BOOL results.
  absl::StatusOr<const ir::Expr*> NotEq(const ir::Expr* a, const ir::Expr* b);
  absl::StatusOr<const ir::Expr*> Gt(const ir::Expr* a, const ir::Expr* b);

  // --- Scalars ---------------------------------------------------------------------
  // `a op b` with PyPTO's promotion (the parser builds the same tree, so the
  // printed program round-trips).
  absl::StatusOr<const ir::Expr*> Arith(ir::BinaryOp op, const ir::Expr* a, const ir::Expr* b);
  absl::StatusOr<const ir::Expr*> CastScalar(const ir::Expr* e, ir::DataType dtype);
  // -e: a constant folds to its negation, anything else becomes Neg(e).
  absl::StatusOr<const ir::Expr*> Negate(const ir::Expr* e);
  // An INT32 constant (signal values and thresholds).
  const ir::Expr* I32(int64_t value);

  // --- Barrier-signal protocol -------------------------------------------------------
  // The credit barrier every collective synchronises with. A signal window
  // holds one INT32 credit counter per (row, source rank) cell: a mesh
  // signal [NR, 1] addresses cell [src, 0] (`row` null below), a ring signal
  // [2*(NR-1), NR] cell [row, src]. A rank announces by AtomicAdd(+1) into its
  // own cell on every peer and waits until each peer's cell in its own copy
  // is >= the call-local generation g (1, 2, ... per call: Ge, never Eq, so
  // a fast peer may run ahead). The epilogue retires exactly the call's
  // credits with AtomicAdd(-credits) on its own non-self cells, keeping any
  // early credits of the next call; Set is never used on these cells.

  // ctx/nranks/nranks_idx/my_rank of `window`'s communication group.
  absl::StatusOr<CommSetup> EmitCommSetup(const ir::Expr* window);
  // for peer<suffix> in [0, NR): if peer != me:
  //   notify(signal, peer, cell(row, me), value, op=AtomicAdd)
  absl::Status EmitNotifyAll(const ir::Expr* signal, const CommSetup& comm, const ir::Expr* row,
                             const ir::Expr* value, absl::string_view suffix);
  // for src<suffix> in [0, NR): if src != me:
  //   wait(signal, cell(row, src), expected, cmp=Ge)
  absl::Status EmitWaitAll(const ir::Expr* signal, const CommSetup& comm, const ir::Expr* row,
                           const ir::Expr* expected, absl::string_view suffix);
  // Top level only: the call's next generation g (counted per builder, from
  // 1): EmitNotifyAll(+1) then EmitWaitAll(>= g) on mesh cells. Returns g.
  absl::StatusOr<int64_t> EmitBarrier(const ir::Expr* signal, const CommSetup& comm,
                                      absl::string_view suffix = "");
  // EmitBarrier calls so far (the top-level credits they posted).
  int64_t barrier_count() const { return barrier_count_; }
  // Top level only: for every non-self source cell of this rank's copy
  // (of every row in [0, rows) when `rows` is given, a ring signal):
  //   notify(signal, me, cell(row, src), -credits, op=AtomicAdd)
  // `credits` is an INT32 expression: a constant, or a runtime total
  // (bound to `reset_total` first).
  absl::Status EmitEpilogueReset(const ir::Expr* signal, const CommSetup& comm,
                                 const ir::Expr* credits, const ir::Expr* rows = nullptr);

  // --- Structured control flow ------------------------------------------------------
  // Each body is built by `body` in a nested builder sharing this builder's
  // base name and counter. An empty body becomes an empty sequence.
  using LoopBody = absl::FunctionRef<absl::Status(LoweringBuilder& body, const ir::Var* loop_var)>;
  using ReduceBody = absl::FunctionRef<absl::StatusOr<const ir::Expr*>(
      LoweringBuilder& body, const ir::Var* loop_var, const ir::Var* acc)>;
  using Branch = absl::FunctionRef<absl::Status(LoweringBuilder& body)>;
  using ValueBranch = absl::FunctionRef<absl::StatusOr<const ir::Expr*>(LoweringBuilder& body)>;

  // for <name> in range(start, stop, step): body. The loop var is an INDEX
  // temporary named after `name`.
  absl::Status EmitFor(absl::string_view name, const ir::Expr* start, const ir::Expr* stop,
                       const ir::Expr* step, LoopBody body);
  // A loop with one carried value: iter arg `<name>_acc` (starting at `init`),
  // the body's result yielded back; returns the return var `<name>_final`.
  // Names are allocated loop var, acc, (body), final.
  absl::StatusOr<const ir::Var*> EmitForReduce(absl::string_view name, const ir::Expr* start,
                                               const ir::Expr* stop, const ir::Expr* step,
                                               const ir::Expr* init, ReduceBody body);
  // if cond: then [else: otherwise], no values.
  absl::Status EmitIf(const ir::Expr* cond, Branch then_body);
  absl::Status EmitIf(const ir::Expr* cond, Branch then_body, Branch else_body);
  // A value-producing if: each branch yields its result; returns the return
  // var `if_res` (allocated after both branches).
  absl::StatusOr<const ir::Var*> EmitIfExpr(const ir::Expr* cond, ValueBranch then_body,
                                            ValueBranch else_body);

 private:
  LoweringBuilder(ir::Context& ctx, absl::string_view base, TempNamer& names, ir::SourceLoc loc,
                  const backends::Backend* backend, bool nested);
  // A nested builder for a body.
  LoweringBuilder Nested() const;
  const ir::Stmt* Body(std::vector<const ir::Stmt*> stmts) const;
  absl::StatusOr<const ir::Call*> Scalar(absl::string_view op, const ir::Expr* x, float c);
  absl::Status EmitIfImpl(const ir::Expr* cond, Branch then_body, const Branch* else_body);
  // [rank, 0] (mesh) or [row, rank] (ring): the cell rank `rank` credits.
  const ir::MakeTuple* SignalCell(const ir::Expr* row, const ir::Expr* rank);
  // for <loop> in [0, NR): if <loop> != me: body(loop var).
  absl::Status ForEachPeer(const CommSetup& comm, absl::string_view loop, LoopBody body);

  ir::Context& ctx_;
  std::string base_;
  TempNamer& names_;
  ir::SourceLoc loc_;
  const backends::Backend* backend_;
  bool nested_;
  int64_t barrier_count_ = 0;
  std::vector<const ir::Stmt*> stmts_;
};

}  // namespace pto::passes::lower_composite

#endif  // PTO_PASSES_LOWER_COMPOSITE_BUILDER_H_
