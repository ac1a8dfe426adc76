#include "passes/materialize_tcvt_scratch/materialize_tcvt_scratch.h"

#include <optional>
#include <vector>

#include "absl/container/inlined_vector.h"
#include "absl/strings/str_cat.h"
#include "backends/backend.h"
#include "ir/diagnostic.h"
#include "ir/ops/builtin.h"
#include "ir/ops/cast_saturation.h"
#include "ir/ops/type_inference.h"
#include "ir/status_macros.h"
#include "passes/prelude_mutator.h"

namespace pto::passes {
namespace {

using backends::ScratchPlan;
using backends::TcvtScratchRequest;
using ir::DataType;

// The source as pto.tcvt sees it: leading dims flattened into rows, as
// codegen lays the tile buffer out.
void FillExtents(const ir::TileType& src, TcvtScratchRequest& r) {
  ir::ExprSpan shape = src.shape();
  ir::ExprSpan valid = src.ValidShape();
  if (shape.empty() || valid.size() != shape.size()) {
    r.physical_cols = r.valid_rows = r.valid_cols = 1;
    return;
  }
  r.physical_cols = ir::AsConstInt(shape.back());
  r.valid_cols = ir::AsConstInt(valid.back());
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < valid.size(); ++i) {
    std::optional<int64_t> d = ir::AsConstInt(valid[i]);
    if (!d || __builtin_mul_overflow(rows, *d, &rows)) return;  // valid_rows stays unset
  }
  r.valid_rows = rows;
}

// Scratch tiles are bound right before the cast's statement (PreludeMutator).
class ScratchMaterializer : public PreludeMutator {
 public:
  ScratchMaterializer(ir::Context& ctx, const backends::Backend& backend)
      : PreludeMutator(ctx),
        backend_(backend),
        cast_op_(ir::BuiltinOp("tile.cast")),
        create_op_(ir::BuiltinOp("tile.create")) {}

  const absl::Status& status() const { return status_; }

  const ir::Expr* VisitCall(const ir::Call* call) override {
    const ir::Expr* visited = PreludeMutator::VisitCall(call);
    const auto* c = visited->As<ir::Call>();
    // A cast with a tmp already has its scratch: the caller's is never replaced.
    if (c == nullptr || c->op() != &cast_op_ || c->args().size() != 1 || !status_.ok()) {
      return visited;
    }
    const auto* src = c->arg(0)->type()->As<ir::TileType>();
    DataType dst = c->FindKwarg("target_type")->dtype();
    std::optional<ir::SaturationMode> requested;
    if (const ir::AttrValue* s = c->FindKwarg("saturation_mode")) {
      requested = s->As<ir::SaturationMode>();
    }
    TcvtScratchRequest request;
    request.src_dtype = src->dtype();
    request.dst_dtype = dst;
    // The mode codegen stamps is the one the assembler lowers.
    request.saturating = ir::EmittedSaturationMode(requested, dst) == ir::SaturationMode::kOn;
    FillExtents(*src, request);
    ScratchPlan plan = backend_.PlanTcvtScratch(request);
    if (plan.kind == ScratchPlan::kNotRequired) return visited;
    if (plan.kind == ScratchPlan::kUnsupported) {
      return Fail(call->loc(),
                  absl::StrCat("tile.cast from ", src->dtype().lower_name(), " to ",
                               dst.lower_name(), " with saturation_mode='",
                               request.saturating ? "on" : "off", "' needs a scratch tile on ",
                               backend_.Name(), ", but ", plan.reason, " (source shape ",
                               ir::FormatShape(src->shape()), ", valid shape ",
                               ir::FormatShape(src->ValidShape()),
                               "); give the source static extents or pass tmp="),
                  visited);
    }
    ir::NamedAttr create_kwargs[] = {
        {"dtype", ir::AttrValue::DType(plan.dtype)},
        {"target_memory", ir::AttrValue::Enum(ir::MemorySpace::kVec)}};
    const ir::Expr* shape[] = {ctx().NewMakeTuple(ctx().IndexList(plan.shape), call->loc())};
    absl::StatusOr<const ir::Call*> create =
        ir::CreateCall(ctx(), create_op_, shape, create_kwargs, call->loc());
    if (!create.ok()) return Fail(call->loc(), create.status().message(), visited);
    const ir::Var* tmp = ctx().NewVar(names().Make(base(), "tcvt"), (*create)->type(), call->loc());
    Prepend(ctx().NewAssign(tmp, *create, call->loc()));

    absl::InlinedVector<ir::NamedAttr, 4> kwargs;
    for (const ir::Kwarg& k : c->kwargs()) {
      kwargs.push_back({cast_op_.kwargs()[k.key].name, k.value});
    }
    const ir::Expr* args[] = {c->arg(0), tmp};
    absl::StatusOr<const ir::Call*> cast =
        ir::CreateCall(ctx(), cast_op_, args, kwargs, c->loc());
    if (!cast.ok()) return Fail(call->loc(), cast.status().message(), visited);
    return *cast;
  }

 private:
  const ir::Expr* Fail(ir::SourceLoc loc, absl::string_view message, const ir::Expr* visited) {
    status_ = ir::LocatedError(ctx(), loc, absl::StrCat("MaterializeTcvtScratch: ", message));
    return visited;
  }

  const backends::Backend& backend_;
  const ir::Op& cast_op_;
  const ir::Op& create_op_;
  absl::Status status_;
};

class MaterializeTcvtScratchPass : public Pass {
 public:
  absl::string_view name() const override { return "materialize-tcvt-scratch"; }
  absl::string_view description() const override {
    return "Gives every tile.cast whose pto.tcvt reads a scratch buffer on the target a "
           "compiler-owned tmp tile.";
  }
  absl::StatusOr<ir::Program> Run(const ir::Program& program, PassContext& pc) const override {
    if (pc.backend() == nullptr) return program;
    return RewriteFunctions(program, [&](const ir::Function* f)
                                         -> absl::StatusOr<const ir::Function*> {
      if (f->level() == ir::Level::kHost) return f;
      ScratchMaterializer materializer(program.context(), *pc.backend());
      const ir::Function* g = materializer.MutateFunction(f);
      PTO_RETURN_IF_ERROR(materializer.status());
      return g;
    });
  }
};

}  // namespace

std::unique_ptr<Pass> CreateMaterializeTcvtScratchPass() {
  return std::make_unique<MaterializeTcvtScratchPass>();
}

}  // namespace pto::passes
