// pld.tensor.allreduce, mode="ring": a reduce-scatter ring then an allgather
// ring over one packed 2-D view, moving data with non-atomic TPUT pushes.
//
// Geometry. The target is viewed as target_2d = [1, total] (total = product
// of its shape); a partial target whose valid box is a contiguous row-major
// prefix keeps that physical shape and carries valid_shape [1, SIZE], SIZE =
// product of the valid shape (otherwise SIZE = total). NR = signal.shape[1]
// splits [0, SIZE) into NR segments [b(i), b(i+1)):
//   FP32: b(i) = i * SIZE // NR                                (balanced)
//   FP16: b(i) = min(((i * SIZE + 16 NR - 1) // (16 NR)) * 16, SIZE)
//         (every interior boundary rounded up to 16 elements and capped, so
//          every non-empty segment and subchunk starts 32-byte aligned)
// max_segment = ceil(SIZE / NR) (FP16: min(SIZE, ceil(SIZE / NR) + 15))
// bounds every segment; C = SelectStaticChunkCols(max_segment) is the
// subchunk width and K = ceil(max_segment / C) the subchunk count. Segments
// may be empty (SIZE < NR) or ragged: inactive subchunks only synchronise.
//
// Recipe (rank me, right = (me + 1) % NR, ranks and indices at run time):
//   comm setup; my_rank_idx; target_2d = tensor.view(...)
//   ring_put_stage = tile.create([1, C])          the one shared bounce tile
//   for s in [0, NR - 1):                         reduce-scatter, signal row s
//     recv = (me - s - 1) mod NR; send = (me - s) mod NR  (segment indices)
//     for col in [0, max_segment) step C:         subchunk k = col // C
//       acc_own = own value of recv segment @ col (tile.load; a [1, 1]
//                 placeholder load at [0, 0] when inactive)
//       barrier on row s, generation 2k + 1 (_rs_ready): the right neighbour
//                 read its own value of the slot this rank overwrites next
//       if send active: stage narrowed to the exact extent
//                 (tile.set_validshape(ring_put_stage, 1, n)); pld.tile.put of
//                 send segment @ col into right's slot of the same index
//       barrier on row s, generation 2k + 2 (_rs_done): the left push landed
//       if recv active: load the slot, <op>(acc_own, pushed), store it back
//   for s in [0, NR - 1):                         allgather, signal row NR - 1 + s
//     send = (me - s + 1) mod NR (fully reduced); same subchunk loop without
//     the own read and the reduce: ready barrier, push, done barrier
//   epilogue: every row of the [2*(NR-1), NR] signal, every non-self cell,
//             AtomicAdd(-2K) (each round's row got 2 credits per subchunk)
// The push overwrites and the receiver reduces, so every ReduceOp works (a
// remote-atomic TPUT would be Sum-only). A partial target's stores pass the
// written [1, n] region explicitly (tile.store's 4th argument): every write
// stays inside the valid prefix, which the extent prover cannot see through
// the runtime segment arithmetic.

#include "passes/lower_composite/allreduce_ring.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"

namespace pto::passes::lower_composite {
namespace {

using ir::BinaryOp;
using ir::DataType;

constexpr absl::string_view kOp = "pld.tensor.allreduce";

// The loop-invariant parts of the recipe.
struct Ring {
  CommSetup comm;
  ReduceOp op;
  bool fp16 = false;
  bool partial = false;
  const ir::Expr* signal = nullptr;
  const ir::Expr* nr = nullptr;    // signal.shape[1]: the segment count
  const ir::Expr* size = nullptr;  // valid elements of the flattened target
  // FP16: 16 * NR and 16 * NR - 1 (constants when NR is).
  const ir::Expr* unit = nullptr;
  const ir::Expr* unit_minus_one = nullptr;
  int64_t chunk = 0;
  const ir::Var* my_rank_idx = nullptr;
  const ir::Var* target_2d = nullptr;
  const ir::Var* stage = nullptr;
  const ir::Var* right = nullptr;
};

struct Segment {
  const ir::Var* begin = nullptr;
  const ir::Var* cols = nullptr;
};

// b(i), as above.
absl::StatusOr<const ir::Expr*> Boundary(LoweringBuilder& b, const Ring& r, const ir::Expr* i) {
  ir::Context& ctx = b.ctx();
  PTO_ASSIGN_OR_RETURN(const ir::Expr* scaled, b.Arith(BinaryOp::kMul, i, r.size));
  if (!r.fp16) return b.Arith(BinaryOp::kFloorDiv, scaled, r.nr);
  PTO_ASSIGN_OR_RETURN(const ir::Expr* rounded, b.Arith(BinaryOp::kAdd, scaled, r.unit_minus_one));
  PTO_ASSIGN_OR_RETURN(const ir::Expr* units, b.Arith(BinaryOp::kFloorDiv, rounded, r.unit));
  PTO_ASSIGN_OR_RETURN(const ir::Expr* aligned, b.Arith(BinaryOp::kMul, units, ctx.Index(16)));
  return b.Arith(BinaryOp::kMin, aligned, r.size);
}

absl::StatusOr<Segment> EmitSegment(LoweringBuilder& b, const Ring& r, absl::string_view name,
                                    const ir::Expr* index) {
  Segment s;
  PTO_ASSIGN_OR_RETURN(s.begin, b.Bind(absl::StrCat(name, "_begin"), Boundary(b, r, index)));
  PTO_ASSIGN_OR_RETURN(const ir::Expr* next, b.Arith(BinaryOp::kAdd, index, b.ctx().Index(1)));
  PTO_ASSIGN_OR_RETURN(const ir::Var* end,
                       b.Bind(absl::StrCat(name, "_end"), Boundary(b, r, next)));
  PTO_ASSIGN_OR_RETURN(s.cols,
                       b.Bind(absl::StrCat(name, "_cols"), b.Arith(BinaryOp::kSub, end, s.begin)));
  return s;
}

// (me + NR + shift - step) mod NR, with the runtime NR.
absl::StatusOr<const ir::Expr*> RingIndex(LoweringBuilder& b, const Ring& r, const ir::Expr* step,
                                          int64_t shift) {
  ir::Context& ctx = b.ctx();
  PTO_ASSIGN_OR_RETURN(const ir::Expr* base,
                       b.Arith(BinaryOp::kAdd, r.my_rank_idx, r.comm.nranks_idx));
  if (shift != 0) {
    BinaryOp op = shift > 0 ? BinaryOp::kAdd : BinaryOp::kSub;
    PTO_ASSIGN_OR_RETURN(base, b.Arith(op, base, ctx.Index(shift > 0 ? shift : -shift)));
  }
  PTO_ASSIGN_OR_RETURN(const ir::Expr* back, b.Arith(BinaryOp::kSub, base, step));
  return b.Arith(BinaryOp::kFloorMod, back, r.comm.nranks_idx);
}

absl::StatusOr<const ir::Call*> Load(LoweringBuilder& b, const Ring& r, const ir::Expr* col,
                                     const ir::Expr* valid) {
  ir::Context& ctx = b.ctx();
  const ir::Expr* off[] = {ctx.Index(0), col};
  const ir::Expr* v[] = {ctx.Index(1), valid};
  return b.LoadVec(r.target_2d, ctx.NewMakeTuple(off, b.loc()), b.IndexTuple({1, r.chunk}),
                   ctx.NewMakeTuple(v, b.loc()));
}

// Generation 2k + 1 + done of subchunk `col`, as INT32.
absl::StatusOr<const ir::Var*> Generation(LoweringBuilder& b, const Ring& r, const ir::Expr* col,
                                          int64_t extra, absl::string_view name) {
  ir::Context& ctx = b.ctx();
  PTO_ASSIGN_OR_RETURN(const ir::Expr* k, b.Arith(BinaryOp::kFloorDiv, col, ctx.Index(r.chunk)));
  PTO_ASSIGN_OR_RETURN(const ir::Expr* twice, b.Arith(BinaryOp::kMul, k, ctx.Index(2)));
  PTO_ASSIGN_OR_RETURN(const ir::Expr* gen, b.Arith(BinaryOp::kAdd, twice, ctx.Index(extra)));
  return b.Bind(name, b.CastScalar(gen, DataType::kInt32));
}

// The body of one subchunk of one round; `recv` is set in the reduce-scatter.
absl::Status EmitSubchunk(LoweringBuilder& b, const Ring& r, absl::string_view phase,
                          const ir::Expr* row, const ir::Var* col, const Segment& send,
                          const Segment* recv) {
  ir::Context& ctx = b.ctx();
  PTO_ASSIGN_OR_RETURN(const ir::Var* ready,
                       Generation(b, r, col, 1, absl::StrCat(phase, "_ready_gen")));
  PTO_ASSIGN_OR_RETURN(const ir::Var* done,
                       Generation(b, r, col, 2, absl::StrCat(phase, "_done_gen")));
  const ir::Var* recv_active = nullptr;
  const ir::Var* recv_valid = nullptr;
  const ir::Var* recv_col = nullptr;
  const ir::Var* acc_own = nullptr;
  if (recv != nullptr) {
    PTO_ASSIGN_OR_RETURN(recv_active, b.Bind(absl::StrCat(phase, "_recv_active"),
                                             b.Arith(BinaryOp::kLt, col, recv->cols)));
    PTO_ASSIGN_OR_RETURN(const ir::Expr* left, b.Arith(BinaryOp::kSub, recv->cols, col));
    PTO_ASSIGN_OR_RETURN(const ir::Expr* extent, b.Arith(BinaryOp::kMin, ctx.Index(r.chunk), left));
    // At least 1, so the inactive placeholder is a legal [1, 1] read.
    PTO_ASSIGN_OR_RETURN(recv_valid, b.Bind(absl::StrCat(phase, "_recv_valid"),
                                            b.Arith(BinaryOp::kMax, ctx.Index(1), extent)));
    PTO_ASSIGN_OR_RETURN(recv_col, b.Bind(absl::StrCat(phase, "_recv_col"),
                                          b.Arith(BinaryOp::kAdd, recv->begin, col)));
    // The slot holds only this rank's value until the left push lands.
    PTO_ASSIGN_OR_RETURN(acc_own, b.EmitIfExpr(
                                      recv_active,
                                      [&](LoweringBuilder& t) -> absl::StatusOr<const ir::Expr*> {
                                        return t.Bind("acc_own", Load(t, r, recv_col, recv_valid));
                                      },
                                      [&](LoweringBuilder& e) -> absl::StatusOr<const ir::Expr*> {
                                        return e.Bind("acc_own_placeholder",
                                                      Load(e, r, ctx.Index(0), recv_valid));
                                      }));
  }
  PTO_RETURN_IF_ERROR(
      b.EmitNotifyAll(r.signal, r.comm, row, b.I32(1), absl::StrCat("_", phase, "_ready")));
  PTO_RETURN_IF_ERROR(
      b.EmitWaitAll(r.signal, r.comm, row, ready, absl::StrCat("_", phase, "_ready")));
  PTO_ASSIGN_OR_RETURN(const ir::Var* send_active, b.Bind(absl::StrCat(phase, "_send_active"),
                                                          b.Arith(BinaryOp::kLt, col, send.cols)));
  PTO_RETURN_IF_ERROR(b.EmitIf(send_active, [&](LoweringBuilder& t) -> absl::Status {
    PTO_ASSIGN_OR_RETURN(const ir::Expr* left, t.Arith(BinaryOp::kSub, send.cols, col));
    PTO_ASSIGN_OR_RETURN(const ir::Var* n,
                         t.Bind(absl::StrCat(phase, "_send_valid"),
                                t.Arith(BinaryOp::kMin, ctx.Index(r.chunk), left)));
    PTO_ASSIGN_OR_RETURN(const ir::Var* send_col, t.Bind(absl::StrCat(phase, "_send_col"),
                                                         t.Arith(BinaryOp::kAdd, send.begin, col)));
    const ir::Expr* narrow_args[] = {r.stage, ctx.Index(1), n};
    PTO_ASSIGN_OR_RETURN(
        const ir::Var* stage_valid,
        t.Bind(absl::StrCat(phase, "_stage_valid"), t.Call("tile.set_validshape", narrow_args)));
    const ir::Expr* off[] = {ctx.Index(0), send_col};
    const ir::Expr* extent[] = {ctx.Index(1), n};
    // The same slot on both sides: the right neighbour's copy of it.
    const ir::MakeTuple* slot = ctx.NewMakeTuple(off, b.loc());
    const ir::Expr* put_args[] = {r.target_2d,
                                  r.right,
                                  r.target_2d,
                                  stage_valid,
                                  slot,
                                  slot,
                                  ctx.NewMakeTuple(extent, b.loc())};
    ir::NamedAttr overwrite[] = {{"atomic", ir::AttrValue::Int(0)}};
    return t.Bind(absl::StrCat("push_", phase), t.Call("pld.tile.put", put_args, overwrite))
        .status();
  }));
  PTO_RETURN_IF_ERROR(
      b.EmitNotifyAll(r.signal, r.comm, row, b.I32(1), absl::StrCat("_", phase, "_done")));
  PTO_RETURN_IF_ERROR(
      b.EmitWaitAll(r.signal, r.comm, row, done, absl::StrCat("_", phase, "_done")));
  if (recv == nullptr) return absl::OkStatus();
  return b.EmitIf(recv_active, [&](LoweringBuilder& t) -> absl::Status {
    PTO_ASSIGN_OR_RETURN(const ir::Var* pushed,
                         t.Bind("recv_rs", Load(t, r, recv_col, recv_valid)));
    PTO_ASSIGN_OR_RETURN(const ir::Var* reduced,
                         t.Bind("acc_rs_next", t.Reduce(r.op, acc_own, pushed)));
    const ir::Expr* off[] = {ctx.Index(0), recv_col};
    std::vector<const ir::Expr*> store_args = {reduced, ctx.NewMakeTuple(off, b.loc()),
                                               r.target_2d};
    if (r.partial) {
      const ir::Expr* region[] = {ctx.Index(1), recv_valid};
      store_args.push_back(ctx.NewMakeTuple(region, b.loc()));
    }
    return t.Bind("store_rs", t.Call("tile.store", store_args)).status();
  });
}

// Why a ring signal of `rows` x `cols` (each known or not) is not
// [2*(NR-1), NR], or nullopt when nothing contradicts it. NR is the group's
// rank count, a run-time value the signal's shape is the only static trace
// of, so the message says what each dim fits instead of picking one as NR.
std::optional<std::string> RingSignalMismatch(std::optional<int64_t> rows,
                                              std::optional<int64_t> cols) {
  auto rows_fit = [&]() -> std::string {
    if (*rows % 2 != 0) return absl::StrCat(*rows, " rows fit no NR (2*(NR-1) is even)");
    int64_t n = *rows / 2 + 1;
    return absl::StrCat(*rows, " rows fit NR = ", n, " (shape [", *rows, ", ", n, "])");
  };
  auto cols_fit = [&]() {
    int64_t n = *cols;
    return absl::StrCat(n, n == 1 ? " column fits" : " columns fit", " NR = ", n, " (shape [",
                        2 * (n - 1), ", ", n, "])");
  };
  if (cols && *cols <= 0) return absl::StrCat(*cols, " columns fit no NR (NR is positive)");
  if (rows && cols) {
    if (*rows == 2 * (*cols - 1)) return std::nullopt;
    return absl::StrCat("its dims disagree: ", rows_fit(), ", ", cols_fit());
  }
  if (rows && *rows % 2 != 0) return rows_fit();
  return std::nullopt;
}

}  // namespace

absl::StatusOr<const ir::Expr*> LowerRingAllReduce(const ir::Call& call, ir::ExprSpan args,
                                                   ReduceOp op, LoweringBuilder& b) {
  (void)call;
  ir::Context& ctx = b.ctx();
  const auto* target = args[0]->type()->As<ir::DistributedTensorType>();
  const auto* signal = args[1]->type()->As<ir::DistributedTensorType>();
  if (target == nullptr || signal == nullptr) {
    return b.Internal("a ring allreduce needs window target and signal");
  }
  if (signal->rank() != 2) {
    return b.Error(absl::StrCat(kOp, ": mode=\"ring\" needs a signal of shape [2*(NR-1), NR], got ",
                                ir::FormatShape(signal->shape())));
  }
  std::optional<int64_t> rows = ir::AsConstInt(signal->shape()[0]);
  std::optional<int64_t> nr = ir::AsConstInt(signal->shape()[1]);
  if (std::optional<std::string> wrong = RingSignalMismatch(rows, nr)) {
    return b.Error(absl::StrCat(kOp, ": mode=\"ring\" signal shape ",
                                ir::FormatShape(signal->shape()),
                                " must be [2*(NR-1), NR] for the group's rank count NR (one row "
                                "per ring round, one column per rank); ",
                                *wrong));
  }
  ir::ExprSpan shape = target->shape();
  ir::ExprSpan valid = target->ValidShape();
  const ir::TensorView* view = target->view();
  Ring r;
  r.op = op;
  r.signal = args[1];
  r.nr = signal->shape()[1];
  r.fp16 = target->dtype() == DataType::kFP16;
  r.partial = view != nullptr && !view->valid_shape.empty();
  if (r.partial && !IsRowMajorLinearPrefix(shape, valid)) {
    return b.Error(absl::StrCat(kOp, ": mode=\"ring\" valid_shape ", ir::FormatShape(valid),
                                " of target ", ir::FormatShape(shape),
                                " must be a contiguous row-major prefix of the flattened target"));
  }
  const ir::Expr* total = ProductExtent(ctx, shape);
  r.size = r.partial ? ProductExtent(ctx, valid) : total;
  ChunkGeometry g = MakeChunkGeometry(target->dtype());

  // max_segment and the subchunk width C.
  const ir::Expr* max_segment;
  std::optional<int64_t> size_c = ir::AsConstInt(r.size);
  if (size_c && nr && *nr > 0) {
    int64_t seg = (*size_c + *nr - 1) / *nr;
    if (r.fp16) seg = std::min(*size_c, seg + 15);
    max_segment = ctx.Index(seg);
  } else {
    PTO_ASSIGN_OR_RETURN(const ir::Expr* nr_minus, b.Arith(BinaryOp::kSub, r.nr, ctx.Index(1)));
    PTO_ASSIGN_OR_RETURN(const ir::Expr* up, b.Arith(BinaryOp::kAdd, r.size, nr_minus));
    PTO_ASSIGN_OR_RETURN(max_segment, b.Arith(BinaryOp::kFloorDiv, up, r.nr));
    if (r.fp16) {
      PTO_ASSIGN_OR_RETURN(const ir::Expr* padded,
                           b.Arith(BinaryOp::kAdd, max_segment, ctx.Index(15)));
      PTO_ASSIGN_OR_RETURN(max_segment, b.Arith(BinaryOp::kMin, r.size, padded));
    }
  }
  r.chunk = SelectStaticChunkCols(g, max_segment);
  if (r.fp16) {
    if (nr) {
      r.unit = ctx.Index(16 * *nr);
      r.unit_minus_one = ctx.Index(16 * *nr - 1);
    } else {
      PTO_ASSIGN_OR_RETURN(r.unit, b.Arith(BinaryOp::kMul, r.nr, ctx.Index(16)));
      PTO_ASSIGN_OR_RETURN(r.unit_minus_one, b.Arith(BinaryOp::kSub, r.unit, ctx.Index(1)));
    }
  }

  PTO_ASSIGN_OR_RETURN(r.comm, b.EmitCommSetup(args[0]));
  if (!max_segment->Is<ir::ConstInt>()) max_segment = b.Bind("max_segment", max_segment);
  PTO_ASSIGN_OR_RETURN(r.my_rank_idx,
                       b.Bind("my_rank_idx", b.CastScalar(r.comm.my_rank, DataType::kIndex)));
  const ir::Expr* flat[] = {ctx.Index(1), total};
  std::vector<const ir::Expr*> view_args = {args[0], ctx.NewMakeTuple(flat, b.loc())};
  if (r.partial) {
    const ir::Expr* flat_valid[] = {ctx.Index(1), r.size};
    view_args.push_back(ctx.NewMakeTuple(flat_valid, b.loc()));
  }
  PTO_ASSIGN_OR_RETURN(r.target_2d, b.Bind("target_2d", b.Call("tensor.view", view_args)));
  PTO_ASSIGN_OR_RETURN(r.stage, b.Bind("ring_put_stage", b.Create({1, r.chunk}, target->dtype())));
  PTO_ASSIGN_OR_RETURN(
      const ir::Var* nr_minus_one,
      b.Bind("nr_minus_one", b.Arith(BinaryOp::kSub, r.comm.nranks_idx, ctx.Index(1))));
  PTO_ASSIGN_OR_RETURN(const ir::Expr* next_rank,
                       b.Arith(BinaryOp::kAdd, r.my_rank_idx, ctx.Index(1)));
  PTO_ASSIGN_OR_RETURN(r.right,
                       b.Bind("right", b.Arith(BinaryOp::kFloorMod, next_rank, r.comm.nranks_idx)));

  // Reduce-scatter: after NR - 1 rounds rank me holds segment (me + 1) mod NR
  // fully reduced.
  PTO_RETURN_IF_ERROR(b.EmitFor(
      "rs_step", ctx.Index(0), nr_minus_one, ctx.Index(1),
      [&](LoweringBuilder& body, const ir::Var* step) -> absl::Status {
        PTO_ASSIGN_OR_RETURN(const ir::Var* recv_idx,
                             body.Bind("rs_recv_idx", RingIndex(body, r, step, -1)));
        PTO_ASSIGN_OR_RETURN(const ir::Var* send_idx,
                             body.Bind("rs_send_idx", RingIndex(body, r, step, 0)));
        PTO_ASSIGN_OR_RETURN(Segment recv, EmitSegment(body, r, "rs_recv_segment", recv_idx));
        PTO_ASSIGN_OR_RETURN(Segment send, EmitSegment(body, r, "rs_send_segment", send_idx));
        return body.EmitFor("rs_col", ctx.Index(0), max_segment, ctx.Index(r.chunk),
                            [&](LoweringBuilder& sub, const ir::Var* col) {
                              return EmitSubchunk(sub, r, "rs", step, col, send, &recv);
                            });
      }));
  // Allgather: each round forwards the segment received in the previous one.
  PTO_RETURN_IF_ERROR(b.EmitFor(
      "ag_step", ctx.Index(0), nr_minus_one, ctx.Index(1),
      [&](LoweringBuilder& body, const ir::Var* step) -> absl::Status {
        PTO_ASSIGN_OR_RETURN(const ir::Var* round,
                             body.Bind("ag_round", body.Arith(BinaryOp::kAdd, step, nr_minus_one)));
        PTO_ASSIGN_OR_RETURN(const ir::Var* send_idx,
                             body.Bind("ag_send_idx", RingIndex(body, r, step, 1)));
        PTO_ASSIGN_OR_RETURN(Segment send, EmitSegment(body, r, "ag_send_segment", send_idx));
        return body.EmitFor("ag_col", ctx.Index(0), max_segment, ctx.Index(r.chunk),
                            [&](LoweringBuilder& sub, const ir::Var* col) {
                              return EmitSubchunk(sub, r, "ag", round, col, send, nullptr);
                            });
      }));

  // Every round's row received 2 credits per subchunk.
  const ir::Expr* credits;
  if (std::optional<int64_t> seg = ir::AsConstInt(max_segment)) {
    credits = b.I32(2 * ((*seg + r.chunk - 1) / r.chunk));
  } else {
    PTO_ASSIGN_OR_RETURN(const ir::Expr* up,
                         b.Arith(BinaryOp::kAdd, max_segment, ctx.Index(r.chunk - 1)));
    PTO_ASSIGN_OR_RETURN(const ir::Expr* count,
                         b.Arith(BinaryOp::kFloorDiv, up, ctx.Index(r.chunk)));
    PTO_ASSIGN_OR_RETURN(const ir::Expr* twice, b.Arith(BinaryOp::kMul, count, ctx.Index(2)));
    PTO_ASSIGN_OR_RETURN(credits, b.CastScalar(twice, DataType::kInt32));
  }
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(r.signal, r.comm, credits, signal->shape()[0]));
  return args[0];
}

}  // namespace pto::passes::lower_composite
