// tile.select -> TSEL / TSELS with compiler-owned scratch.
//
//   on_true  on_false  emitted
//   tile     tile      sel_tmp = tile.create(TSEL scratch); tile.sel(mask, T, F, sel_tmp)
//   tile     scalar    sel_tmp = tile.create(TSELS scratch); tile.sels(mask, T, sel_tmp, s)
//   scalar   tile      sel_true = tile.full(s) viewed as F; sel_tmp = ...; tile.sel(mask, sel_true, F, sel_tmp)
//
// The mask passes through unchanged: tile.select's deducer already holds it
// to be the packed predicate mask of the result geometry. TSELS is used only
// when the backend plans its scratch as Required, the source is rank 2 with a
// static column count and the literal fits TSELS's scalar dtype; otherwise
// the scalar is materialized and TSEL used. Scratch geometry and dtype
// support come from Backend::PlanOpScratch; without a backend the historical
// A5 scratch (UINT8 [1, 32]) is used and no dtype is gated. Every scratch
// tile is created in Vec explicitly, as this pass runs before memory-space
// inference.
//
// A materialized tile.full is fully valid, while tile.sel takes its result's
// valid extent from its lhs; so a tail-narrowed select would widen. The full
// is therefore re-typed with the other branch's view (tile.full's result view
// may be overridden: ir::RetypeCallView), at any rank; the annotation carries
// the view through print and parse.

#include <cstdint>
#include <optional>
#include <vector>

#include "absl/strings/str_cat.h"
#include "backends/backend.h"
#include "ir/op_registry.h"
#include "ir/ops/builtin.h"
#include "ir/ops/select_operands.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"
#include "passes/lower_composite/rules.h"

namespace pto::passes::lower_composite {
namespace {

using backends::ScratchPlan;
using backends::ScratchRequest;
using ir::DataType;

// Scratch geometry a select uses when no backend is configured.
ScratchPlan DefaultSelectScratch() { return ScratchPlan::Required(DataType::kUInt8, {1, 32}); }

int64_t PhysicalCols(const ir::TileType* t) {
  std::optional<int64_t> cols = t->rank() > 0 ? ir::AsConstInt(t->shape().back()) : std::nullopt;
  return cols.value_or(0);
}

absl::StatusOr<const ir::Var*> BindScratch(LoweringBuilder& b, const ScratchPlan& plan) {
  return b.Bind("sel_tmp", b.Create(plan.shape, plan.dtype));
}

// TSELS for tile/scalar, when the target can run it; nullopt to fall back.
absl::StatusOr<std::optional<const ir::Expr*>> TryTsels(LoweringBuilder& b, const ir::Expr* mask,
                                                        const ir::Expr* src,
                                                        const ir::Expr* scalar) {
  const auto* tile = src->type()->As<ir::TileType>();
  std::optional<int64_t> cols = tile->rank() == 2 ? ir::AsConstInt(tile->shape()[1]) : std::nullopt;
  if (!cols) return std::nullopt;
  DataType scalar_dtype = ir::TselsScalarDataType(tile->dtype());
  const ir::Expr* retyped = ir::RetypeSelectLiteral(b.ctx(), scalar, scalar_dtype);
  if (retyped == nullptr) return std::nullopt;
  ScratchPlan plan =
      b.backend() != nullptr
          ? b.backend()->PlanOpScratch("tile.sels",
                                       ScratchRequest{tile->dtype(), *cols, scalar_dtype})
          : DefaultSelectScratch();
  if (plan.kind != ScratchPlan::kRequired) return std::nullopt;
  if (b.backend() == nullptr) {
    // No dtype table without a backend: let the instruction's own operand
    // rules decide, on a placeholder scratch, before anything is emitted.
    absl::StatusOr<const ir::Call*> scratch = b.Create(plan.shape, plan.dtype);
    if (!scratch.ok()) return scratch.status();
    const ir::Expr* probe[] = {mask, src, b.ctx().NewVar("sel_tmp", (*scratch)->type()), retyped};
    if (!ir::CreateCall(b.ctx(), ir::BuiltinOp("tile.sels"), probe).ok()) {
      return std::nullopt;
    }
  }
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp, BindScratch(b, plan));
  const ir::Expr* args[] = {mask, src, tmp, retyped};
  PTO_ASSIGN_OR_RETURN(const ir::Call* sels, b.Call("tile.sels", args));
  return std::optional<const ir::Expr*>(sels);
}

// The literal `scalar` as a tile shaped like `model`: a tile.full, which is
// fully valid, re-typed with `model`'s view so that it is valid exactly where
// `model` is (TSEL takes its result's valid extent from its lhs). Only the
// view is overridden, so the call prints and parses back as itself.
absl::StatusOr<const ir::Expr*> Materialize(LoweringBuilder& b, absl::string_view qualifier,
                                            const ir::Expr* scalar, const ir::TileType* model) {
  const ir::Expr* value = ir::RetypeSelectLiteral(b.ctx(), scalar, model->dtype());
  if (value == nullptr) {
    return b.Internal(absl::StrCat("tile.select literal is not representable as ",
                                   model->dtype().name()));
  }
  std::vector<int64_t> shape;
  for (const ir::Expr* d : model->shape()) {
    std::optional<int64_t> c = ir::AsConstInt(d);
    if (!c) return b.Internal("tile.select materializes a scalar over a dynamic shape");
    shape.push_back(*c);
  }
  PTO_ASSIGN_OR_RETURN(const ir::Call* full, b.Full(shape, value, model->dtype()));
  const auto* full_type = full->type()->As<ir::TileType>();
  const ir::TileType* viewed = b.ctx().GetTileType(full_type->dtype(), full_type->shape(),
                                                   full_type->memory_space(), model->view());
  absl::StatusOr<const ir::Call*> retyped = ir::RetypeCallView(b.ctx(), *full, viewed);
  if (!retyped.ok()) return b.Internal(retyped.status().message());
  return b.Bind(qualifier, *retyped);
}

}  // namespace

absl::StatusOr<const ir::Expr*> LowerSelectRule(const ir::Call& call, ir::ExprSpan visited_args,
                                                LoweringBuilder& b) {
  if (visited_args.size() != 3 || !call.type()->Is<ir::TileType>()) {
    return b.Internal("tile.select needs (cond, on_true, on_false) and a tile result");
  }
  const ir::Expr* mask = visited_args[0];
  const ir::Expr* on_true = visited_args[1];
  const ir::Expr* on_false = visited_args[2];
  const auto* true_tile = on_true->type()->As<ir::TileType>();
  const auto* false_tile = on_false->type()->As<ir::TileType>();
  const ir::TileType* model = true_tile != nullptr ? true_tile : false_tile;
  if (model == nullptr) return b.Internal("tile.select has no tile branch");

  if (true_tile != nullptr && false_tile == nullptr) {
    PTO_ASSIGN_OR_RETURN(std::optional<const ir::Expr*> sels,
                         TryTsels(b, mask, on_true, on_false));
    if (sels) return *sels;
  }

  ScratchPlan plan = b.backend() != nullptr
                         ? b.backend()->PlanOpScratch(
                               "tile.sel", ScratchRequest{model->dtype(), PhysicalCols(model), {}})
                         : DefaultSelectScratch();
  if (plan.kind == ScratchPlan::kUnsupported) {
    return b.Error(absl::StrCat(
        "tile.select cannot select ", model->dtype().lower_name(), " values on backend '",
        b.backend()->Name(), "': neither pto.tsel nor pto.tsels has a form for them (",
        plan.reason, "); cast the operands to a wider type first"));
  }
  if (plan.kind != ScratchPlan::kRequired) {
    return b.Internal(absl::StrCat("backend '", b.backend()->Name(),
                                   "' plans no scratch for tile.sel"));
  }
  const ir::Expr* lhs = on_true;
  const ir::Expr* rhs = on_false;
  if (true_tile == nullptr) {
    PTO_ASSIGN_OR_RETURN(lhs, Materialize(b, "sel_true", on_true, model));
  }
  if (false_tile == nullptr) {
    PTO_ASSIGN_OR_RETURN(rhs, Materialize(b, "sel_false", on_false, model));
  }
  PTO_ASSIGN_OR_RETURN(const ir::Var* tmp, BindScratch(b, plan));
  const ir::Expr* args[] = {mask, lhs, rhs, tmp};
  PTO_ASSIGN_OR_RETURN(const ir::Call* sel, b.Call("tile.sel", args));
  if (sel->type() != call.type()) {
    // The materialized lhs could not take the other branch's layout.
    return b.Error(absl::StrCat(
        "tile.select cannot materialize a scalar on_true with the layout of on_false (",
        ir::FormatShape(model->shape()), " ", model->dtype().name(),
        "); pass a tile for on_true"));
  }
  return sel;
}

}  // namespace pto::passes::lower_composite
