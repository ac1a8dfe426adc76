// pld.tensor.all_to_all_v: variable-size personalised exchange (MPI_Alltoallv).
//
//   out = pld.tensor.all_to_all_v(inp, out, signal, send_counts, recv_counts)
//   # inp, out [NR * MAX_RECV, SIZE]; signal, recv_counts [NR, 1] windows;
//   # send_counts [NR] or [NR, 1]
// becomes
//   comm setup on out
//   aav_stage = tile.create(STAGE)          (capped bounce tile for [MAX_RECV, SIZE])
//   for reset_count_src in [0, NR):         receiver reset of every count cell:
//     stale = tensor.read(recv_counts, [src, 0])
//     notify(recv_counts, me, [src, 0], -stale, op=AtomicAdd)
//   notify-all +1 (_ready)                  readiness: generation 1 credit to every peer
//   for dest in [0, NR):
//     count = tensor.read(send_counts, [dest(, 0)])
//     rows = max(min(index(count), MAX_RECV), 0)
//     if rows > 0:
//       if dest != me:
//         wait(signal, [dest, 0], 1, cmp=Ge)      dest reset its counts and finished
//                                                 reading the previous exchange
//       notify(recv_counts, dest, [me, 0], int32(rows), op=AtomicAdd)    publish
//       pld.tile.put(out, dest, inp, aav_stage, [me * MAX_RECV, 0],
//                    [dest * MAX_RECV, 0], [rows, SIZE], atomic=0)
//   notify-all +1, wait-all >= 2 (_done)    generation 2: every exchange done
//   epilogue: subtract 2 from every non-self cell
//   out = out
// Afterwards rows [s * MAX_RECV, s * MAX_RECV + recv_counts[s]) of rank d's out
// hold the rows rank s sent to d. A zero-row edge publishes nothing and
// moves nothing (the reset count stays 0). Counts and signals are only ever
// changed by AtomicAdd (no scalar write-back of a cache line can clobber a
// neighbour cell). A fast peer may post both next-call credits before a slow
// rank retires its two (the cell reads 4); subtracting 2 keeps them.

#include "absl/strings/str_cat.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/common.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {

using ir::BinaryOp;
using ir::DataType;

absl::StatusOr<const ir::Expr*> LowerAllToAllVRule(const ir::Call& call, ir::ExprSpan args,
                                                   LoweringBuilder& b) {
  const auto* target =
      args.size() == 5 ? args[1]->type()->As<ir::DistributedTensorType>() : nullptr;
  const auto* signal_type =
      args.size() == 5 ? args[2]->type()->As<ir::DistributedTensorType>() : nullptr;
  const auto* counts_type = args.size() == 5 ? args[3]->type()->As<ir::TensorType>() : nullptr;
  if (target == nullptr || target->rank() != 2 || signal_type == nullptr ||
      counts_type == nullptr) {
    return b.Internal(
        "pld.tensor.all_to_all_v takes (input, target, signal, send_counts, recv_counts)");
  }
  const ir::Expr* input = args[0];
  const ir::Expr* out = args[1];
  const ir::Expr* signal = args[2];
  const ir::Expr* send_counts = args[3];
  const ir::Expr* recv_counts = args[4];
  absl::Status shape = ValidateMeshSignalShape(signal_type, call.callee_name());
  if (!shape.ok()) return b.Error(shape.message());
  // The deducer guarantees static positive NR * MAX_RECV and NR with NR | rows.
  std::optional<int64_t> rows_total = ir::AsConstInt(target->shape()[0]);
  std::optional<int64_t> nr = ir::AsConstInt(signal_type->shape()[0]);
  if (!rows_total || !nr || *nr <= 0 || *rows_total % *nr != 0) {
    return b.Internal("pld.tensor.all_to_all_v needs static NR * MAX_RECV rows divisible by NR");
  }
  int64_t max_recv = *rows_total / *nr;
  ir::Context& ctx = b.ctx();
  const ir::Expr* size = target->shape()[1];
  const ir::Expr* capacity[] = {ctx.Index(max_recv), size};
  ChunkGeometry g = MakeChunkGeometry(target->dtype());
  absl::StatusOr<const ir::MakeTuple*> stage_shape =
      MakeAlignedStageShape(ctx, g, target->dtype(), capacity, call.callee_name());
  if (!stage_shape.ok()) return b.Error(stage_shape.status().message());

  PTO_ASSIGN_OR_RETURN(CommSetup comm, b.EmitCommSetup(out));
  PTO_ASSIGN_OR_RETURN(const ir::Var* stage,
                       b.Bind("aav_stage", b.Create(*stage_shape, target->dtype())));
  ir::NamedAttr atomic_add[] = {
      {"op", ir::AttrValue::Int(static_cast<int64_t>(ir::NotifyOp::kAtomicAdd))}};

  // Receiver reset: retire whatever the previous exchange published here.
  PTO_RETURN_IF_ERROR(b.EmitFor(
      "reset_count_src", ctx.Index(0), comm.nranks_idx, ctx.Index(1),
      [&](LoweringBuilder& body, const ir::Var* src) -> absl::Status {
        const ir::Expr* cell[] = {src, ctx.Index(0)};
        const ir::Expr* read_args[] = {recv_counts, ctx.NewMakeTuple(cell, b.loc())};
        PTO_ASSIGN_OR_RETURN(const ir::Var* stale,
                             body.Bind("stale_count", body.Call("tensor.read", read_args)));
        PTO_ASSIGN_OR_RETURN(const ir::Expr* retire, body.Negate(stale));
        const ir::Expr* notify_args[] = {recv_counts, comm.my_rank, ctx.NewMakeTuple(cell, b.loc()),
                                         retire};
        return body.Bind("count_reset_ret", body.Call("pld.system.notify", notify_args, atomic_add))
            .status();
      }));
  // Readiness (generation 1): this rank may now receive counts and rows.
  PTO_RETURN_IF_ERROR(b.EmitNotifyAll(signal, comm, nullptr, b.I32(1), "_ready"));

  PTO_RETURN_IF_ERROR(b.EmitFor(
      "dest", ctx.Index(0), comm.nranks_idx, ctx.Index(1),
      [&](LoweringBuilder& body, const ir::Var* dest) -> absl::Status {
        std::vector<const ir::Expr*> index = {dest};
        if (counts_type->rank() == 2) index.push_back(ctx.Index(0));
        const ir::Expr* read_args[] = {send_counts, ctx.NewMakeTuple(index, b.loc())};
        PTO_ASSIGN_OR_RETURN(const ir::Var* count,
                             body.Bind("aav_count", body.Call("tensor.read", read_args)));
        PTO_ASSIGN_OR_RETURN(const ir::Expr* as_index, body.CastScalar(count, DataType::kIndex));
        PTO_ASSIGN_OR_RETURN(const ir::Expr* capped,
                             body.Arith(BinaryOp::kMin, as_index, ctx.Index(max_recv)));
        PTO_ASSIGN_OR_RETURN(
            const ir::Var* rows,
            body.Bind("aav_rows", body.Arith(BinaryOp::kMax, capped, ctx.Index(0))));
        PTO_ASSIGN_OR_RETURN(const ir::Expr* nonempty, body.Gt(rows, ctx.Index(0)));
        return body.EmitIf(nonempty, [&](LoweringBuilder& send) -> absl::Status {
          PTO_ASSIGN_OR_RETURN(const ir::Expr* remote, send.NotEq(dest, comm.my_rank));
          PTO_RETURN_IF_ERROR(send.EmitIf(remote, [&](LoweringBuilder& w) -> absl::Status {
            const ir::Expr* cell[] = {dest, ctx.Index(0)};
            const ir::Expr* wait_args[] = {signal, ctx.NewMakeTuple(cell, b.loc()), w.I32(1)};
            ir::NamedAttr ge[] = {
                {"cmp", ir::AttrValue::Int(static_cast<int64_t>(ir::WaitCmp::kGe))}};
            return w.Bind("dest_ready_ret", w.Call("pld.system.wait", wait_args, ge)).status();
          }));
          PTO_ASSIGN_OR_RETURN(const ir::Var* rows_i32,
                               send.Bind("aav_count_i32", send.CastScalar(rows, DataType::kInt32)));
          const ir::Expr* my_cell[] = {comm.my_rank, ctx.Index(0)};
          const ir::Expr* publish_args[] = {recv_counts, dest, ctx.NewMakeTuple(my_cell, b.loc()),
                                            rows_i32};
          PTO_RETURN_IF_ERROR(send.Bind("aav_count_notify",
                                        send.Call("pld.system.notify", publish_args, atomic_add))
                                  .status());
          PTO_ASSIGN_OR_RETURN(const ir::Expr* dst_row,
                               send.Arith(BinaryOp::kMul, comm.my_rank, ctx.Index(max_recv)));
          PTO_ASSIGN_OR_RETURN(const ir::Expr* src_row,
                               send.Arith(BinaryOp::kMul, dest, ctx.Index(max_recv)));
          const ir::Expr* dst_off[] = {dst_row, ctx.Index(0)};
          const ir::Expr* src_off[] = {src_row, ctx.Index(0)};
          const ir::Expr* transfer[] = {rows, size};
          const ir::Expr* put_args[] = {out,
                                        dest,
                                        input,
                                        stage,
                                        ctx.NewMakeTuple(dst_off, b.loc()),
                                        ctx.NewMakeTuple(src_off, b.loc()),
                                        ctx.NewMakeTuple(transfer, b.loc())};
          ir::NamedAttr overwrite[] = {{"atomic", ir::AttrValue::Int(0)}};
          return send.Bind("aav_put", send.Call("pld.tile.put", put_args, overwrite)).status();
        });
      }));
  // Completion (generation 2): every peer's rows and count landed here.
  PTO_RETURN_IF_ERROR(b.EmitNotifyAll(signal, comm, nullptr, b.I32(1), "_done"));
  PTO_RETURN_IF_ERROR(b.EmitWaitAll(signal, comm, nullptr, b.I32(2), "_done"));
  PTO_RETURN_IF_ERROR(b.EmitEpilogueReset(signal, comm, b.I32(2)));
  return out;
}

}  // namespace pto::passes::lower_composite
