#include "passes/lower_composite/builder.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/strings/str_cat.h"
#include "ir/diagnostic.h"
#include "ir/ops/builtin.h"
#include "ir/status_macros.h"
#include "ir/text/dsl/scalar_builder.h"

namespace pto::passes::lower_composite {

using ir::DataType;

LoweringBuilder::LoweringBuilder(ir::Context& ctx, absl::string_view base, TempNamer& names,
                                 ir::SourceLoc loc, const backends::Backend* backend)
    : LoweringBuilder(ctx, base, names, loc, backend, /*nested=*/false) {}

LoweringBuilder::LoweringBuilder(ir::Context& ctx, absl::string_view base, TempNamer& names,
                                 ir::SourceLoc loc, const backends::Backend* backend, bool nested)
    : ctx_(ctx), base_(base), names_(names), loc_(loc), backend_(backend), nested_(nested) {}

LoweringBuilder LoweringBuilder::Nested() const {
  return LoweringBuilder(ctx_, base_, names_, loc_, backend_, /*nested=*/true);
}

// --- Statements ----------------------------------------------------------------

absl::string_view LoweringBuilder::MakeTempName(absl::string_view qualifier) {
  return names_.Make(base_, qualifier);
}

const ir::Var* LoweringBuilder::Bind(absl::string_view qualifier, const ir::Expr* value) {
  const ir::Var* var = ctx_.NewVar(MakeTempName(qualifier), value->type(), loc_);
  stmts_.push_back(ctx_.NewAssign(var, value, loc_));
  return var;
}

absl::StatusOr<const ir::Var*> LoweringBuilder::Bind(absl::string_view qualifier,
                                                     absl::StatusOr<const ir::Expr*> value) {
  if (!value.ok()) return value.status();
  return Bind(qualifier, *value);
}

void LoweringBuilder::EmitEval(const ir::Expr* expr) {
  stmts_.push_back(ctx_.NewEval(expr, loc_));
}

void LoweringBuilder::Emit(const ir::Stmt* stmt) { stmts_.push_back(stmt); }

std::vector<const ir::Stmt*> LoweringBuilder::TakeStmts() { return std::move(stmts_); }

absl::Status LoweringBuilder::Error(absl::string_view message) const {
  return ir::LocatedError(ctx_, loc_, message);
}

absl::Status LoweringBuilder::Internal(absl::string_view message) const {
  return absl::InternalError(
      absl::StrCat(ctx_.FormatLoc(loc_), ": internal error: LowerCompositeOps: ", message));
}

// --- Op calls ---------------------------------------------------------------------

absl::StatusOr<const ir::Call*> LoweringBuilder::Call(absl::string_view op, ir::ExprSpan args,
                                                      absl::Span<const ir::NamedAttr> kwargs) {
  const ir::Op* found = ir::BuiltinOps().Find(op);
  if (found == nullptr) return Internal(absl::StrCat("unknown op '", op, "'"));
  absl::StatusOr<const ir::Call*> call = ir::CreateCall(ctx_, *found, args, kwargs, loc_);
  if (!call.ok()) return Error(call.status().message());
  return call;
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Scalar(absl::string_view op, const ir::Expr* x,
                                                        float c) {
  std::optional<DataType> dtype = ir::ElementType(x->type());
  DataType scalar = dtype && dtype->IsFloat() ? *dtype : DataType::kFP32;
  const ir::Expr* args[] = {x, ctx_.Float(static_cast<double>(c), scalar)};
  return Call(op, args);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Muls(const ir::Expr* x, float c) {
  return Scalar("tile.muls", x, c);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Adds(const ir::Expr* x, float c) {
  return Scalar("tile.adds", x, c);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Add(const ir::Expr* a, const ir::Expr* b) {
  const ir::Expr* args[] = {a, b};
  return Call("tile.add", args);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Sub(const ir::Expr* a, const ir::Expr* b) {
  const ir::Expr* args[] = {a, b};
  return Call("tile.sub", args);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Mul(const ir::Expr* a, const ir::Expr* b) {
  const ir::Expr* args[] = {a, b};
  return Call("tile.mul", args);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Reduce(ReduceOp op, const ir::Expr* acc,
                                                        const ir::Expr* other) {
  const ir::Expr* args[] = {acc, other};
  switch (op) {
    case ReduceOp::kSum: return Call("tile.add", args);
    case ReduceOp::kMax: return Call("tile.maximum", args);
    case ReduceOp::kMin: return Call("tile.minimum", args);
    case ReduceOp::kProd: return Call("tile.mul", args);
  }
  return Internal(absl::StrCat("unknown ReduceOp ", static_cast<int>(op)));
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Cast(const ir::Expr* x, DataType dtype,
                                                      ir::RoundMode mode) {
  const ir::Expr* args[] = {x};
  ir::NamedAttr kwargs[] = {{"target_type", ir::AttrValue::DType(dtype)},
                            {"mode", ir::AttrValue::Enum(mode)}};
  return Call("tile.cast", args, kwargs);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Full(absl::Span<const int64_t> shape,
                                                      const ir::Expr* value, DataType dtype) {
  const ir::Expr* args[] = {IndexTuple(shape), value};
  ir::NamedAttr kwargs[] = {{"dtype", ir::AttrValue::DType(dtype)}};
  return Call("tile.full", args, kwargs);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::LoadVec(const ir::Expr* tensor,
                                                         const ir::MakeTuple* offsets,
                                                         const ir::MakeTuple* shape,
                                                         const ir::MakeTuple* valid) {
  const ir::Expr* args[] = {tensor, offsets, shape, valid};
  ir::NamedAttr vec[] = {{"target_memory", ir::AttrValue::Enum(ir::MemorySpace::kVec)}};
  return Call("tile.load", args, vec);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Create(absl::Span<const int64_t> shape,
                                                        DataType dtype) {
  return Create(IndexTuple(shape), dtype);
}

absl::StatusOr<const ir::Call*> LoweringBuilder::Create(const ir::MakeTuple* shape,
                                                        DataType dtype) {
  const ir::Expr* args[] = {shape};
  ir::NamedAttr kwargs[] = {{"dtype", ir::AttrValue::DType(dtype)},
                            {"target_memory", ir::AttrValue::Enum(ir::MemorySpace::kVec)}};
  return Call("tile.create", args, kwargs);
}

const ir::MakeTuple* LoweringBuilder::IndexTuple(absl::Span<const int64_t> values) {
  return ctx_.NewMakeTuple(ctx_.IndexList(values), loc_);
}

absl::StatusOr<const ir::Expr*> LoweringBuilder::NotEq(const ir::Expr* a, const ir::Expr* b) {
  absl::StatusOr<const ir::Expr*> e = ir::MakeScalarBinary(ctx_, ir::BinaryOp::kNe, a, b, loc_);
  if (!e.ok()) return Error(e.status().message());
  return e;
}

absl::StatusOr<const ir::Expr*> LoweringBuilder::Gt(const ir::Expr* a, const ir::Expr* b) {
  absl::StatusOr<const ir::Expr*> e = ir::MakeScalarBinary(ctx_, ir::BinaryOp::kGt, a, b, loc_);
  if (!e.ok()) return Error(e.status().message());
  return e;
}

// --- Scalars ----------------------------------------------------------------------------

absl::StatusOr<const ir::Expr*> LoweringBuilder::Arith(ir::BinaryOp op, const ir::Expr* a,
                                                       const ir::Expr* b) {
  absl::StatusOr<const ir::Expr*> e = ir::MakeScalarBinary(ctx_, op, a, b, loc_);
  if (!e.ok()) return Internal(e.status().message());
  return e;
}

absl::StatusOr<const ir::Expr*> LoweringBuilder::CastScalar(const ir::Expr* e, DataType dtype) {
  absl::StatusOr<const ir::Expr*> c = ir::MakeScalarCast(ctx_, e, dtype, loc_);
  if (!c.ok()) return Internal(c.status().message());
  return c;
}

absl::StatusOr<const ir::Expr*> LoweringBuilder::Negate(const ir::Expr* e) {
  if (const auto* c = e->As<ir::ConstInt>()) {
    return c->dtype() == DataType::kIndex ? ctx_.Index(-c->value())
                                          : ctx_.Int(-c->value(), c->dtype(), loc_);
  }
  absl::StatusOr<const ir::Expr*> n = ir::MakeScalarUnary(ctx_, ir::UnaryOp::kNeg, e, loc_);
  if (!n.ok()) return Internal(n.status().message());
  return n;
}

const ir::Expr* LoweringBuilder::I32(int64_t value) {
  return ctx_.Int(value, DataType::kInt32, loc_);
}

// --- Barrier-signal protocol ----------------------------------------------------------------

absl::StatusOr<CommSetup> LoweringBuilder::EmitCommSetup(const ir::Expr* window) {
  CommSetup comm;
  const ir::Expr* window_arg[] = {window};
  PTO_ASSIGN_OR_RETURN(comm.ctx, Bind("ctx", Call("pld.system.get_comm_ctx", window_arg)));
  const ir::Expr* ctx_arg[] = {comm.ctx};
  PTO_ASSIGN_OR_RETURN(comm.nranks, Bind("nranks", Call("pld.system.nranks", ctx_arg)));
  PTO_ASSIGN_OR_RETURN(comm.nranks_idx,
                       Bind("nranks_idx", CastScalar(comm.nranks, DataType::kIndex)));
  PTO_ASSIGN_OR_RETURN(comm.my_rank, Bind("my_rank", Call("pld.system.rank", ctx_arg)));
  return comm;
}

const ir::MakeTuple* LoweringBuilder::SignalCell(const ir::Expr* row, const ir::Expr* rank) {
  std::vector<const ir::Expr*> cell;
  if (row == nullptr) {
    cell = {rank, ctx_.Index(0)};
  } else {
    cell = {row, rank};
  }
  return ctx_.NewMakeTuple(cell, loc_);
}

absl::Status LoweringBuilder::ForEachPeer(const CommSetup& comm, absl::string_view loop,
                                          LoopBody body) {
  return EmitFor(loop, ctx_.Index(0), comm.nranks_idx, ctx_.Index(1),
                 [&](LoweringBuilder& b, const ir::Var* peer) -> absl::Status {
                   PTO_ASSIGN_OR_RETURN(const ir::Expr* other, b.NotEq(peer, comm.my_rank));
                   return b.EmitIf(other, [&](LoweringBuilder& t) { return body(t, peer); });
                 });
}

absl::Status LoweringBuilder::EmitNotifyAll(const ir::Expr* signal, const CommSetup& comm,
                                            const ir::Expr* row, const ir::Expr* value,
                                            absl::string_view suffix) {
  return ForEachPeer(comm, absl::StrCat("peer", suffix),
                     [&](LoweringBuilder& b, const ir::Var* peer) -> absl::Status {
                       const ir::Expr* args[] = {signal, peer, b.SignalCell(row, comm.my_rank),
                                                 value};
                       ir::NamedAttr kwargs[] = {
                           {"op", ir::AttrValue::Int(static_cast<int64_t>(
                                      ir::NotifyOp::kAtomicAdd))}};
                       return b.Bind(absl::StrCat("notify_ret", suffix),
                                     b.Call("pld.system.notify", args, kwargs))
                           .status();
                     });
}

absl::Status LoweringBuilder::EmitWaitAll(const ir::Expr* signal, const CommSetup& comm,
                                          const ir::Expr* row, const ir::Expr* expected,
                                          absl::string_view suffix) {
  return ForEachPeer(comm, absl::StrCat("src", suffix),
                     [&](LoweringBuilder& b, const ir::Var* src) -> absl::Status {
                       const ir::Expr* args[] = {signal, b.SignalCell(row, src), expected};
                       ir::NamedAttr kwargs[] = {
                           {"cmp", ir::AttrValue::Int(static_cast<int64_t>(ir::WaitCmp::kGe))}};
                       return b.Bind(absl::StrCat("wait_ret", suffix),
                                     b.Call("pld.system.wait", args, kwargs))
                           .status();
                     });
}

absl::StatusOr<int64_t> LoweringBuilder::EmitBarrier(const ir::Expr* signal, const CommSetup& comm,
                                                     absl::string_view suffix) {
  if (nested_) return Internal("EmitBarrier is only valid at a rule's top level");
  int64_t generation = ++barrier_count_;
  PTO_RETURN_IF_ERROR(EmitNotifyAll(signal, comm, nullptr, I32(1), suffix));
  PTO_RETURN_IF_ERROR(EmitWaitAll(signal, comm, nullptr, I32(generation), suffix));
  return generation;
}

absl::Status LoweringBuilder::EmitEpilogueReset(const ir::Expr* signal, const CommSetup& comm,
                                                const ir::Expr* credits, const ir::Expr* rows) {
  if (nested_) return Internal("EmitEpilogueReset is only valid at a rule's top level");
  if (ir::ElementType(credits->type()) != DataType::kInt32) {
    return Internal("the epilogue credit total must be an INT32 scalar");
  }
  // A runtime total is bound once, so the negated value is computed once.
  const ir::Expr* total = credits->Is<ir::ConstInt>() ? credits : Bind("reset_total", credits);
  PTO_ASSIGN_OR_RETURN(const ir::Expr* retire, Negate(total));
  auto reset_row = [&](LoweringBuilder& outer, const ir::Expr* row) -> absl::Status {
    return outer.ForEachPeer(comm, "reset_src",
                             [&](LoweringBuilder& b, const ir::Var* src) -> absl::Status {
                               const ir::Expr* args[] = {signal, comm.my_rank,
                                                         b.SignalCell(row, src), retire};
                               ir::NamedAttr kwargs[] = {
                                   {"op", ir::AttrValue::Int(static_cast<int64_t>(
                                              ir::NotifyOp::kAtomicAdd))}};
                               return b.Bind("epilogue_reset_ret",
                                             b.Call("pld.system.notify", args, kwargs))
                                   .status();
                             });
  };
  if (rows == nullptr) return reset_row(*this, nullptr);
  return EmitFor("reset_row", ctx_.Index(0), rows, ctx_.Index(1),
                 [&](LoweringBuilder& b, const ir::Var* row) { return reset_row(b, row); });
}

// --- Structured control flow ----------------------------------------------------------

const ir::Stmt* LoweringBuilder::Body(std::vector<const ir::Stmt*> stmts) const {
  if (stmts.size() == 1) return stmts.front();
  return ctx_.NewSeq(stmts, loc_);
}

absl::Status LoweringBuilder::EmitFor(absl::string_view name, const ir::Expr* start,
                                      const ir::Expr* stop, const ir::Expr* step, LoopBody body) {
  const ir::Var* loop_var =
      ctx_.NewVar(MakeTempName(name), ctx_.GetScalarType(DataType::kIndex), loc_);
  LoweringBuilder nested = Nested();
  PTO_RETURN_IF_ERROR(body(nested, loop_var));
  stmts_.push_back(ctx_.NewFor(loop_var, start, stop, step, {}, Body(nested.TakeStmts()), {},
                               ir::ForKind::kSequential, 0, loc_));
  return absl::OkStatus();
}

absl::StatusOr<const ir::Var*> LoweringBuilder::EmitForReduce(
    absl::string_view name, const ir::Expr* start, const ir::Expr* stop, const ir::Expr* step,
    const ir::Expr* init, ReduceBody body) {
  const ir::Var* loop_var =
      ctx_.NewVar(MakeTempName(name), ctx_.GetScalarType(DataType::kIndex), loc_);
  const ir::IterArg* acc =
      ctx_.NewIterArg(MakeTempName(absl::StrCat(name, "_acc")), init->type(), init, loc_);
  LoweringBuilder nested = Nested();
  PTO_ASSIGN_OR_RETURN(const ir::Expr* next, body(nested, loop_var, acc));
  if (next->type() != init->type()) {
    return Internal(absl::StrCat("the body of loop '", name,
                                 "' yields a value of another type than its init"));
  }
  const ir::Var* final_var =
      ctx_.NewVar(MakeTempName(absl::StrCat(name, "_final")), init->type(), loc_);
  nested.Emit(ctx_.NewYield({next}, loc_));
  const ir::IterArg* iter_args[] = {acc};
  const ir::Var* return_vars[] = {final_var};
  stmts_.push_back(ctx_.NewFor(loop_var, start, stop, step, iter_args, Body(nested.TakeStmts()),
                               return_vars, ir::ForKind::kSequential, 0, loc_));
  return final_var;
}

absl::Status LoweringBuilder::EmitIfImpl(const ir::Expr* cond, Branch then_body,
                                         const Branch* else_body) {
  LoweringBuilder then_builder = Nested();
  PTO_RETURN_IF_ERROR(then_body(then_builder));
  const ir::Stmt* else_stmt = nullptr;
  if (else_body != nullptr) {
    LoweringBuilder else_builder = Nested();
    PTO_RETURN_IF_ERROR((*else_body)(else_builder));
    else_stmt = Body(else_builder.TakeStmts());
  }
  stmts_.push_back(ctx_.NewIf(cond, Body(then_builder.TakeStmts()), else_stmt, {}, loc_));
  return absl::OkStatus();
}

absl::Status LoweringBuilder::EmitIf(const ir::Expr* cond, Branch then_body) {
  return EmitIfImpl(cond, then_body, nullptr);
}

absl::Status LoweringBuilder::EmitIf(const ir::Expr* cond, Branch then_body, Branch else_body) {
  return EmitIfImpl(cond, then_body, &else_body);
}

absl::StatusOr<const ir::Var*> LoweringBuilder::EmitIfExpr(const ir::Expr* cond,
                                                           ValueBranch then_body,
                                                           ValueBranch else_body) {
  LoweringBuilder then_builder = Nested();
  PTO_ASSIGN_OR_RETURN(const ir::Expr* then_value, then_body(then_builder));
  LoweringBuilder else_builder = Nested();
  PTO_ASSIGN_OR_RETURN(const ir::Expr* else_value, else_body(else_builder));
  if (then_value->type() != else_value->type()) {
    return Internal("the branches of a value-producing if yield values of different types");
  }
  const ir::Var* result = ctx_.NewVar(MakeTempName("if_res"), then_value->type(), loc_);
  then_builder.Emit(ctx_.NewYield({then_value}, loc_));
  else_builder.Emit(ctx_.NewYield({else_value}, loc_));
  const ir::Var* return_vars[] = {result};
  stmts_.push_back(ctx_.NewIf(cond, Body(then_builder.TakeStmts()),
                              Body(else_builder.TakeStmts()), return_vars, loc_));
  return result;
}

}  // namespace pto::passes::lower_composite
