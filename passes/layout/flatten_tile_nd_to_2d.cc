#include "passes/layout/flatten_tile_nd_to_2d.h"

#include <optional>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"
#include "ir/check.h"
#include "ir/diagnostic.h"
#include "ir/expr_format.h"
#include "ir/mutator.h"
#include "ir/op_registry.h"
#include "ir/ops/builtin.h"
#include "ir/visitor.h"

namespace pto::passes {
namespace {

constexpr absl::string_view kPass = "FlattenTileNdTo2D";

const ir::TileType* NdTile(const ir::Type* type) {
  const auto* t = type->As<ir::TileType>();
  return t != nullptr && t->rank() > 2 ? t : nullptr;
}

bool SameDim(const ir::Expr* a, const ir::Expr* b) {
  if (a == b) return true;
  std::optional<int64_t> x = ir::AsConstInt(a), y = ir::AsConstInt(b);
  return x && y && *x == *y;
}

absl::string_view OpName(const ir::Call* c) { return c->op() != nullptr ? c->op()->name() : ""; }

// The product of `dims`, folded where they are constants; a constant 1 is
// left out.
const ir::Expr* Product(ir::Context& ctx, ir::ExprSpan dims) {
  int64_t constant = 1;
  const ir::Expr* symbolic = nullptr;
  for (const ir::Expr* d : dims) {
    if (std::optional<int64_t> c = ir::AsConstInt(d)) {
      constant *= *c;
    } else {
      symbolic = symbolic == nullptr
                     ? d
                     : ctx.NewBinary(ir::BinaryOp::kMul, symbolic, d, ir::DataType::kIndex);
    }
  }
  if (symbolic == nullptr) return ctx.Index(constant);
  return constant == 1 ? symbolic
                       : ctx.NewBinary(ir::BinaryOp::kMul, ctx.Index(constant), symbolic,
                                       ir::DataType::kIndex);
}

// [d0 * ... * d(n-2), d(n-1)].
std::vector<const ir::Expr*> Merged(ir::Context& ctx, ir::ExprSpan dims) {
  return {Product(ctx, dims.subspan(0, dims.size() - 1)), dims.back()};
}

// `tile` at its merged 2-D shape, its valid shape merged alike; any other
// part of an explicit N-D view describes the N-D layout and is dropped.
const ir::TileType* Flat(ir::Context& ctx, const ir::TileType* tile) {
  std::vector<const ir::Expr*> shape = Merged(ctx, tile->shape());
  ir::ExprSpan nd_valid = tile->ValidShape();
  std::vector<const ir::Expr*> valid = Merged(ctx, nd_valid);
  bool full = true;
  for (size_t d = 0; d < nd_valid.size(); ++d) full = full && SameDim(nd_valid[d], tile->shape()[d]);
  if (full) return ctx.GetTileType(tile->dtype(), shape, tile->memory_space());
  ir::TileView view;
  view.valid_shape = valid;
  return ctx.GetTileType(tile->dtype(), shape, tile->memory_space(), &view);
}

// What the rewrite cannot do, found before it starts: the first call it
// would have to refuse, or a rank > 2 tile it cannot flatten.
class Precheck : public ir::IRVisitor {
 public:
  explicit Precheck(const ir::Context& ctx) : ctx_(ctx) {}
  const absl::Status& status() const { return status_; }

  void Params(const ir::Function* f) {
    for (const ir::Var* p : f->params()) {
      if (const ir::TileType* t = NdTile(p->type())) {
        Fail(p->loc(), absl::StrCat("the rank-", t->rank(), " tile parameter '", p->name(),
                                    "' is not flattened yet (issue #32)"));
      }
    }
  }

  void VisitAssign(const ir::AssignStmt* s) override {
    CheckStatic(s->var(), s->loc());
    IRVisitor::VisitAssign(s);
  }

  void VisitCall(const ir::Call* c) override {
    IRVisitor::VisitCall(c);
    if (c->op() == nullptr || !status_.ok()) return;
    const ir::TileType* nd = NdTile(c->type());
    for (const ir::Expr* a : c->args()) nd = nd != nullptr ? nd : NdTile(a->type());
    if (nd == nullptr) return;
    absl::string_view op = OpName(c);
    if (op == "tile.batch_matmul" || op == "tile.batch_matmul_acc" || op == "tile.transpose" ||
        op == "tile.transpose_view") {
      return Fail(c->loc(), absl::StrCat(op, " of rank-", nd->rank(),
                                         " tiles is not flattened yet (issue #32)"));
    }
    if (op == "tile.read" || op == "tile.write" || op == "tile.slice" || op == "tile.extract") {
      return Fail(c->loc(), absl::StrCat(op, " on a rank-", nd->rank(),
                                         " tile cannot be flattened; write it on a 2-D tile"));
    }
    if (op == "tile.assemble") return CheckAssemble(c);
    if (op == "tile.load" || op == "tile.store" || op == "tile.create" || op == "tile.full" ||
        op == "tile.reshape") {
      return;
    }
    // Row by row: every tile operand agrees with the result on all dims
    // but the last.
    const auto* result = c->type()->As<ir::TileType>();
    for (const ir::Expr* a : c->args()) {
      const auto* t = a->type()->As<ir::TileType>();
      if (t == nullptr) continue;
      if (result == nullptr || !SameLeading(t, result)) {
        return Fail(c->loc(), absl::StrCat(op, " works across the rows of its rank-", nd->rank(),
                                           " operands, so it cannot be flattened"));
      }
    }
  }

  void VisitFor(const ir::ForStmt* s) override {
    for (const ir::Var* v : s->return_vars()) CheckStatic(v, s->loc());
    for (const ir::IterArg* a : s->iter_args()) CheckStatic(a, s->loc());
    IRVisitor::VisitFor(s);
  }

 private:
  static bool SameLeading(const ir::TileType* a, const ir::TileType* b) {
    if (a->rank() != b->rank()) return false;
    for (size_t d = 0; d + 1 < a->rank(); ++d) {
      std::optional<int64_t> x = ir::AsConstInt(a->shape()[d]);
      std::optional<int64_t> y = ir::AsConstInt(b->shape()[d]);
      if (!x || !y || *x != *y) return false;
    }
    return true;
  }

  void CheckStatic(const ir::Var* v, ir::SourceLoc loc) {
    const ir::TileType* t = NdTile(v->type());
    if (t == nullptr) return;
    for (const ir::Expr* d : t->shape()) {
      if (!ir::AsConstInt(d)) {
        return Fail(loc, absl::StrCat("the rank-", t->rank(), " tile '", v->name(),
                                      "' has a dynamic physical shape ", ir::FormatShape(t->shape()),
                                      "; loop over the dynamic dim in static chunks (the valid "
                                      "shape may stay dynamic) or reshape to 2-D first"));
      }
    }
    if (!ValidRowsArePrefix(t)) {
      Fail(loc, absl::StrCat("the valid rows of the rank-", t->rank(), " tile '", v->name(),
                             "' (valid shape ", ir::FormatShape(t->ValidShape()), " of ",
                             ir::FormatShape(t->shape()), ") are not the first rows once "
                             "flattened"));
    }
  }

  // A flattened tile's valid shape is [rows, cols]: the valid N-D rows must
  // be the first ones in row-major order. So the first leading dim not
  // wholly valid has only dims of extent 1 before it and wholly valid ones
  // after it.
  static bool ValidRowsArePrefix(const ir::TileType* t) {
    ir::ExprSpan valid = t->ValidShape();
    size_t n = t->rank();
    size_t j = 0;
    while (j + 1 < n && SameDim(valid[j], t->shape()[j])) ++j;
    if (j + 1 >= n) return true;
    for (size_t d = 0; d < j; ++d) {
      if (ir::AsConstInt(t->shape()[d]) != 1) return false;
    }
    for (size_t d = j + 1; d + 1 < n; ++d) {
      if (!SameDim(valid[d], t->shape()[d])) return false;
    }
    return true;
  }

  // The rows an N-D source writes into an N-D target are contiguous once
  // flattened when, after the first leading dim the source spans more than
  // one row of, it covers every leading dim of the target whole.
  void CheckAssemble(const ir::Call* c) {
    const auto* target = c->args()[0]->type()->As<ir::TileType>();
    const auto* source = c->args()[1]->type()->As<ir::TileType>();
    const auto* offset = c->args()[2]->As<ir::MakeTuple>();
    if (target == nullptr || source == nullptr || offset == nullptr ||
        source->rank() != target->rank() || offset->elements().size() != target->rank()) {
      return Fail(c->loc(), "tile.assemble of rank > 2 needs a source, a target and an offset "
                            "of one rank");
    }
    bool spanning = false;
    for (size_t d = 0; d + 1 < target->rank(); ++d) {
      std::optional<int64_t> s = ir::AsConstInt(source->shape()[d]);
      std::optional<int64_t> t = ir::AsConstInt(target->shape()[d]);
      if (spanning && (!s || !t || *s != *t)) {
        return Fail(c->loc(), absl::StrCat("tile.assemble writes ", ir::FormatShape(source->shape()),
                                           " into ", ir::FormatShape(target->shape()),
                                           ": its rows are not contiguous once flattened"));
      }
      spanning = spanning || !s || *s > 1;
    }
  }

  void Fail(ir::SourceLoc loc, absl::string_view what) {
    if (!status_.ok()) return;
    status_ = ir::LocatedError(ctx_, loc, absl::StrCat(kPass, ": ", what));
  }

  const ir::Context& ctx_;
  absl::Status status_;
};

class Flattener : public ir::IRMutator {
 public:
  using IRMutator::IRMutator;

  const ir::Stmt* VisitAssign(const ir::AssignStmt* s) override {
    std::vector<const ir::Stmt*> stmts;
    const ir::Expr* value = s->value();
    const auto* call = value->As<ir::Call>();
    value = call != nullptr && OpName(call) == "tile.store" ? FlatStore(call, &stmts)
                                                            : VisitExpr(value);
    const ir::Var* var = s->var();
    if (value->type()->Is<ir::TileType>() && NdTile(var->type()) != nullptr) {
      var = RetypedVar(var, value->type());
    }
    if (var == s->var() && value == s->value()) return s;
    stmts.push_back(ctx().NewAssign(var, value, s->loc(), s->comments()));
    return stmts.size() == 1 ? stmts[0] : Expand(std::move(stmts), s);
  }

  // The ops made at a shape: made at the flattened one, wherever they are.
  const ir::Expr* VisitCall(const ir::Call* c) override {
    absl::string_view op = OpName(c);
    if (NdTile(c->type()) == nullptr) return IRMutator::VisitCall(c);
    if (op == "tile.load") return FlatLoad(c);
    if (op == "tile.create" || op == "tile.full") {
      return Reshaped(c, c->op()->FindArg("shape"), Merged(ctx(), NdTile(c->type())->shape()));
    }
    if (op == "tile.assemble") return FlatAssemble(c);
    return IRMutator::VisitCall(c);
  }

  const ir::Stmt* VisitEval(const ir::EvalStmt* s) override {
    const auto* call = s->expr()->As<ir::Call>();
    if (call == nullptr || OpName(call) != "tile.store") return IRMutator::VisitEval(s);
    std::vector<const ir::Stmt*> stmts;
    const ir::Expr* value = FlatStore(call, &stmts);
    if (value == s->expr()) return s;
    stmts.push_back(ctx().NewEval(value, s->loc(), s->comments()));
    return stmts.size() == 1 ? stmts[0] : Expand(std::move(stmts), s);
  }

  // A loop's or an if's results take the flattened type of what it yields.
  const ir::Stmt* VisitFor(const ir::ForStmt* s) override { return Follow(IRMutator::VisitFor(s)); }
  const ir::Stmt* VisitWhile(const ir::WhileStmt* s) override {
    return Follow(IRMutator::VisitWhile(s));
  }
  const ir::Stmt* VisitIf(const ir::IfStmt* s) override { return Follow(IRMutator::VisitIf(s)); }

 protected:
  // A carried N-D tile takes the flattened type of its initial value.
  const ir::Type* IterArgType(const ir::IterArg* a, const ir::Expr* init) override {
    return NdTile(a->type()) != nullptr && init->type()->Is<ir::TileType>() ? init->type()
                                                                              : a->type();
  }

 private:
  // The N-D tensor window read into the 2-D tile (ir/flattened_tile.h).
  const ir::Expr* FlatLoad(const ir::Call* load) {
    ExprBuffer args;
    VisitExprs(load->args(), args);
    return ctx().NewOpCall(load->op(), args, load->kwargs(),
                           Flat(ctx(), NdTile(load->type())), load->loc());
  }

  // `call` (tile.create, tile.full) with its `shape` argument replaced.
  const ir::Expr* Reshaped(const ir::Call* call, int shape_arg,
                           const std::vector<const ir::Expr*>& shape) {
    PTO_CHECK(shape_arg >= 0);
    ExprBuffer args;
    VisitExprs(call->args(), args);
    args[shape_arg] = ctx().NewMakeTuple(shape, call->args()[shape_arg]->loc());
    return Create(call, args);
  }

  // tile.assemble(target, source, [o0, ..., o(n-1)]) over the flattened
  // tiles: row = (((o0 * d1) + o1) * d2 + ...) + o(n-2), col = o(n-1), the
  // ds the target's N-D dims.
  const ir::Expr* FlatAssemble(const ir::Call* call) {
    const auto* target = NdTile(call->args()[0]->type());
    ir::ExprSpan offset = call->args()[2]->As<ir::MakeTuple>()->elements();
    const ir::Expr* row = nullptr;
    for (size_t d = 0; d + 1 < offset.size(); ++d) {
      const ir::Expr* o = VisitExpr(offset[d]);
      row = row == nullptr ? o : Add(Mul(row, target->shape()[d]), o);
    }
    ExprBuffer args;
    VisitExprs(call->args(), args);
    const ir::Expr* flat[] = {row, VisitExpr(offset.back())};
    args[2] = ctx().NewMakeTuple(flat, call->args()[2]->loc());
    return Create(call, args);
  }

  // tile.store into a tensor of rank > 2 names its N-D window (`shapes`);
  // a tile still of rank > 2 (a reshape the user wrote) is reshaped to 2-D
  // first, by a statement appended to `stmts`.
  const ir::Expr* FlatStore(const ir::Call* store, std::vector<const ir::Stmt*>* stmts) {
    ExprBuffer args;
    bool changed = VisitExprs(store->args(), args);
    const auto* tensor = store->args()[2]->type()->As<ir::TensorType>();
    const auto* tile = store->args()[0]->type()->As<ir::TileType>();
    if (tensor == nullptr || tensor->rank() <= 2 || args.size() > 3 || tile == nullptr ||
        tile->rank() != tensor->rank()) {
      return changed ? RebuildOpCall(store, args) : store;
    }
    if (const ir::TileType* still = NdTile(args[0]->type())) {
      std::vector<const ir::Expr*> shape = Merged(ctx(), still->shape());
      const ir::Expr* reshape_args[] = {args[0], ctx().NewMakeTuple(shape, store->loc())};
      absl::StatusOr<const ir::Call*> flat = ir::CreateCall(
          ctx(), *ir::BuiltinOps().Find("tile.reshape"), reshape_args, {}, store->loc());
      PTO_CHECK(flat.ok()) << flat.status();  // a reshape keeping every element
      const ir::Var* v = ctx().NewVar("flat_tile", (*flat)->type(), store->loc());
      stmts->push_back(ctx().NewAssign(v, *flat, store->loc()));
      args[0] = v;
    }
    args.push_back(ctx().NewMakeTuple(tile->shape(), store->loc()));
    return Create(store, args);
  }

  const ir::Call* Create(const ir::Call* call, ExprBuffer& args) {
    absl::StatusOr<const ir::Call*> c = ir::CreateCall(
        ctx(), *call->op(), args, ir::NamedKwargs(*call), call->loc());
    PTO_CHECK(c.ok()) << c.status();  // Precheck admitted the call
    return *c;
  }

  const ir::Expr* Mul(const ir::Expr* a, const ir::Expr* b) {
    std::optional<int64_t> x = ir::AsConstInt(a), y = ir::AsConstInt(b);
    if (x && y) return ctx().Index(*x * *y);
    return ctx().NewBinary(ir::BinaryOp::kMul, a, b, ir::DataType::kIndex);
  }
  const ir::Expr* Add(const ir::Expr* a, const ir::Expr* b) {
    std::optional<int64_t> x = ir::AsConstInt(a), y = ir::AsConstInt(b);
    if (x && y) return ctx().Index(*x + *y);
    if (y && *y == 0) return a;
    return ctx().NewBinary(ir::BinaryOp::kAdd, a, b, ir::DataType::kIndex);
  }

  // `s` (a for, while or if) with its N-D tile results retyped to the
  // (flattened) values its yield gives them.
  const ir::Stmt* Follow(const ir::Stmt* s) {
    const ir::YieldStmt* yield = ResultYield(s);
    if (yield == nullptr) return s;
    ir::VarSpan results = ResultsOf(s);
    std::vector<const ir::Var*> out(results.begin(), results.end());
    bool changed = false;
    for (size_t k = 0; k < out.size() && k < yield->values().size(); ++k) {
      const ir::Type* t = yield->values()[k]->type();
      if (NdTile(out[k]->type()) == nullptr || !t->Is<ir::TileType>() || t == out[k]->type()) {
        continue;
      }
      out[k] = RetypedVar(out[k], t);
      changed = true;
    }
    if (!changed) out.clear();
    return WithResults(s, out);
  }
};

class FlattenTileNdTo2DPass : public Pass {
 public:
  absl::string_view name() const override { return "flatten-tile-nd-to-2d"; }
  absl::string_view description() const override {
    return "Makes every tile of rank > 2 in an InCore function the 2-D tile merging all its dims "
           "but the last ([2, 3, 4] is [6, 4]); loads keep their N-D window, stores name it.";
  }
  PassProperties properties() const override {
    return {.required = {IRProperty::kSSAForm},
            .produced = {IRProperty::kSSAForm, IRProperty::kTileOps2D},
            .invalidated = {}};
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext&) const override {
    return RewriteFunctions(program, [&](const ir::Function* f)
                                         -> absl::StatusOr<const ir::Function*> {
      if (!f->IsInCore()) return f;
      Precheck check(program.context());
      check.Params(f);
      check.VisitFunction(f);
      if (!check.status().ok()) return check.status();
      return Flattener(program.context()).MutateFunction(f);
    });
  }
};

}  // namespace

std::unique_ptr<Pass> CreateFlattenTileNdTo2DPass() {
  return std::make_unique<FlattenTileNdTo2DPass>();
}

}  // namespace pto::passes
