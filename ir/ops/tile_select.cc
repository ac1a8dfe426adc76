// tile.select: the scratch-free selection surface.
//
//   m = pl.tile.cmps(x, 0.0, cmp_type=4)
//   y = pl.tile.select(m, x, 0.0)          # y = m ? x : 0.0
//
// The condition is exactly the packed predicate mask a compare produces for
// the result's geometry (type_inference.h, IsPackedPredicateMask); a 0/1 value
// tile is not a second accepted form, since its valid extent counts elements
// while a mask's counts carrier bytes and the two can coincide. Each branch is
// a tile or a literal scalar. LowerCompositeOps turns the call into TSEL or
// TSELS (tile.sel / tile.sels) with compiler-owned scratch; the checks below
// are the ones that lowering relies on, so a bad select fails at the user's
// call rather than inside the pass.

#include <string>

#include "absl/strings/str_cat.h"
#include "ir/ops/families.h"
#include "ir/ops/select_operands.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"

namespace pto::ir {
namespace {

// "UINT8 [16, 32] (valid [16, 2])"
std::string DescribeTile(const TileType* t) {
  std::string out = absl::StrCat(t->dtype().name(), " ", FormatShape(t->shape()));
  if (!ExprListIdentical(t->ValidShape(), t->shape())) {
    absl::StrAppend(&out, " (valid ", FormatShape(t->ValidShape()), ")");
  }
  return out;
}

// A branch is a tile or a scalar.
absl::Status CheckBranchKind(const DeduceContext& dc, size_t i) {
  const Type* t = dc.arg(i)->type();
  if (t->Is<TileType>()) return ExpectTile(dc, i).status();
  if (t->Is<ScalarType>()) return absl::OkStatus();
  return dc.Error(absl::StrCat(dc.op().args()[i].name, " must be a TileType or a ScalarType, got ",
                               TypeKindName(t)));
}

// Two tile branches: TSEL reads both element-wise with one element type and
// no broadcasting.
absl::Status CheckTileBranchesAgree(const DeduceContext& dc, const TileType* t,
                                    const TileType* f) {
  if (!ExprListIdentical(t->shape(), f->shape())) {
    return dc.Error(absl::StrCat(
        "on_true and on_false must have the same physical shape, got ", FormatShape(t->shape()),
        " and ", FormatShape(f->shape()),
        "; select does not broadcast, so broadcast the narrower branch explicitly first"));
  }
  ExprSpan tv = t->ValidShape();
  ExprSpan fv = f->ValidShape();
  for (size_t d = 0; d < tv.size(); ++d) {
    if (ProveEqual(tv[d], fv[d]) != Proof::kTrue) {
      return dc.Error(absl::StrCat("on_true and on_false must have the same valid shape, got ",
                                   FormatShape(tv), " and ", FormatShape(fv)));
    }
  }
  if (t->dtype() != f->dtype()) {
    return dc.Error(absl::StrCat("on_true and on_false must have the same dtype, got ",
                                 t->dtype().name(), " and ", f->dtype().name(),
                                 "; cast one branch with tile.cast first"));
  }
  return absl::OkStatus();
}

// A scalar branch becomes a tile.full (or the TSELS scalar), which only takes
// a literal over a static shape.
absl::Status CheckScalarBranch(const DeduceContext& dc, size_t i, const TileType* model) {
  absl::string_view name = dc.op().args()[i].name;
  const Expr* scalar = dc.arg(i);
  if (!scalar->Is<ConstInt>() && !scalar->Is<ConstFloat>()) {
    return dc.Error(absl::StrCat(
        "scalar ", name, " must be a compile-time constant (an int or float literal), got ",
        FormatExpr(scalar), "; materialize a runtime scalar into a tile first"));
  }
  if (RetypeSelectLiteral(dc.ctx(), scalar, model->dtype()) == nullptr) {
    return dc.Error(absl::StrCat("scalar ", name, " ", FormatExpr(scalar),
                                 " is not representable as ", model->dtype().name(),
                                 ", the dtype of the other branch"));
  }
  for (const Expr* d : model->shape()) {
    if (!d->Is<ConstInt>()) {
      return dc.Error(absl::StrCat("a scalar branch needs a tile branch with a static shape, got ",
                                   FormatShape(model->shape()),
                                   "; the scalar is materialized with tile.full"));
    }
  }
  return absl::OkStatus();
}

absl::StatusOr<const Type*> DeduceTileSelect(const DeduceContext& dc) {
  PTO_ASSIGN_OR_RETURN(const TileType* cond, ExpectTile(dc, 0));
  PTO_RETURN_IF_ERROR(CheckBranchKind(dc, 1));
  PTO_RETURN_IF_ERROR(CheckBranchKind(dc, 2));
  const auto* t = dc.arg(1)->type()->As<TileType>();
  const auto* f = dc.arg(2)->type()->As<TileType>();
  if (t == nullptr && f == nullptr) {
    return dc.Error("no shape to select into: on_true and on_false are both scalars; at least "
                    "one branch must be a tile");
  }
  const TileType* model = t != nullptr ? t : f;
  if (t != nullptr && f != nullptr) {
    PTO_RETURN_IF_ERROR(CheckTileBranchesAgree(dc, t, f));
  } else {
    PTO_RETURN_IF_ERROR(CheckScalarBranch(dc, t == nullptr ? 1 : 2, model));
  }
  if (!IsPackedPredicateMask(cond, model)) {
    PTO_ASSIGN_OR_RETURN(const TileType* want, PackedPredicateMaskType(dc, model));
    return dc.Error(absl::StrCat(
        "cond must be the packed predicate mask of a ", DescribeTile(model),
        " selection, i.e. ", DescribeTile(want), " as tile.cmp / tile.cmps produce, got ",
        DescribeTile(cond),
        "; a 0/1 value tile is not a mask: convert it with tile.cmps(value, 0, cmp_type=1)"));
  }
  return SameShapeTileResult(dc, model, model->dtype());
}

}  // namespace

void RegisterTileSelectOps(OpRegistry& registry) {
  registry.Register("tile.select")
      .LoweredBy("lower-composite-ops")
      .Category(OpCategory::kTile)
      .Doc("Per-element choice cond ? on_true : on_false under a packed predicate mask; each "
           "branch is a tile or a literal scalar (composite; lowered to TSEL/TSELS).")
      .Arg("cond")
      .Arg("on_true")
      .Arg("on_false")
      .Deduce(DeduceTileSelect);
}

}  // namespace pto::ir
